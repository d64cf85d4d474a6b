// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { createRoutesStub } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import en from '../../../i18n/en.json';
import { api } from '../../../lib/api-client';
import { createI18n } from '../../../lib/i18n';
import { toastStore } from '../../../lib/toasts';
import { I18nProvider } from '../../../lib/use-translation';
import { type FlaggedAccount, FlaggedAccounts, type SafetyPage } from './flagged-accounts';

const account = (fields: Partial<FlaggedAccount>): FlaggedAccount => ({
  id: 12,
  name: 'Maija Virtanen',
  email: 'maija@example.com',
  messages: 4,
  recipients: 3,
  kinds: ['phone', 'whatsapp'],
  last_flagged_at: '2026-11-26T10:00:00.000Z',
  held: false,
  held_at: null,
  held_reason: null,
  ...fields,
});

const PAGE: SafetyPage = {
  data: [
    account({ id: 12, held: true, held_at: '2026-11-26T10:05:00.000Z', held_reason: 'scam_guard' }),
    account({ id: 13, name: 'Olli Ostaja', email: 'olli@example.com', messages: 1, recipients: 1, kinds: ['email'] }),
  ],
  meta: { current_page: 1, last_page: 1, per_page: 20, total: 2, days: 7, hold_recipients: 5 },
};

function renderPage(page: SafetyPage, canRelease: boolean) {
  const Stub = createRoutesStub([
    { path: '/admin/safety', Component: () => <FlaggedAccounts page={page} heldOnly={false} canRelease={canRelease} /> },
  ]);
  render(
    <I18nProvider i18n={createI18n('en', { en })}>
      <Stub initialEntries={['/admin/safety']} />
    </I18nProvider>,
  );
}

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('the scam guard’s staff page', () => {
  it('lists each account’s flagged messages, recipients and findings, the held one marked with its reason', () => {
    renderPage(PAGE, false);
    expect(screen.getByText(/sends such messages to 5 different people within 24 hours/)).toBeTruthy();
    const [held, other] = within(screen.getByRole('list', { name: 'Accounts the scam guard found' })).getAllByRole('listitem');
    expect(held!.textContent).toContain('Maija Virtanen');
    expect(held!.textContent).toContain('Under review since');
    expect(held!.textContent).toContain('Sent contact details or suspicious links to many different people');
    expect(held!.textContent).toContain('a phone number, a WhatsApp contact');
    expect(other!.textContent).toContain('Olli Ostaja');
    expect(other!.textContent).not.toContain('Under review');
    // Releasing is for staff who manage users.
    expect(screen.queryByRole('button', { name: /Release/ })).toBeNull();
  });

  it('releases a held account for staff who manage users, and says so', async () => {
    const release = vi
      .spyOn(api, 'releaseHeldAccount')
      .mockResolvedValue({ message: 'The account was released from review.', data: { id: 12, held: false, released: true } });
    renderPage(PAGE, true);
    const buttons = screen.getAllByRole('button', { name: /Release/ });
    expect(buttons).toHaveLength(1);
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Release Maija Virtanen from review' })));
    expect(release).toHaveBeenCalledWith(12);
    expect(toastStore.get().map((toast) => toast.message)).toContain('The account was released from review.');
  });

  it('says when there is nothing to show', () => {
    renderPage({ data: [], meta: { ...PAGE.meta, total: 0 } }, true);
    expect(screen.getByText('The scam guard has found nothing in the last 7 days.')).toBeTruthy();
  });
});
