import { describe, expect, it } from 'vitest';
import { attributesJsonLd } from './ad-json-ld';

describe('attributesJsonLd', () => {
  it('makes a car’s year and odometer schema.org properties of a Car', () => {
    expect(
      attributesJsonLd([
        { key: 'make', value: 'toyota' },
        { key: 'year', value: 2015 },
        { key: 'mileage_km', value: 180000 },
      ]),
    ).toEqual({
      types: ['Car'],
      properties: {
        vehicleModelDate: '2015',
        mileageFromOdometer: { '@type': 'QuantitativeValue', value: 180000, unitCode: 'KMT' },
      },
    });
  });

  it('makes a home’s rooms and floor area properties of an Accommodation', () => {
    expect(
      attributesJsonLd([
        { key: 'rooms', value: '2h' },
        { key: 'area_m2', value: 54.5 },
        { key: 'sauna', value: true },
      ]),
    ).toEqual({
      types: ['Accommodation'],
      properties: { numberOfRooms: 2, floorSize: { '@type': 'QuantitativeValue', value: 54.5, unitCode: 'MTK' } },
    });
    expect(attributesJsonLd([{ key: 'rooms', value: '5h_plus' }]).properties.numberOfRooms).toBe(5);
  });

  it('adds nothing for an ad without such fields', () => {
    expect(attributesJsonLd(undefined)).toEqual({ types: [], properties: {} });
    expect(attributesJsonLd([{ key: 'size', value: 'm' }])).toEqual({ types: [], properties: {} });
  });
});
