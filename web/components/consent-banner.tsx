import { Cookie } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useTranslation } from '../lib/use-translation';
import { Link } from 'react-router';
import { announceConsent } from '../lib/consent';
import { CONSENT_KEY, type Consent, storeConsent, storeConsentCookie } from '../lib/preferences';
import { policyChangedSinceAnswer, recordConsent, storePolicyVersion } from '../lib/consent-version';

/**
 * Asks once whether analytics storage may be used. Accept grants every category, reject denies
 * them all; either way the banner hides and stays hidden. Nothing optional runs before an answer.
 */
export function ConsentBanner({
  initial,
  policyVersion,
  signedIn = false,
}: {
  initial: Consent | undefined;
  /** The privacy policy in force (issue 27): an answer given under another one is asked again. */
  policyVersion?: string;
  /** A signed-in person's answer is also recorded on their account. */
  signedIn?: boolean;
}) {
  const { t } = useTranslation();
  const [answer, setAnswer] = useState<Consent | undefined>(initial);

  useEffect(() => {
    // The privacy policy changed since this device answered: ask again (nothing optional runs meanwhile).
    if (answer && policyVersion && policyChangedSinceAnswer(policyVersion)) {
      // Local storage is only readable after hydration, so these updates have to come from an effect.
      // eslint-disable-next-line react-hooks/set-state-in-effect
      setAnswer(undefined);
      return;
    }
    // A returning visitor: tell whoever waits for consent what they answered before.
    if (answer) {
      announceConsent(answer);
      return;
    }
    // An answer kept in local storage but not in the cookie (cookie cleared): restore the cookie only,
    // keeping the time of the original answer.
    try {
      const stored = JSON.parse(window.localStorage.getItem(CONSENT_KEY) ?? 'null') as { value?: Consent } | null;
      if (stored?.value === 'granted' || stored?.value === 'denied') {
        storeConsentCookie(stored.value);
        announceConsent(stored.value);
        // Local storage is only readable after hydration, so this one update has to come from an effect
        // (the rule reports the effect's first update only: the one above carries the exception).
        setAnswer(stored.value);
      }
    } catch {
      // Unreadable storage: ask again.
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  function decide(value: Consent) {
    storeConsent(value);
    if (policyVersion) storePolicyVersion(policyVersion);
    if (signedIn) recordConsent(value).catch(() => undefined);
    announceConsent(value);
    setAnswer(value);
  }

  if (answer) return null;
  return (
    <section
      aria-labelledby="consent-title"
      className="fixed inset-x-0 bottom-0 z-40 border-t border-line bg-raised p-4 shadow-[0_-4px_16px_rgba(0,0,0,0.12)] sm:inset-x-auto sm:bottom-4 sm:left-4 sm:max-w-md sm:rounded-xl sm:border"
    >
      <h2 id="consent-title" className="mb-1 flex items-center gap-2 font-semibold">
        <Cookie aria-hidden size={18} />
        {t('consent.title')}
      </h2>
      <p className="mb-3 text-sm text-muted">
        {t('consent.text')}{' '}
        <Link to="/info/privacy-policy" className="underline">
          {t('consent.more')}
        </Link>
      </p>
      <div className="grid grid-cols-2 gap-2 sm:flex">
        <button
          type="button"
          onClick={() => decide('granted')}
          className="rounded-lg bg-brand px-4 py-2 font-semibold text-brand-ink hover:brightness-110"
        >
          {t('consent.accept')}
        </button>
        <button
          type="button"
          onClick={() => decide('denied')}
          className="rounded-lg border border-line px-4 py-2 font-semibold hover:bg-sunken"
        >
          {t('consent.reject')}
        </button>
      </div>
    </section>
  );
}
