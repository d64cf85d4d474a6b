import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { type CatalogSeed, catalogTree } from '../../db/seed/catalog-tree.ts';
import { demoAds } from '../../db/seed/demo-ads.data.ts';
import { demoPictureSvg, subjectFor } from '../../db/seed/demo-pictures.ts';
import { AD_PICTURE_VARIANTS } from '../images/image-processing.ts';
import {
  DUPLICATE_MAX_DISTANCE,
  bandProbes,
  bandsOf,
  fromStoredHash,
  hammingDistance,
  hashFromPixels,
  perceptualHash,
  toStoredHash,
} from './picture-hash.ts';
import { withFlags } from './picture-hash.service.ts';

describe('the hash maths', () => {
  it('a plain picture has no hash; a picture with structure has one; 32×32 pixels are required', () => {
    expect(hashFromPixels(new Array(1024).fill(128))).toBeNull();
    expect(hashFromPixels(Array.from({ length: 1024 }, (_, i) => 128 + (i % 2)))).toBeNull();
    const scene = Array.from({ length: 1024 }, (_, i) => {
      const [x, y] = [i % 32, Math.floor(i / 32)];
      return Math.round(100 + 50 * Math.sin(x / 5) + 30 * Math.cos(y / 7) + 15 * Math.sin((x + y) / 3));
    });
    expect(typeof hashFromPixels(scene)).toBe('bigint');
    // The same picture a little brighter keeps its hash: the bits compare coefficients with their median.
    expect(hashFromPixels(scene.map((v) => v + 10))).toBe(hashFromPixels(scene));
    expect(() => hashFromPixels(new Array(64).fill(0))).toThrow();
  });

  it('Hamming distance counts the differing bits of 64', () => {
    expect(hammingDistance(0n, 0n)).toBe(0);
    expect(hammingDistance(0b1011n, 0b0001n)).toBe(2);
    expect(hammingDistance(0n, (1n << 64n) - 1n)).toBe(64);
    // Signed (as stored) and unsigned forms of one hash are the same hash.
    expect(hammingDistance(-1n, (1n << 64n) - 1n)).toBe(0);
  });

  it('four 16-bit bands, the highest first; the stored signed form comes back unsigned', () => {
    expect(bandsOf(0x0123_4567_89ab_cdefn)).toEqual([0x0123, 0x4567, 0x89ab, 0xcdef]);
    const high = 0xfedc_ba98_7654_3210n;
    expect(toStoredHash(high)).toBeLessThan(0n);
    expect(toStoredHash(high)).toBeGreaterThanOrEqual(-(1n << 63n));
    expect(fromStoredHash(toStoredHash(high))).toBe(high);
    expect(bandsOf(toStoredHash(high))).toEqual([0xfedc, 0xba98, 0x7654, 0x3210]);
  });

  it('the band probes find a hash 4 bits away with one bit in each band, which shares no band exactly', () => {
    const hash = 0x0123_4567_89ab_cdefn;
    const other = hash ^ ((1n << 60n) | (1n << 40n) | (1n << 20n) | 1n);
    expect(hammingDistance(hash, other)).toBe(4);
    const probes = bandProbes(hash);
    const theirs = bandsOf(other);
    expect(theirs.some((band, i) => band === bandsOf(hash)[i])).toBe(false);
    expect(theirs.every((band, i) => probes[i]!.includes(band))).toBe(true);
    expect(probes.map((values) => new Set(values).size)).toEqual([17, 17, 17, 17]);
  });

  it('flags already on the ad are kept once', () => {
    expect(
      withFlags(
        [{ kind: 'duplicate_picture', product_id: 1 }],
        [
          { kind: 'duplicate_picture', product_id: 1 },
          { kind: 'duplicate_picture', product_id: 2 },
        ],
      ),
    ).toEqual([
      { kind: 'duplicate_picture', product_id: 1 },
      { kind: 'duplicate_picture', product_id: 2 },
    ]);
  });
});

/**
 * How well the hash tells copies from different pictures, measured on the demo pictures (the ones
 * a first start draws, server/db/seed/demo-pictures.ts): the cover of each of the 313 demo ads,
 * drawn as the seed draws it (its category's subject in its scene, in the ad's colour).
 *
 * Different pictures: a pair of two covers within DUPLICATE_MAX_DISTANCE (4 bits) is a false
 * match. Measured (sharp 0.35): 99 of 48,828 pairs = 0.20 %. Most involve the notice-board
 * pictures of jobs and services (38 covers from one template: the same paper, lines and pin, only
 * a small icon and the colour differ); between two covers that are not notices 15 of 37,675 pairs
 * = 0.040 %, the same kind of subject in the same scene. At other thresholds: 2 bits 0.063 %
 * (0.008 % without notices), 6 bits 0.45 % (0.12 %), 8 bits 0.79 % (0.30 %). Photos vary far more
 * than these drawings, so the figures are pessimistic.
 *
 * Copies: every 8th cover (40), stored as an upload is (the full variant, WebP 82), then copied
 * five ways — half size as JPEG 60, 640 px as WebP 50, the same size as JPEG 60, enlarged to
 * 1200 px as JPEG 75, 300 px as PNG — and hashed as sent: 200 of 200 within 4 bits (true-match
 * rate 100 %), the farthest 2 bits away. (A wider run while choosing the hash, 200 demo pictures
 * × 6 copy kinds with 200 px WebP 50 among them, had all 1,200 copies within 4 bits.)
 */
describe('copies match, different pictures do not (demo pictures)', () => {
  const trails = new Map<string, string[]>();
  const walk = (nodes: CatalogSeed[], above: string[]) => {
    for (const node of nodes) {
      trails.set(node.slug, [node.slug, ...above]);
      if (node.children) walk(node.children, [node.slug, ...above]);
    }
  };
  walk(catalogTree, []);
  const slugsOf = (index: number) => trails.get(demoAds[index]!.catalog) ?? [demoAds[index]!.catalog];
  /** The cover of the demo ad at `index`, as the seed draws it (its row id is index + 1 on a fresh database). */
  const coverSvg = (index: number) => Buffer.from(demoPictureSvg(slugsOf(index), demoAds[index]!.colour, (index + 1) * 31, 0));
  /** What an upload keeps: the full variant. */
  const stored = (picture: Buffer) => {
    const full = AD_PICTURE_VARIANTS.full;
    return sharp(picture)
      .resize(full.width, full.height, { fit: full.fit, withoutEnlargement: true })
      .webp({ quality: full.quality, effort: 3 })
      .toBuffer();
  };

  let hashes: bigint[] = [];
  beforeAll(async () => {
    // Drawn at half the density (400×300): the hash reads a 32×32 shrink either way, and half the pixels draw four times faster.
    hashes = [];
    for (let index = 0; index < demoAds.length; index++) {
      const { data, info } = await sharp(coverSvg(index), { density: 36 }).raw().toBuffer({ resolveWithObject: true });
      const hash = await perceptualHash(await sharp(data, { raw: info }).png({ compressionLevel: 0 }).toBuffer());
      hashes.push(hash!);
    }
  }, 180_000);

  it('different pictures: at most 0.25 % of the pairs of demo covers match, and only 0.05 % outside the notice-board template', () => {
    expect(hashes.length).toBeGreaterThanOrEqual(300);
    const board = demoAds.map((_, index) => subjectFor(slugsOf(index)).scene === 'board');
    let pairs = 0;
    let matches = 0;
    let otherPairs = 0;
    let otherMatches = 0;
    for (let i = 0; i < hashes.length; i++) {
      for (let j = i + 1; j < hashes.length; j++) {
        const match = hammingDistance(hashes[i]!, hashes[j]!) <= DUPLICATE_MAX_DISTANCE;
        pairs += 1;
        if (match) matches += 1;
        if (!board[i] && !board[j]) {
          otherPairs += 1;
          if (match) otherMatches += 1;
        }
      }
    }
    console.info(
      `false matches: ${matches} of ${pairs} pairs (${((100 * matches) / pairs).toFixed(3)} %); outside the notice board: ${otherMatches} of ${otherPairs} (${((100 * otherMatches) / otherPairs).toFixed(3)} %)`,
    );
    expect(matches / pairs).toBeLessThanOrEqual(0.0025);
    expect(otherMatches / otherPairs).toBeLessThanOrEqual(0.0005);
  });

  it('copies: every resized or re-encoded copy of a stored demo picture is within the threshold of it', async () => {
    const copies: [string, (picture: Buffer) => Promise<Buffer>][] = [
      ['half size, JPEG 60', (p) => sharp(p).resize({ width: 400 }).jpeg({ quality: 60 }).toBuffer()],
      ['640 px, WebP 50', (p) => sharp(p).resize({ width: 640 }).webp({ quality: 50 }).toBuffer()],
      ['same size, JPEG 60', (p) => sharp(p).jpeg({ quality: 60 }).toBuffer()],
      ['1200 px, JPEG 75', (p) => sharp(p).resize({ width: 1200 }).jpeg({ quality: 75 }).toBuffer()],
      ['300 px, PNG', (p) => sharp(p).resize({ width: 300 }).png().toBuffer()],
    ];
    let tried = 0;
    let matched = 0;
    let farthest = 0;
    for (let index = 0; index < demoAds.length; index += 8) {
      const original = await stored(await sharp(coverSvg(index)).png({ compressionLevel: 0 }).toBuffer());
      const hash = (await perceptualHash(original))!;
      for (const [, copy] of copies) {
        const distance = hammingDistance(hash, (await perceptualHash(await copy(original)))!);
        tried += 1;
        if (distance <= DUPLICATE_MAX_DISTANCE) matched += 1;
        farthest = Math.max(farthest, distance);
      }
    }
    console.info(`copies matched: ${matched} of ${tried}; the farthest ${farthest} bits away`);
    expect(tried).toBeGreaterThanOrEqual(200);
    expect(matched / tried).toBeGreaterThanOrEqual(0.99);
  }, 180_000);
});
