import type { ShownAttribute } from '../../../common/attribute-format';

/** A whole number from a stored value: a number as it is, a choice like "2h" or "5h_plus" by its leading digits. */
function wholeNumber(value: ShownAttribute['value'] | undefined): number | undefined {
  if (typeof value === 'number') return value;
  if (typeof value !== 'string') return undefined;
  const match = /^(\d+)/u.exec(value);
  return match ? Number(match[1]) : undefined;
}

/**
 * What the category fields add to the ad page's schema.org Product (issue 26): a car's model year
 * and odometer make it a Car as well, a home's rooms and floor area an Accommodation as well (the
 * properties belong to those types); only what the ad has. UN/CEFACT units: KMT km, MTK m².
 */
export function attributesJsonLd(attributes: readonly Pick<ShownAttribute, 'key' | 'value'>[] | undefined): {
  types: string[];
  properties: Record<string, unknown>;
} {
  const valueOf = (key: string) => attributes?.find((a) => a.key === key)?.value;
  const types: string[] = [];
  const properties: Record<string, unknown> = {};
  const year = wholeNumber(valueOf('year'));
  const mileage = wholeNumber(valueOf('mileage_km'));
  if (year !== undefined) properties.vehicleModelDate = String(year);
  if (mileage !== undefined) properties.mileageFromOdometer = { '@type': 'QuantitativeValue', value: mileage, unitCode: 'KMT' };
  if (year !== undefined || mileage !== undefined) types.push('Car');
  const rooms = wholeNumber(valueOf('rooms'));
  const area = valueOf('area_m2');
  if (rooms !== undefined) properties.numberOfRooms = rooms;
  if (typeof area === 'number') properties.floorSize = { '@type': 'QuantitativeValue', value: area, unitCode: 'MTK' };
  if (rooms !== undefined || typeof area === 'number') types.push('Accommodation');
  return { types, properties };
}
