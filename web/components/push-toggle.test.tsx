// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import en from '../i18n/en.json';
import { createI18n } from '../lib/i18n';
import { I18nProvider } from '../lib/use-translation';

const device = vi.hoisted(() => ({
  pushState: vi.fn<() => Promise<string>>(),
  turnPushOn: vi.fn<() => Promise<string>>(),
  turnPushOff: vi.fn<() => Promise<string>>(),
}));
vi.mock('../lib/push-device', () => device);

const { PushToggle } = await import('./push-toggle');
const i18n = createI18n('en', { en });

async function renderToggle() {
  render(
    <I18nProvider i18n={i18n}>
      <PushToggle />
    </I18nProvider>,
  );
  await act(async () => {});
}

afterEach(() => {
  cleanup();
  vi.resetAllMocks();
});

describe('PushToggle', () => {
  it('turns push on for this device, then off again', async () => {
    device.pushState.mockResolvedValue('off');
    device.turnPushOn.mockResolvedValue('on');
    device.turnPushOff.mockResolvedValue('off');
    await renderToggle();
    const toggle = screen.getByRole<HTMLInputElement>('checkbox', { name: 'Push notifications on this device' });
    expect(toggle.checked).toBe(false);
    await act(async () => fireEvent.click(toggle));
    expect(device.turnPushOn).toHaveBeenCalledOnce();
    expect(toggle.checked).toBe(true);
    await act(async () => fireEvent.click(toggle));
    expect(device.turnPushOff).toHaveBeenCalledOnce();
    expect(toggle.checked).toBe(false);
  });

  it('says so when the browser has no push, or the person blocked notifications', async () => {
    device.pushState.mockResolvedValue('unsupported');
    await renderToggle();
    screen.getByText('This browser does not support push notifications.');
    expect(screen.queryByRole('checkbox')).toBeNull();
    cleanup();

    device.pushState.mockResolvedValue('denied');
    await renderToggle();
    expect(screen.getByRole<HTMLInputElement>('checkbox', { name: 'Push notifications on this device' }).disabled).toBe(true);
    screen.getByText('Notifications are blocked for this site in the browser settings.');
  });

  it('tells of a failure beside the toggle and leaves it off', async () => {
    device.pushState.mockResolvedValue('off');
    device.turnPushOn.mockRejectedValue(new Error('push service unreachable'));
    await renderToggle();
    const toggle = screen.getByRole<HTMLInputElement>('checkbox', { name: 'Push notifications on this device' });
    await act(async () => fireEvent.click(toggle));
    expect(screen.getByRole('alert').textContent).toBe('Push notifications could not be turned on. Try again.');
    expect(toggle.checked).toBe(false);
  });
});
