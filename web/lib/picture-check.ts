import { MAX_PICTURE_BYTES, PICTURE_TYPES } from '../../common/pictures';

type T = (key: string, params?: Record<string, string | number>) => string;

/** Checks a picked file the way the server will (type and size), so a wrong one is refused at once. */
export function pictureProblem(file: { type: string; size: number }, t: T): string | undefined {
  if (file.type && !(PICTURE_TYPES as readonly string[]).includes(file.type)) return t('images.unsupported_type');
  if (file.size > MAX_PICTURE_BYTES) return t('images.too_large', { megabytes: MAX_PICTURE_BYTES / 1024 / 1024 });
  return undefined;
}

/** The `accept` list of a picture input. */
export const PICTURE_ACCEPT = PICTURE_TYPES.join(',');
