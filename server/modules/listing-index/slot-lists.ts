/**
 * A short list of numbers per slot (an ad's field codes, its numbers), all lists in one typed array:
 * a walk over a hundred thousand cars reads memory in a row instead of chasing an object per ad,
 * and an ad costs its numbers, not an object's header. A changed list is written at the end; the
 * old place is garbage until the array is compacted.
 */
export class SlotLists<Values extends Int32Array | Float64Array | Uint8Array> {
  start = new Int32Array(1024);
  length = new Uint16Array(1024);
  data: Values;
  private end = 0;
  private garbage = 0;

  constructor(private readonly make: (length: number) => Values) {
    this.data = make(1024);
  }

  set(slot: number, values: ArrayLike<number>): void {
    this.clear(slot);
    if (!values.length) return;
    if (this.end + values.length > this.data.length) this.resize(Math.max(this.data.length * 2, this.end + values.length));
    this.data.set(values, this.end);
    this.start[slot] = this.end;
    this.length[slot] = values.length;
    this.end += values.length;
    if (this.garbage > 65_536 && this.garbage * 2 > this.end) this.compact();
  }

  /** The slot's list (a view: read it before the slot's next change). */
  of(slot: number): Values {
    return this.data.subarray(this.start[slot]!, this.start[slot]! + this.length[slot]!) as Values;
  }

  clear(slot: number): void {
    this.garbage += this.length[slot]!;
    this.length[slot] = 0;
  }

  /** Room for slots up to `capacity`. */
  growSlots(capacity: number): void {
    const start = new Int32Array(capacity);
    start.set(this.start);
    const length = new Uint16Array(capacity);
    length.set(this.length);
    this.start = start;
    this.length = length;
  }

  /** Every list moved to the front, in slot order. */
  private compact(): void {
    const data = this.make(Math.max(1024, (this.end - this.garbage) * 2));
    let end = 0;
    for (let slot = 0; slot < this.length.length; slot++) {
      const n = this.length[slot]!;
      if (!n) continue;
      data.set(this.data.subarray(this.start[slot]!, this.start[slot]! + n), end);
      this.start[slot] = end;
      end += n;
    }
    this.data = data;
    this.end = end;
    this.garbage = 0;
  }

  private resize(size: number): void {
    const data = this.make(size);
    data.set(this.data.subarray(0, this.end));
    this.data = data;
  }
}
