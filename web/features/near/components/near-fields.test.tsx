// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import en from '../../../i18n/en.json';
import { createI18n } from '../../../lib/i18n';
import { I18nProvider } from '../../../lib/use-translation';
import { NearFields } from './near-fields';

const cities = vi.hoisted(() => vi.fn());
vi.mock('../../../lib/api-client', () => ({ api: { cities } }));

const i18n = createI18n('en', { en });
const municipalities = [
  { id: 49, name: 'Espoo', lat: 60.205, lon: 24.652 },
  { id: 91, name: 'Helsinki', lat: 60.169, lon: 24.938 },
  { id: 837, name: 'Tampere', lat: 61.498, lon: 23.761 },
];

function near(props: Partial<Parameters<typeof NearFields>[0]> = {}) {
  return (
    <I18nProvider i18n={i18n}>
      <form aria-label="filters">
        <NearFields near={null} nearCity={null} radius={null} cities={municipalities} {...props} />
        <button type="submit">Show</button>
      </form>
    </I18nProvider>
  );
}

const form = () => screen.getByRole('form', { name: 'filters' }) as HTMLFormElement;
const submitted = () => [...new FormData(form())].filter(([, v]) => v !== '');

type Success = (position: { coords: { latitude: number; longitude: number } }) => void;
type Failure = (error: { code: number; PERMISSION_DENIED: number }) => void;
function browserPosition(answer: (success: Success, failure: Failure) => void) {
  const getCurrentPosition = vi.fn(answer);
  Object.defineProperty(navigator, 'geolocation', { value: { getCurrentPosition }, configurable: true });
  return getCurrentPosition;
}

beforeEach(() => {
  cities.mockReset();
  cities.mockResolvedValue({ data: municipalities.map((m) => ({ ...m, code: '', name_fi: m.name, name_sv: m.name, region_id: 1 })) });
});
afterEach(() => {
  cleanup();
  Reflect.deleteProperty(navigator, 'geolocation');
});

describe('the location of a search', () => {
  it('starts from the URL: a postal code, or the municipality near me picked, and the radius', () => {
    render(near({ near: '00100', radius: 50 }));
    expect(submitted()).toEqual([
      ['near', '00100'],
      ['radius', '50'],
    ]);
    cleanup();
    render(near({ nearCity: 837 }));
    expect(screen.getByText('Near Tampere')).toBeTruthy();
    // The default radius is sent as nothing: an address without a radius means 25 km.
    expect(submitted()).toEqual([['near_city', '837']]);
    expect((screen.getByRole('combobox', { name: 'Within' }) as HTMLSelectElement).selectedOptions[0]!.textContent).toBe('25 km');
  });

  it('says under the input when a postal code is not five digits, and keeps the form from going', async () => {
    render(near());
    const postal = screen.getByRole('textbox', { name: 'Postcode' });
    expect(postal.getAttribute('pattern')).toBe('[0-9]{5}');
    await act(async () => {
      fireEvent.change(postal, { target: { value: '0010' } });
      fireEvent.blur(postal);
    });
    const message = screen.getByText('A postcode has five digits, e.g. 00100.');
    expect(postal.getAttribute('aria-invalid')).toBe('true');
    expect(postal.getAttribute('aria-describedby')).toBe(message.id);
    expect(form().checkValidity()).toBe(false);
    await act(async () => fireEvent.change(postal, { target: { value: '00100' } }));
    expect(screen.queryByText('A postcode has five digits, e.g. 00100.')).toBeNull();
    expect(form().checkValidity()).toBe(true);
  });

  it('turns the browser’s position into the nearest municipality, only when asked, and sends only its id', async () => {
    const ask = browserPosition((success) => success({ coords: { latitude: 60.2, longitude: 24.66 } }));
    render(near({ near: '33100' }));
    expect(ask).not.toHaveBeenCalled();
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Near me' })));
    expect(ask).toHaveBeenCalledTimes(1);
    expect(screen.getByText(/Nearest municipality: Espoo/)).toBeTruthy();
    // The municipality replaces the typed postal code; the position goes nowhere.
    expect(submitted()).toEqual([['near_city', '49']]);
    expect(JSON.stringify(submitted())).not.toMatch(/60\.2|24\.66/);
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Remove the location Espoo' })));
    expect(submitted()).toEqual([]);
  });

  it('says so when the browser refuses, has no position, or is outside Finland', async () => {
    browserPosition((_, failure) => failure({ code: 1, PERMISSION_DENIED: 1 }));
    render(near());
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Near me' })));
    expect(screen.getByText(/the browser did not allow it/)).toBeTruthy();
    browserPosition((_, failure) => failure({ code: 3, PERMISSION_DENIED: 1 }));
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Near me' })));
    expect(screen.getByText(/not available right now/)).toBeTruthy();
    browserPosition((success) => success({ coords: { latitude: 52.52, longitude: 13.4 } }));
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Near me' })));
    expect(screen.getByText(/outside Finland/)).toBeTruthy();
    expect(submitted()).toEqual([]);
  });

  it('is busy while the browser answers', async () => {
    let answer: Success | undefined;
    browserPosition((success) => (answer = success));
    render(near());
    const button = screen.getByRole('button', { name: 'Near me' });
    await act(async () => fireEvent.click(button));
    expect(button.getAttribute('aria-busy')).toBe('true');
    expect(screen.getByText('Finding your location…')).toBeTruthy();
    await act(async () => answer!({ coords: { latitude: 61.5, longitude: 23.76 } }));
    expect(button.getAttribute('aria-busy')).toBeNull();
    expect(submitted()).toEqual([['near_city', '837']]);
  });

  it('has no "near me" button in the server’s page, nor where the browser cannot tell its position', () => {
    browserPosition(() => undefined);
    expect(renderToString(near())).not.toContain('Near me');
    Object.defineProperty(navigator, 'geolocation', { value: undefined, configurable: true });
    render(near());
    expect(screen.queryByRole('button', { name: 'Near me' })).toBeNull();
  });
});
