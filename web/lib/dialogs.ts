import type { ComponentType } from 'react';
import { createStore } from './store';

/** How long a closed dialog stays mounted, so its closing animation can finish (spec: 1 s). */
export const DIALOG_REMOVE_DELAY_MS = 1000;

export interface DialogProps {
  close: () => void;
}

export interface OpenDialog {
  id: number;
  /** False from the moment it closes until it is removed. */
  open: boolean;
  component: ComponentType<DialogProps & Record<string, unknown>>;
  props: Record<string, unknown>;
}

export const dialogStore = createStore<OpenDialog[]>([]);
let nextId = 1;

export function closeDialog(id: number): void {
  dialogStore.set((list) => list.map((d) => (d.id === id ? { ...d, open: false } : d)));
  setTimeout(() => dialogStore.set((list) => list.filter((d) => d.id !== id)), DIALOG_REMOVE_DELAY_MS);
}

/** Opens a dialog component anywhere in the app; it receives `close` and the given props. */
export function openDialog<P extends object>(component: ComponentType<DialogProps & P>, props: P): number {
  const id = nextId++;
  dialogStore.set((list) => [
    ...list,
    { id, open: true, component: component as OpenDialog['component'], props: props as Record<string, unknown> },
  ]);
  return id;
}
