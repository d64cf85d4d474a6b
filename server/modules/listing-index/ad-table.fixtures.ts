import { AD_KINDS } from '../../../common/ad-rules.ts';
import type { IndexedAd } from './ad-table.ts';

/** An ad as the index keeps it, its columns varied by its id; `extra` sets the rest. */
export function indexedAd(id: number, createdUs: number, extra: Partial<IndexedAd> = {}): IndexedAd {
  return {
    id,
    catalogId: 1 + (id % 3),
    cityId: 10 + (id % 5),
    regionId: 1,
    priceCents: (id * 7919) % 100_000,
    kind: AD_KINDS[id % AD_KINDS.length]!,
    hasImages: id % 2 === 0,
    createdUs,
    expiresMs: null,
    reserved: false,
    choices: [],
    facetValues: [],
    numbers: {},
    title: '',
    titleWords: [],
    uuid: `00000000-0000-4000-8000-${String(id).padStart(12, '0')}`,
    imageCount: id % 2 === 0 ? 1 : 0,
    attributesJson: null,
    coverJson: null,
    ...extra,
  };
}
