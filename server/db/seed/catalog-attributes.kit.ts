/** Small builders for the seeded category fields, so the data files read as data. */
import type { AttributeLabels, AttributeOption, AttributeType, AttributeUnit } from '../../../common/attributes.ts';
import { ATTRIBUTE_LABELS_SV } from './catalog-attributes.sv.ts';

/** A seeded field: what staff would enter in the categories admin. */
export interface AttributeSeed {
  key: string;
  type: AttributeType;
  labels: AttributeLabels;
  unit?: AttributeUnit;
  min?: number;
  max?: number;
  decimals?: number;
  options?: AttributeOption[];
  required?: boolean;
  filter?: boolean;
  card?: 1 | 2;
}

type Names = [fi: string, en: string, ru: string];

/** The labels in every language: the given three, and the Swedish one of ATTRIBUTE_LABELS_SV where it has one. */
function labelsOf(fi: string, en: string, ru: string): AttributeLabels {
  const sv = ATTRIBUTE_LABELS_SV[fi];
  return { fi, ...(sv ? { sv } : {}), en, ru };
}

export function option(value: string, fi: string, en: string, ru: string): AttributeOption {
  return { value, labels: labelsOf(fi, en, ru) };
}

export function options(list: [value: string, ...names: Names][]): AttributeOption[] {
  return list.map(([value, fi, en, ru]) => option(value, fi, en, ru));
}

/**
 * A field. None is required: ads filed before the fields existed, and sellers who do not know a
 * value, must still be able to publish; staff may make one required in the admin.
 */
export function field(
  key: string,
  type: AttributeType,
  [fi, en, ru]: Names,
  rest: Omit<AttributeSeed, 'key' | 'type' | 'labels'> = {},
): AttributeSeed {
  return { key, type, labels: labelsOf(fi, en, ru), ...rest };
}
