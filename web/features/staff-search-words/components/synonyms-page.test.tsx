// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { RouterProvider, createMemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DialogHost } from '../../../components/dialog-host';
import fi from '../../../i18n/fi.json';
import { ApiError, api } from '../../../lib/api-client';
import { dialogStore } from '../../../lib/dialogs';
import { createI18n } from '../../../lib/i18n';
import { toastStore } from '../../../lib/toasts';
import { I18nProvider } from '../../../lib/use-translation';
import { type SynonymGroupItem, SynonymsPage, wordsOfField } from './synonyms-page';

const i18n = createI18n('fi', { fi });
const texts = fi.admin_synonyms;

const bikes: SynonymGroupItem = { id: 3, words: { fi: ['fillari', 'polkupyörä'], sv: ['cykel'], en: ['bike'], ru: [] } };
const sofas: SynonymGroupItem = { id: 7, words: { fi: ['sohva'], sv: ['soffa'], en: ['sofa', 'couch'], ru: ['диван'] } };

function renderPage() {
  const loader = vi.fn(() => ({ groups: [bikes, sofas] }));
  const router = createMemoryRouter([{ path: '/admin/search-words', loader, element: <SynonymsPage groups={[bikes, sofas]} /> }], {
    initialEntries: ['/admin/search-words'],
    hydrationData: { loaderData: { '0': { groups: [bikes, sofas] } } },
  });
  render(
    <I18nProvider i18n={i18n}>
      <RouterProvider router={router} />
      <DialogHost />
    </I18nProvider>,
  );
  return loader;
}

function openDialog(opener: string, title: string) {
  fireEvent.click(screen.getByRole('button', { name: opener }));
  const dialog = () => screen.queryByRole('dialog', { name: title });
  const field = (label: string) =>
    within(dialog()!).getByRole('textbox', { name: (name: string) => name.startsWith(label) }) as HTMLTextAreaElement;
  const save = () => act(async () => fireEvent.click(within(dialog()!).getByRole('button', { name: texts.save })));
  return { dialog, field, save };
}

beforeEach(() => {
  dialogStore.set([]);
  toastStore.set([]);
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  dialogStore.set([]);
});

describe('wordsOfField', () => {
  it('splits at commas and new lines and drops empty entries', () => {
    expect(wordsOfField(' sohva, kulmasohva ,\n, winter tyres ')).toEqual(['sohva', 'kulmasohva', 'winter tyres']);
    expect(wordsOfField(' , ')).toEqual([]);
  });
});

describe('SynonymsPage', () => {
  it('lists the groups by language and narrows them to a word', () => {
    renderPage();
    expect(screen.getByText(texts.count.replace('{{count}}', '2'))).toBeTruthy();
    fireEvent.change(screen.getByRole('searchbox', { name: texts.filter }), { target: { value: 'SOF' } });
    expect(screen.getByText(texts.count.replace('{{count}}', '1'))).toBeTruthy();
    expect(screen.queryByText('fillari')).toBeNull();
    expect(screen.getByText('диван').closest('[lang]')?.getAttribute('lang')).toBe('ru');
    fireEvent.change(screen.getByRole('searchbox', { name: texts.filter }), { target: { value: 'xyz' } });
    expect(screen.getByText(texts.none_found)).toBeTruthy();
  });

  it('creates a group from the words of each language, toasts and reloads', async () => {
    const create = vi.spyOn(api, 'createSynonymGroup').mockResolvedValue({ message: 'Ryhmä lisätty.', data: { ...bikes, id: 9 } });
    const loader = renderPage();
    const { dialog, field, save } = openDialog(texts.create, texts.new_title);
    fireEvent.change(field(texts.words_fi), { target: { value: 'kahvinkeitin, kahvikone' } });
    fireEvent.change(field(texts.words_en), { target: { value: 'coffee maker' } });
    await save();
    expect(create).toHaveBeenCalledWith({ fi: ['kahvinkeitin', 'kahvikone'], sv: [], en: ['coffee maker'], ru: [] });
    expect(toastStore.get().map((toast) => toast.message)).toEqual(['Ryhmä lisätty.']);
    expect(loader).toHaveBeenCalled();
    expect(dialog()).toBeNull();
  });

  it('opens a group with its words, and shows a refused word under its language and a group refusal at the top', async () => {
    const update = vi
      .spyOn(api, 'updateSynonymGroup')
      .mockRejectedValueOnce(new ApiError('Tarkista kentät.', 422, { errors: { 'fi.1': ['Merkkejä, joita ei voi tallentaa.'] } }))
      .mockRejectedValueOnce(new ApiError('Tarkista kentät.', 422, { errors: { group: ['Ryhmässä on oltava vähintään 2 sanaa.'] } }));
    renderPage();
    const { dialog, field, save } = openDialog(
      texts.edit_named.replace('{{word}}', 'fillari'),
      texts.edit_title.replace('{{word}}', 'fillari'),
    );
    expect(field(texts.words_fi).value).toBe('fillari, polkupyörä');
    expect(field(texts.words_sv).value).toBe('cykel');
    await save();
    expect(update).toHaveBeenLastCalledWith(3, { fi: ['fillari', 'polkupyörä'], sv: ['cykel'], en: ['bike'], ru: [] });
    expect(field(texts.words_fi).getAttribute('aria-invalid')).toBe('true');
    expect(field(texts.words_fi).value).toBe('fillari, polkupyörä');
    await save();
    expect(within(dialog()!).getByRole('alert').textContent).toBe('Ryhmässä on oltava vähintään 2 sanaa.');
  });

  it('deletes a group after asking', async () => {
    const remove = vi.spyOn(api, 'deleteSynonymGroup').mockResolvedValue({ message: 'Ryhmä poistettu.', data: sofas });
    const loader = renderPage();
    fireEvent.click(screen.getByRole('button', { name: texts.delete_named.replace('{{word}}', 'sohva') }));
    const confirm = screen.getByRole('alertdialog', { name: texts.delete_title.replace('{{word}}', 'sohva') });
    await act(async () => fireEvent.click(within(confirm).getByRole('button', { name: texts.delete })));
    expect(remove).toHaveBeenCalledWith(7);
    expect(toastStore.get().map((toast) => toast.message)).toEqual(['Ryhmä poistettu.']);
    expect(loader).toHaveBeenCalled();
  });
});
