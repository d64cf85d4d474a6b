// @vitest-environment happy-dom
import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import en from '../i18n/en.json';
import fi from '../i18n/fi.json';
import { createI18n } from '../lib/i18n';
import { I18nProvider } from '../lib/use-translation';
import { RatingSummary } from './rating-summary';

function show(rating: { average: number | null; count: number } | undefined, locale: 'fi' | 'en' = 'fi', to?: string) {
  return render(
    <I18nProvider i18n={createI18n(locale, locale === 'fi' ? { fi } : { en })}>
      <MemoryRouter>
        <RatingSummary rating={rating} {...(to ? { to } : {})} />
      </MemoryRouter>
    </I18nProvider>,
  );
}

afterEach(cleanup);

describe('RatingSummary', () => {
  it('shows the average with a Finnish decimal comma and the count: ★ 4,7 (12 arviota)', () => {
    const { container } = show({ average: 4.7, count: 12 });
    expect(container.textContent).toContain('★ 4,7 (12 arviota)');
    expect(screen.getByText('Arvosanojen keskiarvo 4,7 viidestä, 12 arviota')).toBeTruthy();
  });

  it('writes one decimal always, and one rating in the singular', () => {
    const { container } = show({ average: 5, count: 1 });
    expect(container.textContent).toContain('★ 5,0 (1 arvio)');
  });

  it('uses a decimal point in English', () => {
    const { container } = show({ average: 4.5, count: 2 }, 'en');
    expect(container.textContent).toContain('★ 4.5 (2 ratings)');
  });

  it('links to the ratings when asked', () => {
    show({ average: 4, count: 3 }, 'fi', '/seller/7#ratings-title');
    expect(screen.getByRole('link').getAttribute('href')).toBe('/seller/7#ratings-title');
  });

  it('shows nothing before the first public rating', () => {
    expect(show({ average: null, count: 0 }).container.textContent).toBe('');
    cleanup();
    expect(show(undefined).container.textContent).toBe('');
  });
});
