import { createStore } from './store';

export type ToastIcon = 'success' | 'error' | 'warning' | 'info';
export type ToastPosition = 'top' | 'top-end' | 'bottom' | 'bottom-end';

export interface ToastButton {
  label: string;
  onPress: () => void;
}

export interface Toast {
  id: number;
  icon: ToastIcon;
  message: string;
  position: ToastPosition;
  /** Milliseconds before it closes by itself; 0 keeps it until closed. */
  timer: number;
  button?: ToastButton;
  /** "Log in to …": closed as soon as the person has signed in, whatever its timer says. */
  untilSignIn?: boolean;
}

export const DEFAULT_TOAST_MS = 3000;
export const ERROR_TOAST_MS = 5000;

export const toastStore = createStore<Toast[]>([]);
let nextId = 1;
const timers = new Map<number, ReturnType<typeof setTimeout>>();

export function dismissToast(id: number): void {
  clearTimeout(timers.get(id));
  timers.delete(id);
  toastStore.set((list) => list.filter((t) => t.id !== id));
}

export function showToast(options: Partial<Omit<Toast, 'id'>> & { message: string }): number {
  const toast: Toast = { id: nextId++, icon: 'info', position: 'top-end', timer: DEFAULT_TOAST_MS, ...options };
  toastStore.set((list) => [...list, toast]);
  if (toast.timer > 0)
    timers.set(
      toast.id,
      setTimeout(() => dismissToast(toast.id), toast.timer),
    );
  return toast.id;
}

/** Closes the toasts that asked the person to sign in (they have). */
export function dismissSignInToasts(): void {
  for (const toast of toastStore.get()) if (toast.untilSignIn) dismissToast(toast.id);
}
