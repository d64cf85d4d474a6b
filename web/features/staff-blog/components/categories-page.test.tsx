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
import { type BlogCategoryItem, CategoriesPage } from './categories-page';

const i18n = createI18n('fi', { fi });
const texts = fi.admin_blog.categories;

const tips: BlogCategoryItem = {
  id: 4,
  slug: 'vinkit',
  name: 'Vinkit',
  name_fi: 'Vinkit',
  name_en: 'Tips',
  name_ru: 'Советы',
  name_sv: 'Tips',
  position: 0,
  posts_count: 2,
};

/** The page as its route shows it, with the host the dialogs open in; the loader counts reloads. */
function renderPage() {
  const loader = vi.fn(() => ({ categories: [tips] }));
  const router = createMemoryRouter([{ path: '/admin/blog/category', loader, element: <CategoriesPage categories={[tips]} /> }], {
    initialEntries: ['/admin/blog/category'],
    hydrationData: { loaderData: { '0': { categories: [tips] } } },
  });
  render(
    <I18nProvider i18n={i18n}>
      <RouterProvider router={router} />
      <DialogHost />
    </I18nProvider>,
  );
  return loader;
}

/** Opens the dialog with the page's button and finds its fields by their Finnish labels. */
function openDialog(opener: string, title: string) {
  fireEvent.click(screen.getByRole('button', { name: opener }));
  const dialog = () => screen.queryByRole('dialog', { name: title });
  const field = (label: string) =>
    within(dialog()!).getByRole('textbox', { name: (name: string) => name.startsWith(label) }) as HTMLInputElement;
  const button = within(dialog()!).getByRole('button', { name: texts.save }) as HTMLButtonElement;
  const save = () => act(async () => fireEvent.click(button));
  const descriptionOf = (element: HTMLElement) =>
    (element.getAttribute('aria-describedby') ?? '')
      .split(' ')
      .map((id) => document.getElementById(id)?.textContent)
      .join(' ');
  return { dialog, field, button, save, descriptionOf };
}

const openNew = () => openDialog(texts.create, texts.new_title);
const openEdit = () => openDialog(texts.edit_named.replace('{{name}}', 'Vinkit'), texts.edit_title.replace('{{name}}', 'Vinkit'));

beforeEach(() => {
  dialogStore.set([]);
  toastStore.set([]);
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  dialogStore.set([]);
});

describe('the category dialog of CategoriesPage', () => {
  it('creates a category from the names in each language, toasts, reloads the list and closes', async () => {
    const create = vi.spyOn(api, 'createBlogCategory').mockResolvedValue({ message: 'Kategoria luotu.', data: { ...tips, id: 5 } });
    const loader = renderPage();
    const { dialog, field, save } = openNew();
    expect(field(texts.name_fi).value).toBe('');
    expect(field(texts.slug).labels?.[0]?.textContent).toBe(`${texts.slug} (${texts.optional})`);
    fireEvent.change(field(texts.name_fi), { target: { value: 'Kierrätys' } });
    fireEvent.change(field(texts.name_en), { target: { value: 'Recycling' } });
    fireEvent.change(field(texts.name_ru), { target: { value: 'Переработка' } });
    await save();
    expect(create).toHaveBeenCalledWith({ name_fi: 'Kierrätys', name_sv: '', name_en: 'Recycling', name_ru: 'Переработка', slug: '' });
    expect(toastStore.get().map((toast) => [toast.icon, toast.message])).toEqual([['success', 'Kategoria luotu.']]);
    expect(loader).toHaveBeenCalled();
    expect(dialog()).toBeNull();
  });

  it('opens a category with its names and address and saves the changes to it', async () => {
    const update = vi.spyOn(api, 'updateBlogCategory').mockResolvedValue({ message: 'Kategoria tallennettu.', data: tips });
    renderPage();
    const { dialog, field, save } = openEdit();
    expect([texts.name_fi, texts.name_en, texts.name_ru, texts.slug].map((label) => field(label).value)).toEqual([
      'Vinkit',
      'Tips',
      'Советы',
      'vinkit',
    ]);
    expect(field(texts.slug).labels?.[0]?.textContent).toBe(texts.slug);
    fireEvent.change(field(texts.name_en), { target: { value: 'Hints' } });
    await save();
    expect(update).toHaveBeenCalledWith(4, { name_fi: 'Vinkit', name_sv: 'Tips', name_en: 'Hints', name_ru: 'Советы', slug: 'vinkit' });
    expect(toastStore.get().map((toast) => toast.message)).toEqual(['Kategoria tallennettu.']);
    expect(dialog()).toBeNull();
  });

  it('shows a refused field under it, keeps what was typed and stays open with the button usable', async () => {
    const TAKEN = 'Osoite on jo toisen kategorian käytössä.';
    let refuse: (error: unknown) => void = () => undefined;
    vi.spyOn(api, 'updateBlogCategory').mockReturnValue(new Promise((_, reject) => (refuse = reject)));
    const loader = renderPage();
    const { dialog, field, button, descriptionOf } = openEdit();
    fireEvent.change(field(texts.slug), { target: { value: 'uutiset' } });
    fireEvent.click(button);
    expect(button.disabled).toBe(true);
    expect(button.textContent).toBe(fi.account.common.working);
    await act(async () => refuse(new ApiError(`Tarkista korostetut kentät. ${TAKEN}`, 422, { errors: { slug: [TAKEN] } })));
    const slug = field(texts.slug);
    expect(slug.value).toBe('uutiset');
    expect(slug.getAttribute('aria-invalid')).toBe('true');
    expect(descriptionOf(slug)).toBe(`${texts.slug_hint} ${TAKEN}`);
    expect(field(texts.name_fi).getAttribute('aria-invalid')).toBeNull();
    expect(within(dialog()!).queryByRole('alert')).toBeNull();
    expect(button.disabled).toBe(false);
    expect(button.textContent).toBe(texts.save);
    expect(toastStore.get()).toEqual([]);
    expect(loader).not.toHaveBeenCalled();
  });

  it('shows a failure no field explains at the top of the form and keeps what was typed', async () => {
    vi.spyOn(api, 'createBlogCategory').mockRejectedValue(new ApiError('Palvelussa tapahtui virhe.', 500, undefined));
    renderPage();
    const { dialog, field, save } = openNew();
    fireEvent.change(field(texts.name_fi), { target: { value: 'Kierrätys' } });
    fireEvent.change(field(texts.name_en), { target: { value: 'Recycling' } });
    fireEvent.change(field(texts.name_ru), { target: { value: 'Переработка' } });
    await save();
    expect(within(dialog()!).getByRole('alert').textContent).toBe('Palvelussa tapahtui virhe.');
    expect(field(texts.name_fi).value).toBe('Kierrätys');
    expect(toastStore.get()).toEqual([]);
  });

  it('asks for the names it lacks before sending anything', async () => {
    const create = vi.spyOn(api, 'createBlogCategory');
    renderPage();
    const { dialog, field, save, descriptionOf } = openNew();
    fireEvent.change(field(texts.name_fi), { target: { value: 'Kierrätys' } });
    fireEvent.change(field(texts.name_en), { target: { value: '   ' } });
    await save();
    expect(create).not.toHaveBeenCalled();
    expect(field(texts.name_fi).getAttribute('aria-invalid')).toBeNull();
    for (const label of [texts.name_en, texts.name_ru]) {
      expect(field(label).getAttribute('aria-invalid')).toBe('true');
      expect(descriptionOf(field(label))).toContain(fi.validation.required);
    }
    expect(field(texts.name_fi).value).toBe('Kierrätys');
    expect(dialog()).not.toBeNull();
  });

  it('shows a refusal about a field the form does not have at the top, not nowhere', async () => {
    vi.spyOn(api, 'updateBlogCategory').mockRejectedValue(
      new ApiError('Tarkista korostetut kentät.', 422, { errors: { position: ['Sijainti ei kelpaa.'] } }),
    );
    renderPage();
    const { dialog, save } = openEdit();
    await save();
    expect(within(dialog()!).getByRole('alert').textContent).toBe('Tarkista korostetut kentät.');
  });
});
