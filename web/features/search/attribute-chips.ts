import type { AttributeFilter, PublicAttribute } from '../../../common/attributes';
import { formatDay, withUnit } from '../../../common/attribute-format';
import type { Locale } from '../../../common/locales';
import type { TFunction as Translate } from '../../../common/translator';
import { boundText } from './attribute-numbers';

/** A bound with the field's unit: "150 000 km", "2015", "1.5.2027". */
function boundWithUnit(field: PublicAttribute, value: number | string, t: Translate, locale: Locale): string {
  const text = typeof value === 'string' ? formatDay(value, locale) : boundText(field, value, locale, { grouped: true });
  return withUnit(text, field.unit, t);
}

/** A field filter's chip: "Vuosimalli 2010–2015", "Mittarilukema enintään 150 000 km", "Polttoaine: Hybridi, Diesel", "Sauna". */
export function attributeChipLabel(field: PublicAttribute, filter: AttributeFilter, t: Translate, locale: Locale): string {
  const name = field.label;
  if (typeof filter === 'boolean') return filter ? name : t('search.attributes.chip_without', { name });
  if (Array.isArray(filter)) {
    const labels = new Map(field.options?.map((o) => [o.value, o.label]));
    return t('search.attributes.chip_choices', { name, values: filter.map((v) => labels.get(v) ?? v).join(', ') });
  }
  const { min, max } = filter;
  if (min !== undefined && max !== undefined) {
    return t('search.attributes.chip_range', {
      name,
      from: boundWithUnit(field, min, t, locale),
      to: boundWithUnit(field, max, t, locale),
    });
  }
  if (min !== undefined) return t('search.attributes.chip_min', { name, value: boundWithUnit(field, min, t, locale) });
  return t('search.attributes.chip_max', { name, value: boundWithUnit(field, max!, t, locale) });
}
