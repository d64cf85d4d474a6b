// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CONSENT_VERSION_COOKIE } from '../../common/privacy';
import en from '../i18n/en.json';
import { createI18n } from '../lib/i18n';
import { I18nProvider } from '../lib/use-translation';
import { CONSENT_KEY, type Consent } from '../lib/preferences';
import { ConsentBanner } from './consent-banner';

const i18n = createI18n('en', { en });
const banner = () => screen.queryByRole('region', { name: 'Cookies' });

function renderBanner(initial: Consent | undefined, policyVersion: string, signedIn = false) {
  return render(
    <I18nProvider i18n={i18n}>
      <MemoryRouter>
        <ConsentBanner initial={initial} policyVersion={policyVersion} signedIn={signedIn} />
      </MemoryRouter>
    </I18nProvider>,
  );
}

const calls: { url: string; body: unknown }[] = [];
beforeEach(() => {
  window.localStorage.clear();
  calls.length = 0;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      calls.push({ url, body: init?.body ? JSON.parse(String(init.body)) : undefined });
      return new Response(
        JSON.stringify({ data: { choice: 'granted', policy_version: 'v2', created_at: new Date().toISOString() }, message: 'ok' }),
        {
          status: 201,
        },
      );
    }),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  for (const name of [CONSENT_KEY, CONSENT_VERSION_COOKIE]) document.cookie = `${name}=; Path=/; Max-Age=0`;
});

describe('the cookie banner and the privacy policy version (issue 27)', () => {
  it('keeps an answer given under the policy in force, and one given before versions were kept', () => {
    renderBanner('granted', 'v1');
    expect(banner()).toBeNull();
    expect(window.localStorage.getItem(CONSENT_VERSION_COOKIE)).toBe('v1');
    cleanup();
    renderBanner('granted', 'v1');
    expect(banner()).toBeNull();
  });

  it('asks again once the policy changed, and records a signed-in answer under the new version', async () => {
    window.localStorage.setItem(CONSENT_VERSION_COOKIE, 'v1');
    renderBanner('denied', 'v2', true);
    await waitFor(() => expect(banner()).not.toBeNull());
    fireEvent.click(screen.getByRole('button', { name: 'Accept all' }));
    expect(banner()).toBeNull();
    expect(window.localStorage.getItem(CONSENT_VERSION_COOKIE)).toBe('v2');
    expect(document.cookie).toContain(`${CONSENT_VERSION_COOKIE}=v2`);
    await waitFor(() =>
      expect(calls.find((c) => c.url === '/api/account/consent')).toEqual({ url: '/api/account/consent', body: { choice: 'granted' } }),
    );
  });

  it("does not record a visitor's answer", () => {
    renderBanner(undefined, 'v1');
    fireEvent.click(screen.getByRole('button', { name: 'Only necessary' }));
    expect(calls.filter((c) => c.url === '/api/account/consent')).toEqual([]);
    expect(window.localStorage.getItem(CONSENT_VERSION_COOKIE)).toBe('v1');
  });
});
