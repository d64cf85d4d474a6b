import { describe, expect, it } from 'vitest';
import type { PublicAttribute } from '../../../common/attributes';
import fi from '../../i18n/fi.json';
import { createI18n } from '../../lib/i18n';
import { attributeChipLabel } from './attribute-chips';

const t = createI18n('fi', { fi }).getFixedT('fi');
const field = (extra: Partial<PublicAttribute> & Pick<PublicAttribute, 'key' | 'type' | 'label'>): PublicAttribute => ({
  decimals: 0,
  required: false,
  filter: true,
  ...extra,
});

describe('a field filter’s chip', () => {
  it('names the range in the reader’s conventions, with the unit, and a year without a separator', () => {
    const mileage = field({ key: 'mileage_km', type: 'number', label: 'Mittarilukema', unit: 'km' });
    expect(attributeChipLabel(mileage, { max: 150000 }, t, 'fi')).toBe('Mittarilukema enintään 150\u00a0000\u00a0km');
    const year = field({ key: 'year', type: 'number', label: 'Vuosimalli' });
    expect(attributeChipLabel(year, { min: 2010, max: 2015 }, t, 'fi')).toBe('Vuosimalli 2010–2015');
    expect(attributeChipLabel(year, { min: 2010 }, t, 'fi')).toBe('Vuosimalli vähintään 2010');
    const inspected = field({ key: 'inspection_until', type: 'date', label: 'Katsastettu' });
    expect(attributeChipLabel(inspected, { min: '2027-05-01' }, t, 'fi')).toBe('Katsastettu vähintään 1.5.2027');
  });

  it('names the choices by their labels, and yes or no', () => {
    const fuel = field({
      key: 'fuel',
      type: 'choice',
      label: 'Käyttövoima',
      options: [
        { value: 'hybrid', label: 'Hybridi' },
        { value: 'diesel', label: 'Diesel' },
      ],
    });
    expect(attributeChipLabel(fuel, ['hybrid', 'diesel'], t, 'fi')).toBe('Käyttövoima: Hybridi, Diesel');
    const sauna = field({ key: 'sauna', type: 'boolean', label: 'Sauna' });
    expect(attributeChipLabel(sauna, true, t, 'fi')).toBe('Sauna');
    expect(attributeChipLabel(sauna, false, t, 'fi')).toBe('Sauna: ei');
  });
});
