// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it } from 'vitest';
import type { AttributeFilters as Filters, Facets, PublicAttribute } from '../../../../common/attributes';
import en from '../../../i18n/en.json';
import fi from '../../../i18n/fi.json';
import { createI18n } from '../../../lib/i18n';
import { I18nProvider } from '../../../lib/use-translation';
import { AttributeFilters, firstOptions } from './attribute-filters';

const MAKES = ['audi', 'bmw', 'citroen', 'ford', 'honda', 'kia', 'mazda', 'nissan', 'opel', 'skoda', 'toyota', 'volvo'];
const fields: PublicAttribute[] = [
  { key: 'year', type: 'number', label: 'Model year', min: 1950, max: 2027, decimals: 0, required: false, filter: true },
  { key: 'mileage_km', type: 'number', label: 'Mileage', unit: 'km', min: 0, decimals: 0, required: false, filter: true },
  {
    key: 'fuel',
    type: 'choice',
    label: 'Fuel',
    decimals: 0,
    required: false,
    filter: true,
    options: [
      { value: 'petrol', label: 'Petrol' },
      { value: 'diesel', label: 'Diesel' },
      { value: 'hybrid', label: 'Hybrid' },
    ],
  },
  {
    key: 'make',
    type: 'choice',
    label: 'Make',
    decimals: 0,
    required: false,
    filter: true,
    options: MAKES.map((value) => ({ value, label: value[0]!.toUpperCase() + value.slice(1) })),
  },
  { key: 'sauna', type: 'boolean', label: 'Sauna', decimals: 0, required: false, filter: true },
  { key: 'inspection_until', type: 'date', label: 'Inspected until', min: 2020, max: 2040, decimals: 0, required: false, filter: true },
];

function filters(values: Filters = {}, facets: Facets = {}, locale: 'en' | 'fi' = 'en', facetsCapped = false) {
  const i18n = createI18n(locale, { en, fi });
  return (
    <I18nProvider i18n={i18n}>
      <form aria-label="filters">
        <AttributeFilters fields={fields} values={values} facets={facets} facetsCapped={facetsCapped} />
      </form>
    </I18nProvider>
  );
}

const submitted = () => [...new FormData(screen.getByRole('form', { name: 'filters' }) as HTMLFormElement)].filter(([, v]) => v !== '');

afterEach(cleanup);

describe('the category’s filter fields', () => {
  it('are named as the URL names them and start from the search in the URL', () => {
    render(filters({ year: { min: 2010, max: 2015 }, mileage_km: { max: 150000 }, fuel: ['hybrid'], sauna: true }));
    expect(submitted()).toEqual([
      ['a.year.min', '2010'],
      ['a.year.max', '2015'],
      ['a.mileage_km.max', '150000'],
      ['a.fuel', 'hybrid'],
      ['a.sauna', '1'],
    ]);
    expect(screen.getByRole('group', { name: 'Mileage (km)' })).toBeTruthy();
    expect(screen.getByRole('textbox', { name: 'Mileage, up to' }).getAttribute('inputmode')).toBe('numeric');
    expect(screen.getByRole('checkbox', { name: 'Only those with sauna' })).toBeTruthy();
  });

  it('show thousands separators once the person leaves a number, but not in a year', async () => {
    render(filters({}, {}, 'fi'));
    const mileage = screen.getByRole('textbox', { name: 'Mileage, enintään' }) as HTMLInputElement;
    await act(async () => {
      fireEvent.change(mileage, { target: { value: '180000' } });
      fireEvent.blur(mileage);
    });
    expect(mileage.value).toBe('180\u00a0000');
    const year = screen.getByRole('textbox', { name: 'Model year, vähintään' }) as HTMLInputElement;
    await act(async () => {
      fireEvent.change(year, { target: { value: '2010' } });
      fireEvent.blur(year);
    });
    expect(year.value).toBe('2010');
  });

  it('count the results each choice would give, from the reply’s facets', () => {
    render(
      filters(
        {},
        {
          fuel: [
            { value: 'diesel', count: 12 },
            { value: 'hybrid', count: 3 },
          ],
          sauna: [{ value: 'true', count: 5 }],
        },
      ),
    );
    const labels = screen.getAllByRole('checkbox').map((box) => box.closest('label')!.textContent);
    expect(labels.slice(0, 3)).toEqual(['Petrol0', 'Diesel12', 'Hybrid3']);
    expect(screen.getByRole('checkbox', { name: 'Only those with sauna 5' })).toBeTruthy();
  });

  it('say "at least" when the counts are of the first ads of a broad search, and nothing of a value not met', () => {
    render(filters({}, { fuel: [{ value: 'diesel', count: 1200 }] }, 'en', true));
    const labels = screen.getAllByRole('checkbox').map((box) => box.closest('label')!.textContent);
    expect(labels.slice(0, 2)).toEqual(['Petrol', 'Diesel1200+']);
  });

  it('show the most found makes first and the rest behind "Show all", with a search of their own', async () => {
    const facets = { make: MAKES.map((value, i) => ({ value, count: i })) };
    render(filters({ make: ['audi'] }, facets));
    const makes = screen.getByRole('group', { name: 'Make' });
    const details = makes.querySelector('details')!;
    const outside = [...makes.querySelectorAll('input[type=checkbox]')].filter((box) => !details.contains(box));
    // The eight most found, and the ticked one though it is found least.
    expect(outside.map((box) => (box as HTMLInputElement).value)).toEqual([...MAKES.slice(4).reverse(), 'audi'].sort(byMakeOrder));
    expect(screen.getByText('Show all (12)')).toBeTruthy();
    const find = screen.getByRole('searchbox', { name: 'Find: Make' });
    await act(async () => fireEvent.change(find, { target: { value: 'ci' } }));
    const shown = [...details.querySelectorAll('li')].filter((li) => !li.hidden).map((li) => li.textContent);
    expect(shown).toEqual(['Citroen2']);
    await act(async () => fireEvent.change(find, { target: { value: 'zz' } }));
    expect(screen.getByText('No matches.')).toBeTruthy();
    // Hidden or not, every tick is sent.
    expect(submitted()).toEqual([['a.make', 'audi']]);
  });

  it('render without scripts: every option is in the page, the list search comes only with scripts', () => {
    const html = renderToString(filters());
    for (const make of MAKES) expect(html).toContain(`value="${make}"`);
    expect(html).toContain('<details');
    expect(html).not.toContain('type="search"');
  });

  it('take days for a date field, within its years', () => {
    render(filters({ inspection_until: { min: '2027-01-31' } }));
    const from = screen.getByLabelText('Inspected until, from') as HTMLInputElement;
    expect(from.type).toBe('date');
    expect(from.value).toBe('2027-01-31');
    expect(from.min).toBe('2020-01-01');
    expect(from.max).toBe('2040-12-31');
  });
});

describe('the first options of a long list', () => {
  it('are the list itself when it is short, else the most found and the ticked ones', () => {
    expect([...firstOptions([{ value: 'a' }, { value: 'b' }], [], undefined)]).toEqual(['a', 'b']);
    const many = MAKES.map((value) => ({ value }));
    expect([...firstOptions(many, ['volvo'], undefined)]).toEqual([...MAKES.slice(0, 8), 'volvo']);
  });
});

function byMakeOrder(a: string, b: string) {
  return MAKES.indexOf(a) - MAKES.indexOf(b);
}
