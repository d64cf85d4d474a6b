// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import en from '../../../i18n/en.json';
import { createI18n } from '../../../lib/i18n';
import { toastStore } from '../../../lib/toasts';
import { I18nProvider } from '../../../lib/use-translation';
import { PrivacySection } from './privacy-section';

const i18n = createI18n('en', { en });
const hour = 3_600_000;
const exportView = (over: Record<string, unknown> = {}) => ({
  uuid: '1f706f65-5ba7-41f7-8dde-bf326fdb3ffe',
  status: 'ready' as const,
  requested_at: new Date(Date.now() - hour).toISOString(),
  ready_at: new Date(Date.now() - hour).toISOString(),
  expires_at: new Date(Date.now() + 6 * 24 * hour).toISOString(),
  this_session: true,
  download_url: '/api/account/export/1f706f65-5ba7-41f7-8dde-bf326fdb3ffe',
  next_request_at: new Date(Date.now() + 23 * hour).toISOString(),
  ...over,
});
const noConsents = { data: [], policy_version: '2026-11-01T00:00:00.000Z', ask_again: false };

function renderSection(initialExport: ReturnType<typeof exportView> | null, initialConsents = noConsents) {
  return render(
    <I18nProvider i18n={i18n}>
      <PrivacySection initialExport={initialExport} initialConsents={initialConsents} />
    </I18nProvider>,
  );
}

const requests: { url: string; method: string; body: unknown }[] = [];
beforeEach(() => {
  toastStore.set([]);
  requests.length = 0;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      requests.push({ url, method: init?.method ?? 'GET', body: init?.body ? JSON.parse(String(init.body)) : undefined });
      if (url === '/api/account/export') {
        return new Response(
          JSON.stringify({
            data: exportView({ status: 'pending', download_url: null, ready_at: null, expires_at: null }),
            message: 'Request received.',
          }),
          { status: 202 },
        );
      }
      return new Response(
        JSON.stringify({
          data: { choice: 'denied', policy_version: noConsents.policy_version, created_at: new Date().toISOString() },
          message: 'Saved.',
        }),
        { status: 201 },
      );
    }),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('Settings › My data', () => {
  it('offers the ready file for download in the asking session, and says when a new one may be asked for', () => {
    renderSection(exportView());
    expect(screen.getByRole('link', { name: 'Download the ZIP file' }).getAttribute('href')).toBe(
      '/api/account/export/1f706f65-5ba7-41f7-8dde-bf326fdb3ffe',
    );
    expect(screen.getByText(/You can ask for a new file from/)).toBeTruthy();
  });

  it('gives no download in another session and says why', () => {
    renderSection(exportView({ this_session: false, download_url: null }));
    expect(screen.queryByRole('link', { name: 'Download the ZIP file' })).toBeNull();
    expect(screen.getByText(/only in the session where it was requested/)).toBeTruthy();
  });

  it('asks for an export and shows it is being gathered', async () => {
    renderSection(null);
    fireEvent.click(screen.getByRole('button', { name: 'Download my data' }));
    await waitFor(() => expect(screen.getByText(/Your data is being gathered/)).toBeTruthy());
    expect(requests.find((r) => r.url === '/api/account/export')?.method).toBe('POST');
  });

  it('lists the recorded cookie choices, says when the policy changed, and records a new choice', async () => {
    renderSection(null, {
      data: [{ choice: 'granted', policy_version: '2026-10-01T00:00:00.000Z', created_at: '2026-10-02T10:00:00.000Z' }],
      policy_version: '2026-11-01T00:00:00.000Z',
      ask_again: true,
    } as never);
    expect(screen.getByText(/All cookies accepted/)).toBeTruthy();
    expect(screen.getByText(/The privacy policy has changed/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Only necessary' }));
    await waitFor(() => expect(screen.getByText(/Only necessary cookies/)).toBeTruthy());
    expect(screen.queryByText(/The privacy policy has changed/)).toBeNull();
    expect(requests.find((r) => r.url === '/api/account/consent')?.body).toEqual({ choice: 'denied' });
  });
});
