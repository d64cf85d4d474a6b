/**
 * What we keep of a strong identification, read from the broker's ID token by an allow-list: the
 * method (from `amr`) and the name. Every other claim — the personal identity code (`hetu`,
 * `personal_identity_code`, `nin`, `urn:oid:1.2.246.21`, …), `sub`, the birth date — is never read,
 * so it cannot be stored; a value that still looks like an identity code is dropped as well.
 */

/** The methods the site names; anything else an FTN broker says is kept as it said it (sanitized). */
export const KNOWN_METHODS = ['bank', 'mobile', 'card'] as const;
export type KnownMethod = (typeof KNOWN_METHODS)[number];
/** The method when the broker names none: strongly identified in the Finnish Trust Network. */
export const DEFAULT_METHOD = 'ftn';

const NAME_MAX = 200;
const METHOD_MAX = 40;

// A Finnish personal identity code: date, century sign, individual number, check character.
const IDENTITY_CODE = /\d{6}\s*[-+A-FU-Y]\s*\d{3}\s*[0-9A-Y]/i;

export function looksLikeIdentityCode(value: string): boolean {
  return IDENTITY_CODE.test(value);
}

/** FTN brokers name the method in their own ways ("fi-bank", "tupas", "nordea", "mobiilivarmenne", "fineid"…). */
const METHOD_PATTERNS: [KnownMethod, RegExp][] = [
  ['mobile', /mobi|mpass|varmenne(?!kortti)/],
  ['bank', /bank|tupas|pankki|nordea|osuuspankki|^op$|^op[-_]|danske|aktia|handelsbanken|omasp/],
  ['card', /fineid|card|kortti|^dvv|^vrk|^hst|^sc$/],
];

function amrValues(amr: unknown): string[] {
  const list = Array.isArray(amr) ? amr : typeof amr === 'string' ? amr.split(/\s+/) : [];
  return list.filter((value): value is string => typeof value === 'string').map((value) => value.trim().toLowerCase());
}

/** "bank", "mobile" or "card" when recognized; else the broker's first word, sanitized; else "ftn". */
export function methodFromAmr(amr: unknown): string {
  const values = amrValues(amr).filter((value) => value && !looksLikeIdentityCode(value));
  for (const value of values) {
    const known = METHOD_PATTERNS.find(([, pattern]) => pattern.test(value));
    if (known) return known[0];
  }
  for (const value of values) {
    const clean = value.replace(/[^a-z0-9._:-]/g, '').slice(0, METHOD_MAX);
    if (clean) return clean;
  }
  return DEFAULT_METHOD;
}

function cleanText(value: unknown): string {
  return typeof value === 'string'
    ? value
        .replace(/\p{Cc}/gu, ' ')
        .replace(/\s+/g, ' ')
        .trim()
    : '';
}

/** The name as the broker gave it: `name`, else `given_name family_name`; null when none (or it holds an identity code). */
export function nameFromClaims(claims: Record<string, unknown>): string | null {
  const name = cleanText(claims.name) || [cleanText(claims.given_name), cleanText(claims.family_name)].filter(Boolean).join(' ');
  if (!name || looksLikeIdentityCode(name)) return null;
  return name.slice(0, NAME_MAX);
}

export interface KeptIdentity {
  method: string;
  name: string | null;
}

/** Everything that leaves the broker's answer for storage. */
export function identityFromClaims(claims: Record<string, unknown>): KeptIdentity {
  return { method: methodFromAmr(claims.amr), name: nameFromClaims(claims) };
}
