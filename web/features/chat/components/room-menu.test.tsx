// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import en from '../../../i18n/en.json';
import { createI18n } from '../../../lib/i18n';
import { I18nProvider } from '../../../lib/use-translation';
import { newRoom } from '../chat-factories';
import { RoomMenu } from './room-menu';

const i18n = createI18n('en', { en });

afterEach(() => cleanup());

describe('the conversation menu button (⋮)', () => {
  it('carries the shared focus ring (outline-none no longer hides it) and opens its menu', async () => {
    render(
      <I18nProvider i18n={i18n}>
        <RoomMenu room={newRoom()} onChanged={() => {}} />
      </I18nProvider>,
    );
    const button = screen.getByRole('button', { name: en.chat.menu });
    expect(button.classList.contains('focus-ring')).toBe(true);
    expect(button.classList.contains('outline-none')).toBe(false);
    expect(button.getAttribute('aria-haspopup')).toBe('true');
    await act(async () => fireEvent.click(button));
    expect(button.getAttribute('aria-expanded')).toBe('true');
  });
});
