import type { Consent } from './preferences';

/** The consent categories, in the vocabulary analytics tools use (Google Consent Mode v2). */
export const CONSENT_CATEGORIES = [
  'analytics_storage',
  'ad_storage',
  'ad_user_data',
  'ad_personalization',
  'functionality_storage',
  'personalization_storage',
] as const;

export type ConsentCategory = (typeof CONSENT_CATEGORIES)[number];
export type ConsentState = Record<ConsentCategory, Consent>;

/** Accept grants every category, reject denies every one: there is no partial answer. */
export function consentState(answer: Consent): ConsentState {
  return Object.fromEntries(CONSENT_CATEGORIES.map((c) => [c, answer])) as ConsentState;
}

type Listener = (state: ConsentState) => void;
const listeners = new Set<Listener>();
let current: ConsentState | undefined;

/**
 * Analytics code subscribes here and starts only when analytics_storage is granted. A listener
 * that subscribes after the answer is known hears it at once.
 */
export function onConsent(listener: Listener): () => void {
  listeners.add(listener);
  if (current) listener(current);
  return () => listeners.delete(listener);
}

export function announceConsent(answer: Consent): void {
  current = consentState(answer);
  for (const listener of listeners) listener(current);
}
