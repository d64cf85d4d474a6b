// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createRoutesStub } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { IdentityOutcome } from '../../../../common/identity';
import type { IdentityStatusView } from '../../../../server/modules/identity/identity.schemas';
import en from '../../../i18n/en.json';
import { ApiError } from '../../../lib/api-client';
import { createI18n } from '../../../lib/i18n';
import { toastStore } from '../../../lib/toasts';
import { I18nProvider } from '../../../lib/use-translation';
import { identityApi } from '../identity-api';
import { IdentitySection, methodLabel } from './identity-section';

const i18n = createI18n('en', { en });
const notVerified: IdentityStatusView = { available: true, verified: false, method: null, name: null, verified_at: null };
const verified: IdentityStatusView = {
  available: true,
  verified: true,
  method: 'bank',
  name: 'Matti Meikäläinen',
  verified_at: '2026-11-27T10:00:00.000Z',
};

function renderSection(status: IdentityStatusView, outcome: IdentityOutcome | null = null) {
  const Stub = createRoutesStub([{ path: '/settings/account', Component: () => <IdentitySection status={status} outcome={outcome} /> }]);
  return render(
    <I18nProvider i18n={i18n}>
      <Stub initialEntries={['/settings/account']} />
    </I18nProvider>,
  );
}

const assign = vi.fn();
beforeEach(() => {
  toastStore.set([]);
  vi.stubGlobal('location', { ...window.location, assign });
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  assign.mockReset();
});

describe('the settings’ strong identification section', () => {
  it('is not there when the site has no broker and the person was never verified', async () => {
    renderSection({ ...notVerified, available: false });
    await waitFor(() => expect(screen.queryByRole('heading', { name: 'Verify your identity' })).toBeNull());
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('offers to identify, and sends the browser to the broker’s address the server answers', async () => {
    const start = vi.spyOn(identityApi, 'start').mockResolvedValue({ data: { url: 'https://broker.example/authorize?state=s' } });
    renderSection(notVerified);
    expect(await screen.findByRole('heading', { name: 'Verify your identity' })).toBeTruthy();
    expect(screen.getByText(/never your personal identity code/)).toBeTruthy();
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Identify' })));
    expect(start).toHaveBeenCalledOnce();
    expect(assign).toHaveBeenCalledWith('https://broker.example/authorize?state=s');
  });

  it('lets the button be pressed again when starting failed (the client showed why)', async () => {
    vi.spyOn(identityApi, 'start').mockRejectedValue(new ApiError('Service unavailable', 503, {}));
    renderSection(notVerified);
    const button = await screen.findByRole('button', { name: 'Identify' });
    await act(async () => fireEvent.click(button));
    expect(assign).not.toHaveBeenCalled();
    expect((button as HTMLButtonElement).disabled).toBe(false);
  });

  it('shows the outcome of the round trip: success, a cancel, or why it failed', async () => {
    renderSection(verified, 'verified');
    expect((await screen.findByRole('status')).textContent).toMatch(/Your identity is now verified/);
    cleanup();
    renderSection(notVerified, 'cancelled');
    expect((await screen.findByRole('status')).textContent).toMatch(/cancelled\. Nothing was saved/);
    cleanup();
    renderSection(notVerified, 'failed');
    expect((await screen.findByRole('alert')).textContent).toMatch(/could not be completed.*Nothing was saved/);
  });

  it('once verified, shows when, how and the name, with the badge, and removes it after a confirmation', async () => {
    const remove = vi
      .spyOn(identityApi, 'remove')
      .mockResolvedValue({ message: 'The identification was removed.', data: { ...notVerified } });
    renderSection(verified);
    expect(await screen.findByText('Your identity is verified')).toBeTruthy();
    expect(screen.getByText(/Identified on .*2026, method: online banking/)).toBeTruthy();
    expect(screen.getByText('Name in the identification: Matti Meikäläinen')).toBeTruthy();
    expect(screen.getByRole('img', { name: /Strongly identified/ })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Identify' })).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Remove identification' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Remove the identification?' });
    await act(async () => fireEvent.click(within(dialog).getByRole('button', { name: 'Remove identification' })));
    expect(remove).toHaveBeenCalledOnce();
    expect(toastStore.get().map((toast) => toast.message)).toEqual(['The identification was removed.']);
  });

  it('names the methods it knows and shows others as the broker named them', () => {
    const t = i18n.t.bind(i18n) as (key: string) => string;
    expect(methodLabel('mobile', t)).toBe('mobile certificate');
    expect(methodLabel('card', t)).toBe('certificate card');
    expect(methodLabel('ftn', t)).toBe('strong electronic identification');
    expect(methodLabel(null, t)).toBe('strong electronic identification');
    expect(methodLabel('mfa', t)).toBe('mfa');
  });
});
