import { describe, expect, it, vi } from 'vitest';
import { CONSENT_CATEGORIES, type ConsentState, announceConsent, consentState, onConsent } from './consent';

describe('consent', () => {
  it('includes analytics_storage among the categories', () => {
    expect(CONSENT_CATEGORIES).toContain('analytics_storage');
  });

  it('accept grants every category', () => {
    const state = consentState('granted');
    expect(Object.keys(state).sort()).toEqual([...CONSENT_CATEGORIES].sort());
    expect(Object.values(state).every((v) => v === 'granted')).toBe(true);
  });

  it('reject denies every category', () => {
    const state = consentState('denied');
    expect(Object.keys(state).sort()).toEqual([...CONSENT_CATEGORIES].sort());
    expect(Object.values(state).every((v) => v === 'denied')).toBe(true);
  });

  it('announces the answer to subscribers until they unsubscribe', () => {
    const listener = vi.fn();
    const unsubscribe = onConsent(listener);
    announceConsent('granted');
    expect(listener).toHaveBeenCalledWith(consentState('granted'));
    unsubscribe();
    announceConsent('denied');
    expect(listener).toHaveBeenCalledTimes(1);
  });
});

describe('late subscribers', () => {
  it('hear the answer given before they subscribed', () => {
    announceConsent('granted');
    const heard: ConsentState[] = [];
    const stop = onConsent((state) => heard.push(state));
    expect(heard).toEqual([consentState('granted')]);
    stop();
  });
});
