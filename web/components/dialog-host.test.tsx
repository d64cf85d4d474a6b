// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DIALOG_REMOVE_DELAY_MS, type DialogProps, closeDialog, dialogStore, openDialog } from '../lib/dialogs';
import { DialogHost } from './dialog-host';

function Greeting({ name, isOpen, close }: DialogProps & { name: string; isOpen?: boolean }) {
  return (
    <div role="dialog" aria-label={`Hello ${name}`} data-open={String(isOpen)}>
      <button type="button" onClick={close}>
        Close
      </button>
    </div>
  );
}

beforeEach(() => {
  vi.useFakeTimers();
  dialogStore.set([]);
});

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  dialogStore.set([]);
});

describe('DialogHost', () => {
  it('renders an opened dialog with its props, told that it is open', () => {
    render(<DialogHost />);
    act(() => {
      openDialog(Greeting, { name: 'Anna' });
    });
    expect(screen.getByRole('dialog', { name: 'Hello Anna' }).getAttribute('data-open')).toBe('true');
  });

  it('keeps a closed dialog mounted but closed for 1 second, then removes it', () => {
    render(<DialogHost />);
    act(() => {
      openDialog(Greeting, { name: 'Anna' });
    });
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(screen.getByRole('dialog', { name: 'Hello Anna' }).getAttribute('data-open')).toBe('false');
    act(() => {
      vi.advanceTimersByTime(DIALOG_REMOVE_DELAY_MS - 1);
    });
    expect(screen.queryByRole('dialog')).not.toBeNull();
    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('renders several dialogs and closes only the one asked', () => {
    render(<DialogHost />);
    let first = 0;
    act(() => {
      first = openDialog(Greeting, { name: 'Anna' });
      openDialog(Greeting, { name: 'Bob' });
    });
    act(() => {
      closeDialog(first);
      vi.advanceTimersByTime(DIALOG_REMOVE_DELAY_MS);
    });
    expect(screen.queryByRole('dialog', { name: 'Hello Anna' })).toBeNull();
    expect(screen.getByRole('dialog', { name: 'Hello Bob' }).getAttribute('data-open')).toBe('true');
  });
});
