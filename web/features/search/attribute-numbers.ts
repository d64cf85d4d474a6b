import { isYearField } from '../../../common/attribute-format';
import type { PublicAttribute } from '../../../common/attributes';
import { INTL_LOCALE, type Locale } from '../../../common/locales';

const separatorCache = new Map<Locale, { group: string; decimal: string }>();
/** The reader's thousands and decimal separators (a no-break space and a comma in Finnish, a comma and a point in English). */
function separators(locale: Locale): { group: string; decimal: string } {
  let found = separatorCache.get(locale);
  if (!found) {
    const parts = new Intl.NumberFormat(INTL_LOCALE[locale]).formatToParts(12345.6);
    found = {
      group: parts.find((p) => p.type === 'group')?.value ?? '',
      decimal: parts.find((p) => p.type === 'decimal')?.value ?? '.',
    };
    separatorCache.set(locale, found);
  }
  return found;
}

/** A bound as the reader types it ("180 000" and "54,5" in Finnish, "180,000" and "54.5" in English): a number, or undefined. */
export function tidyBound(text: string, locale: Locale): number | undefined {
  const { group, decimal } = separators(locale);
  let tidy = text.replace(/[\s\u00a0\u202f]/gu, '');
  if (group.trim()) tidy = tidy.split(group).join('');
  tidy = tidy.replace(decimal, '.');
  return /^-?\d{1,13}(\.\d{1,6})?$/u.test(tidy) ? Number(tidy) : undefined;
}

/**
 * A range filter's bound as its input shows it. `grouped` (once the person leaves the input) adds
 * the thousands separators (never to a year: "2015"); without it (as the page arrives) the number is plain, so a form sent
 * before scripts load puts no separator into the address that could be read as a decimal point.
 */
export function boundText(
  field: Pick<PublicAttribute, 'key' | 'type' | 'unit' | 'decimals'>,
  value: number | string | undefined,
  locale: Locale,
  { grouped = false, fallback = '' }: { grouped?: boolean; fallback?: string } = {},
): string {
  if (typeof value !== 'number') return fallback;
  return new Intl.NumberFormat(INTL_LOCALE[locale], {
    maximumFractionDigits: field.decimals,
    useGrouping: grouped && !isYearField(field),
  }).format(value);
}
