// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it } from 'vitest';
import en from '../../../i18n/en.json';
import { createI18n } from '../../../lib/i18n';
import { I18nProvider } from '../../../lib/use-translation';
import { PlaceComboBox } from './place-combo-box';

const i18n = createI18n('en', { en });
const regions = [
  { id: 1, name: 'Uusimaa', name_fi: 'Uusimaa', name_sv: 'Nyland' },
  { id: 2, name: 'Pirkanmaa', name_fi: 'Pirkanmaa', name_sv: 'Birkaland' },
];
const cities = [
  { id: 49, name: 'Espoo', name_fi: 'Espoo', name_sv: 'Esbo' },
  { id: 91, name: 'Helsinki', name_fi: 'Helsinki', name_sv: 'Helsingfors' },
  { id: 837, name: 'Tampere', name_fi: 'Tampere', name_sv: 'Tammerfors' },
];

function place(props: Partial<Parameters<typeof PlaceComboBox>[0]> = {}) {
  return (
    <I18nProvider i18n={i18n}>
      <form aria-label="search">
        <PlaceComboBox regions={regions} cities={cities} region={null} city={null} place="" {...props} />
      </form>
    </I18nProvider>
  );
}

const submitted = () => Object.fromEntries(new FormData(screen.getByRole('form', { name: 'search' }) as HTMLFormElement));

afterEach(cleanup);

describe('the place filter', () => {
  it('finds a municipality by its Swedish name and submits it as city', async () => {
    render(place());
    const input = screen.getByRole('combobox', { name: 'Municipality or region' });
    await act(async () => {
      input.focus();
      fireEvent.change(input, { target: { value: 'esbo' } });
    });
    const options = screen.getAllByRole('option');
    expect(options.map((o) => o.textContent)).toEqual(['EspooEsbo']);
    await act(async () => fireEvent.click(options[0]!));
    expect(submitted()).toEqual({ city: '49' });
    expect((input as HTMLInputElement).value).toBe('Espoo');
  });

  it('offers regions under their own heading, found by the Swedish name too, and submits them as region', async () => {
    render(place());
    const input = screen.getByRole('combobox', { name: 'Municipality or region' });
    await act(async () => {
      input.focus();
      fireEvent.change(input, { target: { value: 'Nyland' } });
    });
    expect(screen.getByText('Region')).toBeTruthy();
    await act(async () => fireEvent.click(screen.getByRole('option', { name: /Uusimaa/ })));
    expect(submitted()).toEqual({ region: '1' });
  });

  it('starts from the place in the URL, and clearing the field clears the filter', async () => {
    render(place({ city: 837 }));
    const input = screen.getByRole('combobox', { name: 'Municipality or region' });
    expect((input as HTMLInputElement).value).toBe('Tampere');
    expect(submitted()).toEqual({ city: '837' });
    await act(async () => fireEvent.change(input, { target: { value: '' } }));
    expect(submitted()).toEqual({});
  });

  it('sends typed text that is no choice as "place", for the loader to look up (also before scripts load)', async () => {
    const html = renderToString(place({ place: 'Atlantis' }));
    expect(html).toMatch(/<input[^>]*name="place"/);
    expect(html).toContain('value="Atlantis"');
    expect(renderToString(place({ city: 49 }))).toMatch(/<input type="hidden" name="city" value="49"/);
    render(place({ city: 49 }));
    const input = screen.getByRole('combobox', { name: 'Municipality or region' });
    await act(async () => fireEvent.change(input, { target: { value: 'Tamper' } }));
    expect(submitted()).toEqual({ place: 'Tamper' });
  });

  it('moves through the choices with the arrow keys and picks one with Enter', async () => {
    render(place());
    const input = screen.getByRole('combobox', { name: 'Municipality or region' });
    await act(async () => fireEvent.change(input, { target: { value: 'helsing' } }));
    await act(async () => fireEvent.keyDown(input, { key: 'ArrowDown' }));
    expect(input.getAttribute('aria-activedescendant')).toBe(screen.getByRole('option', { name: /Helsinki/ }).id);
    await act(async () => fireEvent.keyDown(input, { key: 'Enter' }));
    expect(submitted()).toEqual({ city: '91' });
    expect(screen.queryByRole('listbox')).toBeNull();
  });
});
