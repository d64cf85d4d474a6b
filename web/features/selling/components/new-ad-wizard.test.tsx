// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { PublicAttribute } from '../../../../common/attributes';
import en from '../../../i18n/en.json';
import { createI18n } from '../../../lib/i18n';
import { I18nProvider } from '../../../lib/use-translation';
import { NewAdWizard } from './new-ad-wizard';

const fields: PublicAttribute[] = [
  { key: 'year', type: 'number', label: 'Model year', decimals: 0, min: 1900, max: 2030, required: false, filter: true },
  { key: 'mileage_km', type: 'number', label: 'Mileage', unit: 'km', decimals: 0, required: false, filter: true },
];
// Plain functions, not spies: a spy's bookkeeping of a rejected reply would fail the test on its own.
const calls = vi.hoisted(() => ({ sent: [] as FormData[], reply: undefined as unknown }));
vi.mock('../../../lib/api-client', () => {
  class ApiError extends Error {
    constructor(
      message: string,
      readonly status: number,
      readonly data: unknown,
    ) {
      super(message);
    }
  }
  return {
    ApiError,
    api: {
      catalogAttributes: () => Promise.resolve({ data: fields }),
      catalogSuggestions: () => Promise.resolve({ data: [] }),
      createProduct: (form: FormData) => {
        calls.sent.push(form);
        return Promise.reject(new ApiError('Check the fields', 422, { errors: { 'attributes.year': ['At most 2030'] } }));
      },
    },
  };
});

const i18n = createI18n('en', { en });
const tree = [{ id: 1, name: 'Vehicles', slug: 'vehicles', children: [{ id: 2, name: 'Cars', slug: 'cars', children: [] }] }];
const cities = [{ id: 91, name: 'Helsinki', name_fi: 'Helsinki', name_sv: 'Helsingfors' }];

beforeEach(() => {
  calls.sent = [];
  window.localStorage.setItem(
    'new_ad_draft:7',
    JSON.stringify({
      step: 'preview',
      draft: {
        name: 'Toyota Avensis 2015',
        cityId: 91,
        address: '',
        description: 'Hyväkuntoinen farmari, huollettu.',
        price: '8900',
        catalogId: 2,
        kind: 'sell',
        attributes: { year: '3024', mileage_km: '180,000' },
      },
    }),
  );
});
afterEach(() => {
  cleanup();
  window.localStorage.clear();
});

describe('NewAdWizard with category fields', () => {
  it('sends the fields typed, and brings the seller back to a server problem under its input with what they typed', async () => {
    render(
      <I18nProvider i18n={i18n}>
        <NewAdWizard userId={7} cities={cities} tree={tree} />
      </I18nProvider>,
    );
    // The draft's values show in the preview as the ad page will list them.
    await screen.findByText('180,000 km');
    const publish = screen.getByRole('button', { name: 'Publish' });
    await waitFor(() => expect(publish.hasAttribute('disabled')).toBe(false));
    // The browser's own check knows 3024 is too late a year: the seller is sent to the field first.
    fireEvent.click(publish);
    const year = await screen.findByRole('textbox', { name: /^Model year/ });
    expect(year.getAttribute('aria-invalid')).toBe('true');
    expect((year as HTMLInputElement).value).toBe('3024');
    expect(calls.sent).toHaveLength(0);
    await waitFor(() => expect(document.activeElement).toBe(year));

    // With a year the browser accepts, the server's problem lands under the same input.
    fireEvent.change(year, { target: { value: '2029' } });
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Publish' }));
    await waitFor(() => expect(calls.sent).toHaveLength(1));
    expect(JSON.parse(String(calls.sent[0]!.get('attributes')))).toEqual({ year: 2029, mileage_km: 180000 });
    expect(await screen.findByText('At most 2030')).toBeTruthy();
    const again = screen.getByRole('textbox', { name: /^Model year/ });
    expect(again.getAttribute('aria-invalid')).toBe('true');
    expect((again as HTMLInputElement).value).toBe('2029');
    await waitFor(() => expect(document.activeElement).toBe(again));
    // Leaving the input without changing it keeps the problem on screen (blur only regroups digits).
    fireEvent.blur(again);
    expect(again.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText('At most 2030')).toBeTruthy();
    expect((screen.getByRole('textbox', { name: 'Mileage (km)' }) as HTMLInputElement).value).toBe('180,000');
  });
});
