// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AdminCatalog } from '../../../../server/modules/catalog/catalog.schemas';
import fi from '../../../i18n/fi.json';
import { ApiError, api } from '../../../lib/api-client';
import { createI18n } from '../../../lib/i18n';
import { I18nProvider } from '../../../lib/use-translation';
import { newCatalog } from '../catalog-factories';
import { MoveCategoryDialog } from './move-dialog';

const i18n = createI18n('fi', { fi });
const texts = fi.admin_categories.move_dialog;
const INDENT = '\u00a0\u00a0\u00a0– ';

const vehicles = newCatalog(1, 'Ajoneuvot', { children_count: 2 });
const cars = newCatalog(2, 'Autot', { parent_id: 1, depth: 1, ads_count: 5 });
const boats = newCatalog(3, 'Veneet', { parent_id: 1, depth: 1 });
const electronics = newCatalog(4, 'Elektroniikka');
const nodes = [vehicles, cars, boats, electronics];

function open(node: AdminCatalog, all: AdminCatalog[] = nodes) {
  const onDone = vi.fn();
  const close = vi.fn();
  render(
    <I18nProvider i18n={i18n}>
      <MoveCategoryDialog node={node} nodes={all} onDone={onDone} close={close} />
    </I18nProvider>,
  );
  const dialog = screen.getByRole('dialog', { name: texts.title.replace('{{name}}', node.name_fi) });
  const place = () => within(dialog).getByRole('combobox', { name: texts.parent }) as HTMLSelectElement;
  const button = within(dialog).queryByRole('button', { name: texts.submit }) as HTMLButtonElement;
  const submit = () => act(async () => fireEvent.click(button));
  return { dialog, onDone, close, place, button, submit };
}

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('MoveCategoryDialog', () => {
  it('offers the top level and the places the category fits, never itself or where it already is', () => {
    const { place } = open(cars);
    expect(
      within(place())
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual([fi.admin_categories.top_level, `${INDENT}Veneet`, 'Elektroniikka']);
    expect(place().value).toBe('top');
  });

  it('says when there is nowhere to move to, and offers only cancelling', () => {
    const tree = [
      newCatalog(1, 'Koti', { children_count: 1 }),
      newCatalog(2, 'Keittiö', { parent_id: 1, depth: 1, children_count: 1 }),
      newCatalog(3, 'Astiat', { parent_id: 2, depth: 2 }),
    ];
    const { dialog, close } = open(tree[0]!, tree);
    expect(within(dialog).getByRole('status').textContent).toBe(texts.none);
    expect(within(dialog).queryByRole('combobox')).toBeNull();
    expect(within(dialog).queryByRole('button', { name: texts.submit })).toBeNull();
    fireEvent.click(within(dialog).getByRole('button', { name: fi.admin_categories.cancel }));
    expect(close).toHaveBeenCalled();
  });

  it('moves to the top level by default, closes and reports the reply', async () => {
    const move = vi.spyOn(api, 'moveCatalog').mockResolvedValue({ message: 'Kategoria ”Autot” siirretty.', data: cars });
    const { close, onDone, submit } = open(cars);
    await submit();
    expect(move).toHaveBeenCalledWith(2, null);
    expect(close).toHaveBeenCalled();
    expect(onDone).toHaveBeenCalledWith('Kategoria ”Autot” siirretty.');
  });

  it('moves under the chosen category', async () => {
    const move = vi.spyOn(api, 'moveCatalog').mockResolvedValue({ message: 'Kategoria ”Autot” siirretty.', data: cars });
    const { place, submit } = open(cars);
    fireEvent.change(place(), { target: { value: '4' } });
    await submit();
    expect(move).toHaveBeenCalledWith(2, 4);
  });

  it('shows a refusal about the tree above the buttons, keeps the choice and lets the person try again', async () => {
    let refuse: (error: unknown) => void = () => undefined;
    vi.spyOn(api, 'moveCatalog').mockReturnValue(new Promise((_, reject) => (refuse = reject)));
    const { dialog, close, onDone, place, button } = open(cars);
    fireEvent.change(place(), { target: { value: '3' } });
    fireEvent.click(button);
    expect(button.disabled).toBe(true);
    expect(button.textContent).toBe(fi.account.common.working);
    await act(async () =>
      refuse(
        new ApiError('Tarkista korostetut kentät.', 422, {
          errors: { parent_id: [fi.admin_categories.errors.name_taken_there] },
        }),
      ),
    );
    expect(within(dialog).getByRole('alert').textContent).toBe(fi.admin_categories.errors.name_taken_there);
    expect(place().value).toBe('3');
    expect(button.disabled).toBe(false);
    expect(button.textContent).toBe(texts.submit);
    expect(close).not.toHaveBeenCalled();
    expect(onDone).not.toHaveBeenCalled();
  });

  it('shows the server’s own message when no field is named, and a general one when there is no answer', async () => {
    const move = vi
      .spyOn(api, 'moveCatalog')
      .mockRejectedValueOnce(new ApiError('Pyyntö epäonnistui', 409, { message: fi.admin_categories.errors.too_deep }));
    const { dialog, close, submit } = open(cars);
    await submit();
    expect(within(dialog).getByRole('alert').textContent).toBe(fi.admin_categories.errors.too_deep);
    move.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    await submit();
    expect(within(dialog).getByRole('alert').textContent).toBe(fi.errors.unknown);
    expect(close).not.toHaveBeenCalled();
  });
});
