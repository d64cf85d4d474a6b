import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { AD_PICTURE_VARIANTS, type AdPictureSet, type AdPictureVariant, adPictureVariants } from '../../modules/images/image-processing.ts';

/**
 * The WebP variants of a demo picture, made once per machine: encoding is most of a first start's
 * time (about 0.1 s a picture, some 900 pictures), and every fresh data folder (the browser
 * journeys start with one each run) would otherwise pay it again. Kept in the system's temporary
 * folder by the hash of the drawing and the variant settings, so a changed drawing is made anew;
 * the cache is only ever a shortcut, and any trouble with it means drawing as before.
 */
export const DEMO_PICTURE_CACHE = path.join(os.tmpdir(), 'kauppis-demo-pictures');

const VARIANTS = Object.keys(AD_PICTURE_VARIANTS) as AdPictureVariant[];
const recipe = JSON.stringify({ variants: AD_PICTURE_VARIANTS, sharp: sharp.versions.sharp });

export async function demoPictureVariants(svg: string, cacheDir: string | null = DEMO_PICTURE_CACHE): Promise<AdPictureSet> {
  const hash = crypto.createHash('sha256').update(recipe).update(svg).digest('hex').slice(0, 32);
  const file = (suffix: string) => path.join(cacheDir ?? '', `${hash}${suffix}`);
  if (cacheDir) {
    try {
      const { width, height } = JSON.parse(await fs.readFile(file('.json'), 'utf8')) as { width: number; height: number };
      const buffers = await Promise.all(VARIANTS.map((variant) => fs.readFile(file(`-${variant}.webp`))));
      return {
        variants: Object.fromEntries(VARIANTS.map((variant, i) => [variant, buffers[i]!])) as AdPictureSet['variants'],
        width,
        height,
      };
    } catch {
      // Not made yet (or half written): make it.
    }
  }
  const set = await adPictureVariants(sharp(Buffer.from(svg)));
  if (cacheDir) {
    try {
      await fs.mkdir(cacheDir, { recursive: true });
      await Promise.all(VARIANTS.map((variant) => fs.writeFile(file(`-${variant}.webp`), set.variants[variant])));
      // The manifest last: a picture counts as cached only once all its variants are written.
      await fs.writeFile(file('.json'), JSON.stringify({ width: set.width, height: set.height }));
    } catch {
      // A read-only or full temporary folder: the next start draws again, that is all.
    }
  }
  return set;
}
