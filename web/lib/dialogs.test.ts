import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DIALOG_REMOVE_DELAY_MS, type DialogProps, closeDialog, dialogStore, openDialog } from './dialogs';

function Carousel(_props: DialogProps & { images: string[] }) {
  return null;
}
function MapDialog(_props: DialogProps) {
  return null;
}

beforeEach(() => {
  vi.useFakeTimers();
  dialogStore.set([]);
});

afterEach(() => {
  vi.useRealTimers();
});

describe('dialogs', () => {
  it('removes a closed dialog after 1 second (DIALOG_REMOVE_DELAY_MS)', () => {
    expect(DIALOG_REMOVE_DELAY_MS).toBe(1000);
  });

  it('openDialog adds an open dialog with its component and props', () => {
    const id = openDialog(Carousel, { images: ['a.jpg'] });
    expect(dialogStore.get()).toEqual([{ id, open: true, component: Carousel, props: { images: ['a.jpg'] } }]);
  });

  it('openDialog gives each dialog its own id and keeps them in order', () => {
    const a = openDialog(Carousel, { images: [] });
    const b = openDialog(MapDialog, {});
    expect(a).not.toBe(b);
    expect(dialogStore.get().map((d) => d.id)).toEqual([a, b]);
  });

  it('closeDialog marks it closed at once and removes it exactly 1000 ms later, not before', () => {
    const id = openDialog(MapDialog, {});
    closeDialog(id);
    expect(dialogStore.get()).toEqual([expect.objectContaining({ id, open: false })]);
    vi.advanceTimersByTime(999);
    expect(dialogStore.get()).toEqual([expect.objectContaining({ id, open: false })]);
    vi.advanceTimersByTime(1);
    expect(dialogStore.get()).toEqual([]);
  });

  it('closeDialog leaves the other dialogs open', () => {
    const a = openDialog(Carousel, { images: [] });
    const b = openDialog(MapDialog, {});
    closeDialog(a);
    expect(dialogStore.get().find((d) => d.id === b)?.open).toBe(true);
    vi.advanceTimersByTime(DIALOG_REMOVE_DELAY_MS);
    expect(dialogStore.get()).toEqual([expect.objectContaining({ id: b, open: true })]);
  });
});
