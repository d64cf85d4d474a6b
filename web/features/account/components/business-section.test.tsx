// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import en from '../../../i18n/en.json';
import { createI18n } from '../../../lib/i18n';
import { I18nProvider } from '../../../lib/use-translation';
import { type BusinessProfile, BusinessSection } from './business-section';

const i18n = createI18n('en', { en });
const PRIVATE: BusinessProfile = { trader: false, companyName: '', businessId: '', companyAddress: '', companyEmail: '', companyPhone: '' };
const TRADER: BusinessProfile = {
  trader: true,
  companyName: 'Mäkisen Kirpputori Oy',
  businessId: '0112038-9',
  companyAddress: 'Hämeenkatu 1, 33100 Tampere',
  companyEmail: 'myynti@example.fi',
  companyPhone: '0401234567',
};

function renderSection(props: Parameters<typeof BusinessSection>[0]) {
  return render(
    <I18nProvider i18n={i18n}>
      <form aria-label="Profile">
        <BusinessSection {...props} />
      </form>
    </I18nProvider>,
  );
}

const checkbox = () => screen.getByRole('checkbox', { name: 'I sell as a business' });
const form = () => screen.getByRole('form', { name: 'Profile' }) as HTMLFormElement;

afterEach(cleanup);

describe('BusinessSection', () => {
  it('hides the company fields of a private seller until the box is ticked', () => {
    renderSection({ profile: PRIVATE, errors: {} });
    expect(screen.getByRole('group', { name: 'I sell as a business' })).toBeTruthy();
    expect(checkbox()).toHaveProperty('checked', false);
    expect(screen.queryByRole('textbox', { name: /Company name/ })).toBeNull();

    fireEvent.click(checkbox());
    expect(checkbox()).toHaveProperty('checked', true);
    expect(screen.getByRole('textbox', { name: /Company name/ })).toBeTruthy();
    expect(screen.getByRole('textbox', { name: /Business ID/ })).toBeTruthy();
    expect(screen.getByText('For example 1234567-8')).toBeTruthy();
    expect(new FormData(form()).get('trader')).toBe('on');
  });

  it('shows a trader’s stored details, and warns that unticking removes them (what was typed stays)', () => {
    renderSection({ profile: TRADER, errors: {} });
    expect(screen.getByRole('textbox', { name: /Company name/ })).toHaveProperty('value', 'Mäkisen Kirpputori Oy');
    expect(screen.getByRole('textbox', { name: /Business ID/ })).toHaveProperty('value', '0112038-9');
    expect(screen.queryByText('If you untick this and save, the company details are removed.')).toBeNull();

    fireEvent.click(checkbox());
    expect(screen.getByText('If you untick this and save, the company details are removed.')).toBeTruthy();
    expect(new FormData(form()).get('trader')).toBeNull();
    fireEvent.click(checkbox());
    expect(screen.getByRole('textbox', { name: /Company name/ })).toHaveProperty('value', 'Mäkisen Kirpputori Oy');
  });

  it('shows a refused form’s values and each field’s error under it', () => {
    renderSection({
      profile: PRIVATE,
      values: { trader: 'on', company_name: 'Kirppis Oy', business_id: '0112038-8' },
      errors: { business_id: ['The check digit of the business ID does not match. Please check the ID.'] },
    });
    expect(checkbox()).toHaveProperty('checked', true);
    const id = screen.getByRole('textbox', { name: /Business ID/ });
    expect(id).toHaveProperty('value', '0112038-8');
    expect(id.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText('The check digit of the business ID does not match. Please check the ID.')).toBeTruthy();
    expect(screen.getByRole('textbox', { name: /Company name/ })).toHaveProperty('value', 'Kirppis Oy');
  });
});
