// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MESSAGE_MAX_LENGTH } from '../../../../common/chat';
import en from '../../../i18n/en.json';
import { createI18n } from '../../../lib/i18n';
import { I18nProvider } from '../../../lib/use-translation';
import { COUNTER_FROM, Composer, messageLength } from './composer';

const i18n = createI18n('en', { en });

function renderComposer(props: Partial<Parameters<typeof Composer>[0]> = {}) {
  const onSend = vi.fn<(text: string, picture: File | null) => boolean | void>();
  const onTyping = vi.fn();
  render(
    <I18nProvider i18n={i18n}>
      <Composer onSend={onSend} onTyping={onTyping} {...props} />
    </I18nProvider>,
  );
  const box = screen.getByRole('textbox', { name: 'Message' }) as HTMLTextAreaElement;
  return { onSend, onTyping, box };
}

beforeEach(() => {
  URL.createObjectURL = vi.fn(() => 'blob:preview');
  URL.revokeObjectURL = vi.fn();
});
afterEach(cleanup);

describe('Composer', () => {
  it('sends on Enter and clears the box', () => {
    const { onSend, box, onTyping } = renderComposer();
    fireEvent.change(box, { target: { value: '  Is it still for sale?  ' } });
    expect(onTyping).toHaveBeenCalledTimes(1);
    fireEvent.keyDown(box, { key: 'Enter' });
    expect(onSend).toHaveBeenCalledWith('Is it still for sale?', null);
    expect(box.value).toBe('');
  });

  it('does not send on Shift+Enter (a new line) nor while an input method composes', () => {
    const { onSend, box } = renderComposer();
    fireEvent.change(box, { target: { value: 'first line' } });
    const shift = fireEvent.keyDown(box, { key: 'Enter', shiftKey: true });
    // The browser's own new line is not prevented.
    expect(shift).toBe(true);
    fireEvent.keyDown(box, { key: 'Enter', isComposing: true });
    expect(onSend).not.toHaveBeenCalled();
    expect(box.value).toBe('first line');
  });

  it('sends nothing that is only white space', () => {
    const { onSend, box } = renderComposer();
    fireEvent.change(box, { target: { value: ' \n  ' } });
    fireEvent.keyDown(box, { key: 'Enter' });
    expect(onSend).not.toHaveBeenCalled();
    expect((screen.getByRole('button', { name: 'Send' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('keeps the text when the sender does not accept it', () => {
    const { onSend, box } = renderComposer();
    onSend.mockReturnValue(false);
    fireEvent.change(box, { target: { value: 'hello' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect(onSend).toHaveBeenCalledTimes(1);
    expect(box.value).toBe('hello');
  });

  it('shows a counter near the limit and refuses a message over it', () => {
    const { onSend, box } = renderComposer();
    fireEvent.change(box, { target: { value: 'x'.repeat(COUNTER_FROM - 1) } });
    expect(screen.queryByText(new RegExp(`/ ${MESSAGE_MAX_LENGTH}$`))).toBeNull();
    fireEvent.change(box, { target: { value: 'x'.repeat(COUNTER_FROM) } });
    expect(screen.getByText(`${COUNTER_FROM} / ${MESSAGE_MAX_LENGTH}`)).toBeTruthy();
    fireEvent.change(box, { target: { value: 'x'.repeat(MESSAGE_MAX_LENGTH + 1) } });
    expect(box.getAttribute('aria-invalid')).toBe('true');
    fireEvent.keyDown(box, { key: 'Enter' });
    expect(onSend).not.toHaveBeenCalled();
    expect(screen.getByRole('alert').textContent).toBe(`The message is too long. It may have at most ${MESSAGE_MAX_LENGTH} characters.`);
  });

  it('counts an emoji as one character, as the server does', () => {
    expect(messageLength('👍🏽')).toBe(2);
    expect(messageLength('😀😀')).toBe(2);
    expect(messageLength('äö')).toBe(2);
  });

  it('refuses a file that is not a picture before any upload, and sends a picture with the text', async () => {
    const { onSend, box } = renderComposer({ allowPicture: true });
    const input = document.querySelector('input[type=file]') as HTMLInputElement;
    const pdf = new File(['%PDF'], 'offer.pdf', { type: 'application/pdf' });
    await act(async () => fireEvent.change(input, { target: { files: [pdf] } }));
    expect(screen.getByRole('alert').textContent).toContain('not a picture');
    expect(screen.queryByRole('img', { name: 'Picture to send' })).toBeNull();

    const photo = new File(['jpeg'], 'bike.jpg', { type: 'image/jpeg' });
    await act(async () => fireEvent.change(input, { target: { files: [photo] } }));
    expect(screen.getByRole('img', { name: 'Picture to send' })).toBeTruthy();
    // A picture alone may be sent.
    fireEvent.keyDown(box, { key: 'Enter' });
    expect(onSend).toHaveBeenCalledWith('', photo);
    expect(screen.queryByRole('img', { name: 'Picture to send' })).toBeNull();
  });
});
