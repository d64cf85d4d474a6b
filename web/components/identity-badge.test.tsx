// @vitest-environment happy-dom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import en from '../i18n/en.json';
import fi from '../i18n/fi.json';
import { createI18n } from '../lib/i18n';
import { I18nProvider } from '../lib/use-translation';
import { IdentityBadge } from './identity-badge';

afterEach(cleanup);

function renderBadge(locale: 'fi' | 'en', compact = false) {
  const i18n = createI18n(locale, locale === 'fi' ? { fi } : { en });
  return render(
    <I18nProvider i18n={i18n}>
      <IdentityBadge compact={compact} />
    </I18nProvider>,
  );
}

describe('the strong identification badge', () => {
  it('reads "Vahvasti tunnistettu" with an icon, and says what it means to a screen reader', () => {
    renderBadge('fi');
    const badge = screen.getByRole('img', { name: /^Vahvasti tunnistettu: henkilöllisyys on vahvistettu pankkitunnuksilla/ });
    expect(badge.textContent).toBe('Vahvasti tunnistettu');
    expect(badge.getAttribute('title')).toBe(badge.getAttribute('aria-label'));
    expect(badge.querySelector('svg')).not.toBeNull();
  });

  it('is the icon alone when compact, with the same accessible name', () => {
    renderBadge('en', true);
    const badge = screen.getByRole('img', { name: /^Strongly identified: identity verified/ });
    expect(badge.textContent).toBe('');
    expect(badge.querySelector('svg')).not.toBeNull();
  });
});
