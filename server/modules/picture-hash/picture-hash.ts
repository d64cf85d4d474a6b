import sharp from 'sharp';
import { MAX_PICTURE_PIXELS } from '../../../common/pictures.ts';

/**
 * The perceptual hash of a picture (issue 25's scam guard): a 64-bit pHash. The picture is turned
 * grey and shrunk to 32×32, the 8×8 lowest frequencies of its cosine transform are kept, and each
 * bit says whether a coefficient lies above their median (the DC term left out of the median). A
 * resized or re-encoded copy keeps its hash within a few bits; a different picture lands some 32
 * bits away. Chosen over a dHash after measuring both on the demo pictures: the dHash of a copy at
 * half size moved up to 14 bits (neighbouring cells of a smooth sky differ by noise), the pHash at
 * most 4 (picture-hash.test.ts, docs/decisions.md).
 */

/** The side of the grey square the transform reads. */
const SIDE = 32;
/** The side of the block of lowest frequencies that make the 64 bits. */
const KEEP = 8;
/** Two pictures this close (in differing bits) are the same picture. Measured in picture-hash.test.ts. */
export const DUPLICATE_MAX_DISTANCE = 4;
/** A picture whose grey pixels vary less than this (standard deviation, of 255) has nothing to compare: a plain colour. */
export const FEATURELESS_DEVIATION = 2;
/** The number of 16-bit bands the hash is stored in (picture_hashes.band0..band3). */
export const BANDS = 4;

/** cos((2x + 1)uπ / 2N) for the kept frequencies u and every pixel position x. */
const COSINES = Array.from({ length: KEEP }, (_, u) =>
  Float64Array.from({ length: SIDE }, (_, x) => Math.cos(((2 * x + 1) * u * Math.PI) / (2 * SIDE))),
);

/**
 * The hash of 32×32 grey pixels (row by row), or null when they are all but one colour: a plain
 * picture carries no structure, and every plain picture would "match" every other.
 */
export function hashFromPixels(pixels: ArrayLike<number>): bigint | null {
  if (pixels.length !== SIDE * SIDE) throw new Error(`expected ${SIDE * SIDE} pixels, got ${pixels.length}`);
  let sum = 0;
  let squares = 0;
  for (let i = 0; i < pixels.length; i++) {
    sum += pixels[i]!;
    squares += pixels[i]! * pixels[i]!;
  }
  const mean = sum / pixels.length;
  if (Math.sqrt(Math.max(0, squares / pixels.length - mean * mean)) < FEATURELESS_DEVIATION) return null;

  // The separable transform: the rows first (each row's KEEP frequencies), then the columns.
  const rows = new Float64Array(SIDE * KEEP);
  for (let y = 0; y < SIDE; y++) {
    for (let u = 0; u < KEEP; u++) {
      let s = 0;
      for (let x = 0; x < SIDE; x++) s += COSINES[u]![x]! * pixels[y * SIDE + x]!;
      rows[y * KEEP + u] = s;
    }
  }
  const coefficients = new Float64Array(KEEP * KEEP);
  for (let v = 0; v < KEEP; v++) {
    for (let u = 0; u < KEEP; u++) {
      let s = 0;
      for (let y = 0; y < SIDE; y++) s += COSINES[v]![y]! * rows[y * KEEP + u]!;
      coefficients[v * KEEP + u] = s;
    }
  }
  // The DC term (the average brightness) says nothing about the picture's shape.
  const sorted = coefficients.slice(1).sort();
  const median = (sorted[31]! + sorted[32]!) / 2;
  let hash = 0n;
  for (const c of coefficients) hash = (hash << 1n) | (c > median ? 1n : 0n);
  return hash;
}

/**
 * The hash of an encoded picture (any type sharp reads), turned upright first. Throws when the
 * bytes cannot be decoded; null for a plain picture. The shrink reads every pixel (no shrink on
 * load): a JPEG's decoder-side shrink moved the hash of the same picture by up to 8 bits.
 */
export async function perceptualHash(picture: Buffer): Promise<bigint | null> {
  const pixels = await sharp(picture, { limitInputPixels: MAX_PICTURE_PIXELS, failOn: 'error' })
    .rotate()
    .greyscale()
    .resize(SIDE, SIDE, { fit: 'fill', fastShrinkOnLoad: false })
    .raw()
    .toBuffer();
  return hashFromPixels(pixels);
}

/** The number of bits in which two hashes differ. */
export function hammingDistance(a: bigint, b: bigint): number {
  let x = BigInt.asUintN(64, a ^ b);
  let count = 0;
  while (x) {
    x &= x - 1n;
    count += 1;
  }
  return count;
}

/** The four 16-bit bands of a hash, the highest first (picture_hashes.band0 … band3). */
export function bandsOf(hash: bigint): [number, number, number, number] {
  const unsigned = BigInt.asUintN(64, hash);
  const band = (index: number) => Number((unsigned >> BigInt(16 * (BANDS - 1 - index))) & 0xffffn);
  return [band(0), band(1), band(2), band(3)];
}

/** The hash as PostgreSQL's signed bigint stores it, and back. */
export const toStoredHash = (hash: bigint): bigint => BigInt.asIntN(64, hash);
export const fromStoredHash = (stored: bigint): bigint => BigInt.asUintN(64, stored);

/**
 * The values to look each band up with: the band itself and its 16 one-bit neighbours. Two hashes
 * within 7 bits share a band exactly or differ in one bit of some band (four bands, two bits each
 * would be 8), so these 4 × 17 values find every hash within DUPLICATE_MAX_DISTANCE (4) through the
 * band indexes; the exact distance then decides.
 */
export function bandProbes(hash: bigint): number[][] {
  return bandsOf(hash).map((band) => [band, ...Array.from({ length: 16 }, (_, bit) => band ^ (1 << bit))]);
}
