import { SlotLists } from './slot-lists.ts';

/**
 * The listed ads' title words, for the search hints (issue 28): a vocabulary of every distinct
 * word (folded: ä and å as a, ö as o), sorted so that a prefix is a binary search, the inner parts
 * of long words sorted too so that "pyora" finds "polkupyora", each ad's words as codes, and each
 * word's ads. A hint then marks the words its typed text allows and reads ads newest first, or the
 * ads of its rarest word, without a statement.
 */

/** One typed word as the hints match it against a title's words (all folded). */
export interface WordCondition {
  /** A title word that begins with one of these. */
  prefixes: string[];
  /** A title word with one of these inside (a compound's part): 4 letters or more. */
  infixes: string[];
  /** A title word that is exactly one of these (a unit token, a short word already typed). */
  exact: string[];
}

const encoder = new TextEncoder();
const decoder = new TextDecoder();

/** Words with parts: the part starts this far in and is this long at least ("yöpöytä" → "pöytä"). */
const PART_FROM = 2;
const PART_MIN = 4;
/** New words wait in a list tested one by one; past this many they are merged into the sorted ones. */
const RECENT_MAX = 2_000;

export class TitleWords {
  /** Each slot's word codes. */
  readonly bySlot = new SlotLists((n) => new Int32Array(n));
  /** Each slot's title as UTF-8 (the hints show it): a million titles in one array, not a million strings. */
  private readonly texts = new SlotLists((n) => new Uint8Array(n));
  /** Codes ↔ words. */
  private readonly codes = new Map<string, number>();
  private readonly words: string[] = [];
  /** How many listed ads have each word (what a walk through its ads would read). */
  private counts: Int32Array = new Int32Array(1024);
  /** The words sorted, with their codes; and every word's inner parts sorted, with their word's code. */
  private sortedWords: string[] = [];
  private sortedCodes: Int32Array = new Int32Array(0);
  private parts: string[] = [];
  private partCodes: Int32Array = new Int32Array(0);
  /** Words not yet in the sorted lists. */
  private recent: number[] = [];
  /** Each word's ads as of the last build (`rebuild`), slots in one array, and ads added since. */
  private postStart = new Int32Array(1);
  private postSlots = new Int32Array(0);
  private added = new Map<number, number[]>();
  private addedSize = 0;
  /** Each slot's creation time at the last build: the order its built lists are in. */
  private builtCreated = new Float64Array(0);
  /** Until the first build (a load), ads are only counted: the build lists them all at once. */
  private built = false;
  /** The words a hint allows: the bit of each typed word it satisfies, valid where the stamp is current. */
  private markStamp: Uint32Array = new Uint32Array(1024);
  private markBits: Uint8Array = new Uint8Array(1024);
  private stamp = 0;
  /** The slots a read of several words' ads has visited (marked with that read's stamp). */
  private seen = new Uint32Array(0);
  private seenStamp = 0;

  get vocabularySize(): number {
    return this.words.length;
  }

  /** How many ads were added to words since the last build: the table rebuilds past a limit. */
  get addedSinceBuild(): number {
    return this.addedSize;
  }

  /** The slot's title. */
  titleOf(slot: number): string {
    const { data, start, length } = this.texts;
    return decoder.decode(data.subarray(start[slot]!, start[slot]! + length[slot]!));
  }

  /** Room for slots up to `capacity`. */
  growSlots(capacity: number): void {
    this.bySlot.growSlots(capacity);
    this.texts.growSlots(capacity);
  }

  /**
   * Sets a slot's title and words; after a build, the words it did not have list it among their added ads,
   * and all its words do when it moved in the date order (`again`: its built place is wrong).
   */
  set(slot: number, title: string, words: readonly string[], again = false): void {
    this.texts.set(slot, encoder.encode(title));
    const old = again ? [] : this.listOf(slot);
    if (again) for (const code of this.listOf(slot)) this.counts[code]!--;
    for (const code of old) this.counts[code]!--;
    const next = [...new Set(words)].map((word) => this.encode(word));
    for (const code of next) {
      this.counts[code]!++;
      if (this.built && !old.includes(code)) this.post(code, slot);
    }
    this.bySlot.set(slot, next);
    if (this.recent.length > RECENT_MAX) this.mergeRecent();
  }

  clear(slot: number): void {
    for (const code of this.listOf(slot)) this.counts[code]!--;
    this.bySlot.clear(slot);
    this.texts.clear(slot);
  }

  /**
   * Builds each word's ads anew from every slot in use, in the order given (newest first), and
   * sorts the vocabulary: after a load, and when many ads were added since.
   */
  rebuild(slotsInOrder: ArrayLike<number>, created: Float64Array): void {
    this.mergeRecent();
    this.builtCreated = created.slice();
    const { data, start, length } = this.bySlot;
    const postStart = new Int32Array(this.words.length + 1);
    for (let i = 0; i < slotsInOrder.length; i++) {
      const slot = slotsInOrder[i]!;
      for (let k = start[slot]!, end = k + length[slot]!; k < end; k++) postStart[data[k]! + 1]!++;
    }
    for (let code = 0; code < this.words.length; code++) postStart[code + 1]! += postStart[code]!;
    const fill = postStart.slice(0, -1);
    const postSlots = new Int32Array(postStart[this.words.length]!);
    for (let i = 0; i < slotsInOrder.length; i++) {
      const slot = slotsInOrder[i]!;
      for (let k = start[slot]!, end = k + length[slot]!; k < end; k++) postSlots[fill[data[k]!]!++] = slot;
    }
    this.postStart = postStart;
    this.postSlots = postSlots;
    this.added = new Map();
    this.addedSize = 0;
    this.built = true;
  }

  /**
   * Marks the words each condition allows (its bit: 1 << its index) and gives, per condition,
   * those words' codes and how many ads they have (more than the distinct ads when an ad has two).
   */
  mark(conditions: readonly WordCondition[]): { codes: number[]; ads: number }[] {
    if (++this.stamp === 0xffffffff) {
      this.markStamp.fill(0);
      this.stamp = 1;
    }
    return conditions.map((condition, index) => {
      const bit = 1 << index;
      let ads = 0;
      const codes: number[] = [];
      const allow = (code: number) => {
        if (this.markStamp[code] !== this.stamp) {
          this.markStamp[code] = this.stamp;
          this.markBits[code] = 0;
        }
        if (this.markBits[code]! & bit) return;
        this.markBits[code]! |= bit;
        ads += this.counts[code]!;
        codes.push(code);
      };
      for (const prefix of condition.prefixes) {
        for (let i = lowerBound(this.sortedWords, prefix); i < this.sortedWords.length && this.sortedWords[i]!.startsWith(prefix); i++)
          allow(this.sortedCodes[i]!);
      }
      for (const infix of condition.infixes) {
        for (let i = lowerBound(this.parts, infix); i < this.parts.length && this.parts[i]!.startsWith(infix); i++)
          allow(this.partCodes[i]!);
      }
      for (const word of condition.exact) {
        const code = this.codes.get(word);
        if (code !== undefined) allow(code);
      }
      for (const code of this.recent) {
        const word = this.words[code]!;
        if (
          condition.prefixes.some((prefix) => word.startsWith(prefix)) ||
          condition.infixes.some((infix) => word.indexOf(infix, PART_FROM) >= 0) ||
          condition.exact.includes(word)
        )
          allow(code);
      }
      return { codes, ads };
    });
  }

  /** The bits of the marked words a slot's title has (`all` of them: it matches). */
  bitsOf(slot: number): number {
    const { data, start, length } = this.bySlot;
    let bits = 0;
    for (let k = start[slot]!, end = k + length[slot]!; k < end; k++) {
      const code = data[k]!;
      if (this.markStamp[code] === this.stamp) bits |= this.markBits[code]!;
    }
    return bits;
  }

  /**
   * Calls `visit` once with each slot listed under these words: every slot whose title has one,
   * and some whose title no longer has it (test them with `bitsOf`). Each word's ads are read
   * newest first as they were at the last build, then those added since (new ads, new words,
   * re-dated ads: `set` with `again`); a word's built list is left once its ads were created before
   * `wantedFrom()`, which the caller raises as its page fills. Stops after `most` slots.
   */
  forEachPosted(codes: readonly number[], visit: (slot: number) => void, wantedFrom: () => number, most: number): void {
    const { postStart, postSlots, builtCreated } = this;
    if (this.seen.length < this.bySlot.start.length) {
      this.seen = new Uint32Array(this.bySlot.start.length);
      this.seenStamp = 0;
    }
    if (++this.seenStamp === 0xffffffff) {
      this.seen.fill(0);
      this.seenStamp = 1;
    }
    const { seen, seenStamp } = this;
    let left = most;
    const once = (slot: number) => {
      if (seen[slot] === seenStamp) return;
      seen[slot] = seenStamp;
      left--;
      visit(slot);
    };
    const built = postStart.length - 1;
    for (const code of codes) {
      this.added.get(code)?.forEach(once);
      if (code >= built) continue;
      for (let k = postStart[code]!, end = postStart[code + 1]!; k < end && left > 0; k++) {
        const slot = postSlots[k]!;
        if (builtCreated[slot]! < wantedFrom()) break;
        once(slot);
      }
      if (left <= 0) return;
    }
  }

  private listOf(slot: number): number[] {
    const { data, start, length } = this.bySlot;
    return Array.from(data.subarray(start[slot]!, start[slot]! + length[slot]!));
  }

  private post(code: number, slot: number): void {
    let slots = this.added.get(code);
    if (!slots) this.added.set(code, (slots = []));
    slots.push(slot);
    this.addedSize++;
  }

  private encode(word: string): number {
    let code = this.codes.get(word);
    if (code !== undefined) return code;
    code = this.words.length;
    this.codes.set(word, code);
    this.words.push(word);
    this.recent.push(code);
    if (code >= this.counts.length) {
      const length = this.counts.length * 2;
      const counts = new Int32Array(length);
      counts.set(this.counts);
      this.counts = counts;
      const markStamp = new Uint32Array(length);
      markStamp.set(this.markStamp);
      this.markStamp = markStamp;
      const markBits = new Uint8Array(length);
      markBits.set(this.markBits);
      this.markBits = markBits;
    }
    return code;
  }

  /** The new words into the sorted lists: sorted among themselves, then merged in one pass. */
  private mergeRecent(): void {
    if (!this.recent.length) return;
    const words = this.recent.map((code) => ({ word: this.words[code]!, code })).sort((a, b) => compare(a.word, b.word));
    const parts = this.recent
      .flatMap((code) => partsOf(this.words[code]!).map((part) => ({ word: part, code })))
      .sort((a, b) => compare(a.word, b.word));
    [this.sortedWords, this.sortedCodes] = merge(this.sortedWords, this.sortedCodes, words);
    [this.parts, this.partCodes] = merge(this.parts, this.partCodes, parts);
    this.recent = [];
  }
}

/** A long word's inner parts, each to its end: "polkupyora" → "lkupyora", …, "pyora", "yora". */
function partsOf(word: string): string[] {
  if (word.length < PART_FROM + PART_MIN || !/^\p{L}+$/u.test(word)) return [];
  const out: string[] = [];
  for (let i = PART_FROM; i + PART_MIN <= word.length; i++) out.push(word.slice(i));
  return out;
}

/** Code-unit order: what `startsWith` ranges need (not the locale's order). */
function compare(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** The first index whose string is not below `key`. */
function lowerBound(sorted: readonly string[], key: string): number {
  let low = 0;
  let high = sorted.length;
  while (low < high) {
    const middle = (low + high) >> 1;
    if (sorted[middle]! < key) low = middle + 1;
    else high = middle;
  }
  return low;
}

function merge(words: string[], codes: Int32Array, more: { word: string; code: number }[]): [string[], Int32Array] {
  const outWords = new Array<string>(words.length + more.length);
  const outCodes = new Int32Array(words.length + more.length);
  let i = 0;
  let j = 0;
  for (let n = 0; n < outWords.length; n++) {
    if (j >= more.length || (i < words.length && words[i]! <= more[j]!.word)) {
      outWords[n] = words[i]!;
      outCodes[n] = codes[i++]!;
    } else {
      outWords[n] = more[j]!.word;
      outCodes[n] = more[j++]!.code;
    }
  }
  return [outWords, outCodes];
}
