/** What a picture upload may be, for ads and profile pictures alike; the server checks the bytes, the browser the file. */

/** The formats people upload from phones and cameras that the server's image library decodes. */
export const PICTURE_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'image/avif', 'image/gif'] as const;
export const MAX_PICTURE_BYTES = 15 * 1024 * 1024;
/** 50 megapixels: every phone camera fits; a decompression bomb does not (checked from the header, before decoding). */
export const MAX_PICTURE_PIXELS = 50_000_000;
/** Pictures an ad may have, and so files in one upload request. */
export const AD_MAX_PICTURES = 10;
