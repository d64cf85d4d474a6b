// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import en from '../../../i18n/en.json';
import { ApiError, api } from '../../../lib/api-client';
import { createI18n } from '../../../lib/i18n';
import { toastStore } from '../../../lib/toasts';
import { I18nProvider } from '../../../lib/use-translation';
import type { StaffUser } from '../user-rules';
import { BlockDialog } from './block-dialog';

const i18n = createI18n('en', { en });
const user = { id: 7, name: 'Aino', surname: 'Virtanen', email: 'aino@example.fi', roles: [] } as unknown as StaffUser;

function open() {
  const onBlocked = vi.fn();
  const close = vi.fn();
  render(
    <I18nProvider i18n={i18n}>
      <BlockDialog user={user} onBlocked={onBlocked} close={close} />
    </I18nProvider>,
  );
  const reason = screen.getByRole('textbox', { name: /Reason/ }) as HTMLTextAreaElement;
  const submit = () => act(async () => fireEvent.click(screen.getByRole('button', { name: 'Block' })));
  return { onBlocked, close, reason, submit };
}

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  toastStore.set([]);
});

describe('BlockDialog', () => {
  it('shows a refused reason under the field and keeps what was typed', async () => {
    vi.spyOn(api, 'toggleBlock').mockRejectedValue(
      new ApiError('Please check the highlighted fields.', 422, { errors: { reason: ['The reason contains control characters.'] } }),
    );
    const { close, reason, submit } = open();
    fireEvent.change(reason, { target: { value: 'Spam' } });
    await submit();
    expect(api.toggleBlock).toHaveBeenCalledWith(7, true, 'Spam');
    expect(reason.value).toBe('Spam');
    expect(reason.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText('The reason contains control characters.')).toBeTruthy();
    expect(toastStore.get()).toEqual([]);
    expect(close).not.toHaveBeenCalled();
  });

  it('toasts a failure the reason does not explain, and stays open', async () => {
    vi.spyOn(api, 'toggleBlock').mockRejectedValue(new ApiError('Server error', 500, undefined));
    const { close, reason, submit } = open();
    await submit();
    expect(reason.getAttribute('aria-invalid')).toBeNull();
    expect(toastStore.get().map((toast) => [toast.icon, toast.message, toast.timer])).toEqual([['error', 'Server error', 5000]]);
    expect(close).not.toHaveBeenCalled();
  });

  it('blocks, toasts, closes and reloads', async () => {
    vi.spyOn(api, 'toggleBlock').mockResolvedValue({ message: 'Blocked.' } as never);
    const { close, onBlocked, submit } = open();
    await submit();
    expect(api.toggleBlock).toHaveBeenCalledWith(7, true, undefined);
    expect(toastStore.get().map((toast) => toast.message)).toEqual(['Blocked.']);
    expect(close).toHaveBeenCalled();
    expect(onBlocked).toHaveBeenCalled();
  });
});
