/**
 * Category fields (issue 26): a catalog may define fields its ads fill in — a car's make, year and
 * mileage, a flat's rooms and m² — inherited by every catalog below it. Shared by the API (the
 * definitions, an ad's values, the search filters), the selling forms, the ad page and the filter
 * sheet, so a value is checked, shown and filtered by the same rules everywhere.
 */
import type { FieldProblem } from './ad-rules.ts';
import { LOCALES, type Locale } from './locales.ts';

/** number (with unit and bounds), one choice, several choices, yes/no, short text, a calendar day. */
export const ATTRIBUTE_TYPES = ['number', 'choice', 'choices', 'boolean', 'text', 'date'] as const;
export type AttributeType = (typeof ATTRIBUTE_TYPES)[number];

/** The types a buyer filters by picking values (facets are counted for them). */
export const CHOICE_TYPES: readonly AttributeType[] = ['choice', 'choices', 'boolean'];
/** The types a buyer filters by a range. */
export const RANGE_TYPES: readonly AttributeType[] = ['number', 'date'];

/** Units a number may carry; their words are in the translation files (`attributes.unit.<unit>`). */
export const ATTRIBUTE_UNITS = ['km', 'm2', 'eur_month', 'gb', 'cm', 'inch', 'hours_week', 'cc', 'kw', 'kg', 'l'] as const;
export type AttributeUnit = (typeof ATTRIBUTE_UNITS)[number];

/** A field's key and an option's value: lower-case letters, digits and _ (they appear in URLs). */
export const ATTRIBUTE_KEY_PATTERN = /^[a-z][a-z0-9_]{0,39}$/u;
export const OPTION_VALUE_PATTERN = /^[a-z0-9][a-z0-9_-]{0,59}$/u;
/** A short text value's longest length. */
export const ATTRIBUTE_TEXT_MAX = 80;
/** At most this many options a field, and this many fields a catalog path. */
export const ATTRIBUTE_OPTIONS_MAX = 200;
export const ATTRIBUTES_PER_CATALOG_MAX = 40;
/** A field's or an option's label, in each language (staff write them). */
export const ATTRIBUTE_LABEL_MAX = 60;
/** The most decimals a number field may allow. */
export const ATTRIBUTE_DECIMALS_MAX = 3;
/** The places on an ad card a field may take (1 first); each at most once along a catalog path. */
export const ATTRIBUTE_CARD_SLOTS = [1, 2] as const;
/** The languages a label is written in: the site's own; fi, en and ru required (REQUIRED_NAME_LOCALES), the others optional. */
export const ATTRIBUTE_LABEL_LANGUAGES = LOCALES;
/** The numbers a field may hold stay inside what a double keeps exactly (and a bigint column). */
export const ATTRIBUTE_NUMBER_LIMIT = 1_000_000_000_000;

/** Labels by language: fi, en and ru are required; any other language may follow (read as Finnish until then). */
export type AttributeLabels = { fi: string; en: string; ru: string } & Partial<Record<Locale, string>>;

export interface AttributeOption {
  value: string;
  labels: AttributeLabels;
}

/** A field as stored and as staff edit it (all languages). */
export interface AttributeDefinition {
  id: number;
  catalogId: number;
  key: string;
  type: AttributeType;
  unit?: AttributeUnit;
  min?: number;
  max?: number;
  /** Decimals a number may have (0: whole numbers only). */
  decimals: number;
  labels: AttributeLabels;
  options: AttributeOption[];
  required: boolean;
  filter: boolean;
  /** Shown on ad cards, in this order (1 and 2), or not at all. */
  card?: number;
  position: number;
  /** Retired fields are no longer asked or filtered by; stored values stay and are still shown. */
  retired: boolean;
}

/**
 * A field as `GET /api/catalogs/{id}/attributes` answers it, in the reader's language. `label` and
 * the options' `label` are beyond the issue's list of names; `decimals` and `card` too.
 */
export interface PublicAttribute {
  key: string;
  type: AttributeType;
  label: string;
  unit?: AttributeUnit;
  min?: number;
  max?: number;
  decimals: number;
  options?: { value: string; label: string }[];
  required: boolean;
  filter: boolean;
  card?: number;
}

/**
 * An ad's values by key: a number, an option's value, several options' values, true or false, a
 * short text, or a day as `YYYY-MM-DD`.
 */
export type AttributeValue = number | string | string[] | boolean;
export type AttributeValues = Record<string, AttributeValue>;

/** A search's field filters: a range for numbers and days, the values to accept for choices. */
export type AttributeFilter = { min?: number | string; max?: number | string } | string[] | boolean;
export type AttributeFilters = Record<string, AttributeFilter>;

/** Counts of the choice fields' values among what the other filters leave. */
export type Facets = Record<string, { value: string; count: number }[]>;

/** The radii "near" may take, in km. */
export const RADIUS_KM = [5, 10, 25, 50, 100, 200] as const;
export type RadiusKm = (typeof RADIUS_KM)[number];

/** Where "near" is measured from. */
export type NearOrigin = { postal_code: string } | { city_id: number } | { lat: number; lon: number };

const DAY_PATTERN = /^(\d{4})-(\d{2})-(\d{2})$/u;

/** A `YYYY-MM-DD` that names a real day between the years 1900 and 2200, as days since 1970. */
export function dayNumber(value: string): number | undefined {
  const match = DAY_PATTERN.exec(value);
  if (!match) return undefined;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  if (year < 1900 || year > 2200) return undefined;
  const time = Date.UTC(year, month - 1, day);
  const date = new Date(time);
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return undefined;
  return time / 86_400_000;
}

/** The fields an ad of the catalog fills in: those not retired, in order. */
export function activeAttributes(definitions: readonly AttributeDefinition[]): AttributeDefinition[] {
  return definitions.filter((d) => !d.retired).sort((a, b) => a.position - b.position || a.id - b.id);
}

function numberProblem(definition: AttributeDefinition, value: number): FieldProblem | undefined {
  if (!Number.isFinite(value) || Math.abs(value) > ATTRIBUTE_NUMBER_LIMIT) return { key: 'attributes.not_a_number' };
  const scaled = value * 10 ** definition.decimals;
  if (Math.abs(scaled - Math.round(scaled)) > 1e-6) {
    return definition.decimals === 0
      ? { key: 'attributes.whole_number' }
      : { key: 'attributes.too_many_decimals', params: { limit: definition.decimals } };
  }
  if (definition.min !== undefined && value < definition.min) return { key: 'attributes.below_min', params: { limit: definition.min } };
  if (definition.max !== undefined && value > definition.max) return { key: 'attributes.above_max', params: { limit: definition.max } };
  return undefined;
}

/** Control characters and unpaired surrogates have no place in a short text. */
// eslint-disable-next-line no-control-regex
const UNSAFE_TEXT = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/u;

/** One value against its field: undefined when it is fine, else the problem to show under the input. */
export function attributeValueProblem(definition: AttributeDefinition, value: unknown): FieldProblem | undefined {
  const options = new Set(definition.options.map((o) => o.value));
  switch (definition.type) {
    case 'number':
      return typeof value === 'number' ? numberProblem(definition, value) : { key: 'attributes.not_a_number' };
    case 'choice':
      return typeof value === 'string' && options.has(value) ? undefined : { key: 'attributes.not_an_option' };
    case 'choices':
      if (!Array.isArray(value) || value.length === 0) return { key: 'attributes.not_an_option' };
      if (value.length > definition.options.length || new Set(value).size !== value.length) return { key: 'attributes.not_an_option' };
      return value.every((v) => typeof v === 'string' && options.has(v)) ? undefined : { key: 'attributes.not_an_option' };
    case 'boolean':
      return typeof value === 'boolean' ? undefined : { key: 'attributes.not_yes_or_no' };
    case 'text': {
      if (typeof value !== 'string') return { key: 'attributes.not_text' };
      const tidy = value.trim();
      if (tidy.length === 0) return { key: 'validation.required' };
      if (UNSAFE_TEXT.test(tidy)) return { key: 'validation.control_characters' };
      return tidy.length > ATTRIBUTE_TEXT_MAX ? { key: 'validation.max_length', params: { limit: ATTRIBUTE_TEXT_MAX } } : undefined;
    }
    case 'date': {
      if (typeof value !== 'string') return { key: 'attributes.not_a_day' };
      const day = dayNumber(value);
      if (day === undefined) return { key: 'attributes.not_a_day' };
      // A date field's bounds are years (an inspection valid until 2020–2040).
      const year = Number(value.slice(0, 4));
      if (definition.min !== undefined && year < definition.min) return { key: 'attributes.below_min', params: { limit: definition.min } };
      if (definition.max !== undefined && year > definition.max) return { key: 'attributes.above_max', params: { limit: definition.max } };
      return undefined;
    }
  }
}

/**
 * An ad's values against its catalog's fields (all of them, retired too): a key the catalog does
 * not have, a value of the wrong kind or out of bounds, a required field left out. Retired fields
 * are not required, and a value the ad already had for one may stay. Returns the tidied values
 * (text trimmed, empty values left out) or each problem under `attributes.<key>`.
 */
export function checkAttributeValues(
  definitions: readonly AttributeDefinition[],
  input: unknown,
  kept: AttributeValues = {},
): { values: AttributeValues; problems: Record<string, FieldProblem> } {
  const problems: Record<string, FieldProblem> = {};
  const values: AttributeValues = {};
  if (input === undefined || input === null) input = {};
  if (typeof input !== 'object' || Array.isArray(input)) return { values, problems: { attributes: { key: 'attributes.not_an_object' } } };
  const byKey = new Map(definitions.map((d) => [d.key, d]));
  for (const [key, raw] of Object.entries(input as Record<string, unknown>)) {
    const definition = byKey.get(key);
    if (!definition) {
      problems[`attributes.${key.slice(0, 40)}`] = { key: 'attributes.unknown_field' };
      continue;
    }
    // An empty input is "not given": the form sends what the seller cleared as "" or null.
    if (raw === null || raw === '' || (Array.isArray(raw) && raw.length === 0)) continue;
    if (definition.retired && JSON.stringify(kept[key]) !== JSON.stringify(raw)) {
      problems[`attributes.${key}`] = { key: 'attributes.retired_field' };
      continue;
    }
    const problem = attributeValueProblem(definition, raw);
    if (problem) problems[`attributes.${key}`] = problem;
    else values[key] = typeof raw === 'string' ? raw.trim() : (raw as AttributeValue);
  }
  for (const definition of definitions) {
    if (definition.required && !definition.retired && values[definition.key] === undefined && !problems[`attributes.${definition.key}`]) {
      problems[`attributes.${definition.key}`] = { key: 'validation.required' };
    }
  }
  return { values, problems };
}

/** The label in the reader's language (Finnish where the label has none in it). */
export function labelOf(labels: AttributeLabels, locale: Locale): string {
  return labels[locale] || labels.fi;
}

/** The definition as the public API answers it in the reader's language. */
export function publicAttribute(definition: AttributeDefinition, locale: Locale): PublicAttribute {
  return {
    key: definition.key,
    type: definition.type,
    label: labelOf(definition.labels, locale),
    ...(definition.unit ? { unit: definition.unit } : {}),
    ...(definition.min !== undefined ? { min: definition.min } : {}),
    ...(definition.max !== undefined ? { max: definition.max } : {}),
    decimals: definition.decimals,
    ...(definition.options.length
      ? { options: definition.options.map((o) => ({ value: o.value, label: labelOf(o.labels, locale) })) }
      : {}),
    required: definition.required,
    filter: definition.filter,
    ...(definition.card ? { card: definition.card } : {}),
  };
}
