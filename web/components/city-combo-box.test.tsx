// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import en from '../i18n/en.json';
import { axeViolations } from '../lib/axe-test-support';
import { createI18n } from '../lib/i18n';
import { I18nProvider } from '../lib/use-translation';
import { CityComboBox } from './city-combo-box';

const i18n = createI18n('en', { en });
const cities = [
  { id: 1, name: 'Helsinki', name_fi: 'Helsinki', name_sv: 'Helsingfors' },
  { id: 2, name: 'Espoo', name_fi: 'Espoo', name_sv: 'Esbo' },
];

afterEach(() => cleanup());

describe('CityComboBox', () => {
  it('leaves nothing focusable in what it hides from screen readers while its list is open (axe aria-hidden-focus)', async () => {
    render(
      <I18nProvider i18n={i18n}>
        <a href="/">Front page</a>
        <form>
          <CityComboBox cities={cities} defaultCityId={null} errors={undefined} required />
          <button type="submit">Next</button>
        </form>
      </I18nProvider>,
    );
    const field = screen.getByRole('combobox', { name: /Municipality|City/ });
    await act(async () => {
      field.focus();
      fireEvent.change(field, { target: { value: 'Es' } });
    });
    expect(screen.getByRole('listbox')).toBeTruthy();
    const next = screen.getByText('Next');
    expect(next.closest('[aria-hidden="true"]')).not.toBeNull();
    expect(next.closest('[inert]')).not.toBeNull();
    expect(await axeViolations(document.body, ['aria-hidden-focus'])).toEqual([]);

    await act(async () => fireEvent.keyDown(field, { key: 'Escape' }));
    expect(screen.queryByRole('listbox')).toBeNull();
    expect(document.querySelector('[inert]')).toBeNull();
  });
});
