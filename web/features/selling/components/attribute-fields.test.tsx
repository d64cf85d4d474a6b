// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import type { PublicAttribute } from '../../../../common/attributes';
import en from '../../../i18n/en.json';
import { createI18n } from '../../../lib/i18n';
import { I18nProvider } from '../../../lib/use-translation';
import type { AttributeInputs } from '../attribute-inputs';
import { AttributeFields } from './attribute-fields';

const i18n = createI18n('en', { en });
const makes = ['Audi', 'BMW', 'Citroën', 'Ford', 'Kia', 'Mazda', 'Skoda', 'Toyota', 'Volvo', 'Volkswagen'];
const fields: PublicAttribute[] = [
  {
    key: 'make',
    type: 'choice',
    label: 'Make',
    decimals: 0,
    required: false,
    filter: true,
    options: makes.map((m) => ({ value: m.toLowerCase(), label: m })),
  },
  { key: 'year', type: 'number', label: 'Model year', decimals: 0, min: 1900, max: 2030, required: true, filter: true },
  { key: 'mileage_km', type: 'number', label: 'Mileage', unit: 'km', decimals: 0, required: false, filter: true },
  {
    key: 'fuel',
    type: 'choice',
    label: 'Fuel',
    decimals: 0,
    required: false,
    filter: true,
    options: [
      { value: 'diesel', label: 'Diesel' },
      { value: 'petrol', label: 'Petrol' },
    ],
  },
  { key: 'towbar', type: 'boolean', label: 'Tow bar', decimals: 0, required: false, filter: true },
];

function Form({ errors = {} }: { errors?: Record<string, string[]> }) {
  const [inputs, setInputs] = useState<AttributeInputs>({});
  return (
    <I18nProvider i18n={i18n}>
      <AttributeFields
        fields={fields}
        inputs={inputs}
        errors={errors}
        onChange={(key, value) => setInputs((i) => ({ ...i, [key]: value }))}
      />
      <output data-testid="inputs">{JSON.stringify(inputs)}</output>
    </I18nProvider>
  );
}
const inputs = () => JSON.parse(screen.getByTestId('inputs').textContent ?? '{}') as AttributeInputs;

afterEach(cleanup);

describe('AttributeFields', () => {
  it('asks a number with a numeric keyboard, its unit beside, and groups the digits on leaving', () => {
    render(<Form />);
    const mileage = screen.getByRole('textbox', { name: 'Mileage (km)' });
    expect(mileage.getAttribute('inputmode')).toBe('numeric');
    fireEvent.change(mileage, { target: { value: '180000' } });
    fireEvent.blur(mileage);
    expect(inputs().mileage_km).toBe('180,000');
    const year = screen.getByRole('textbox', { name: 'Model year' });
    expect(year.hasAttribute('required')).toBe(true);
    fireEvent.change(year, { target: { value: '2015' } });
    fireEvent.blur(year);
    expect(inputs().year).toBe('2015');
  });

  it('offers many options as a searchable combo box and few as a select', async () => {
    render(<Form />);
    const make = screen.getByRole('combobox', { name: /^Make/ });
    act(() => make.focus());
    fireEvent.change(make, { target: { value: 'vol' } });
    const list = await screen.findByRole('listbox');
    expect(
      within(list)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Volvo', 'Volkswagen']);
    fireEvent.click(within(list).getByRole('option', { name: 'Volvo' }));
    expect(inputs().make).toBe('volvo');
    const fuel = screen.getByRole('combobox', { name: /Fuel/ });
    expect(fuel.tagName).toBe('SELECT');
    fireEvent.change(fuel, { target: { value: 'diesel' } });
    expect(inputs().fuel).toBe('diesel');
  });

  it('asks yes/no as a radio group that may be left untold', () => {
    render(<Form />);
    const group = screen.getByRole('group', { name: /Tow bar/ });
    expect(
      within(group)
        .getAllByRole('radio')
        .map((r) => r.parentElement?.textContent),
    ).toEqual(['Yes', 'No', 'Not stated']);
    fireEvent.click(within(group).getByRole('radio', { name: 'Yes' }));
    expect(inputs().towbar).toBe('true');
  });

  it('shows each problem under its input, marked invalid', () => {
    render(<Form errors={{ 'attributes.year': ['Must be at most 2030'] }} />);
    const year = screen.getByRole('textbox', { name: 'Model year' });
    expect(year.getAttribute('aria-invalid')).toBe('true');
    expect(year.getAttribute('aria-describedby')).toBeTruthy();
    expect(screen.getByText('Must be at most 2030')).toBeTruthy();
  });
});
