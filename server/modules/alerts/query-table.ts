import { tsqueryClauses } from './tsquery-clauses.ts';
import { alertLexemes } from '../products/percolation.ts';

/**
 * The compiled saved queries in memory (issue 29, percolator.ts): one slot per query id in typed
 * arrays (ids are a sequence, so dense), each query's lists (catalogs, towns, regions, its words'
 * clauses as lexeme codes) in one shared pool, and the keys each a list of query ids. A new ad's
 * keys find its candidates, and each is confirmed by the same conditions as the compiled SQL
 * (`alerts.repo.ts` `matchQueries`), so both answer alike (alerts.test.ts holds them to the
 * listing's own predicate).
 */

/** A compiled query as stored (saved_search_queries), with its keys. */
export interface StoredQuery {
  id: number;
  compiledWith: string | null;
  fallback: boolean;
  /** Its words' tsquery as PostgreSQL writes it; null without words. */
  words: string | null;
  catalogIds: number[] | null;
  cityIds: number[] | null;
  regionIds: number[] | null;
  priceFromCents: number | null;
  priceToCents: number | null;
  kinds: string[] | null;
  withImages: boolean;
  postedWithinDays: number | null;
  keys: string[];
}

/** What of a shown ad confirming reads. */
export interface QueryTableAd {
  /** Every key it meets (products/percolation.ts `adPercolationKeys`). */
  keys: string[];
  /** Its catalog and the catalog's public ancestors (empty when hidden). */
  catalogs: number[];
  cityId: number;
  regionId: number;
  priceCents: number | null;
  kind: string;
  imageCount: number;
  createdMs: number;
  /** Its search document's lexemes. */
  lexemes: string[];
}

/** The candidates an ad's keys found, and what became of them. */
export interface TableMatches {
  candidates: number;
  /** Confirmed here. */
  confirmed: number[];
  /** Filters pass; words PostgreSQL must test (a tsquery this table does not read). */
  byWords: number[];
  /** To confirm with the listing's own predicate: filters not compiled, or compiled with other rules (or not yet). */
  byListing: number[];
  stale: number;
}

const PRESENT = 1;
const FALLBACK = 2;
const WITH_IMAGES = 4;
const HAS_WORDS = 8;
/** Words PostgreSQL tests (tsqueryClauses could not read them). */
const WORDS_IN_SQL = 16;

/** The lists of a slot, each an offset into the pool (0: none). */
const LISTS = 4;
const CATALOGS = 0;
const CITIES = 1;
const REGIONS = 2;
const WORDS = 3;

function grown<T extends Int32Array | Uint32Array | Uint8Array | Uint16Array | Float64Array>(array: T, size: number, fill?: number): T {
  if (size <= array.length) return array;
  const next = new (array.constructor as new (n: number) => T)(Math.max(size, array.length * 2));
  next.set(array);
  if (fill !== undefined) next.fill(fill, array.length);
  return next;
}

export class QueryTable {
  private flags = new Uint8Array(1024);
  /** The rules a slot was compiled with, as a code of `rulesNames` (0: not compiled). */
  private rules = new Uint16Array(1024);
  private rulesNames: string[] = [''];
  private kinds = new Uint8Array(1024);
  private kindBits = new Map<string, number>();
  private priceFrom = new Float64Array(1024).fill(Number.NaN);
  private priceTo = new Float64Array(1024).fill(Number.NaN);
  private postedDays = new Int32Array(1024).fill(-1);
  private lists = new Int32Array(1024 * LISTS);
  private pool = new Int32Array(4096);
  private poolEnd = 1;
  private lexemeCodes = new Map<string, number>();
  private byKey = new Map<string, number[]>();
  /** Queries not compiled: candidates for every ad. */
  private uncompiled = new Set<number>();
  /** Per id, the last match that counted it (candidates are distinct). */
  private seen = new Uint32Array(1024);
  private stamp = 0;
  /** Query ids put again (re-compiled), whose old keys still name them: a reload drops them. */
  private replaced = 0;
  private count = 0;

  /** How many queries it holds. */
  get size(): number {
    return this.count;
  }

  /** Keys left behind by queries compiled again, as a share of all: the index reloads past a half. */
  get garbage(): number {
    return this.count ? this.replaced / this.count : 0;
  }

  /** Puts a query (again: its filters replaced, its keys added to the old ones, which confirming makes harmless). */
  put(query: StoredQuery): void {
    const id = query.id;
    if (!Number.isSafeInteger(id) || id <= 0) return;
    this.ensure(id + 1);
    if (this.flags[id]! & PRESENT) this.replaced++;
    else this.count++;
    const clauses = query.words === null ? undefined : tsqueryClauses(query.words);
    this.flags[id] =
      PRESENT |
      (query.fallback ? FALLBACK : 0) |
      (query.withImages ? WITH_IMAGES : 0) |
      (query.words !== null ? HAS_WORDS : 0) |
      (query.words !== null && !clauses ? WORDS_IN_SQL : 0);
    this.rules[id] = this.rulesCode(query.compiledWith);
    if (query.compiledWith === null) this.uncompiled.add(id);
    else this.uncompiled.delete(id);
    this.kinds[id] = query.kinds ? query.kinds.reduce((mask, kind) => mask | this.kindBit(kind), 0) : 0;
    this.priceFrom[id] = query.priceFromCents ?? Number.NaN;
    this.priceTo[id] = query.priceToCents ?? Number.NaN;
    this.postedDays[id] = query.postedWithinDays ?? -1;
    this.lists[id * LISTS + CATALOGS] = this.store(query.catalogIds);
    this.lists[id * LISTS + CITIES] = this.store(query.cityIds);
    this.lists[id * LISTS + REGIONS] = this.store(query.regionIds);
    this.lists[id * LISTS + WORDS] = clauses ? this.storeClauses(clauses) : 0;
    for (const key of query.keys) {
      const ids = this.byKey.get(key);
      if (!ids) this.byKey.set(key, [id]);
      else if (ids[ids.length - 1] !== id) ids.push(id);
    }
  }

  /**
   * The queries the ad's keys find, each confirmed as the compiled SQL confirms it: the catalogs
   * among the ad's, the place, price, kind, pictures, age (against `nowMs`), then the words.
   */
  match(ad: QueryTableAd, currentRules: string, nowMs: number): TableMatches {
    const stamp = this.nextStamp();
    const current = this.rulesNames.indexOf(currentRules);
    const lexemes = new Set<number>();
    // The ad's document as `alertDocument` reads it: each word's lexeme also without ä, å and ö.
    for (const lexeme of alertLexemes(ad.lexemes)) {
      const code = this.lexemeCodes.get(lexeme);
      if (code !== undefined) lexemes.add(code);
    }
    const kind = this.kindBits.get(ad.kind) ?? 0;
    const found: TableMatches = { candidates: 0, confirmed: [], byWords: [], byListing: [], stale: 0 };
    const consider = (id: number) => {
      if (this.seen[id] === stamp) return;
      this.seen[id] = stamp;
      found.candidates++;
      const flags = this.flags[id]!;
      const stale = current <= 0 || this.rules[id] !== current;
      if (stale) found.stale++;
      if (stale || flags & FALLBACK) {
        found.byListing.push(id);
        return;
      }
      if (!this.filtersPass(id, flags, ad, kind, nowMs)) return;
      if (!(flags & HAS_WORDS)) found.confirmed.push(id);
      else if (flags & WORDS_IN_SQL) found.byWords.push(id);
      else if (this.wordsPass(this.lists[id * LISTS + WORDS]!, lexemes)) found.confirmed.push(id);
    };
    for (const key of ad.keys) {
      const ids = this.byKey.get(key);
      if (ids) for (const id of ids) consider(id);
    }
    for (const id of this.uncompiled) consider(id);
    return found;
  }

  private filtersPass(id: number, flags: number, ad: QueryTableAd, kind: number, nowMs: number): boolean {
    const base = id * LISTS;
    const catalogs = this.lists[base + CATALOGS]!;
    if (catalogs && !ad.catalogs.some((c) => this.listHas(catalogs, c))) return false;
    const cities = this.lists[base + CITIES]!;
    const regions = this.lists[base + REGIONS]!;
    if ((cities || regions) && !this.listHas(cities, ad.cityId) && !this.listHas(regions, ad.regionId)) return false;
    const from = this.priceFrom[id]!;
    if (!Number.isNaN(from) && (ad.priceCents === null || ad.priceCents < from)) return false;
    const to = this.priceTo[id]!;
    if (!Number.isNaN(to) && (ad.priceCents === null || ad.priceCents > to)) return false;
    const kinds = this.kinds[id]!;
    if (kinds && !(kinds & kind)) return false;
    if (flags & WITH_IMAGES && ad.imageCount <= 0) return false;
    const days = this.postedDays[id]!;
    if (days >= 0 && ad.createdMs < nowMs - days * 86_400_000) return false;
    return true;
  }

  /** Every clause met by one of the ad's lexemes. */
  private wordsPass(at: number, lexemes: Set<number>): boolean {
    const pool = this.pool;
    const clauses = pool[at]!;
    let i = at + 1;
    for (let c = 0; c < clauses; c++) {
      const length = pool[i]!;
      let met = false;
      for (let k = i + 1; k <= i + length && !met; k++) met = lexemes.has(pool[k]!);
      if (!met) return false;
      i += length + 1;
    }
    return true;
  }

  private listHas(at: number, value: number): boolean {
    if (!at) return false;
    const end = at + 1 + this.pool[at]!;
    for (let i = at + 1; i < end; i++) if (this.pool[i] === value) return true;
    return false;
  }

  private store(values: number[] | null): number {
    if (!values) return 0;
    const at = this.reserve(values.length + 1);
    this.pool[at] = values.length;
    this.pool.set(values, at + 1);
    return at;
  }

  private storeClauses(clauses: string[][]): number {
    const at = this.reserve(1 + clauses.reduce((n, clause) => n + clause.length + 1, 0));
    let i = at;
    this.pool[i++] = clauses.length;
    for (const clause of clauses) {
      this.pool[i++] = clause.length;
      for (const lexeme of clause) this.pool[i++] = this.lexemeCode(lexeme);
    }
    return at;
  }

  private reserve(length: number): number {
    this.pool = grown(this.pool, this.poolEnd + length);
    const at = this.poolEnd;
    this.poolEnd += length;
    return at;
  }

  private lexemeCode(lexeme: string): number {
    let code = this.lexemeCodes.get(lexeme);
    if (code === undefined) this.lexemeCodes.set(lexeme, (code = this.lexemeCodes.size + 1));
    return code;
  }

  private kindBit(kind: string): number {
    let bit = this.kindBits.get(kind);
    if (bit === undefined) {
      // Eight kinds fit the mask; a ninth would widen it (the app has four).
      if (this.kindBits.size >= 8) throw new Error('too many ad kinds for the saved queries’ mask');
      this.kindBits.set(kind, (bit = 1 << this.kindBits.size));
    }
    return bit;
  }

  private rulesCode(rules: string | null): number {
    if (rules === null) return 0;
    let code = this.rulesNames.indexOf(rules);
    if (code < 0) code = this.rulesNames.push(rules) - 1;
    return code;
  }

  private nextStamp(): number {
    if (++this.stamp === 0xffffffff) {
      this.seen.fill(0);
      this.stamp = 1;
    }
    return this.stamp;
  }

  private ensure(size: number): void {
    if (size <= this.flags.length) return;
    this.flags = grown(this.flags, size);
    this.rules = grown(this.rules, size);
    this.kinds = grown(this.kinds, size);
    this.priceFrom = grown(this.priceFrom, size, Number.NaN);
    this.priceTo = grown(this.priceTo, size, Number.NaN);
    this.postedDays = grown(this.postedDays, size, -1);
    this.seen = grown(this.seen, size);
    this.lists = grown(this.lists, this.flags.length * LISTS);
  }
}
