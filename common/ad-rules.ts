/**
 * The rules of an ad that both sides need: statuses, sorts, field bounds, how a price is written,
 * and who may move an ad from which status to which. Pure code, imported by the database schema,
 * the server and the web forms, so none of them can disagree.
 */

/** Ad statuses (spec section 4); "moderate" reads "Checking with moderator". */
export const AD_STATUSES = ['new', 'moderate', 'active', 'sold', 'reserved', 'disabled', 'canceled'] as const;
export type AdStatus = (typeof AD_STATUSES)[number];

/** Statuses in which an ad is shown to everyone (searches list only `active`). */
export const PUBLIC_AD_STATUSES: readonly AdStatus[] = ['active', 'sold', 'reserved'];

/**
 * What an ad offers: something for sale (every ad before kinds existed), something wanted, something
 * given away (its price is always 0) or something for rent. The spec names no such field.
 */
/** Why an ad waits for review besides the moderation setting (issue 25's scam guard). */
export const AD_FLAG_KINDS = ['duplicate_picture'] as const;
export type AdFlagKind = (typeof AD_FLAG_KINDS)[number];
/** A flag on an ad; `product_id` names the other ad a duplicate picture was found on. */
export interface AdFlag {
  kind: AdFlagKind;
  product_id?: number;
}

export const AD_KINDS = ['sell', 'wanted', 'give', 'rent'] as const;
export type AdKind = (typeof AD_KINDS)[number];
export const DEFAULT_AD_KIND: AdKind = 'sell';

export function isAdKind(value: unknown): value is AdKind {
  return typeof value === 'string' && (AD_KINDS as readonly string[]).includes(value);
}

/** What a price is per, where it matters: an hour of work, a month of rent. */
export type PriceUnit = 'hour' | 'month';

/**
 * The unit of an ad's price, from its kind and its category's path of slugs (top parent first):
 * anything under the spec's `jobs` category is paid by the hour; an ad for rent, or any ad in a
 * rental category (a slug ending in `-for-rent`, as the seeded tree names them all), by the month.
 * A free ad has no unit. See docs/decisions.md, "Ad kinds and price units".
 */
export function priceUnitOf(kind: AdKind, catalogPath: readonly string[], priceCents: number): PriceUnit | null {
  if (priceCents === 0 || kind === 'give') return null;
  if (catalogPath[0] === 'jobs') return 'hour';
  if (kind === 'rent' || catalogPath.some((slug) => slug.endsWith('-for-rent'))) return 'month';
  return null;
}

/**
 * Sort keys of the listing (spec section 4), then issue 26's: by the "year" and "mileage_km"
 * category fields (ads without the field last) and by distance (only with "near").
 */
export const SORT_KEYS = [
  'created_at_desc',
  'created_at_asc',
  'price_asc',
  'price_desc',
  'image_desc',
  'image_asc',
  'year_desc',
  'year_asc',
  'mileage_asc',
  'mileage_desc',
  'distance_asc',
] as const;
export type SortKey = (typeof SORT_KEYS)[number];

/** Languages an ad's text is analysed in; Swedish is common in Finland even though the site has no Swedish UI. */
export const AD_LANGUAGES = ['fi', 'sv', 'en', 'ru'] as const;
export type AdLanguage = (typeof AD_LANGUAGES)[number];

/** The listing's last page (spec section 9) and the longest search text. */
export const MAX_PAGE = 50;
export const MAX_QUERY_LENGTH = 200;

export const AD_NAME_MIN = 3;
export const AD_NAME_MAX = 120;
export const AD_DESCRIPTION_MIN = 10;
export const AD_DESCRIPTION_MAX = 5_000;
export const AD_ADDRESS_MAX = 200;
/** 10,000,000 € in cents. */
export const AD_PRICE_MAX_CENTS = 1_000_000_000;
export const REJECTION_REASON_MIN = 5;
export const REJECTION_REASON_MAX = 1_000;

/** What a seller may pick for their own ad (spec section 4). */
export const OWNER_STATUSES = ['active', 'sold', 'reserved', 'disabled'] as const satisfies readonly AdStatus[];
export type OwnerStatus = (typeof OWNER_STATUSES)[number];

/**
 * Every move an owner may make, from → to. An ad waiting for review (`moderate`), rejected
 * (`canceled`) or not yet submitted (`new`) moves only through the moderator or an edit.
 * `active` additionally needs an approval that still covers the ad's content (see ownerMayMove).
 */
export const OWNER_TRANSITIONS: Readonly<Record<AdStatus, readonly OwnerStatus[]>> = {
  new: [],
  moderate: [],
  canceled: [],
  active: ['sold', 'reserved', 'disabled'],
  sold: ['active', 'reserved', 'disabled'],
  reserved: ['active', 'sold', 'disabled'],
  disabled: ['active', 'sold', 'reserved'],
};

/** May the owner move the ad from `from` to `to`? `approved`: a moderator approved the current content. */
export function ownerMayMove(from: AdStatus, to: AdStatus, approved: boolean): boolean {
  if (!(OWNER_TRANSITIONS[from] as readonly AdStatus[]).includes(to)) return false;
  return to !== 'active' || approved;
}

/** The statuses an owner may pick next, for the menu in my showcase. */
export function ownerChoices(from: AdStatus, approved: boolean): OwnerStatus[] {
  return OWNER_TRANSITIONS[from].filter((to) => ownerMayMove(from, to, approved));
}

const PRICE_PATTERN = /^(\d{1,8})(?:[.,](\d{1,2}))?$/;

/**
 * Euro text as people type it ("12", "12,5", "12.50", "1 200", "1 200 €") → cents, or undefined
 * when it is not a price. Bounds are checked by the caller.
 */
export function parsePriceCents(text: string): number | undefined {
  const compact = text.replace(/[\s\u00a0\u202f€]/g, '');
  const match = PRICE_PATTERN.exec(compact);
  if (!match) return undefined;
  const euros = Number(match[1]);
  const cents = match[2] ? Number(match[2].padEnd(2, '0')) : 0;
  return euros * 100 + cents;
}

/** What is wrong with a field, as a translation key and its parameters (validation.*, ads.*). */
export interface FieldProblem {
  key: string;
  params?: Record<string, number>;
}

/** The length rule of a text field, on its tidied value: required, then at least `min`, at most `max`. */
export function lengthProblem(value: string, min: number, max: number): FieldProblem | undefined {
  if (value.length === 0) return { key: 'validation.required' };
  if (value.length < min) return { key: 'validation.min_length', params: { limit: min } };
  if (value.length > max) return { key: 'validation.max_length', params: { limit: max } };
  return undefined;
}

/** The price rule: `written` as the seller wrote it (trimmed), `cents` what it reads as (undefined: not a price). */
export function priceProblem(written: string, cents: number | undefined): FieldProblem | undefined {
  if (written === '') return { key: 'validation.required' };
  if (written.startsWith('-')) return { key: 'ads.price_negative' };
  if (cents === undefined) return { key: 'ads.price_format' };
  if (cents > AD_PRICE_MAX_CENTS) return { key: 'ads.price_max', params: { limit: AD_PRICE_MAX_CENTS / 100 } };
  return undefined;
}

const SWEDISH_WORDS = /\b(och|säljes|säljer|med|för|till|som|inte|mycket|bra|skick|nästan|ny|oanvänd|pris|hämtas)\b/gi;
const ENGLISH_WORDS = /\b(the|and|for|with|sale|good|condition|new|used|very|works|great|selling|pick|up)\b/gi;
const FINNISH_WORDS = /\b(ja|myydään|hyvä|kunto|kunnossa|uusi|käytetty|hinta|nouto|toimiva|lähes|myös|tai|on|ei)\b/gi;

/**
 * The language an ad is written in, for the search document's stemming. Cyrillic is Russian;
 * otherwise the commonest small words decide, and Finnish (the usual case) wins ties.
 */
export function guessAdLanguage(text: string): AdLanguage {
  const letters = text.replace(/[^\p{L}]/gu, '');
  if (!letters) return 'fi';
  const cyrillic = letters.replace(/[^\u0400-\u04ff]/g, '').length;
  if (cyrillic / letters.length > 0.3) return 'ru';
  const count = (pattern: RegExp) => text.match(pattern)?.length ?? 0;
  const fi = count(FINNISH_WORDS) + (/[äö]/i.test(text) && !/å/i.test(text) ? 1 : 0);
  const sv = count(SWEDISH_WORDS) + (/å/i.test(text) ? 2 : 0);
  const en = count(ENGLISH_WORDS) + (/[äöå]/i.test(text) ? -2 : 0);
  if (sv > fi && sv >= en) return 'sv';
  if (en > fi && en > sv) return 'en';
  return 'fi';
}
