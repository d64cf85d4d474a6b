/**
 * The category fields' values as columns, one per field, so that a car search's walk tests a make,
 * counts a fuel and reads a year with one array read each instead of a loop over the ad's codes
 * (issue 26). A field's column is paged: blocks of slots get an array when one of their ads has
 * the field, so the columns of cars cost the cars' stretch of the table, not a million slots each.
 */

export const BLOCK_BITS = 12;
export const BLOCK = 1 << BLOCK_BITS;
export const IN_BLOCK = BLOCK - 1;

/** One value per slot, `empty` where the slot has none. */
export class PagedColumn<Values extends Int32Array | Float64Array> {
  private readonly blocks: (Values | undefined)[] = [];

  constructor(
    private readonly make: (length: number) => Values,
    readonly empty: number,
  ) {}

  /** The values of slots [b * 4096, (b + 1) * 4096), or undefined: none of them has one. */
  block(b: number): Values | undefined {
    return this.blocks[b];
  }

  get(slot: number): number {
    const block = this.blocks[slot >>> BLOCK_BITS];
    return block === undefined ? this.empty : block[slot & IN_BLOCK]!;
  }

  set(slot: number, value: number): void {
    const b = slot >>> BLOCK_BITS;
    while (this.blocks.length <= b) this.blocks.push(undefined);
    let block = this.blocks[b];
    if (block === undefined) {
      if (Object.is(value, this.empty)) return;
      block = this.blocks[b] = this.make(BLOCK);
      block.fill(this.empty);
    }
    block[slot & IN_BLOCK] = value;
  }

  /** The slot has no value (nothing is allocated for it). */
  clear(slot: number): void {
    const block = this.blocks[slot >>> BLOCK_BITS];
    if (block !== undefined) block[slot & IN_BLOCK] = this.empty;
  }
}

/**
 * The codes of `key=value` (ad-table.ts `codeOf`) of each field whose ads have one value each: a
 * choice or a yes/no. A field an ad gives two values (several choices) has no column from then on;
 * its tests read the ad's list of codes, which always holds everything.
 */
export class CodeColumns {
  /** null: some ad had several values of the field. */
  private readonly columns = new Map<string, PagedColumn<Int32Array> | null>();

  /** The field's column, or undefined: several values, or no ad has had the field. */
  column(key: string): PagedColumn<Int32Array> | undefined {
    return this.columns.get(key) ?? undefined;
  }

  /** The slot's codes are now `codes` (`before`: its codes until now). */
  set(slot: number, before: ArrayLike<number>, codes: readonly number[], keyOfCode: readonly string[]): void {
    for (let i = 0; i < before.length; i++) this.columns.get(keyOfCode[before[i]!]!)?.clear(slot);
    const written = new Set<string>();
    for (const code of codes) {
      const key = keyOfCode[code]!;
      let column = this.columns.get(key);
      if (column === null) continue;
      if (written.has(key)) {
        this.columns.set(key, null);
        continue;
      }
      written.add(key);
      if (column === undefined) this.columns.set(key, (column = new PagedColumn((n) => new Int32Array(n), -1)));
      column.set(slot, code);
    }
  }
}

/** The fields' numbers and days, one column per number key code (NaN: the ad has none). */
export class NumberColumns {
  private readonly columns: PagedColumn<Float64Array>[] = [];

  /** The key code's column, or undefined when no ad has had the key. */
  column(keyCode: number): PagedColumn<Float64Array> | undefined {
    return this.columns[keyCode];
  }

  /** The slot's numbers are now these (key code, value). */
  set(slot: number, numbers: readonly (readonly [keyCode: number, value: number])[]): void {
    this.clear(slot);
    for (const [keyCode, value] of numbers) {
      while (this.columns.length <= keyCode) this.columns.push(new PagedColumn((n) => new Float64Array(n), Number.NaN));
      this.columns[keyCode]!.set(slot, value);
    }
  }

  clear(slot: number): void {
    for (const column of this.columns) column.clear(slot);
  }
}
