// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AdminCatalog } from '../../../../server/modules/catalog/catalog.schemas';
import fi from '../../../i18n/fi.json';
import { ApiError, api } from '../../../lib/api-client';
import { createI18n } from '../../../lib/i18n';
import { I18nProvider } from '../../../lib/use-translation';
import { newCatalog } from '../catalog-factories';
import { MergeCategoryDialog } from './merge-dialog';

const i18n = createI18n('fi', { fi });
const texts = fi.admin_categories.merge_dialog;

const vehicles = newCatalog(1, 'Ajoneuvot', { children_count: 2 });
const cars = newCatalog(2, 'Autot', { parent_id: 1, depth: 1, ads_count: 5 });
const boats = newCatalog(3, 'Veneet', { parent_id: 1, depth: 1 });
const nodes = [vehicles, cars, boats];
const MERGED = 'Ilmoituksia siirretty kategoriaan ”Veneet”: 5. Yhdistetty kategoria poistettiin.';

function open(node: AdminCatalog) {
  const onDone = vi.fn();
  const close = vi.fn();
  render(
    <I18nProvider i18n={i18n}>
      <MergeCategoryDialog node={node} nodes={nodes} onDone={onDone} close={close} />
    </I18nProvider>,
  );
  const dialog = screen.getByRole('alertdialog', { name: texts.title.replace('{{name}}', node.name_fi) });
  const target = () => within(dialog).getByRole('combobox', { name: texts.target }) as HTMLSelectElement;
  const button = within(dialog).queryByRole('button', { name: texts.submit }) as HTMLButtonElement;
  const submit = () => act(async () => fireEvent.click(button));
  const errorsOf = (control: HTMLElement) => document.getElementById(control.getAttribute('aria-describedby') ?? '')?.textContent;
  return { dialog, onDone, close, target, button, submit, errorsOf };
}

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('MergeCategoryDialog', () => {
  it('refuses a category that has subcategories before anything is chosen', () => {
    const { dialog, close } = open(vehicles);
    expect(within(dialog).getByRole('status').textContent).toBe(texts.blocked.replace('{{name}}', 'Ajoneuvot'));
    expect(within(dialog).queryByRole('combobox')).toBeNull();
    fireEvent.click(within(dialog).getByRole('button', { name: fi.admin_categories.cancel }));
    expect(close).toHaveBeenCalled();
  });

  it('offers every other category, none chosen at first', () => {
    const { target } = open(cars);
    expect(
      within(target())
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual([texts.choose, 'Ajoneuvot', '\u00a0\u00a0\u00a0– Veneet']);
    expect(target().value).toBe('');
  });

  it('asks for a target before calling the server, and forgets the complaint once one is chosen', async () => {
    const merge = vi.spyOn(api, 'mergeCatalog');
    const { dialog, target, submit, errorsOf, close } = open(cars);
    await submit();
    expect(merge).not.toHaveBeenCalled();
    expect(target().getAttribute('aria-invalid')).toBe('true');
    expect(errorsOf(target())).toBe(fi.validation.required);
    expect(within(dialog).queryByRole('alert')).toBeNull();
    expect(close).not.toHaveBeenCalled();
    fireEvent.change(target(), { target: { value: '3' } });
    expect(target().getAttribute('aria-invalid')).toBeNull();
    expect(within(dialog).queryByText(fi.validation.required)).toBeNull();
  });

  it('merges into the chosen category, closes and reports the reply', async () => {
    const merge = vi.spyOn(api, 'mergeCatalog').mockResolvedValue({ message: MERGED, moved: 5, data: boats });
    const { target, submit, close, onDone } = open(cars);
    fireEvent.change(target(), { target: { value: '3' } });
    await submit();
    expect(merge).toHaveBeenCalledWith(2, 3);
    expect(close).toHaveBeenCalled();
    expect(onDone).toHaveBeenCalledWith(MERGED);
  });

  it('shows the server’s refusal of the target under the choice, keeps it and lets the person try again', async () => {
    let refuse: (error: unknown) => void = () => undefined;
    vi.spyOn(api, 'mergeCatalog').mockReturnValue(new Promise((_, reject) => (refuse = reject)));
    const { dialog, target, button, errorsOf, close, onDone } = open(cars);
    fireEvent.change(target(), { target: { value: '3' } });
    fireEvent.click(button);
    expect(button.disabled).toBe(true);
    await act(async () =>
      refuse(
        new ApiError('Tarkista korostetut kentät.', 422, {
          errors: { into: [fi.admin_categories.errors.merge_unknown] },
        }),
      ),
    );
    expect(target().value).toBe('3');
    expect(target().getAttribute('aria-invalid')).toBe('true');
    expect(errorsOf(target())).toBe(fi.admin_categories.errors.merge_unknown);
    expect(within(dialog).queryByRole('alert')).toBeNull();
    expect(button.disabled).toBe(false);
    expect(button.textContent).toBe(texts.submit);
    expect(close).not.toHaveBeenCalled();
    expect(onDone).not.toHaveBeenCalled();
  });

  it('shows a refusal no field explains above the buttons and keeps the choice', async () => {
    const merge = vi
      .spyOn(api, 'mergeCatalog')
      .mockRejectedValueOnce(
        new ApiError('Tarkista korostetut kentät.', 422, { errors: { catalog: ['Kategorialla on alakategorioita (1).'] } }),
      )
      .mockRejectedValueOnce(new ApiError('Pyyntö epäonnistui', 409, { message: 'Kategoria on jo poistettu.' }));
    const { dialog, target, submit, close } = open(cars);
    fireEvent.change(target(), { target: { value: '1' } });
    await submit();
    expect(within(dialog).getByRole('alert').textContent).toBe('Kategorialla on alakategorioita (1).');
    expect(target().getAttribute('aria-invalid')).toBeNull();
    await submit();
    expect(merge).toHaveBeenCalledTimes(2);
    expect(within(dialog).getByRole('alert').textContent).toBe('Kategoria on jo poistettu.');
    expect(target().value).toBe('1');
    expect(close).not.toHaveBeenCalled();
  });
});
