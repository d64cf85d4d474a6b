/**
 * Where each catalog's ads lie in the table (issue 26). A load gives each catalog a run of slots
 * (its home), so a search in one catalog reads its stretch of every column in a row; an ad that
 * arrives later, or beyond its catalog's room, lives elsewhere and is kept in a small set of its
 * catalog's strays. A walk reads the home, skipping slots another catalog's ad took or that are
 * free, then the strays (AdTable.forEachRun).
 */
export class CatalogRuns {
  /** Each catalog's home: the slots [start, end) given at the load. */
  private readonly homes = new Map<number, { start: number; end: number }>();
  /** While loading: each catalog's next slot in its home. */
  private next: Map<number, number> | undefined;
  /** Each catalog's ads outside its home. */
  private readonly strays = new Map<number, Set<number>>();
  private readonly counts = new Map<number, number>();

  /**
   * Before a load: a home for each catalog (`counts`: its listed ads, counted just before). Returns
   * the slots the homes take.
   */
  reserve(counts: readonly (readonly [catalogId: number, ads: number])[]): number {
    let at = 0;
    this.next = new Map();
    for (const [catalogId, ads] of [...counts].sort((a, b) => a[0] - b[0])) {
      if (ads <= 0 || this.homes.has(catalogId)) continue;
      this.homes.set(catalogId, { start: at, end: at + ads });
      this.next.set(catalogId, at);
      at += ads;
    }
    return at;
  }

  /** The next free slot of the catalog's home while loading, if it has one left. */
  roomOf(catalogId: number): number | undefined {
    const next = this.next?.get(catalogId);
    if (next === undefined || next >= this.homes.get(catalogId)!.end) return undefined;
    this.next!.set(catalogId, next + 1);
    return next;
  }

  /** After the load: the homes' slots no ad took (their ads were no longer listed). */
  endLoad(): number[] {
    const unused: number[] = [];
    for (const [catalogId, next] of this.next ?? []) for (let slot = next; slot < this.homes.get(catalogId)!.end; slot++) unused.push(slot);
    this.next = undefined;
    return unused;
  }

  /** The catalog's ad is in the slot. */
  add(catalogId: number, slot: number): void {
    this.counts.set(catalogId, (this.counts.get(catalogId) ?? 0) + 1);
    if (this.isHome(catalogId, slot)) return;
    let strays = this.strays.get(catalogId);
    if (!strays) this.strays.set(catalogId, (strays = new Set()));
    strays.add(slot);
  }

  /** The catalog's ad left the slot. */
  delete(catalogId: number, slot: number): void {
    this.counts.set(catalogId, (this.counts.get(catalogId) ?? 1) - 1);
    this.strays.get(catalogId)?.delete(slot);
  }

  /** How many ads the catalog holds. */
  size(catalogId: number): number {
    return this.counts.get(catalogId) ?? 0;
  }

  /** The catalog's home, if it has one. */
  home(catalogId: number): { readonly start: number; readonly end: number } | undefined {
    return this.homes.get(catalogId);
  }

  /** The catalog's ads outside its home. */
  straysOf(catalogId: number): ReadonlySet<number> | undefined {
    return this.strays.get(catalogId);
  }

  private isHome(catalogId: number, slot: number): boolean {
    const home = this.homes.get(catalogId);
    return home !== undefined && slot >= home.start && slot < home.end;
  }
}
