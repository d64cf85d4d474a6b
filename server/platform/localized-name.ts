import type { Locale } from '../../common/locales.ts';

/** The column of a language's name on a row: `nameFi`, `nameSv`, `nameEn`, `nameRu`… */
export type NameKey = `name${Capitalize<Locale>}`;

/** A row with names per language (catalogs, blog categories, regions, municipalities): Finnish always. */
export type NamedRow = { nameFi: string } & Partial<Record<NameKey, string | null>>;

export function nameKey(locale: Locale): NameKey {
  return `name${locale.charAt(0).toUpperCase()}${locale.slice(1)}` as NameKey;
}

/**
 * The name in the reader's language, else the Finnish one: a language the row has no name for
 * (a municipality in English, a category not yet translated) reads as Finnish.
 */
export function localizedName(row: NamedRow, locale: Locale): string {
  return row[nameKey(locale)]?.trim() || row.nameFi;
}
