import { fileTypeFromBuffer } from 'file-type';
import sharp, { type Metadata, type Sharp } from 'sharp';
import { AppError } from '../../../common/errors.ts';
import { createWorkQueue } from '../../platform/work-queue.ts';
import { MAX_PICTURE_PIXELS, PICTURE_TYPES } from '../../../common/pictures.ts';

/**
 * Reads the type from the bytes, never from the file name, and refuses anything else:
 * a `.jpg` that is really a PDF gets a clear 422.
 */
export async function acceptedImageType(buffer: Buffer, field: string): Promise<(typeof PICTURE_TYPES)[number]> {
  const detected = await fileTypeFromBuffer(buffer);
  const mime = detected?.mime as (typeof PICTURE_TYPES)[number] | undefined;
  if (!mime || !PICTURE_TYPES.includes(mime)) throw AppError.field(field, 'images.unsupported_type');
  return mime;
}

/**
 * Decoding and encoding pictures is the heaviest work the server does (a 49-megapixel photo is
 * about a third of a second of CPU): one upload's picture at a time per process, so a burst of
 * uploads waits its turn instead of taking every core from page rendering.
 */
const pictureWork = createWorkQueue(1);

/** Opens an image for processing with the pixel limit on, turned upright by its EXIF orientation. */
async function openImage(buffer: Buffer, field: string) {
  let metadata: Metadata;
  try {
    metadata = await sharp(buffer).metadata();
  } catch {
    throw AppError.field(field, 'images.unreadable');
  }
  if ((metadata.width ?? 0) * (metadata.height ?? 0) > MAX_PICTURE_PIXELS) {
    throw AppError.field(field, 'images.too_many_pixels', { megapixels: MAX_PICTURE_PIXELS / 1_000_000 });
  }
  return sharp(buffer, { limitInputPixels: MAX_PICTURE_PIXELS, failOn: 'error' }).rotate();
}

/**
 * A square 256 px WebP avatar. Sharp writes no metadata unless asked, so EXIF (GPS included),
 * ICC and XMP from the upload are all gone.
 */
export async function makeAvatar(buffer: Buffer, field = 'avatar'): Promise<Buffer> {
  await acceptedImageType(buffer, field);
  return pictureWork.run(async () => {
    const image = await openImage(buffer, field);
    try {
      return await image.resize(256, 256, { fit: 'cover', position: 'attention' }).webp({ quality: 82 }).toBuffer();
    } catch {
      // A truncated or corrupt file fails while decoding.
      throw AppError.field(field, 'images.unreadable');
    }
  });
}

/** The sizes an ad picture is kept in: square thumbnails, 4:3 cards, and the full picture up to 1600 px. */
export const AD_PICTURE_VARIANTS = {
  thumb: { width: 160, height: 160, fit: 'cover', quality: 70 },
  card: { width: 480, height: 360, fit: 'cover', quality: 76 },
  full: { width: 1600, height: 1600, fit: 'inside', quality: 82 },
} as const;
export type AdPictureVariant = keyof typeof AD_PICTURE_VARIANTS;

/** Where one variant of an ad picture is stored: `<prefix>-<variant>.webp`. */
export const adPictureKey = (prefix: string, variant: AdPictureVariant) => `${prefix}-${variant}.webp`;

/** Every stored file of the ad pictures with these prefixes (to delete them). */
export const adPictureKeys = (prefixes: readonly string[]) =>
  prefixes.flatMap((prefix) => (Object.keys(AD_PICTURE_VARIANTS) as AdPictureVariant[]).map((variant) => adPictureKey(prefix, variant)));

export interface AdPictureSet {
  variants: Record<AdPictureVariant, Buffer>;
  /** Size of the full variant. */
  width: number;
  height: number;
}

/** Turns an upload into the three WebP variants, upright and with every piece of metadata (GPS too) removed. */
export async function makeAdPictures(buffer: Buffer, field = 'files'): Promise<AdPictureSet> {
  await acceptedImageType(buffer, field);
  return pictureWork.run(async () => {
    const image = await openImage(buffer, field);
    try {
      return await adPictureVariants(image);
    } catch {
      throw AppError.field(field, 'images.unreadable');
    }
  });
}

/** The three variants of an opened image: one decoded input, three branches (sharp's clone), each written straight to WebP. */
export async function adPictureVariants(image: Sharp): Promise<AdPictureSet> {
  const entries = await Promise.all(
    (Object.keys(AD_PICTURE_VARIANTS) as AdPictureVariant[]).map(async (name) => {
      const spec = AD_PICTURE_VARIANTS[name];
      const output = await image
        .clone()
        .resize(spec.width, spec.height, { fit: spec.fit, withoutEnlargement: spec.fit === 'inside', position: 'attention' })
        .webp({ quality: spec.quality, effort: 3 })
        .toBuffer({ resolveWithObject: true });
      return [name, output] as const;
    }),
  );
  const variants = Object.fromEntries(entries.map(([name, out]) => [name, out.data])) as Record<AdPictureVariant, Buffer>;
  const full = entries.find(([name]) => name === 'full')![1].info;
  return { variants, width: full.width, height: full.height };
}

/** A picture sent in a chat: one WebP up to 1280 px, upright, every piece of metadata (GPS too) removed. */
export async function makeChatPicture(buffer: Buffer, field = 'picture'): Promise<{ data: Buffer; width: number; height: number }> {
  await acceptedImageType(buffer, field);
  return pictureWork.run(async () => {
    const image = await openImage(buffer, field);
    try {
      const { data, info } = await image
        .resize(1280, 1280, { fit: 'inside', withoutEnlargement: true })
        .webp({ quality: 80, effort: 3 })
        .toBuffer({ resolveWithObject: true });
      return { data, width: info.width, height: info.height };
    } catch {
      throw AppError.field(field, 'images.unreadable');
    }
  });
}

/**
 * A picture for a blog post or an info page (cover or in the text): one WebP up to 1600 px,
 * upright, every piece of metadata (GPS too) removed.
 */
export async function makeContentPicture(buffer: Buffer, field = 'file'): Promise<{ data: Buffer; width: number; height: number }> {
  await acceptedImageType(buffer, field);
  return pictureWork.run(async () => {
    const image = await openImage(buffer, field);
    try {
      const { data, info } = await image
        .resize(1600, 1600, { fit: 'inside', withoutEnlargement: true })
        .webp({ quality: 82, effort: 3 })
        .toBuffer({ resolveWithObject: true });
      return { data, width: info.width, height: info.height };
    } catch {
      throw AppError.field(field, 'images.unreadable');
    }
  });
}
