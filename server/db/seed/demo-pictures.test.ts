import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import * as icons from 'lucide-react';
import { describe, expect, it } from 'vitest';
import { type CatalogSeed, catalogTree } from './catalog-tree.ts';
import { demoAds } from './demo-ads.data.ts';
import { demoPictureVariants } from './demo-picture-cache.ts';
import { DRAWN_CATEGORIES, demoPictureSvg, subjectFor } from './demo-pictures.ts';

/** Every category's slug with its ancestors', nearest first. */
const trails = new Map<string, string[]>();
const walk = (nodes: CatalogSeed[], above: string[]) => {
  for (const node of nodes) {
    trails.set(node.slug, [node.slug, ...above]);
    walk(node.children ?? [], [node.slug, ...above]);
  }
};
walk(catalogTree, []);

describe('demo pictures', () => {
  it('draws a bicycle for bikes, a car for cars, a sofa for sofas, a phone for phones and clothes for clothes', () => {
    expect(subjectFor(trails.get('childrens-bikes')!).icon).toBe('Bike');
    expect(subjectFor(trails.get('passenger-cars')!).icon).toBe('Car');
    expect(subjectFor(trails.get('sofas-and-armchairs')!).icon).toBe('Sofa');
    expect(subjectFor(trails.get('smartphones')!).icon).toBe('Smartphone');
    expect(subjectFor(trails.get('mens-shirts')!).icon).toBe('Shirt');
  });

  it('names only categories of the tree and icons that exist', () => {
    for (const slug of DRAWN_CATEGORIES) expect(trails.has(slug), slug).toBe(true);
    for (const slug of DRAWN_CATEGORIES) expect(icons[subjectFor([slug]).icon], slug).toBeTruthy();
  });

  it('has a subject of its own for the category of every demo ad (none falls back to the plain tag)', () => {
    for (const ad of demoAds) expect(subjectFor(trails.get(ad.catalog) ?? []).icon, ad.catalog).not.toBe('Tag');
  });

  it('varies the pictures of one ad, and draws the same picture from the same seed', () => {
    const trail = trails.get('city-bikes')!;
    const pictures = [0, 1, 2, 3].map((position) => demoPictureSvg(trail, '#c0392b', 100 + position, position));
    expect(new Set(pictures).size).toBe(4);
    expect(demoPictureSvg(trail, '#c0392b', 100, 0)).toBe(pictures[0]);
  });
});

describe('demoPictureVariants', () => {
  it('encodes a drawing once per machine: the second time it comes from the cache, byte for byte', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'demo-picture-cache-'));
    try {
      const svg = demoPictureSvg(trails.get('smartphones')!, '#1f3a5f', 7, 0);
      const made = await demoPictureVariants(svg, dir);
      expect(made).toMatchObject({ width: 800, height: 600 });
      expect(fs.readdirSync(dir)).toHaveLength(4);
      const cached = await demoPictureVariants(svg, dir);
      expect(cached.variants.card.equals(made.variants.card)).toBe(true);
      expect(cached.variants.full.equals(made.variants.full)).toBe(true);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
