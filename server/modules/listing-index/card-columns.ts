import type { CardRow, StoredPicture } from '../ads/ads.repo.ts';
import { SlotLists } from './slot-lists.ts';

/**
 * What a listed ad's card shows beyond the columns the listing filters by (issue 26): its uuid, the
 * number of its pictures, its category fields' values and its cover. With them the index gives a
 * page's cards itself, and a listing without words sends no statement but the index's catch-up.
 * The uuid is kept as 16 bytes, the values and the cover as their JSON in UTF-8: a million ads in
 * a few arrays, not a million objects.
 */

/** A card's own values as the index reads them (listing-index.repo.ts). */
export interface CardExtras {
  uuid: string;
  imageCount: number;
  /** The stored values' JSON, or null for none (`{}`). */
  attributesJson: string | null;
  /** The first picture (by position) as JSON `{uuid, storagePrefix, width, height}`, or null. */
  coverJson: string | null;
}

const encoder = new TextEncoder();
const decoder = new TextDecoder();

export class CardColumns {
  private uuids = new Uint8Array(16 * 1024);
  private imageCounts = new Uint16Array(1024);
  private readonly attributes = new SlotLists((n) => new Uint8Array(n));
  private readonly covers = new SlotLists((n) => new Uint8Array(n));

  set(slot: number, extras: CardExtras): void {
    const hex = extras.uuid.replace(/-/g, '');
    for (let i = 0; i < 16; i++) this.uuids[slot * 16 + i] = Number.parseInt(hex.slice(2 * i, 2 * i + 2), 16);
    this.imageCounts[slot] = Math.min(extras.imageCount, 0xffff);
    this.attributes.set(slot, extras.attributesJson === null ? [] : encoder.encode(extras.attributesJson));
    this.covers.set(slot, extras.coverJson === null ? [] : encoder.encode(extras.coverJson));
  }

  clear(slot: number): void {
    this.attributes.clear(slot);
    this.covers.clear(slot);
  }

  growSlots(capacity: number): void {
    const uuids = new Uint8Array(16 * capacity);
    uuids.set(this.uuids);
    this.uuids = uuids;
    const imageCounts = new Uint16Array(capacity);
    imageCounts.set(this.imageCounts);
    this.imageCounts = imageCounts;
    this.attributes.growSlots(capacity);
    this.covers.growSlots(capacity);
  }

  uuidOf(slot: number): string {
    let hex = '';
    for (let i = 0; i < 16; i++) hex += this.uuids[slot * 16 + i]!.toString(16).padStart(2, '0');
    return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
  }

  imageCountOf(slot: number): number {
    return this.imageCounts[slot]!;
  }

  attributesOf(slot: number): CardRow['attributes'] {
    const text = read(this.attributes, slot);
    return text ? (JSON.parse(text) as CardRow['attributes']) : {};
  }

  coverOf(slot: number): StoredPicture | null {
    const text = read(this.covers, slot);
    return text ? (JSON.parse(text) as StoredPicture) : null;
  }
}

function read(lists: SlotLists<Uint8Array>, slot: number): string {
  const { data, start, length } = lists;
  return length[slot] ? decoder.decode(data.subarray(start[slot]!, start[slot]! + length[slot]!)) : '';
}
