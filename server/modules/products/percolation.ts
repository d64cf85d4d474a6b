import { createHash } from 'node:crypto';
import { POSTED_WITHIN_DAYS } from '../../../common/listing-filters.ts';
import type { ListingFilters } from './listing-query.ts';
import type { ListingBody } from './products.schemas.ts';
import { type Synonyms, foldAccents } from '../search/search-terms.ts';
import type { SearchTerm } from '../search/text-query-sql.ts';

/**
 * Percolation (issue 29: a new ad looked up against the saved searches, the inverse of search).
 * A saved query is compiled once, when it is saved: its words' tsquery (built by PostgreSQL's own
 * stemmers, exactly the listing's), the structured filters as plain values, and keys — a set of
 * requirements of which every ad the query shows meets at least one. A new ad meets the keys of
 * its own lexemes, catalogs and place; the queries found by them are confirmed in one statement
 * against the ad's row (alerts.repo.ts). A key may only narrow, never lose a match.
 *
 * Word keys are lexemes, not letters: one of the query's words is keyed by every lexeme its
 * tsquery names (the word stemmed in each language, its compound part, its synonyms and Finnish
 * forms). The listing shows an ad for the word only when the ad's search document holds one of
 * those lexemes — so the ad, which meets a key for each lexeme of its document, meets one of the
 * query's. This holds whatever a stemmer does to the letters ("takki" and "takin" are both `tak`,
 * "matto" is `mato`). A word's spelling without ä, å and ö joins it on both sides (the query's
 * words, `withFoldedSpellings`, and the ad's lexemes, `alertLexemes`), so "polkupyora" meets
 * "polkupyörä" and back, as in the listing's search.
 *
 * A thing (the word's lexemes, else the query's catalogs) and where (its towns and regions) make
 * joint keys ("c:12&t:91"): most queries name both, and either alone would find every query of a
 * busy category or a big town.
 */

/** Raised when the compiled form is read differently: every stored query is compiled again. */
const KEY_RULES_VERSION = 4;

/** At most this many keys a query: beyond it the place is left out of them (a thing in many towns). */
const MAX_KEYS = 48;

/**
 * What a saved query was compiled with: the rules' version and the synonyms (a new synonym adds
 * lexemes to a word's tsquery). A query compiled with other rules is compiled again by the rekey
 * job and confirmed with the listing's own predicate until then.
 */
export function percolationRules(synonyms: Synonyms): string {
  const words = [...synonyms.of.entries()].map(([word, others]) => `${word}=${[...others].sort().join(',')}`).sort();
  const phrases = synonyms.phrases.map((p) => `${p.phrase}>${p.word}`).sort();
  const digest = createHash('sha256')
    .update(JSON.stringify([words, phrases]))
    .digest('hex')
    .slice(0, 16);
  return `${KEY_RULES_VERSION}:${digest}`;
}

/**
 * The listing filters the compiled form knows. A query with any other (a category field, a
 * distance: issue 26) is still keyed by its words or catalogs, and confirmed with the listing's
 * own predicate (`fallback`).
 */
const COMPILED_FILTERS: ReadonlySet<string> = new Set([
  'name',
  'catalogs',
  'cities',
  'regions',
  'price_from',
  'price_to',
  'kinds',
  'with_images',
  'posted_within',
]);

/** A saved query as matching reads it: each filter as the listing's conditions name it. */
export interface PercolationPlan {
  /** The listing shows it nothing (a text without a word, give-aways above a price): it has no keys. */
  never: boolean;
  /** It has filters not compiled here: confirmed with the listing's own predicate. */
  fallback: boolean;
  /** The query's words (all must match), undefined without words. */
  terms: SearchTerm[];
  /** The term whose lexemes key the query (its longest real word), if any. */
  keyTerm: number | undefined;
  /** Catalogs as saved: an ad matches when one of them is its catalog or an ancestor (public ones only). */
  catalogs: number[] | null;
  /** Towns and regions: an ad in any of the towns, or in any of the regions. */
  cities: number[] | null;
  regions: number[] | null;
  priceFromCents: number | null;
  priceToCents: number | null;
  kinds: string[] | null;
  withImages: boolean;
  postedWithinDays: number | null;
}

const list = (ids: number[] | undefined) => (ids?.length ? [...new Set(ids)].sort((a, b) => a - b) : null);

/**
 * The plan of a listing body: `filters` and `terms` as the listing reads them (listingFilters,
 * searchTerms), `never` when the listing answers it with nothing whatever the ads.
 */
export function percolationPlan(body: ListingBody, filters: ListingFilters, terms: SearchTerm[], never: boolean): PercolationPlan {
  const keyed = terms
    .map((term, i) => ({ term, i }))
    // A real word is rarer than a number or a short token; a longer word rarer than a shorter one.
    .sort(
      (a, b) =>
        b.term.weight - a.term.weight ||
        b.term.words[0]!.length - a.term.words[0]!.length ||
        a.term.words[0]!.localeCompare(b.term.words[0]!),
    );
  return {
    never,
    fallback: Object.keys(body).some((key) => !COMPILED_FILTERS.has(key)),
    terms,
    keyTerm: keyed[0]?.i,
    catalogs: list(body.catalogs),
    cities: list(body.cities),
    regions: list(body.regions),
    priceFromCents: filters.priceFromCents ?? null,
    priceToCents: filters.priceToCents ?? null,
    kinds: filters.kinds?.length ? filters.kinds : null,
    withImages: filters.withImages === true,
    postedWithinDays: filters.postedWithin ? POSTED_WITHIN_DAYS[filters.postedWithin] : null,
  };
}

/** The lexemes a tsquery's text names (`'tak' | 'takki' | '~tak'`). */
export function tsqueryLexemes(text: string): string[] {
  return [...new Set([...text.matchAll(/'((?:[^']|'')+)'/g)].map((m) => m[1]!.replaceAll("''", "'")))];
}

/**
 * The keys of a compiled query: for each thing key ("w:<lexeme>" of each lexeme of its key
 * term's tsquery, else "c:<id>" of each catalog) each place key ("t:<id>" of each town, "r:<id>"
 * of each region) joined to it: "w:tak&t:91"; the things alone when it names no place (or too many
 * joint keys would be stored), the places alone when it names no thing; "*" for neither. None when
 * it shows nothing. `keyLexemes`: the lexemes of the key term's tsquery (tsqueryLexemes).
 */
export function searchKeys(plan: PercolationPlan, keyLexemes: string[] | undefined): string[] {
  if (plan.never) return [];
  const things = plan.keyTerm !== undefined ? (keyLexemes ?? []).map((l) => `w:${l}`) : (plan.catalogs ?? []).map((id) => `c:${id}`);
  // A word whose tsquery names no lexeme (only stop words) never matches: no key.
  if (plan.keyTerm !== undefined && !things.length) return [];
  // A filter not compiled here might widen the place (a distance): keyed by the thing only.
  const places = plan.fallback ? [] : [...(plan.cities ?? []).map((id) => `t:${id}`), ...(plan.regions ?? []).map((id) => `r:${id}`)];
  if (things.length && places.length && things.length * places.length <= MAX_KEYS)
    return things.flatMap((thing) => places.map((place) => `${thing}&${place}`));
  if (things.length) return things;
  if (places.length) return places;
  return ['*'];
}

/** What of an ad its keys read. */
export interface PercolationAd {
  /** The lexemes of its search document (tsvector_to_array). */
  lexemes: string[];
  /** Its catalog and the catalog's public ancestors (empty when its catalog is hidden). */
  catalogs: number[];
  cityId: number;
  regionId: number;
}

/**
 * An ad's lexemes as a saved search's words meet them (text-query-sql.ts `alertDocument`): each,
 * and each word's lexeme with ä, å and ö written a and o (not compound parts `~`, not filed `§`).
 */
export function alertLexemes(lexemes: string[]): string[] {
  const out = new Set(lexemes);
  for (const lexeme of lexemes) if (!/^[~§]/u.test(lexeme) && /[äöå]/u.test(lexeme)) out.add(foldAccents(lexeme));
  return [...out];
}

/**
 * Every key an ad meets: a "w:" key for each lexeme of its search document (words and compound
 * parts; not the filed `§` lexemes), a "c:" key for its catalog and each ancestor, its town and
 * region, each thing with its town and with its region, and "*".
 */
export function adPercolationKeys(ad: PercolationAd): string[] {
  const things = [
    ...alertLexemes(ad.lexemes)
      .filter((lexeme) => !lexeme.startsWith('§'))
      .map((lexeme) => `w:${lexeme}`),
    ...ad.catalogs.map((id) => `c:${id}`),
  ];
  const places = [`t:${ad.cityId}`, `r:${ad.regionId}`];
  return ['*', ...places, ...things, ...things.flatMap((thing) => places.map((place) => `${thing}&${place}`))];
}
