/**
 * The category fields as a seller types them (issue 26): kept as text exactly as typed (a number
 * "180 000" with its spaces, yes/no as "true"/"false"), so nothing is lost between steps or in
 * the draft, and turned into typed values only when the ad is sent.
 */
import {
  type AttributeDefinition,
  type AttributeValue,
  type AttributeValues,
  type PublicAttribute,
  attributeValueProblem,
} from '../../../common/attributes';
import { type ShownAttribute, formatAttributeNumber, formatAttributeValues } from '../../../common/attribute-format';
import type { Locale } from '../../../common/locales';
import type { TFunction } from '../../../common/translator';

/** What the inputs hold, by field key: text, or the chosen values of a several-choice field. */
export type AttributeInputs = Record<string, string | string[]>;

type T = (key: string, params?: Record<string, string | number>) => string;

/** A public field as the shared value rules read it (they need no labels or ids). */
function asDefinition(field: PublicAttribute, position: number): AttributeDefinition {
  return {
    id: position,
    catalogId: 0,
    key: field.key,
    type: field.type,
    ...(field.unit ? { unit: field.unit } : {}),
    ...(field.min !== undefined ? { min: field.min } : {}),
    ...(field.max !== undefined ? { max: field.max } : {}),
    decimals: field.decimals,
    labels: { fi: field.label, en: field.label, ru: field.label },
    options: (field.options ?? []).map((o) => ({ value: o.value, labels: { fi: o.label, en: o.label, ru: o.label } })),
    required: field.required,
    filter: field.filter,
    position,
    retired: false,
  };
}

/**
 * A number as typed, in the reader's conventions, as a number; undefined when it is none. English
 * groups with commas ("180,000"), Finnish and Russian with spaces and write decimals with a comma
 * ("54,5"); a decimal point is read in every language.
 */
export function readNumber(text: string, locale: Locale): number | undefined {
  const spaced = text.replace(/[\s\u00a0\u202f]/gu, '').replace(/^−/u, '-');
  const tidy = locale === 'en' ? spaced.replace(/,(?=\d{3}(\D|$))/gu, '') : spaced.replace(',', '.');
  if (!/^-?\d+(\.\d+)?$/u.test(tidy)) return undefined;
  return Number(tidy);
}

/** A typed number shown with the reader's thousands separators once the seller leaves the input; other text as it is. */
export function groupDigits(field: PublicAttribute, text: string, locale: Locale): string {
  const number = readNumber(text, locale);
  if (number === undefined) return text;
  return formatAttributeNumber(field, number, locale);
}

function valueOf(field: PublicAttribute, input: string | string[] | undefined, locale: Locale): AttributeValue | undefined {
  if (input === undefined) return undefined;
  if (Array.isArray(input)) return field.type === 'choices' && input.length ? input : undefined;
  const text = input.trim();
  if (!text) return undefined;
  switch (field.type) {
    case 'number':
      // A text that is no number goes as typed: the server names the problem under the input.
      return readNumber(text, locale) ?? text;
    case 'boolean':
      return text === 'true' ? true : text === 'false' ? false : undefined;
    case 'choices':
      return [text];
    case 'choice':
    case 'text':
    case 'date':
      return text;
  }
}

/** The values to send: the fields of the chosen catalog that have an answer, typed. */
export function valuesFromInputs(fields: readonly PublicAttribute[], inputs: AttributeInputs, locale: Locale): AttributeValues {
  const values: AttributeValues = {};
  for (const field of fields) {
    const value = valueOf(field, inputs[field.key], locale);
    if (value !== undefined) values[field.key] = value;
  }
  return values;
}

/** The stored values as the inputs show them (the edit form). */
export function inputsFromValues(fields: readonly PublicAttribute[], values: AttributeValues, locale: Locale): AttributeInputs {
  const inputs: AttributeInputs = {};
  for (const field of fields) {
    const value = values[field.key];
    if (value === undefined) continue;
    if (Array.isArray(value)) inputs[field.key] = value;
    else if (typeof value === 'number') inputs[field.key] = formatAttributeNumber(field, value, locale);
    else inputs[field.key] = String(value);
  }
  return inputs;
}

/** The server's rules, checked before the step may be left: each problem under `attributes.<key>`. */
export function checkInputs(fields: readonly PublicAttribute[], inputs: AttributeInputs, locale: Locale, t: T): Record<string, string[]> {
  const errors: Record<string, string[]> = {};
  fields.forEach((field, position) => {
    const value = valueOf(field, inputs[field.key], locale);
    if (value === undefined) {
      if (field.required) errors[`attributes.${field.key}`] = [t('validation.required')];
      return;
    }
    const problem = attributeValueProblem(asDefinition(field, position), value);
    if (problem) errors[`attributes.${field.key}`] = [t(problem.key, problem.params)];
  });
  return errors;
}

/** The answered fields as the ad page will list them (the wizard's preview). */
export function previewAttributes(
  fields: readonly PublicAttribute[],
  inputs: AttributeInputs,
  locale: Locale,
  t: TFunction,
): ShownAttribute[] {
  const values = valuesFromInputs(fields, inputs, locale);
  const definitions = fields.map(asDefinition).filter((d) => attributeValueProblem(d, values[d.key]) === undefined);
  return formatAttributeValues(definitions, values, locale, t);
}
