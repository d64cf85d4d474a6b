import { AD_KINDS, type AdKind } from '../../../common/ad-rules.ts';
import { SlotLists } from './slot-lists.ts';
import { TitleWords } from './title-words.ts';
import { CardColumns, type CardExtras } from './card-columns.ts';
import { CatalogRuns } from './catalog-runs.ts';
import { Groups } from './slot-groups.ts';
import { CodeColumns, NumberColumns } from './field-columns.ts';
import type { CardRow } from '../ads/ads.repo.ts';

/**
 * The listed ads as the listing filters, counts and sorts them (issue 26): one slot per ad, its
 * columns in typed arrays so that a search walks a million ads without touching an object, the
 * category fields (a few ads in five) as small arrays of codes beside them and as a column per
 * field (field-columns.ts), each catalog's ads side by side (catalog-runs.ts), and the slots kept
 * in newest-first order, so a listing by date stops once it has its page and its count.
 */

/** An ad's row as the index keeps it (listing-index.repo.ts reads it). */
export interface IndexedAd extends CardExtras {
  id: number;
  catalogId: number;
  cityId: number;
  regionId: number;
  priceCents: number;
  kind: AdKind;
  hasImages: boolean;
  /** Microseconds since 1970: PostgreSQL's precision, so ties order as the database orders them. */
  createdUs: number;
  /** Milliseconds since 1970, or null: the ad does not end. */
  expiresMs: number | null;
  /** Only listed ads are kept: active, or reserved ("Varattu", findable, never ending). */
  reserved: boolean;
  /** The category fields' choice values the search document holds as lexemes: `fuel=hybrid`. */
  choices: string[];
  /** The stored values as the facets count them, `key=value`: a choice, "true"/"false", each of several choices. */
  facetValues: string[];
  /** The fields' numbers and days (product_numbers). */
  numbers: Record<string, number>;
  /** The title, and its words as the hints match them (search/hints.ts `titleWords`). */
  title: string;
  titleWords: string[];
}

/** Lookups of catalog, town and region ids (1 at an id's place) a walk tests before calling back. */
export interface Prefilter {
  catalogs?: Uint8Array;
  cities?: Uint8Array;
  regions?: Uint8Array;
}

const KIND_CODES = new Map(AD_KINDS.map((kind, index) => [kind, index]));

/** New or re-dated ads wait in a small sorted list beside the order; past this many the order is merged anew. */
const PENDING_MAX = 2_000;
/** Title words' ads added since their last build: past this many they are built anew with the order. */
const TITLE_POSTINGS_ADDED_MAX = 50_000;

export class AdTable {
  /** Slots in use run 0..size-1 minus the free ones; a free slot has id 0. */
  size = 0;
  id = new Int32Array(1024);
  catalog = new Int32Array(1024);
  city = new Int32Array(1024);
  region = new Int32Array(1024);
  price = new Float64Array(1024);
  kind = new Uint8Array(1024);
  images = new Uint8Array(1024);
  reserved = new Uint8Array(1024);
  created = new Float64Array(1024);
  /** NaN: no end. */
  expires = new Float64Array(1024);
  /** Each slot's choice lexemes and facet values as codes (`codeOf`). */
  readonly choices = new SlotLists((n) => new Int32Array(n));
  readonly facets = new SlotLists((n) => new Int32Array(n));
  /** The same codes as a column per field, for the fields whose ads have one value each. */
  readonly choiceColumns = new CodeColumns();
  readonly facetColumns = new CodeColumns();
  /** Each slot's numbers, a column per number key (`numberKey`). */
  readonly numbers = new NumberColumns();
  /** Each slot's title words, and each word's slots: the search hints read them. */
  readonly titles = new TitleWords();
  /** What the cards show beyond these columns: a page's cards come from the index too. */
  readonly cards = new CardColumns();
  /** Number keys ↔ codes. */
  private readonly numberKeys = new Map<string, number>();

  /** `key=value` ↔ code, shared by all ads: a million cars share a few hundred values. */
  private readonly codes = new Map<string, number>();
  /** Each code's field key. */
  readonly keyOfCode: string[] = [];

  private slotById = new Int32Array(1024).fill(-1);
  /** The slots of each catalog, so a search in one walks only its ads, in a row. */
  private readonly byCatalog = new CatalogRuns();
  /** The slots of each town: the distance sort reads the nearest towns' ads first. */
  private readonly byCity = new Groups();
  /** The slots with each choice code: a search with choice filters walks the ads of the rarest. */
  private readonly postings = new Groups();
  /** Marks of the slots a walk over several postings has visited (a walk's stamp). */
  private seen = new Uint32Array(1024);
  private stamp = 0;
  private count_ = 0;
  private readonly free: number[] = [];
  /** Slots newest first (created desc, id desc) as of the last merge; entries of moved or removed slots are skipped. */
  private order = new Int32Array(0);
  /** Slots added or re-dated since the merge, newest first. */
  private pending: number[] = [];
  /** 1: the slot's place is in `pending`, not in `order`. */
  private inPending = new Uint8Array(1024);
  /** 1: the slot was freed since the merge (not reused until then, or `order` would place it wrongly). */
  private retired = new Uint8Array(1024);
  /** While loading, slots are not placed one by one: `seal` sorts them all once. */
  private sealed = false;

  /** `pendingMax`: how many new or re-dated ads wait beside the order before it is merged (tests make it small). */
  constructor(private readonly pendingMax = PENDING_MAX) {}

  get count(): number {
    return this.count_;
  }

  /** The code of a number's key (a new one when no ad has had it). */
  numberKey(key: string): number {
    let code = this.numberKeys.get(key);
    if (code === undefined) this.numberKeys.set(key, (code = this.numberKeys.size));
    return code;
  }

  /** The slot's number of a key code, or undefined. */
  numberOf(slot: number, keyCode: number): number | undefined {
    const value = this.numbers.column(keyCode)?.get(slot) ?? Number.NaN;
    return Number.isNaN(value) ? undefined : value;
  }

  /** The code of a `key=value`, or -1 when no ad has it. */
  codeOf(keyValue: string): number {
    return this.codes.get(keyValue) ?? -1;
  }

  get codeCount(): number {
    return this.keyOfCode.length;
  }

  /**
   * Before a load: room for each catalog's ads side by side (`counts`: the listed ads per catalog,
   * counted just before). An ad beyond its catalog's room (listed meanwhile) goes after them all;
   * room left over is free when the table is sealed.
   */
  reserveByCatalog(counts: readonly (readonly [catalogId: number, ads: number])[]): void {
    if (this.sealed || this.size !== 0) return;
    const slots = this.byCatalog.reserve(counts);
    while (this.id.length < slots) this.grow();
    this.size = slots;
  }

  /** Adds the ad, or replaces what the index knew of it. */
  put(ad: IndexedAd): void {
    let slot = ad.id < this.slotById.length ? this.slotById[ad.id]! : -1;
    const redated = slot < 0 || this.created[slot] !== ad.createdUs;
    if (slot < 0) {
      slot = this.free.pop() ?? this.byCatalog.roomOf(ad.catalogId) ?? this.size++;
      if (slot >= this.id.length) this.grow();
      this.setSlotOf(ad.id, slot);
      this.count_++;
    }
    if (this.id[slot] === ad.id) {
      this.byCatalog.delete(this.catalog[slot]!, slot);
      this.byCity.delete(this.city[slot]!, slot);
    }
    const before = { choices: this.choices.of(slot), facets: this.facets.of(slot) };
    this.byCatalog.add(ad.catalogId, slot);
    this.byCity.add(ad.cityId, slot);
    this.id[slot] = ad.id;
    this.catalog[slot] = ad.catalogId;
    this.city[slot] = ad.cityId;
    this.region[slot] = ad.regionId;
    this.price[slot] = ad.priceCents;
    this.kind[slot] = KIND_CODES.get(ad.kind) ?? 0;
    this.images[slot] = ad.hasImages ? 1 : 0;
    this.reserved[slot] = ad.reserved ? 1 : 0;
    this.created[slot] = ad.createdUs;
    this.expires[slot] = ad.expiresMs ?? Number.NaN;
    this.unpost(slot);
    const choiceCodes = this.encode(ad.choices);
    const facetCodes = this.encode(ad.facetValues);
    this.choices.set(slot, choiceCodes);
    this.choiceColumns.set(slot, before.choices, choiceCodes, this.keyOfCode);
    for (const code of choiceCodes) this.postings.add(code, slot);
    this.facets.set(slot, facetCodes);
    this.facetColumns.set(slot, before.facets, facetCodes, this.keyOfCode);
    this.numbers.set(
      slot,
      Object.entries(ad.numbers).map(([key, value]) => [this.numberKey(key), value] as const),
    );
    this.titles.set(slot, ad.title, ad.titleWords, redated);
    this.cards.set(slot, ad);
    if (redated) this.place(slot);
    else if (this.sealed && this.titles.addedSinceBuild > TITLE_POSTINGS_ADDED_MAX) this.merge();
  }

  /** Forgets the ad (it is no longer listed, or gone). */
  remove(id: number): void {
    const slot = id < this.slotById.length ? this.slotById[id]! : -1;
    if (slot < 0) return;
    this.slotById[id] = -1;
    this.count_--;
    this.byCatalog.delete(this.catalog[slot]!, slot);
    this.byCity.delete(this.city[slot]!, slot);
    this.id[slot] = 0;
    this.unpost(slot);
    this.choiceColumns.set(slot, this.choices.of(slot), [], this.keyOfCode);
    this.facetColumns.set(slot, this.facets.of(slot), [], this.keyOfCode);
    this.choices.clear(slot);
    this.facets.clear(slot);
    this.numbers.clear(slot);
    this.titles.clear(slot);
    this.cards.clear(slot);
    if (this.inPending[slot]) {
      this.pending.splice(this.pending.indexOf(slot), 1);
      this.inPending[slot] = 0;
    }
    this.retired[slot] = 1;
  }

  /** Sorts every slot newest first (after a load); later changes go to `pending`. */
  seal(): void {
    const slots: number[] = [];
    for (let slot = 0; slot < this.size; slot++) if (this.id[slot] !== 0) slots.push(slot);
    // Room reserved for ads that were not listed by the time the load read them.
    this.free.push(...this.byCatalog.endLoad());
    slots.sort((a, b) => this.newer(a, b));
    this.order = Int32Array.from(slots);
    this.titles.rebuild(this.order, this.created);
    this.pending = [];
    this.inPending.fill(0);
    this.free.push(...this.retiredSlots());
    this.retired.fill(0);
    this.sealed = true;
  }

  /**
   * Calls `visit` with every slot newest first (created desc, id desc); `visit` returns false to
   * stop. The merged order and the pending list are walked side by side.
   */
  walkNewest(visit: (slot: number) => boolean, where: Prefilter = {}): void {
    const { order, pending, inPending, id } = this;
    const skip = this.skipper(where);
    let i = 0;
    let j = 0;
    for (;;) {
      for (; i < order.length; i++) {
        const slot = order[i]!;
        if (id[slot] !== 0 && inPending[slot] === 0 && !skip(slot)) break;
      }
      while (j < pending.length && skip(pending[j]!)) j++;
      const a = i < order.length ? order[i]! : -1;
      const b = j < pending.length ? pending[j]! : -1;
      if (a < 0 && b < 0) return;
      const takeA = b < 0 || (a >= 0 && this.newer(a, b) < 0);
      if (takeA) i++;
      else j++;
      if (!visit(takeA ? a : b)) return;
    }
  }

  /**
   * Calls `visit` with every slot in use that the prefilter lets through, in no set order (the
   * newest slots first, roughly: a page's heap then fills with its winners early). With catalogs,
   * only their slots are walked.
   */
  forEachSlot(visit: (slot: number) => void, where: Prefilter = {}, catalogIds: readonly number[] = []): void {
    const { id, catalog, city, region } = this;
    const { cities, regions } = where;
    const places = cities !== undefined || regions !== undefined;
    const run = (start: number, end: number, catalogId: number) => {
      // The cheap lookups run in this loop, not in a call per ad: most ads of a million fail them.
      for (let slot = end - 1; slot >= start; slot--) {
        if (id[slot] === 0 || (catalogId >= 0 && catalog[slot] !== catalogId)) continue;
        if (places && cities?.[city[slot]!] !== 1 && regions?.[region[slot]!] !== 1) continue;
        visit(slot);
      }
    };
    this.forEachRun(catalogIds, { cities, regions }, run, visit);
  }

  /**
   * The slots a listing in these catalogs (none: all) must look at, as runs and single slots: each
   * catalog's home as a run (`run`: its slots [start, end), some of them another catalog's or free),
   * and its strays one by one (`stray`: those the places let through); without catalogs, the whole
   * table as one run (`catalogId` -1).
   */
  forEachRun(
    catalogIds: readonly number[],
    where: Prefilter,
    run: (start: number, end: number, catalogId: number) => void,
    stray: (slot: number) => void,
  ): void {
    if (!catalogIds.length) {
      run(0, this.size, -1);
      return;
    }
    const skip = this.skipper({ cities: where.cities, regions: where.regions });
    for (const catalogId of new Set(catalogIds)) {
      const home = this.byCatalog.home(catalogId);
      if (home) run(home.start, home.end, catalogId);
      this.byCatalog.straysOf(catalogId)?.forEach((slot) => {
        if (!skip(slot)) stray(slot);
      });
    }
  }

  /** The prefilter as a test of a slot (true: skip it). */
  private skipper(where: Prefilter): (slot: number) => boolean {
    const { catalog, city, region } = this;
    const { catalogs, cities, regions } = where;
    const places = cities !== undefined || regions !== undefined;
    return (slot) =>
      (catalogs !== undefined && catalogs[catalog[slot]!] !== 1) ||
      (places && cities?.[city[slot]!] !== 1 && regions?.[region[slot]!] !== 1);
  }

  /** How many ads have any of these choice codes (an upper bound when an ad has several). */
  postingSize(codes: readonly number[]): number {
    let n = 0;
    for (const code of codes) n += this.postings.slots(code)?.size ?? 0;
    return n;
  }

  /**
   * Calls `visit` once with each slot that has one of the codes of any of the lists and passes the
   * prefilter (catalogs, towns, regions).
   */
  forEachPosted(visit: (slot: number) => void, where: Prefilter, lists: readonly (readonly number[])[]): void {
    const { seen } = this;
    const skip = this.skipper(where);
    if (++this.stamp === 0xffffffff) {
      seen.fill(0);
      this.stamp = 1;
    }
    const stamp = this.stamp;
    for (const codes of lists) {
      for (const code of codes) {
        this.postings.slots(code)?.forEach((slot) => {
          if (seen[slot] === stamp) return;
          seen[slot] = stamp;
          if (!skip(slot)) visit(slot);
        });
      }
    }
  }

  /** The slots of a town (do not change the set). */
  townSlots(cityId: number): ReadonlySet<number> | undefined {
    return this.byCity.slots(cityId);
  }

  /** How many ads these catalogs hold. */
  catalogSize(catalogIds: readonly number[]): number {
    let n = 0;
    for (const catalogId of new Set(catalogIds)) n += this.byCatalog.size(catalogId);
    return n;
  }

  /** The ad's slot, or -1 when the index does not hold it. */
  slotOf(id: number): number {
    return id < this.slotById.length ? this.slotById[id]! : -1;
  }

  /** The card of the ad in the slot, as `cardColumns` reads it from the database. */
  cardOf(slot: number): CardRow {
    return {
      id: this.id[slot]!,
      uuid: this.cards.uuidOf(slot),
      name: this.titles.titleOf(slot),
      priceCents: this.price[slot]!,
      kind: AD_KINDS[this.kind[slot]!]!,
      status: this.reserved[slot] ? 'reserved' : 'active',
      cityId: this.city[slot]!,
      regionId: this.region[slot]!,
      catalogId: this.catalog[slot]!,
      imageCount: this.cards.imageCountOf(slot),
      // Milliseconds, as the database driver reads a timestamp.
      createdAt: new Date(Math.floor(this.created[slot]! / 1000)),
      attributes: this.cards.attributesOf(slot),
      cover: this.cards.coverOf(slot),
    };
  }

  kindCode(kind: AdKind): number {
    return KIND_CODES.get(kind) ?? -1;
  }

  /** Inserts the slot into a list of slots kept newest first. */
  insertByDate(slots: number[], slot: number): void {
    let low = 0;
    let high = slots.length;
    while (low < high) {
      const middle = (low + high) >> 1;
      if (this.newer(slots[middle]!, slot) < 0) low = middle + 1;
      else high = middle;
    }
    slots.splice(low, 0, slot);
  }

  /** Negative when `a` is newer: created desc, then id desc (the listing's `newest`). */
  newer(a: number, b: number): number {
    return this.created[b]! - this.created[a]! || this.id[b]! - this.id[a]!;
  }

  /** Puts a new or re-dated slot in the pending list, merging the whole order when it grows long. */
  private place(slot: number): void {
    if (!this.sealed) return;
    const { pending } = this;
    if (this.inPending[slot]) pending.splice(pending.indexOf(slot), 1);
    this.insertByDate(pending, slot);
    this.inPending[slot] = 1;
    if (pending.length > this.pendingMax) this.merge();
  }

  /** The order and the pending list as one order again, in one linear pass. */
  private merge(): void {
    const merged = new Int32Array(this.count_);
    let n = 0;
    this.walkNewest((slot) => {
      merged[n++] = slot;
      return true;
    });
    this.order = merged.subarray(0, n);
    this.titles.rebuild(this.order, this.created);
    for (const slot of this.pending) this.inPending[slot] = 0;
    this.pending = [];
    this.free.push(...this.retiredSlots());
    this.retired.fill(0);
  }

  /** Takes the slot out of the postings of its choice codes. */
  private unpost(slot: number): void {
    const { data, start, length } = this.choices;
    const end = start[slot]! + length[slot]!;
    for (let i = start[slot]!; i < end; i++) this.postings.delete(data[i]!, slot);
  }

  private retiredSlots(): number[] {
    const out: number[] = [];
    for (let slot = 0; slot < this.size; slot++) if (this.retired[slot] === 1) out.push(slot);
    return out;
  }

  private encode(values: string[]): number[] {
    return values.map((value) => {
      let code = this.codes.get(value);
      if (code === undefined) {
        code = this.keyOfCode.length;
        this.codes.set(value, code);
        this.keyOfCode.push(value.slice(0, value.indexOf('=')));
      }
      return code;
    });
  }

  private setSlotOf(id: number, slot: number): void {
    if (id >= this.slotById.length) {
      let length = this.slotById.length;
      while (length <= id) length *= 2;
      const grown = new Int32Array(length).fill(-1);
      grown.set(this.slotById);
      this.slotById = grown;
    }
    this.slotById[id] = slot;
  }

  private grow(): void {
    const capacity = this.id.length * 2;
    const grown = <T extends Int32Array | Float64Array | Uint8Array | Uint32Array>(array: T): T => {
      const next = new (array.constructor as new (length: number) => T)(capacity);
      next.set(array);
      return next;
    };
    this.id = grown(this.id);
    this.catalog = grown(this.catalog);
    this.city = grown(this.city);
    this.region = grown(this.region);
    this.price = grown(this.price);
    this.kind = grown(this.kind);
    this.images = grown(this.images);
    this.reserved = grown(this.reserved);
    this.created = grown(this.created);
    this.expires = grown(this.expires);
    this.inPending = grown(this.inPending);
    this.seen = grown(this.seen);
    for (const lists of [this.choices, this.facets, this.titles, this.cards]) lists.growSlots(capacity);
    this.retired = grown(this.retired);
  }
}
