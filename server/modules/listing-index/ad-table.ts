import { AD_KINDS, type AdKind } from '../../../common/ad-rules.ts';

/**
 * The listed ads as the listing filters, counts and sorts them (issue 26): one slot per ad, its
 * columns in typed arrays so that a search walks a hundred thousand cars without touching an
 * object, and the category fields (a few ads in five) as a small record beside them.
 */

/** An ad's row as the index keeps it (listing-index.repo.ts reads it). */
export interface IndexedAd {
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
  /** The stored values as the facets count them: a choice, "true"/"false", each of several choices. */
  facetValues: Record<string, string[]>;
  /** The fields' numbers and days (product_numbers). */
  numbers: Record<string, number>;
}

/** The category fields of one ad, kept only for ads that have any. */
export interface AdFields {
  choices: Set<string>;
  facetValues: Record<string, string[]>;
  numbers: Record<string, number>;
}

const KIND_CODES = new Map(AD_KINDS.map((kind, index) => [kind, index]));

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
  fields: (AdFields | undefined)[] = [];

  private readonly slotOf = new Map<number, number>();
  private readonly free: number[] = [];
  /** The slots of each catalog, so a search in one walks only its ads. */
  private readonly byCatalog = new Map<number, Set<number>>();

  get count(): number {
    return this.slotOf.size;
  }

  has(id: number): boolean {
    return this.slotOf.has(id);
  }

  /** Adds the ad, or replaces what the index knew of it. */
  put(ad: IndexedAd): void {
    let slot = this.slotOf.get(ad.id);
    if (slot !== undefined && this.catalog[slot] !== ad.catalogId) {
      this.byCatalog.get(this.catalog[slot]!)?.delete(slot);
    }
    if (slot === undefined) {
      slot = this.free.pop() ?? this.size++;
      if (slot >= this.id.length) this.grow();
      this.slotOf.set(ad.id, slot);
    }
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
    const hasFields = ad.choices.length > 0 || Object.keys(ad.facetValues).length > 0 || Object.keys(ad.numbers).length > 0;
    this.fields[slot] = hasFields ? { choices: new Set(ad.choices), facetValues: ad.facetValues, numbers: ad.numbers } : undefined;
    let slots = this.byCatalog.get(ad.catalogId);
    if (!slots) this.byCatalog.set(ad.catalogId, (slots = new Set()));
    slots.add(slot);
  }

  /** Forgets the ad (it is no longer listed, or gone). */
  remove(id: number): void {
    const slot = this.slotOf.get(id);
    if (slot === undefined) return;
    this.slotOf.delete(id);
    this.byCatalog.get(this.catalog[slot]!)?.delete(slot);
    this.id[slot] = 0;
    this.fields[slot] = undefined;
    this.free.push(slot);
  }

  /** Calls `visit` with every slot of these catalogs, or every slot in use when none are given. */
  forEachSlot(catalogIds: readonly number[], visit: (slot: number) => void): void {
    if (catalogIds.length) {
      for (const catalogId of catalogIds) this.byCatalog.get(catalogId)?.forEach(visit);
      return;
    }
    for (let slot = 0; slot < this.size; slot++) if (this.id[slot] !== 0) visit(slot);
  }

  kindCode(kind: AdKind): number {
    return KIND_CODES.get(kind) ?? -1;
  }

  private grow(): void {
    const capacity = this.id.length * 2;
    const grown = <T extends Int32Array | Float64Array | Uint8Array>(array: T): T => {
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
  }
}
