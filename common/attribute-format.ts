/**
 * An ad's field value as a reader sees it (issue 26): "180 000 km", "54,5 m²", "2015", "Diesel",
 * "Kyllä", "1.5.2027". One rule for the ad page, the cards and the browser, so the server's
 * answer and a page rendered in the browser say the same. Unit words come from the translation
 * files (`attributes.unit.<unit>`), yes and no from `attributes.yes` / `attributes.no`.
 */
import { type AttributeDefinition, type AttributeValue, type AttributeValues, labelOf } from './attributes.ts';
import { INTL_LOCALE, type Locale } from './locales.ts';
import type { TFunction } from './translator.ts';

type Formatted = Pick<AttributeDefinition, 'key' | 'type' | 'unit' | 'decimals' | 'options'>;

const numberFormats = new Map<string, Intl.NumberFormat>();
function numberFormat(locale: Locale, decimals: number, grouping: boolean): Intl.NumberFormat {
  const id = `${locale}|${decimals}|${grouping}`;
  let found = numberFormats.get(id);
  if (!found) {
    found = new Intl.NumberFormat(INTL_LOCALE[locale], { maximumFractionDigits: decimals, useGrouping: grouping });
    numberFormats.set(id, found);
  }
  return found;
}

const dayFormats = new Map<Locale, Intl.DateTimeFormat>();
function dayFormat(locale: Locale): Intl.DateTimeFormat {
  let found = dayFormats.get(locale);
  if (!found) {
    // The day as stored: no time zone may move it to the day before.
    found = new Intl.DateTimeFormat(INTL_LOCALE[locale], { day: 'numeric', month: 'numeric', year: 'numeric', timeZone: 'UTC' });
    dayFormats.set(locale, found);
  }
  return found;
}

/**
 * A year is written without a thousands separator ("2015", not "2 015"). A year field is a whole
 * number without a unit whose key ends in "year" (year, building_year, model_year): the keys are
 * ours, so the rule stays one line and no bound has to guess.
 */
export function isYearField(definition: Pick<AttributeDefinition, 'key' | 'type' | 'unit' | 'decimals'>): boolean {
  return definition.type === 'number' && !definition.unit && definition.decimals === 0 && definition.key.endsWith('year');
}

/** A number in the reader's conventions: "180 000" and "54,5" in Finnish, "180,000" and "54.5" in English. */
export function formatAttributeNumber(
  definition: Pick<AttributeDefinition, 'key' | 'type' | 'unit' | 'decimals'>,
  value: number,
  locale: Locale,
) {
  return numberFormat(locale, definition.decimals, !isYearField(definition)).format(value);
}

/** The number with its unit; inches sit against the number (27″), other units after a no-break space. */
export function withUnit(number: string, unit: AttributeDefinition['unit'], t: TFunction): string {
  if (!unit) return number;
  const word = t(`attributes.unit.${unit}`);
  return unit === 'inch' ? `${number}${word}` : `${number}\u00a0${word}`;
}

/** A `YYYY-MM-DD` day in the reader's conventions (1.5.2027 in Finnish); the text as it is when it is no day. */
export function formatDay(value: string, locale: Locale): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/u.exec(value);
  if (!match) return value;
  return dayFormat(locale).format(new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]))));
}

/** One value as the reader sees it; an option no longer offered shows its stored value. */
export function formatAttributeValue(definition: Formatted, value: AttributeValue, locale: Locale, t: TFunction): string {
  const option = (v: string) => {
    const found = definition.options.find((o) => o.value === v);
    return found ? labelOf(found.labels, locale) : v;
  };
  switch (definition.type) {
    case 'number':
      return typeof value === 'number' ? withUnit(formatAttributeNumber(definition, value, locale), definition.unit, t) : String(value);
    case 'choice':
      return option(String(value));
    case 'choices':
      return (Array.isArray(value) ? value : [String(value)]).map(option).join(', ');
    case 'boolean':
      return t(value === true ? 'attributes.yes' : 'attributes.no');
    case 'date':
      return formatDay(String(value), locale);
    case 'text':
      return String(value);
  }
}

/** A value as the ad page lists it: the field's label, the value as text, and as stored (for structured data). */
export interface ShownAttribute {
  key: string;
  label: string;
  text: string;
  value: AttributeValue;
}

/** An ad's values as the ad page lists them, in the fields' order. */
export function formatAttributeValues(
  definitions: readonly AttributeDefinition[],
  values: AttributeValues,
  locale: Locale,
  t: TFunction,
): ShownAttribute[] {
  return definitions
    .filter((d) => values[d.key] !== undefined)
    .map((d) => {
      const value = values[d.key]!;
      return { key: d.key, label: labelOf(d.labels, locale), text: formatAttributeValue(d, value, locale, t), value };
    });
}

/** The card's line: the values of the fields marked for cards (1, then 2) that the ad has. */
export function cardHighlights(
  definitions: readonly AttributeDefinition[],
  values: AttributeValues,
  locale: Locale,
  t: TFunction,
): string[] {
  return definitions
    .filter((d) => d.card !== undefined && values[d.key] !== undefined)
    .sort((a, b) => a.card! - b.card!)
    .slice(0, 2)
    .map((d) => formatAttributeValue(d, values[d.key]!, locale, t));
}
