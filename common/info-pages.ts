/**
 * The site's info pages (spec section 2): a fixed set of slugs the footer links to, each written by
 * staff in every language. `terms-of-use` is also what `/terms` shows.
 */
export const INFO_SLUGS = [
  'terms-of-use',
  'privacy-policy',
  'contacts',
  'advertisement',
  'partnership',
  'donations',
  'safe-shops',
] as const;
export type InfoSlug = (typeof INFO_SLUGS)[number];

export function isInfoSlug(value: unknown): value is InfoSlug {
  return typeof value === 'string' && (INFO_SLUGS as readonly string[]).includes(value);
}

/** The longest title an info page may have. */
export const INFO_TITLE_MAX = 120;
