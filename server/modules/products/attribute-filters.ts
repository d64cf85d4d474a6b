import {
  type AttributeDefinition,
  type AttributeFilters,
  CHOICE_TYPES,
  RANGE_TYPES,
  activeAttributes,
  attributeValueProblem,
  dayNumber,
} from '../../../common/attributes.ts';
import type { FieldProblem } from '../../../common/ad-rules.ts';

/**
 * A search's category-field filters (issue 26): `attributes: { year: { min, max }, fuel: ["hybrid"],
 * sauna: true }` checked against the filter fields of the searched catalogs and turned into the
 * repository's conditions. Choice, several-choice and yes/no values are lexemes of the search
 * document (`§afuel=hybrid`); numbers and days are ranges over product_numbers.
 */

/** The filter fields a buyer picks values of: these have facets. */
export type FacetType = 'choice' | 'choices' | 'boolean';
export interface FacetField {
  key: string;
  type: FacetType;
  /** Its values in the order the buyer sees them (a yes/no field: yes first). */
  options: string[];
}

/**
 * The filters as the repository reads them, in one canonical order (keys sorted, values sorted and
 * without repeats): the listing query is also its cache key.
 */
export interface AttributeConditions {
  /** Per key the values accepted (any of them), every key required: `§a<key>=<value>` lexemes. */
  choices: [key: string, values: string[]][];
  /** Number and day ranges (days since 1970), bounds included; null: open. */
  ranges: [key: string, min: number | null, max: number | null][];
}

/** A key the filters use: the trigger's lexeme is `§a<key>=<value>`. */
export const choiceLexeme = (key: string, value: string) => `§a${key}=${value}`;

/**
 * The fields a search inside these catalogs may filter by: each catalog's own and its ancestors'
 * active filter fields (short texts are shown, not filtered). A key several catalogs share is
 * listed once per definition; the first decides the facet's options and their order.
 */
export function filterFields(definitionsPerCatalog: readonly (readonly AttributeDefinition[])[]): AttributeDefinition[] {
  const seen = new Set<number>();
  const out: AttributeDefinition[] = [];
  for (const definitions of definitionsPerCatalog) {
    for (const definition of activeAttributes(definitions)) {
      if (!definition.filter || definition.type === 'text' || seen.has(definition.id)) continue;
      seen.add(definition.id);
      out.push(definition);
    }
  }
  return out;
}

/** The choice fields a reply counts facets for, once per key, in the fields' order. */
export function facetFields(fields: readonly AttributeDefinition[]): FacetField[] {
  const out: FacetField[] = [];
  for (const field of fields) {
    if (!CHOICE_TYPES.includes(field.type) || out.some((f) => f.key === field.key)) continue;
    const options = field.type === 'boolean' ? ['true', 'false'] : field.options.map((o) => o.value);
    out.push({ key: field.key, type: field.type as FacetType, options });
  }
  return out;
}

type Checked = { ok: true; choice?: string[]; range?: [number | null, number | null] } | { ok: false; problem: FieldProblem };

/** A bound as sent: a number, or a number or a day written as text (a URL's value). */
function boundValue(field: AttributeDefinition, raw: unknown): unknown {
  if (field.type === 'number' && typeof raw === 'string' && /^-?\d+(?:\.\d+)?$/u.test(raw.trim())) return Number(raw.trim());
  return raw;
}

/** One filter against one field: the values to accept, or the bounds, or what is wrong. */
function checkOne(field: AttributeDefinition, raw: unknown): Checked {
  if (field.type === 'boolean') {
    return typeof raw === 'boolean' ? { ok: true, choice: [String(raw)] } : { ok: false, problem: { key: 'attributes.not_yes_or_no' } };
  }
  if (field.type === 'choice' || field.type === 'choices') {
    const given = typeof raw === 'string' ? [raw] : raw;
    if (!Array.isArray(given)) return { ok: false, problem: { key: 'attributes.not_an_option' } };
    // A value picked twice (two links merged) is picked once.
    const values = [...new Set(given as unknown[])];
    const options = new Set(field.options.map((o) => o.value));
    if (!values.every((v) => typeof v === 'string' && options.has(v))) return { ok: false, problem: { key: 'attributes.not_an_option' } };
    return { ok: true, choice: (values as string[]).sort() };
  }
  if (!RANGE_TYPES.includes(field.type)) return { ok: false, problem: { key: 'attributes.unknown_field' } };
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw) || Object.keys(raw).some((k) => k !== 'min' && k !== 'max')) {
    return { ok: false, problem: { key: 'search.errors.attribute_not_a_range' } };
  }
  const bounds: (number | null)[] = [];
  for (const side of ['min', 'max'] as const) {
    const given = (raw as Record<string, unknown>)[side];
    if (given === undefined || given === null || given === '') {
      bounds.push(null);
      continue;
    }
    const value = boundValue(field, given);
    const problem = attributeValueProblem(field, value);
    if (problem) return { ok: false, problem };
    bounds.push(field.type === 'date' ? dayNumber(value as string)! : (value as number));
  }
  const [min, max] = bounds as [number | null, number | null];
  if (min !== null && max !== null && min > max) return { ok: false, problem: { key: 'search.errors.attribute_range_reversed' } };
  return { ok: true, range: [min, max] };
}

/** Is the filter "any" (nothing picked, no bound)? Forms send cleared inputs so. */
function isEmptyFilter(raw: unknown): boolean {
  if (raw === null || raw === undefined || raw === '') return true;
  if (Array.isArray(raw)) return raw.length === 0;
  if (typeof raw === 'object') {
    return Object.values(raw as Record<string, unknown>).every((v) => v === undefined || v === null || v === '');
  }
  return false;
}

/**
 * The filters checked against the fields the search may filter by (`filterFields`): a key no such
 * field has, a value that is not an option, a bound out of the field's bounds (a year 3024, a
 * negative mileage), a range the wrong way round. Each problem under `attributes.<key>`; a
 * field's own message keys (`attributes.*`) where the rule is the ad's.
 */
export function checkAttributeFilters(
  fields: readonly AttributeDefinition[],
  input: AttributeFilters | undefined,
): { conditions: AttributeConditions; problems: Record<string, FieldProblem> } {
  const conditions: AttributeConditions = { choices: [], ranges: [] };
  const problems: Record<string, FieldProblem> = {};
  if (input === undefined || input === null) return { conditions, problems };
  if (typeof input !== 'object' || Array.isArray(input))
    return { conditions, problems: { attributes: { key: 'attributes.not_an_object' } } };
  for (const key of Object.keys(input).sort()) {
    const raw: unknown = input[key];
    const candidates = fields.filter((f) => f.key === key);
    if (!candidates.length) {
      problems[`attributes.${key.slice(0, 40)}`] = { key: 'attributes.unknown_field' };
      continue;
    }
    if (isEmptyFilter(raw)) continue;
    // A key two searched catalogs share: the first field that takes the value decides.
    const results = candidates.map((field) => checkOne(field, raw));
    const found = results.find((r) => r.ok);
    if (!found) {
      problems[`attributes.${key}`] = (results[0] as { problem: FieldProblem }).problem;
      continue;
    }
    if (found.choice) conditions.choices.push([key, found.choice]);
    if (found.range) conditions.ranges.push([key, ...found.range]);
  }
  return { conditions, problems };
}

/** True when the filters narrow nothing. */
export const noAttributeConditions = (conditions: AttributeConditions | undefined) =>
  !conditions || (conditions.choices.length === 0 && conditions.ranges.length === 0);

/**
 * The filters as a saved search stores them: keys sorted, lists without repeats and sorted, ranges
 * with their given bounds only, empty filters left out. The same filters saved twice are the same jsonb.
 */
export function canonicalAttributeFilters(input: AttributeFilters | undefined): AttributeFilters | undefined {
  if (!input || typeof input !== 'object' || Array.isArray(input)) return undefined;
  const out: AttributeFilters = {};
  for (const key of Object.keys(input).sort()) {
    const raw: unknown = input[key];
    if (isEmptyFilter(raw)) continue;
    if (Array.isArray(raw)) out[key] = [...new Set(raw.map(String))].sort();
    else if (typeof raw === 'string') out[key] = [raw];
    else if (typeof raw === 'object' && raw !== null) {
      const range = raw as { min?: number | string | null; max?: number | string | null };
      const tidy: { min?: number | string; max?: number | string } = {};
      if (range.min !== undefined && range.min !== null && range.min !== '') tidy.min = range.min;
      if (range.max !== undefined && range.max !== null && range.max !== '') tidy.max = range.max;
      out[key] = tidy;
    } else out[key] = raw as boolean;
  }
  return Object.keys(out).length ? out : undefined;
}
