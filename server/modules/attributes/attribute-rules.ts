import {
  ATTRIBUTE_CARD_SLOTS,
  ATTRIBUTE_DECIMALS_MAX,
  ATTRIBUTE_KEY_PATTERN,
  ATTRIBUTE_LABEL_LANGUAGES,
  ATTRIBUTE_LABEL_MAX,
  ATTRIBUTE_NUMBER_LIMIT,
  ATTRIBUTE_OPTIONS_MAX,
  type AttributeLabels,
  type AttributeOption,
  type AttributeType,
  type AttributeUnit,
  CHOICE_TYPES,
  OPTION_VALUE_PATTERN,
  RANGE_TYPES,
} from '../../../common/attributes.ts';
import { unstorableTextKey } from '../../../common/text.ts';
import { REQUIRED_NAME_LOCALES } from '../../../common/locales.ts';
import type { FieldProblems } from '../../platform/validation.ts';

/** A field as staff want it stored, before the checks that need the rest of the tree. */
export interface AttributeDraft {
  key: string;
  type: AttributeType;
  unit: AttributeUnit | null;
  min: number | null;
  max: number | null;
  decimals: number;
  labels: AttributeLabels;
  options: AttributeOption[];
  required: boolean;
  filter: boolean;
  card: number | null;
}

export type LabelsInput = Partial<Record<keyof AttributeLabels, string>>;

/** The years a date field's bounds may name (dayNumber in common/attributes.ts reads 1900–2200). */
const DATE_YEARS = { min: 1900, max: 2200 };

const tidy = (text: string) => text.trim().replace(/\s+/gu, ' ');

/**
 * Labels in fi, en and ru (required) and the site's other languages (optional), each 1–60 characters of storable text.
 * `merged` is what the labels become (the stored ones with the given ones over them).
 */
export function checkLabels(merged: LabelsInput, field: string, problems: FieldProblems): AttributeLabels {
  const out: Partial<AttributeLabels> = {};
  for (const language of ATTRIBUTE_LABEL_LANGUAGES) {
    const label = tidy(merged[language] ?? '');
    const at = `${field}.${language}`;
    if (label.length === 0) {
      if (REQUIRED_NAME_LOCALES.includes(language)) problems[at] = [{ key: 'validation.required' }];
      continue;
    }
    const unstorable = unstorableTextKey(label);
    if (unstorable) problems[at] = [{ key: unstorable }];
    else if (label.length > ATTRIBUTE_LABEL_MAX) problems[at] = [{ key: 'validation.max_length', params: { limit: ATTRIBUTE_LABEL_MAX } }];
    else out[language] = label;
  }
  return out as AttributeLabels;
}

/** The options of a choice field: values in URL form and unique, each with its labels; few enough. */
function checkOptions(draft: AttributeDraft, problems: FieldProblems): void {
  const choice = draft.type === 'choice' || draft.type === 'choices';
  if (!choice) {
    if (draft.options.length) problems.options = [{ key: 'staff_attributes.errors.options_only_for_choices' }];
    return;
  }
  if (draft.options.length === 0) problems.options = [{ key: 'staff_attributes.errors.options_needed' }];
  if (draft.options.length > ATTRIBUTE_OPTIONS_MAX) {
    problems.options = [{ key: 'staff_attributes.errors.too_many_options', params: { limit: ATTRIBUTE_OPTIONS_MAX } }];
  }
  const seen = new Set<string>();
  for (const [index, option] of draft.options.entries()) {
    if (!OPTION_VALUE_PATTERN.test(option.value)) {
      problems[`options.${index}.value`] = [{ key: 'staff_attributes.errors.option_value_format' }];
    } else if (seen.has(option.value)) {
      problems[`options.${index}.value`] = [{ key: 'staff_attributes.errors.option_value_taken' }];
    }
    seen.add(option.value);
  }
}

function checkBounds(draft: AttributeDraft, problems: FieldProblems): void {
  const ranged = RANGE_TYPES.includes(draft.type);
  for (const side of ['min', 'max'] as const) {
    const value = draft[side];
    if (value === null) continue;
    if (!ranged) problems[side] = [{ key: 'staff_attributes.errors.bounds_only_for_ranges' }];
    else if (draft.type === 'date' && (!Number.isInteger(value) || value < DATE_YEARS.min || value > DATE_YEARS.max)) {
      problems[side] = [{ key: 'staff_attributes.errors.year_bounds', params: DATE_YEARS }];
    } else if (!Number.isFinite(value) || Math.abs(value) > ATTRIBUTE_NUMBER_LIMIT) {
      problems[side] = [{ key: 'validation.maximum', params: { limit: ATTRIBUTE_NUMBER_LIMIT } }];
    }
  }
  if (draft.min !== null && draft.max !== null && draft.min > draft.max && !problems.min && !problems.max) {
    problems.max = [{ key: 'staff_attributes.errors.min_above_max' }];
  }
}

/**
 * What a field's definition must be on its own (the tree's rules — a key unique along the path,
 * the card places, the count of fields — are checked by the service under the lock).
 */
export function draftProblems(draft: AttributeDraft, problems: FieldProblems): void {
  if (!ATTRIBUTE_KEY_PATTERN.test(draft.key)) problems.key = [{ key: 'staff_attributes.errors.key_format' }];
  checkOptions(draft, problems);
  checkBounds(draft, problems);
  if (draft.unit !== null && draft.type !== 'number') problems.unit = [{ key: 'staff_attributes.errors.unit_only_for_numbers' }];
  if (draft.decimals > ATTRIBUTE_DECIMALS_MAX) {
    problems.decimals = [{ key: 'validation.maximum', params: { limit: ATTRIBUTE_DECIMALS_MAX } }];
  } else if (draft.decimals > 0 && draft.type !== 'number') {
    problems.decimals = [{ key: 'staff_attributes.errors.decimals_only_for_numbers' }];
  }
  if (draft.card !== null && !(ATTRIBUTE_CARD_SLOTS as readonly number[]).includes(draft.card)) {
    problems.card = [{ key: 'validation.one_of' }];
  }
  // A filter reads an index: the choice types' lexemes or product_numbers; short texts have neither.
  if (draft.filter && !CHOICE_TYPES.includes(draft.type) && !RANGE_TYPES.includes(draft.type)) {
    problems.filter = [{ key: 'staff_attributes.errors.text_not_filter' }];
  }
}

/** Options as given, their labels checked; the values are checked with the rest of the draft. */
export function tidyOptions(input: readonly { value: string; labels: LabelsInput }[], problems: FieldProblems): AttributeOption[] {
  return input.map((option, index) => ({
    value: option.value.trim(),
    labels: checkLabels(option.labels, `options.${index}.labels`, problems),
  }));
}
