import { CONSENT_VERSION_COOKIE, type ConsentChoice } from '../../common/privacy';
import { apiRequest } from './api-client';

/**
 * The privacy-policy version a device's cookie answer was given under (issue 27): kept in local
 * storage and a cookie beside the answer. A new policy version asks again; an answer given before
 * versions were kept is taken as given under the version in force when first seen.
 */
const ONE_YEAR = 365 * 24 * 60 * 60;

export function storePolicyVersion(version: string): void {
  try {
    window.localStorage.setItem(CONSENT_VERSION_COOKIE, version);
  } catch {
    // The cookie still carries it.
  }
  const secure = window.location.protocol === 'https:' ? '; Secure' : '';
  document.cookie = `${CONSENT_VERSION_COOKIE}=${encodeURIComponent(version)}; Path=/; Max-Age=${ONE_YEAR}; SameSite=Lax${secure}`;
}

function storedPolicyVersion(): string | null {
  try {
    const stored = window.localStorage.getItem(CONSENT_VERSION_COOKIE);
    if (stored) return stored;
  } catch {
    // Read the cookie instead.
  }
  const match = new RegExp(`(?:^|; )${CONSENT_VERSION_COOKIE}=([^;]*)`).exec(document.cookie);
  return match ? decodeURIComponent(match[1]!) : null;
}

/** True when the answer on this device was given under another privacy policy than `current`. */
export function policyChangedSinceAnswer(current: string): boolean {
  const stored = storedPolicyVersion();
  if (stored === null) {
    storePolicyVersion(current);
    return false;
  }
  return stored !== current;
}

/** Records a signed-in person's answer on their account (time, choice, policy version); a failure is not the visitor's problem. */
export function recordConsent(choice: ConsentChoice) {
  return apiRequest<{ data: { choice: ConsentChoice; policy_version: string; created_at: string }; message: string }>(
    'POST',
    '/account/consent',
    {
      body: { choice },
      silent: true,
    },
  );
}
