// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import fi from '../../../i18n/fi.json';
import { ApiError, api } from '../../../lib/api-client';
import { createI18n } from '../../../lib/i18n';
import { I18nProvider } from '../../../lib/use-translation';
import { newCatalog } from '../catalog-factories';
import { DeleteCategoryDialog } from './delete-dialog';

const i18n = createI18n('fi', { fi });
const texts = fi.admin_categories.delete_dialog;
const boats = newCatalog(3, 'Veneet', { parent_id: 1, depth: 1 });

function open() {
  const onDone = vi.fn();
  const close = vi.fn();
  render(
    <I18nProvider i18n={i18n}>
      <DeleteCategoryDialog node={boats} onDone={onDone} close={close} />
    </I18nProvider>,
  );
  const dialog = screen.getByRole('alertdialog', { name: texts.title.replace('{{name}}', 'Veneet') });
  const button = within(dialog).getByRole('button', { name: texts.submit }) as HTMLButtonElement;
  const submit = () => act(async () => fireEvent.click(button));
  return { dialog, onDone, close, button, submit };
}

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('DeleteCategoryDialog', () => {
  it('asks before deleting and cancelling sends nothing', () => {
    const remove = vi.spyOn(api, 'deleteCatalog');
    const { dialog, close } = open();
    expect(within(dialog).getByText(texts.body)).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: fi.account.common.cancel }));
    expect(close).toHaveBeenCalled();
    expect(remove).not.toHaveBeenCalled();
  });

  it('deletes, closes and reports the reply', async () => {
    const remove = vi.spyOn(api, 'deleteCatalog').mockResolvedValue({ message: fi.admin_categories.messages.deleted });
    const { submit, close, onDone } = open();
    await submit();
    expect(remove).toHaveBeenCalledWith(3);
    expect(close).toHaveBeenCalled();
    expect(onDone).toHaveBeenCalledWith(fi.admin_categories.messages.deleted);
  });

  it('shows why the server refused above the buttons, stays open and lets the person try again', async () => {
    const HAS_ADS = fi.admin_categories.errors.delete_has_ads.replace('{{count}}', '2');
    let refuse: (error: unknown) => void = () => undefined;
    vi.spyOn(api, 'deleteCatalog').mockReturnValue(new Promise((_, reject) => (refuse = reject)));
    const { dialog, button, close, onDone } = open();
    fireEvent.click(button);
    expect(button.disabled).toBe(true);
    expect(button.textContent).toBe(fi.account.common.working);
    await act(async () => refuse(new ApiError('Tarkista korostetut kentät.', 422, { errors: { catalog: [HAS_ADS] } })));
    expect(within(dialog).getByRole('alert').textContent).toBe(HAS_ADS);
    expect(button.disabled).toBe(false);
    expect(button.textContent).toBe(texts.submit);
    expect(close).not.toHaveBeenCalled();
    expect(onDone).not.toHaveBeenCalled();
  });

  it('shows the server’s own message when no field is named, and a general one when there is no answer', async () => {
    const remove = vi
      .spyOn(api, 'deleteCatalog')
      .mockRejectedValueOnce(new ApiError('Sisäinen virhe', 500, undefined))
      .mockRejectedValueOnce(new TypeError('Failed to fetch'));
    const { dialog, submit, close } = open();
    await submit();
    expect(within(dialog).getByRole('alert').textContent).toBe('Sisäinen virhe');
    await submit();
    expect(remove).toHaveBeenCalledTimes(2);
    expect(within(dialog).getByRole('alert').textContent).toBe(fi.errors.unknown);
    expect(close).not.toHaveBeenCalled();
  });
});
