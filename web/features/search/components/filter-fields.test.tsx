// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { PublicAttribute } from '../../../../common/attributes';
import en from '../../../i18n/en.json';
import { createI18n } from '../../../lib/i18n';
import { I18nProvider } from '../../../lib/use-translation';
import { parseListingParams } from '../listing-params';
import { type FilterData, FilterFields } from './filter-fields';

// A plain function, not a spy: a spy's bookkeeping of a rejected reply would fail the test on its own.
const catalogApi = vi.hoisted(() => ({ calls: [] as unknown[][], reply: (): Promise<unknown> => Promise.resolve({ data: [] }) }));
vi.mock('../../../lib/api-client', () => ({
  api: {
    catalogAttributes: (...args: unknown[]) => {
      catalogApi.calls.push(args);
      return catalogApi.reply();
    },
  },
}));

const i18n = createI18n('en', { en });
const year: PublicAttribute = { key: 'year', type: 'number', label: 'Model year', decimals: 0, required: false, filter: true };
const rooms: PublicAttribute = {
  key: 'rooms',
  type: 'choice',
  label: 'Rooms',
  decimals: 0,
  required: false,
  filter: true,
  options: [{ value: '2h', label: '2 rooms' }],
};
const model: PublicAttribute = { key: 'model', type: 'text', label: 'Model', decimals: 0, required: false, filter: true };

function data(search: string, filterFields: PublicAttribute[] = []): FilterData {
  return {
    params: parseListingParams(new URL(`http://x/${search}`)),
    regions: [],
    cities: [],
    catalogs: [
      { id: 1, name: 'Vehicles', children: [{ id: 2, name: 'Cars' }] },
      { id: 3, name: 'Homes', children: [{ id: 4, name: 'Flats for sale' }] },
    ],
    filterFields,
    facets: {},
    facetsCapped: false,
  };
}

function fields(filterData: FilterData, fixedCatalog = false) {
  return (
    <I18nProvider i18n={i18n}>
      <form aria-label="filters">
        <FilterFields data={filterData} fixedCatalog={fixedCatalog} columns="grid-cols-1" nearFields={<p>Location slot</p>} />
      </form>
    </I18nProvider>
  );
}

beforeEach(() => {
  catalogApi.calls = [];
});
afterEach(cleanup);

describe('the filter form’s category fields', () => {
  it('shows the fields of the catalog in the URL, from the page, without asking the API', async () => {
    render(fields(data('?catalog=2&a.year.min=2010', [year]), true));
    expect(((await screen.findByRole('textbox', { name: 'Model year, from' })) as HTMLInputElement).value).toBe('2010');
    expect(screen.getByText('Location slot')).toBeTruthy();
    expect(catalogApi.calls).toEqual([]);
  });

  it('asks for another catalog’s filter fields once it is picked, before the form is sent', async () => {
    catalogApi.reply = () => Promise.resolve({ data: [rooms, model] });
    render(fields(data('?catalog=2', [year])));
    await screen.findByRole('textbox', { name: 'Model year, from' });
    await act(async () => fireEvent.change(screen.getByRole('combobox', { name: 'Category' }), { target: { value: '4' } }));
    expect(catalogApi.calls).toEqual([[4, expect.any(AbortSignal)]]);
    expect(await screen.findByRole('checkbox', { name: '2 rooms' })).toBeTruthy();
    // The car's field is gone, and a text field is for reading, not filtering.
    expect(screen.queryByRole('textbox', { name: 'Model year, from' })).toBeNull();
    expect(screen.queryByText('Model')).toBeNull();
    await act(async () => fireEvent.change(screen.getByRole('combobox', { name: 'Category' }), { target: { value: '' } }));
    expect(screen.queryByRole('checkbox', { name: '2 rooms' })).toBeNull();
  });

  it('shows nothing more where the catalog has no fields or the API fails', async () => {
    catalogApi.reply = () => Promise.reject(new TypeError('Failed to fetch'));
    render(fields(data('')));
    expect(screen.queryByTestId('attribute-filters')).toBeNull();
    await act(async () => fireEvent.change(screen.getByRole('combobox', { name: 'Category' }), { target: { value: '2' } }));
    await act(async () => undefined);
    expect(screen.queryByTestId('attribute-filters')).toBeNull();
    expect(screen.getByRole('combobox', { name: 'Kind of ad' })).toBeTruthy();
  });
});
