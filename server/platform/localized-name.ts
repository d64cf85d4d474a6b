import { type TOptional, type TSchema, Type } from 'typebox';
import { LOCALES, type Locale, type Translations } from '../../common/locales.ts';

export type { Translations };

/** The column of a language's name on a row: `nameFi`, `nameSv`, `nameEn`, `nameRu`… */
export type NameKey = `name${Capitalize<Locale>}`;

/** A row with names per language in columns (regions, municipalities: data from the source files). */
export type NamedRow = { nameFi: string } & Partial<Record<NameKey, string | null>>;

export function nameKey(locale: Locale): NameKey {
  return `name${locale.charAt(0).toUpperCase()}${locale.slice(1)}` as NameKey;
}

/**
 * The name in the reader's language, else the Finnish one: a language the row has no name for
 * (a municipality in English) reads as Finnish.
 */
export function localizedName(row: NamedRow, locale: Locale): string {
  return row[nameKey(locale)]?.trim() || row.nameFi;
}

/** A staff-named row (catalog, blog category): the Finnish name, and the others in a jsonb map. */
export type TranslatedRow = { nameFi: string; names: Translations };

export function translatedName(row: TranslatedRow, locale: Locale): string {
  return (locale === 'fi' ? undefined : row.names[locale]?.trim()) || row.nameFi;
}

/** An API field of a name in one language: `name_fi`, `name_sv`, … (one per locale). */
export type NameField = `name_${Locale}`;
export type NameFields = Record<NameField, string>;
export const NAME_FIELDS: readonly NameField[] = LOCALES.map((locale) => `name_${locale}` as const);

/** The API's names of a row: every language's field, '' where the row has none yet (Finnish is shown). */
export function nameFields(row: TranslatedRow): NameFields {
  return Object.fromEntries(
    LOCALES.map((locale) => [`name_${locale}`, locale === 'fi' ? row.nameFi : (row.names[locale] ?? '')]),
  ) as NameFields;
}

/** The TypeBox properties `name_<locale>` for every locale, each with the given schema. */
export function nameProperties<T extends TSchema>(schema: (locale: Locale) => T): Record<NameField, T> {
  return Object.fromEntries(LOCALES.map((locale) => [`name_${locale}`, schema(locale)])) as Record<NameField, T>;
}

/** The same, required where `required` says and optional elsewhere (static type: all optional; the service checks). */
export function nameInputProperties<T extends TSchema>(schema: T, required: (locale: Locale) => boolean): Record<NameField, TOptional<T>> {
  return Object.fromEntries(LOCALES.map((locale) => [`name_${locale}`, required(locale) ? schema : Type.Optional(schema)])) as Record<
    NameField,
    TOptional<T>
  >;
}

/** A row's name in one language as staff gave it (Finnish always; another only once named). */
export function nameIn(row: TranslatedRow, locale: Locale): string | undefined {
  return locale === 'fi' ? row.nameFi : row.names[locale];
}

/** Whether two rows have the same name in every language. */
export function sameNames(a: TranslatedRow, b: TranslatedRow): boolean {
  return LOCALES.every((locale) => (nameIn(a, locale) ?? '') === (nameIn(b, locale) ?? ''));
}

/** Names given in an input, per language: a name, or null where an optional language was emptied. */
export type NameChanges = Partial<Record<Locale, string | null>>;

/**
 * The names an input gives (`name_<locale>`), each tidied and checked by `problemOf` (which also
 * sees whether the language is required): an empty required name is its problem; an empty
 * optional one clears it. Problems go to `problems` under the field's name.
 */
export function readNameInput(
  input: Partial<Record<NameField, string | undefined>>,
  check: (
    raw: string,
    required: boolean,
    field: NameField,
  ) => { name: string } | { problem: { key: string; params?: Record<string, string | number> } },
  required: (locale: Locale) => boolean,
  problems: Record<string, { key: string; params?: Record<string, string | number> }[]>,
): NameChanges {
  const changes: NameChanges = {};
  for (const locale of LOCALES) {
    const field: NameField = `name_${locale}`;
    const raw = input[field];
    if (raw === undefined) continue;
    const result = check(raw, required(locale), field);
    if ('problem' in result) problems[field] = [result.problem];
    else changes[locale] = result.name === '' ? null : result.name;
  }
  return changes;
}

/** A row's names after the changes: Finnish replaced when given, others set or (null) removed. */
export function withNameChanges(before: TranslatedRow, changes: NameChanges): TranslatedRow {
  const names: Translations = { ...before.names };
  let nameFi = before.nameFi;
  for (const locale of LOCALES) {
    const value = changes[locale];
    if (value === undefined) continue;
    if (locale === 'fi') nameFi = value ?? nameFi;
    else if (value === null) delete names[locale];
    else names[locale] = value;
  }
  return { nameFi, names };
}
