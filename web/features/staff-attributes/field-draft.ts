import type { AttributeType, AttributeUnit } from '../../../common/attributes';
import { LOCALES, type Locale } from '../../../common/locales';
import type { AdminAttribute } from '../../../server/modules/attributes/attributes.schemas';

export type LabelInputs = Record<Locale, string>;

/** One option row of the form; `row` only keeps React's keys steady while rows come and go. */
export interface OptionDraft {
  row: number;
  value: string;
  labels: LabelInputs;
}

/** A field as the staff form holds it: texts as typed, numbers still unparsed. */
export interface FieldDraft {
  type: AttributeType;
  key: string;
  labels: LabelInputs;
  unit: AttributeUnit | '';
  min: string;
  max: string;
  decimals: number;
  options: OptionDraft[];
  required: boolean;
  filter: boolean;
  card: 0 | 1 | 2;
}

/** What each type of field has besides its labels. */
export function partsOf(type: AttributeType) {
  return {
    unit: type === 'number',
    bounds: type === 'number' || type === 'date',
    decimals: type === 'number',
    options: type === 'choice' || type === 'choices',
    // Short texts have no index to filter by (the server refuses).
    filter: type !== 'text',
  };
}

let rows = 0;
const labelsOf = (labels?: Partial<LabelInputs>): LabelInputs =>
  Object.fromEntries(LOCALES.map((locale) => [locale, labels?.[locale] ?? ''])) as LabelInputs;

export function newOption(): OptionDraft {
  rows += 1;
  return { row: rows, value: '', labels: labelsOf() };
}

/** The form's starting state: the stored field, or an empty number field. */
export function draftOf(field?: AdminAttribute): FieldDraft {
  if (!field) {
    return {
      type: 'number',
      key: '',
      labels: labelsOf(),
      unit: '',
      min: '',
      max: '',
      decimals: 0,
      options: [],
      required: false,
      filter: false,
      card: 0,
    };
  }
  return {
    type: field.type,
    key: field.key,
    labels: labelsOf(field.labels),
    unit: field.unit ?? '',
    min: field.min === null ? '' : String(field.min),
    max: field.max === null ? '' : String(field.max),
    decimals: field.decimals,
    options: field.options.map((o) => {
      rows += 1;
      return { row: rows, value: o.value, labels: labelsOf(o.labels) };
    }),
    required: field.required,
    filter: field.filter,
    card: field.card === 1 || field.card === 2 ? field.card : 0,
  };
}

/** A number as typed (a comma as the decimal mark too); null when empty, NaN when it is no number. */
export function parseNumber(text: string): number | null {
  const tidy = text.trim().replace(/\s/gu, '').replace(',', '.');
  if (tidy === '') return null;
  return /^-?\d+(\.\d+)?$/u.test(tidy) ? Number(tidy) : Number.NaN;
}

/**
 * The body of the staff API from the form: what the type does not have is left out (or cleared),
 * so changing the type does not send stale bounds or options. `bad` names the number inputs that
 * hold no number: the form shows those itself.
 */
export function bodyOf(draft: FieldDraft) {
  const parts = partsOf(draft.type);
  const min = parts.bounds ? parseNumber(draft.min) : null;
  const max = parts.bounds ? parseNumber(draft.max) : null;
  const bad = [...(Number.isNaN(min) ? ['min'] : []), ...(Number.isNaN(max) ? ['max'] : [])];
  const labels = (l: LabelInputs) => ({ ...l });
  return {
    bad,
    body: {
      type: draft.type,
      labels: labels(draft.labels),
      unit: parts.unit && draft.unit !== '' ? draft.unit : null,
      min: Number.isNaN(min) ? null : min,
      max: Number.isNaN(max) ? null : max,
      decimals: parts.decimals ? draft.decimals : 0,
      options: parts.options ? draft.options.map((o) => ({ value: o.value.trim(), labels: labels(o.labels) })) : [],
      required: draft.required,
      filter: parts.filter && draft.filter,
      card: draft.card === 0 ? null : draft.card,
    },
  };
}

/** The ids with the one at `index` moved one place up (-1) or down (+1). */
export function movedBy(ids: readonly number[], index: number, by: -1 | 1): number[] {
  const target = index + by;
  if (index < 0 || target < 0 || target >= ids.length) return [...ids];
  const next = [...ids];
  [next[index], next[target]] = [next[target]!, next[index]!];
  return next;
}
