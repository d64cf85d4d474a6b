// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import en from '../../../i18n/en.json';
import { ApiError, api } from '../../../lib/api-client';
import { createI18n } from '../../../lib/i18n';
import { I18nProvider } from '../../../lib/use-translation';
import { RejectDialog } from './reject-dialog';

const i18n = createI18n('en', { en });
const REASON = 'The pictures do not show the item that is sold.';

function open() {
  const onRejected = vi.fn();
  render(
    <I18nProvider i18n={i18n}>
      <RejectDialog ad={{ uuid: 'ad-1', name: 'Bike' }} onClose={vi.fn()} onRejected={onRejected} />
    </I18nProvider>,
  );
  const reason = screen.getByRole('textbox', { name: 'Reason for the seller' }) as HTMLTextAreaElement;
  const submit = () => act(async () => fireEvent.click(screen.getByRole('button', { name: 'Reject the ad' })));
  return { onRejected, reason, submit };
}

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('RejectDialog', () => {
  it('asks for a reason before calling the server', async () => {
    const reject = vi.spyOn(api, 'rejectProduct');
    const { reason, submit } = open();
    await submit();
    expect(reject).not.toHaveBeenCalled();
    expect(reason.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText('Field is required')).toBeTruthy();
  });

  it('puts the server’s refusal of the reason under it, keeps the text and moves focus there', async () => {
    vi.spyOn(api, 'rejectProduct').mockRejectedValue(
      new ApiError('Please check the highlighted fields.', 422, { errors: { reason: ['The reason contains a link.'] } }),
    );
    const { reason, submit, onRejected } = open();
    fireEvent.change(reason, { target: { value: REASON } });
    await submit();
    expect(reason.value).toBe(REASON);
    expect(reason.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText('The reason contains a link.')).toBeTruthy();
    expect(document.activeElement).toBe(reason);
    expect(screen.queryByRole('alert')).toBeNull();
    expect(onRejected).not.toHaveBeenCalled();
    fireEvent.change(reason, { target: { value: `${REASON} ` } });
    expect(reason.getAttribute('aria-invalid')).toBeNull();
  });

  it('shows any other failure above the buttons and hands the reply on when it works', async () => {
    const reject = vi.spyOn(api, 'rejectProduct').mockRejectedValueOnce(new ApiError('Server error', 500, undefined));
    const { reason, submit, onRejected } = open();
    fireEvent.change(reason, { target: { value: REASON } });
    await submit();
    expect(screen.getByRole('alert').textContent).toBe('Server error');
    expect(reason.getAttribute('aria-invalid')).toBeNull();
    reject.mockResolvedValueOnce({ message: 'The ad was rejected.' } as never);
    await submit();
    expect(reject).toHaveBeenLastCalledWith('ad-1', REASON);
    expect(onRejected).toHaveBeenCalledWith('The ad was rejected.');
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
