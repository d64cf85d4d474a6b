// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import en from '../i18n/en.json';
import { CONSENT_CATEGORIES, type ConsentState, onConsent } from '../lib/consent';
import { createI18n } from '../lib/i18n';
import { I18nProvider } from '../lib/use-translation';
import { CONSENT_KEY, type Consent } from '../lib/preferences';
import { ConsentBanner } from './consent-banner';

const i18n = createI18n('en', { en });

function renderBanner(initial: Consent | undefined = undefined) {
  return render(
    <I18nProvider i18n={i18n}>
      <MemoryRouter>
        <ConsentBanner initial={initial} />
      </MemoryRouter>
    </I18nProvider>,
  );
}

const banner = () => screen.queryByRole('region', { name: 'Cookies' });
const everyCategory = (value: Consent) => Object.fromEntries(CONSENT_CATEGORIES.map((c) => [c, value])) as ConsentState;

function cookie(name: string): string | undefined {
  return document.cookie
    .split('; ')
    .find((c) => c.startsWith(`${name}=`))
    ?.slice(name.length + 1);
}

let announced: ConsentState[];
let unsubscribe: () => void;

beforeEach(() => {
  window.localStorage.clear();
  document.cookie = `${CONSENT_KEY}=; Path=/; Max-Age=0`;
  announced = [];
  unsubscribe = onConsent((state) => announced.push(state));
  // onConsent replays the last answer of an earlier test at once; start each test empty.
  announced.length = 0;
});

afterEach(() => {
  cleanup();
  unsubscribe();
  window.localStorage.clear();
  document.cookie = `${CONSENT_KEY}=; Path=/; Max-Age=0`;
});

describe('ConsentBanner', () => {
  it('shows when no answer is known', () => {
    renderBanner();
    expect(banner()).not.toBeNull();
    expect(screen.getByRole('button', { name: 'Accept all' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Only necessary' })).toBeTruthy();
    expect(announced).toEqual([]);
  });

  it('links to the privacy policy', () => {
    renderBanner();
    expect(screen.getByRole('link', { name: 'Privacy policy' }).getAttribute('href')).toBe('/info/privacy-policy');
  });

  it("'Accept all' hides it, writes consent=granted to the cookie and local storage, and grants every category", () => {
    renderBanner();
    fireEvent.click(screen.getByRole('button', { name: 'Accept all' }));
    expect(banner()).toBeNull();
    expect(cookie(CONSENT_KEY)).toBe('granted');
    expect(JSON.parse(window.localStorage.getItem(CONSENT_KEY)!)).toEqual(expect.objectContaining({ value: 'granted' }));
    expect(announced).toEqual([everyCategory('granted')]);
    expect(Object.keys(announced[0]).sort()).toEqual([...CONSENT_CATEGORIES].sort());
  });

  it("'Only necessary' hides it, writes consent=denied and denies every category", () => {
    renderBanner();
    fireEvent.click(screen.getByRole('button', { name: 'Only necessary' }));
    expect(banner()).toBeNull();
    expect(cookie(CONSENT_KEY)).toBe('denied');
    expect(JSON.parse(window.localStorage.getItem(CONSENT_KEY)!)).toEqual(expect.objectContaining({ value: 'denied' }));
    expect(announced).toEqual([everyCategory('denied')]);
  });

  it('stays hidden after an answer when rendered again in the same page', () => {
    const { rerender } = renderBanner();
    fireEvent.click(screen.getByRole('button', { name: 'Accept all' }));
    rerender(
      <I18nProvider i18n={i18n}>
        <MemoryRouter>
          <ConsentBanner initial={undefined} />
        </MemoryRouter>
      </I18nProvider>,
    );
    expect(banner()).toBeNull();
  });

  it.each(['granted', 'denied'] as const)("does not show when initial is '%s'", (initial) => {
    renderBanner(initial);
    expect(banner()).toBeNull();
  });

  it.each(['granted', 'denied'] as const)("hides after mount when local storage holds '%s', and restores the cookie", (value) => {
    window.localStorage.setItem(CONSENT_KEY, JSON.stringify({ value }));
    renderBanner();
    expect(banner()).toBeNull();
    expect(cookie(CONSENT_KEY)).toBe(value);
    expect(announced).toEqual([everyCategory(value)]);
  });

  it('shows when local storage holds something unreadable', () => {
    window.localStorage.setItem(CONSENT_KEY, 'not json');
    renderBanner();
    expect(banner()).not.toBeNull();
  });

  it('shows when local storage holds an unknown answer', () => {
    window.localStorage.setItem(CONSENT_KEY, JSON.stringify({ value: 'maybe' }));
    renderBanner();
    expect(banner()).not.toBeNull();
    expect(announced).toEqual([]);
  });

  it('still hides when local storage cannot be written', () => {
    const setItem = vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new Error('QuotaExceededError');
    });
    try {
      renderBanner();
      fireEvent.click(screen.getByRole('button', { name: 'Accept all' }));
      expect(banner()).toBeNull();
      expect(cookie(CONSENT_KEY)).toBe('granted');
    } finally {
      setItem.mockRestore();
    }
  });
});
