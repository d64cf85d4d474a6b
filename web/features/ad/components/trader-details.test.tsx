// @vitest-environment happy-dom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import en from '../../../i18n/en.json';
import fi from '../../../i18n/fi.json';
import { createI18n } from '../../../lib/i18n';
import { I18nProvider } from '../../../lib/use-translation';
import { ConsumerNote, TraderDetails } from './trader-details';

const COMPANY = {
  name: 'Mäkisen Kirpputori Oy',
  business_id: '0112038-9',
  address: 'Hämeenkatu 1, 33100 Tampere',
  email: 'myynti@example.fi',
  phone: '0401234567',
};

function inLanguage(language: 'en' | 'fi', ui: React.ReactNode) {
  return render(<I18nProvider i18n={createI18n(language, { en, fi })}>{ui}</I18nProvider>);
}

afterEach(cleanup);

describe('the seller card’s business details', () => {
  it('shows "Yritys" with the company’s name, Y-tunnus, address, e-mail and phone', () => {
    inLanguage('fi', <TraderDetails company={COMPANY} />);
    const details = screen.getByRole('group', { name: 'Yrityksen tiedot' });
    expect(details.textContent).toContain('Yritys');
    expect(details.textContent).toContain('Mäkisen Kirpputori Oy');
    expect(details.textContent).toContain('Y-tunnus 0112038-9');
    expect(details.textContent).toContain('Hämeenkatu 1, 33100 Tampere');
    expect(screen.getByRole('link', { name: 'myynti@example.fi' }).getAttribute('href')).toBe('mailto:myynti@example.fi');
    expect(screen.getByRole('link', { name: '0401234567' }).getAttribute('href')).toBe('tel:0401234567');
  });

  it('leaves out the details the business did not give', () => {
    inLanguage('en', <TraderDetails company={{ ...COMPANY, address: null, email: null, phone: null }} />);
    expect(screen.getByRole('group', { name: 'Business details' }).textContent).toContain('Business ID 0112038-9');
    expect(screen.queryAllByRole('link')).toHaveLength(0);
  });

  it('shows nothing for a private seller', () => {
    const { container } = inLanguage('en', <TraderDetails company={null} />);
    expect(container.innerHTML).toBe('');
  });
});

describe('the consumer-law note', () => {
  it('tells a business’s buyer of the 14-day withdrawal right and liability for defects', () => {
    inLanguage('fi', <ConsumerNote trader />);
    const note = screen.getByRole('region', { name: 'Kuluttajan oikeudet' });
    expect(note.textContent).toContain('14 päivän peruuttamisoikeus');
    expect(note.textContent).toContain('virheistä');
  });

  it('tells a private seller’s buyer that consumer protection law does not apply', () => {
    inLanguage('en', <ConsumerNote trader={false} />);
    expect(screen.getByRole('region', { name: 'Private seller' }).textContent).toContain('does not apply to sales between private persons');
  });
});
