import { createStore } from './store';

/** The last API error message, kept for 5 seconds (spec section 8) for screens that show it inline. */
export const GLOBAL_ERROR_MS = 5000;
export const globalErrorStore = createStore<string | null>(null);
let timer: ReturnType<typeof setTimeout> | undefined;

export function setGlobalError(message: string): void {
  clearTimeout(timer);
  globalErrorStore.set(message);
  timer = setTimeout(() => globalErrorStore.set(null), GLOBAL_ERROR_MS);
}
