// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createRoutesStub, useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import en from '../../../i18n/en.json';
import { type SavedSearch, api } from '../../../lib/api-client';
import { createI18n } from '../../../lib/i18n';
import { toastStore } from '../../../lib/toasts';
import { I18nProvider } from '../../../lib/use-translation';
import type { PlaceAndCatalogNames } from '../describe-query';
import { SavedSearchList } from './saved-search-list';

const i18n = createI18n('en', { en });
const NAMES: PlaceAndCatalogNames = { catalogs: { 12: 'Furniture' }, regions: { 1: 'Uusimaa' }, cities: {} };

function saved(overrides: Partial<SavedSearch>): SavedSearch {
  return {
    id: 1,
    name: 'Sofas',
    query: {},
    alerts: 'daily',
    channels: ['email'],
    new_count: 0,
    new_count_capped: false,
    last_opened_at: null,
    created_at: '2026-11-27T10:00:00.000Z',
    updated_at: '2026-11-27T10:00:00.000Z',
    url: '/',
    ...overrides,
  };
}

const SOFAS = saved({
  id: 7,
  name: 'Sofas in Uusimaa',
  query: { name: 'sohva', catalogs: [12], regions: [1], price_from: 50, price_to: 200 },
  new_count: 3,
  url: '/?q=sohva&catalog=12&region=1&price_from=50&price_to=200',
});
const BIKES = saved({
  id: 8,
  name: 'Bikes',
  query: { name: 'jopo' },
  alerts: 'off',
  new_count: 99,
  new_count_capped: true,
  url: '/?q=jopo',
});

function Results() {
  const location = useLocation();
  return <p>results {location.search}</p>;
}

function renderPage(data: SavedSearch[]) {
  const list = { data, meta: { count: data.length, limit: 50 } };
  const Stub = createRoutesStub([
    { path: '/saved-searches', Component: () => <SavedSearchList list={list} names={NAMES} /> },
    { path: '/', Component: Results },
  ]);
  render(
    <I18nProvider i18n={i18n}>
      <Stub initialEntries={['/saved-searches']} />
    </I18nProvider>,
  );
}

beforeEach(() => toastStore.set([]));
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('the saved searches page', () => {
  it('lists each search with its filters, alerts and the number of new ads', async () => {
    renderPage([SOFAS, BIKES]);
    const sofas = (await screen.findByRole('heading', { name: /Sofas in Uusimaa/ })).closest('article')!;
    expect(within(sofas).getByText('New: 3')).toBeTruthy();
    expect(within(sofas).getByText(/“sohva” · Furniture · Uusimaa · €50–€200|“sohva” · Furniture · Uusimaa · 50/)).toBeTruthy();
    expect(within(sofas).getByText('Alerts: Once a day (E-mail)')).toBeTruthy();
    const bikes = screen.getByRole('heading', { name: /Bikes/ }).closest('article')!;
    expect(within(bikes).getByText('New: 99+')).toBeTruthy();
    expect(within(bikes).getByText('No alerts')).toBeTruthy();
    expect(screen.getByText('Searches: 2 of 50')).toBeTruthy();
  });

  it('says how to save one when there are none', async () => {
    renderPage([]);
    expect(await screen.findByText('You have no saved searches')).toBeTruthy();
    expect(screen.getByText(/press “Save search” next to the number of results/)).toBeTruthy();
  });

  it('opens a search as its results page and marks it opened', async () => {
    const opened = vi.spyOn(api, 'markSavedSearchOpened').mockResolvedValue({ data: { ...SOFAS, new_count: 0 }, message: '' });
    renderPage([SOFAS]);
    const link = await screen.findByRole('link', { name: 'Open search: Sofas in Uusimaa' });
    expect(link.getAttribute('href')).toBe(SOFAS.url);
    fireEvent.click(link);
    expect(opened).toHaveBeenCalledWith(7);
    expect(await screen.findByText('results ?q=sohva&catalog=12&region=1&price_from=50&price_to=200')).toBeTruthy();
  });

  it('edits the name, alerts and channels, and shows the saved search', async () => {
    const update = vi
      .spyOn(api, 'updateSavedSearch')
      .mockResolvedValue({ data: { ...SOFAS, name: 'Cheap sofas', alerts: 'instant', channels: ['push'] }, message: 'Search saved.' });
    renderPage([SOFAS]);
    fireEvent.click(await screen.findByRole('button', { name: 'Edit search: Sofas in Uusimaa' }));
    await screen.findByRole('dialog', { name: 'Edit search' });
    const name = screen.getByLabelText('Name') as HTMLInputElement;
    expect(name.value).toBe('Sofas in Uusimaa');
    await waitFor(() => expect(document.activeElement).toBe(name));
    fireEvent.change(name, { target: { value: 'Cheap sofas' } });
    fireEvent.change(screen.getByLabelText('Tell me about new ads'), { target: { value: 'instant' } });
    fireEvent.click(screen.getByLabelText('E-mail'));
    fireEvent.click(screen.getByLabelText('Push notification'));
    fireEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(update).toHaveBeenCalledWith(7, { name: 'Cheap sofas', alerts: 'instant', channels: ['push'] }));
    expect(await screen.findByRole('heading', { name: /Cheap sofas/ })).toBeTruthy();
    expect(screen.getByText('Alerts: Right away (Push notification)')).toBeTruthy();
  });

  it('deletes a search after asking, and focus moves to the next one', async () => {
    const remove = vi.spyOn(api, 'deleteSavedSearch').mockResolvedValue({ message: 'Search deleted.' });
    renderPage([SOFAS, BIKES]);
    fireEvent.click(await screen.findByRole('button', { name: 'Delete search: Sofas in Uusimaa' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Delete this search?' });
    expect(within(confirm).getByText(/“Sofas in Uusimaa” will be deleted/)).toBeTruthy();
    fireEvent.click(within(confirm).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(remove).toHaveBeenCalledWith(7));
    await waitFor(() => expect(screen.queryByRole('heading', { name: /Sofas in Uusimaa/ })).toBeNull());
    expect(toastStore.get().map((t) => t.message)).toContain('Search deleted.');
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('link', { name: 'Open search: Bikes' })));
  });
});
