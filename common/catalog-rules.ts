/**
 * The rules of the category tree both sides need: the server enforces them, the staff page uses
 * them to offer only the moves that can succeed.
 */

/** A category is a parent, a child or a grandchild: three levels, as the catalog URLs are. */
export const CATALOG_MAX_LEVELS = 3;

export const CATALOG_NAME_MIN = 2;
export const CATALOG_NAME_MAX = 60;
export const CATALOG_SLUG_MIN = 2;
export const CATALOG_SLUG_MAX = 60;

/** Lowercase letters a–z and digits, in words joined by single dashes: `kodinkoneet`, `used-cars-2`. */
export const CATALOG_SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/** What is wrong with a slug as staff typed it, or undefined. */
export function catalogSlugProblem(slug: string): 'min_length' | 'max_length' | 'format' | undefined {
  if (slug.length < CATALOG_SLUG_MIN) return 'min_length';
  if (slug.length > CATALOG_SLUG_MAX) return 'max_length';
  return CATALOG_SLUG_PATTERN.test(slug) ? undefined : 'format';
}

/**
 * A slug from a Finnish name: accents dropped (ä → a, ö → o, å → a), everything but letters and
 * digits turned into single dashes. "Kodinkoneet & työkalut" → "kodinkoneet-tyokalut". May be
 * empty when the name has no Latin letters or digits.
 */
export function slugFromName(name: string): string {
  return name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, CATALOG_SLUG_MAX)
    .replace(/-+$/, '');
}

/** A category name as it is stored: Unicode-normalised, trimmed, inner runs of spaces made one. */
export function tidyCatalogName(name: string): string {
  return name.normalize('NFC').trim().replace(/\s+/g, ' ');
}
