// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AdminCatalog } from '../../../../server/modules/catalog/catalog.schemas';
import en from '../../../i18n/en.json';
import { api } from '../../../lib/api-client';
import { dialogStore } from '../../../lib/dialogs';
import { createI18n } from '../../../lib/i18n';
import { I18nProvider } from '../../../lib/use-translation';
import { toastStore } from '../../../lib/toasts';
import { CategoryManager } from './category-manager';

const i18n = createI18n('en', { en });

function node(id: number, parent: number | null, depth: number, name: string, extra: Partial<AdminCatalog> = {}): AdminCatalog {
  return {
    id,
    parent_id: parent,
    slug: name.toLowerCase(),
    path: [name.toLowerCase()],
    name_fi: `${name} fi`,
    name_en: name,
    name_ru: `${name} ru`,
    name_sv: '',
    position: 0,
    depth,
    hidden: false,
    hidden_by_parent: false,
    children_count: 0,
    ads_count: 0,
    active_ads_count: 0,
    subtree_ads_count: 0,
    old_slugs: [],
    ...extra,
  };
}

const nodes = [
  node(1, null, 0, 'Transport', { children_count: 2, subtree_ads_count: 5 }),
  node(2, 1, 1, 'Cars', { ads_count: 5, active_ads_count: 4 }),
  node(3, 1, 1, 'Boats'),
  node(4, null, 0, 'Electronics', { hidden: true }),
];

function renderManager() {
  const loader = vi.fn(() => ({ nodes }));
  const router = createMemoryRouter([{ path: '/admin/categories', loader, element: <CategoryManager nodes={nodes} /> }], {
    initialEntries: ['/admin/categories'],
    hydrationData: { loaderData: { '0': { nodes } } },
  });
  render(
    <I18nProvider i18n={i18n}>
      <RouterProvider router={router} />
    </I18nProvider>,
  );
  return loader;
}

beforeEach(() => {
  toastStore.set([]);
  dialogStore.set([]);
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('CategoryManager', () => {
  it('shows the main categories closed; opening one shows its subcategories with their ads', () => {
    renderManager();
    expect(screen.getByText('Transport')).toBeTruthy();
    expect(screen.queryByText('Cars')).toBeNull();
    expect(screen.getByText('Hidden')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Show the subcategories of Transport' }));
    expect(screen.getByText('Cars')).toBeTruthy();
    expect(screen.getByText('Ads: 5 (active 4)')).toBeTruthy();
  });

  it('a search shows the matches in their place, in any language', () => {
    renderManager();
    fireEvent.change(screen.getByLabelText('Find a category'), { target: { value: 'boats ru' } });
    expect(screen.getByText('Boats')).toBeTruthy();
    expect(screen.getByText('Transport')).toBeTruthy();
    expect(screen.queryByText('Cars')).toBeNull();
    expect(screen.queryByText('Electronics')).toBeNull();
    fireEvent.change(screen.getByLabelText('Find a category'), { target: { value: 'zzz' } });
    expect(screen.getByText('No category matches “zzz”.')).toBeTruthy();
  });

  it('moves a category up in place, toasts and loads the tree again; the first one cannot go up', async () => {
    const reorder = vi.spyOn(api, 'reorderCatalog').mockResolvedValue({ message: 'Order of the categories saved.', data: nodes[2]! });
    const loader = renderManager();
    fireEvent.click(screen.getByRole('button', { name: 'Show the subcategories of Transport' }));
    const boats = screen.getByRole('group', { name: 'Actions for Boats' });
    const cars = screen.getByRole('group', { name: 'Actions for Cars' });
    expect((within(cars).getByRole('button', { name: 'Move Cars up' }) as HTMLButtonElement).disabled).toBe(true);
    await act(async () => {
      fireEvent.click(within(boats).getByRole('button', { name: 'Move Boats up' }));
    });
    expect(reorder).toHaveBeenCalledWith(3, 0);
    expect(toastStore.get().map((toast) => toast.message)).toContain('Order of the categories saved.');
    expect(loader).toHaveBeenCalled();
  });

  it('hiding calls the API with the new state; the edit button opens the dialog with the category', async () => {
    const hide = vi
      .spyOn(api, 'setCatalogHidden')
      .mockResolvedValue({ message: 'Category "Electronics" is visible again.', data: nodes[3]! });
    renderManager();
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Show Electronics' }));
    });
    expect(hide).toHaveBeenCalledWith(4, false);
    fireEvent.click(screen.getByRole('button', { name: 'Edit: Transport' }));
    expect(dialogStore.get().map((dialog) => dialog.props.node)).toEqual([nodes[0]]);
  });
});
