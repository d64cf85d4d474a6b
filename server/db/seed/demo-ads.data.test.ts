import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { type CatalogSeed, catalogTree } from './catalog-tree.ts';
import { type DemoAd, demoAds } from './demo-ads.data.ts';

interface Municipality {
  code: string;
  name_fi: string;
}

const municipalities = JSON.parse(
  fs.readFileSync(new URL('./reference/fi-municipalities.json', import.meta.url), 'utf8'),
) as Municipality[];
const municipalityCodes = new Set(municipalities.map((m) => m.code));

/** Every slug in the tree, mapped to the slug of its top-level catalog. */
function topLevelBySlug(nodes: CatalogSeed[], top?: string, into = new Map<string, string>()): Map<string, string> {
  for (const node of nodes) {
    into.set(node.slug, top ?? node.slug);
    topLevelBySlug(node.children ?? [], top ?? node.slug, into);
  }
  return into;
}

const topOf = topLevelBySlug(catalogTree);
const parents = catalogTree.map((node) => node.slug);

function share(predicate: (ad: DemoAd) => boolean): number {
  return (demoAds.filter(predicate).length / demoAds.length) * 100;
}

describe('demoAds', () => {
  it('has about 300 ads', () => {
    expect(demoAds.length).toBeGreaterThanOrEqual(280);
    expect(demoAds.length).toBeLessThanOrEqual(320);
  });

  it('uses only catalogs below a top-level one, at least 12 ads in each top-level catalog', () => {
    const unknown = demoAds.filter((ad) => !topOf.has(ad.catalog)).map((ad) => ad.catalog);
    expect(unknown).toEqual([]);
    const topLevelUsed = demoAds.filter((ad) => parents.includes(ad.catalog)).map((ad) => ad.catalog);
    expect(topLevelUsed).toEqual([]);
    for (const parent of parents) {
      const ads = demoAds.filter((ad) => topOf.get(ad.catalog) === parent);
      expect(ads.length, parent).toBeGreaterThanOrEqual(12);
      expect(new Set(ads.map((ad) => ad.catalog)).size, `${parent}: distinct children`).toBeGreaterThanOrEqual(8);
    }
  });

  it('spreads over at least 30 real municipalities, the big cities most', () => {
    const unknown = demoAds.filter((ad) => !municipalityCodes.has(ad.city)).map((ad) => ad.city);
    expect(unknown).toEqual([]);
    const perCity = new Map<string, number>();
    for (const ad of demoAds) perCity.set(ad.city, (perCity.get(ad.city) ?? 0) + 1);
    expect(perCity.size).toBeGreaterThanOrEqual(30);
    const busiest = [...perCity.entries()].sort((a, b) => b[1] - a[1])[0]![0];
    expect(busiest).toBe('091');
    for (const code of ['091', '049', '837', '092', '564', '853', '179', '398', '297', '609', '167', '405', '109', '905', '698', '743']) {
      expect(perCity.get(code) ?? 0, code).toBeGreaterThanOrEqual(3);
    }
  });

  it('is mostly Finnish, with some Swedish, English and Russian', () => {
    expect(share((ad) => ad.language === 'fi')).toBeGreaterThanOrEqual(75);
    expect(share((ad) => ad.language === 'fi')).toBeLessThanOrEqual(85);
    expect(share((ad) => ad.language === 'sv')).toBeGreaterThanOrEqual(3);
    expect(share((ad) => ad.language === 'sv')).toBeLessThanOrEqual(13);
    expect(share((ad) => ad.language === 'en')).toBeGreaterThanOrEqual(2);
    expect(share((ad) => ad.language === 'en')).toBeLessThanOrEqual(12);
    expect(share((ad) => ad.language === 'ru')).toBeGreaterThanOrEqual(1);
    expect(share((ad) => ad.language === 'ru')).toBeLessThanOrEqual(10);
  });

  it('uses Cyrillic in the Russian ads and only there', () => {
    for (const ad of demoAds) {
      const cyrillic = /[а-яё]/i.test(ad.description);
      expect(cyrillic, ad.name).toBe(ad.language === 'ru');
    }
  });

  it('has names and descriptions of sensible length, trimmed', () => {
    for (const ad of demoAds) {
      expect(ad.name, ad.name).toBe(ad.name.trim());
      expect(ad.description, ad.name).toBe(ad.description.trim());
      expect(ad.name.length, ad.name).toBeGreaterThanOrEqual(3);
      expect(ad.name.length, ad.name).toBeLessThanOrEqual(120);
      expect(ad.description.length, ad.name).toBeGreaterThanOrEqual(40);
      expect(ad.description.length, ad.name).toBeLessThanOrEqual(1200);
    }
  });

  it('has no duplicate names', () => {
    const names = demoAds.map((ad) => ad.name.toLowerCase());
    expect(names.filter((name, i) => names.indexOf(name) !== i)).toEqual([]);
  });

  it('has whole, non-negative prices, a few free items', () => {
    for (const ad of demoAds) {
      expect(Number.isInteger(ad.priceCents), ad.name).toBe(true);
      expect(ad.priceCents, ad.name).toBeGreaterThanOrEqual(0);
    }
    const free = share((ad) => ad.priceCents === 0);
    expect(free).toBeGreaterThan(1);
    expect(free).toBeLessThan(8);
  });

  it('has 1–5 pictures, an age of 0–60 days and a #rrggbb colour', () => {
    for (const ad of demoAds) {
      expect(Number.isInteger(ad.pictures) && ad.pictures >= 1 && ad.pictures <= 5, ad.name).toBe(true);
      expect(Number.isInteger(ad.ageDays) && ad.ageDays >= 0 && ad.ageDays <= 60, ad.name).toBe(true);
      expect(ad.colour, ad.name).toMatch(/^#[0-9a-f]{6}$/i);
      if (ad.address !== undefined) expect(ad.address.trim().length, ad.name).toBeGreaterThan(3);
    }
  });

  it('is mostly active, some sold and some reserved', () => {
    expect(share((ad) => ad.status === 'active')).toBeGreaterThanOrEqual(80);
    expect(share((ad) => ad.status === 'active')).toBeLessThanOrEqual(95);
    expect(share((ad) => ad.status === 'sold')).toBeGreaterThanOrEqual(3);
    expect(share((ad) => ad.status === 'sold')).toBeLessThanOrEqual(12);
    expect(share((ad) => ad.status === 'reserved')).toBeGreaterThanOrEqual(2);
    expect(share((ad) => ad.status === 'reserved')).toBeLessThanOrEqual(10);
  });

  it('has the words search is tested with', () => {
    const text = demoAds.map((ad) => `${ad.name}\n${ad.description}`.toLowerCase()).join('\n');
    for (const word of [
      'polkupyörä',
      'maastopyörä',
      'lastenpyörä',
      'sähköpyörä',
      'kulmasohva',
      'vuodesohva',
      'talvirenkaat',
      'kesärenkaat',
      'nastarenkaat',
      'astianpesukone',
      'jääkaappipakastin',
      'lastenvaunut',
      'kesämökki',
      'omakotitalo',
      'kaksio',
      'fillari',
      'läppäri',
      'kännykkä',
      'telkkari',
      'mökki',
      'mopo',
    ]) {
      expect(text, word).toContain(word);
    }
  });

  it('has ads of every kind for the filter to show, give-aways free and rentals in rental catalogs or saying so', () => {
    const kinds = new Map<string, DemoAd[]>();
    for (const ad of demoAds) kinds.set(ad.kind ?? 'sell', [...(kinds.get(ad.kind ?? 'sell') ?? []), ad]);
    for (const kind of ['sell', 'wanted', 'give', 'rent']) expect(kinds.get(kind)?.length ?? 0, kind).toBeGreaterThanOrEqual(5);
    expect(kinds.get('give')!.every((ad) => ad.priceCents === 0)).toBe(true);
    expect(kinds.get('rent')!.every((ad) => ad.priceCents > 0)).toBe(true);
  });
});
