import { type AttributeValues, checkAttributeValues } from '../../../common/attributes.ts';
import { numbersOf } from '../../modules/attributes/ad-values.ts';
import { createAdValuesRepo } from '../../modules/attributes/ad-values.repo.ts';
import { createAttributesRepo } from '../../modules/attributes/attributes.repo.ts';
import type { Database } from '../client.ts';

/**
 * The category field values of the demo cars, vans and homes (issue 26), by the ad's title in
 * demo-ads.data.ts: what the title and the text say (make, year, mileage, fuel; rooms, m², floor,
 * building year), so filters, facets, cards and the ad page have believable data to show.
 */
export const DEMO_AD_VALUES: Record<string, AttributeValues> = {
  // ——— Cars ———
  'Toyota Corolla 1.6 VVT-i Linea Sol 2008, katsastettu': {
    make: 'toyota',
    model: 'Corolla 1.6 VVT-i Linea Sol',
    year: 2008,
    mileage_km: 214000,
    fuel: 'petrol',
    gearbox: 'manual',
    drive: 'front',
    body_type: 'sedan',
  },
  'Volvo V70 2.4D Summum aut. 2011': {
    make: 'volvo',
    model: 'V70 2.4D Summum',
    year: 2011,
    mileage_km: 286000,
    fuel: 'diesel',
    gearbox: 'automatic',
    drive: 'front',
    body_type: 'estate',
  },
  'Skoda Octavia Combi 1.6 TDI Style 2015': {
    make: 'skoda',
    model: 'Octavia Combi 1.6 TDI Style',
    year: 2015,
    mileage_km: 198000,
    fuel: 'diesel',
    gearbox: 'manual',
    drive: 'front',
    body_type: 'estate',
  },
  'VW Golf 1.4 TSI Comfortline DSG 5-ov 2012': {
    make: 'volkswagen',
    model: 'Golf 1.4 TSI Comfortline',
    year: 2012,
    mileage_km: 165000,
    fuel: 'petrol',
    gearbox: 'automatic',
    drive: 'front',
    body_type: 'hatchback',
  },
  'Ford Focus 1.6 farmari 2009, halpa': {
    make: 'ford',
    model: 'Focus 1.6',
    year: 2009,
    mileage_km: 241000,
    fuel: 'petrol',
    gearbox: 'manual',
    body_type: 'estate',
  },
  'Mercedes-Benz C 220 CDI A farmari 2014': {
    make: 'mercedes-benz',
    model: 'C 220 CDI A',
    year: 2014,
    mileage_km: 176000,
    fuel: 'diesel',
    gearbox: 'automatic',
    drive: 'rear',
    body_type: 'estate',
  },
  'Saab 9-3 SportCombi 1.9 TiD 2008': {
    make: 'saab',
    model: '9-3 SportCombi 1.9 TiD',
    year: 2008,
    mileage_km: 232000,
    fuel: 'diesel',
    drive: 'front',
    body_type: 'estate',
  },
  'Kia Ceed 1.6 CRDi 2013, один владелец': {
    make: 'kia',
    model: 'Ceed 1.6 CRDi',
    year: 2013,
    mileage_km: 178000,
    fuel: 'diesel',
    drive: 'front',
    body_type: 'estate',
  },
  'Tesla Model 3 Long Range AWD 2021': {
    make: 'tesla',
    model: 'Model 3 Long Range',
    year: 2021,
    mileage_km: 68000,
    fuel: 'electric',
    gearbox: 'automatic',
    drive: 'four_wheel',
    body_type: 'sedan',
  },
  'Toyota Prius 1.8 Hybrid 2012, täyshybridi': {
    make: 'toyota',
    model: 'Prius 1.8 Hybrid',
    year: 2012,
    mileage_km: 259000,
    fuel: 'hybrid',
    gearbox: 'automatic',
    drive: 'front',
    body_type: 'hatchback',
  },
  'Nissan Leaf 40 kWh 2019, great city car': {
    make: 'nissan',
    model: 'Leaf 40 kWh',
    year: 2019,
    mileage_km: 74000,
    fuel: 'electric',
    gearbox: 'automatic',
    drive: 'front',
    body_type: 'hatchback',
  },
  'Toyota Land Cruiser 3.0 D-4D 2010, 7-paikkainen': {
    make: 'toyota',
    model: 'Land Cruiser 3.0 D-4D',
    year: 2010,
    mileage_km: 312000,
    fuel: 'diesel',
    drive: 'four_wheel',
    body_type: 'suv',
  },
  'Suzuki Grand Vitara 1.9 DDiS 4x4 2009': {
    make: 'suzuki',
    model: 'Grand Vitara 1.9 DDiS',
    year: 2009,
    mileage_km: 205000,
    fuel: 'diesel',
    gearbox: 'manual',
    drive: 'four_wheel',
    body_type: 'suv',
  },
  'Volkswagen Tiguan 2.0 TDI 4Motion 2012, полный привод': {
    make: 'volkswagen',
    model: 'Tiguan 2.0 TDI 4Motion',
    year: 2012,
    mileage_km: 210000,
    fuel: 'diesel',
    gearbox: 'automatic',
    drive: 'four_wheel',
    body_type: 'suv',
  },
  'Volvo 240 GL farmari 1989, museorekisterissä': {
    make: 'volvo',
    model: '240 GL',
    year: 1989,
    mileage_km: 398000,
    fuel: 'petrol',
    drive: 'rear',
    body_type: 'estate',
  },
  'Mercedes-Benz W123 230E 1983, museiregistrerad': {
    make: 'mercedes-benz',
    model: 'W123 230E',
    year: 1983,
    mileage_km: 287000,
    fuel: 'petrol',
    gearbox: 'automatic',
    drive: 'rear',
    body_type: 'sedan',
  },
  'Peugeot 307 SW 1.6 purkuun tai korjattavaksi': { make: 'peugeot', model: '307 SW 1.6', fuel: 'petrol', body_type: 'estate' },
  // ——— Vans ———
  'Ford Transit Custom 2.0 TDCi L1 2018, sis. alv': {
    make: 'ford',
    model: 'Transit Custom 2.0 TDCi L1',
    year: 2018,
    mileage_km: 158000,
    fuel: 'diesel',
    gearbox: 'manual',
    drive: 'front',
    body_type: 'van',
  },
  'VW Transporter 2.0 TDI 4Motion pitkä 2013': {
    make: 'volkswagen',
    model: 'Transporter 2.0 TDI 4Motion',
    year: 2013,
    mileage_km: 245000,
    fuel: 'diesel',
    drive: 'four_wheel',
    body_type: 'combi',
  },
  // ——— Homes for sale ———
  'Kaksio Kalliossa 42 m², lasitettu parveke': { rooms: '2h', area_m2: 42, floor: 4, building_year: 1938, balcony: true },
  'Yksiö Hervannassa 31 m², hyvä sijoituskohde': { rooms: '1h', area_m2: 31, floor: 3, building_year: 1978 },
  'Kolmio 68 m² Turun keskustassa, oma sauna': { rooms: '3h', area_m2: 68, floor: 5, building_year: 1965, sauna: true, balcony: true },
  'Kaksio 48 m² Toppilansalmesta, rak. 2014': { rooms: '2h', area_m2: 48, floor: 2, building_year: 2014, balcony: true },
  'Trea 72 m² nära torget i Vasa, havsutsikt': { rooms: '3h', area_m2: 72, floor: 6, building_year: 1972, sauna: true, balcony: true },
  'Rivitalon päätyasunto 4h+k+s, 98 m²': { rooms: '4h', area_m2: 98, floor: 1, building_year: 2005, sauna: true },
  'Radhus 4r+k+b, 102 m² i Esboviken': { rooms: '4h', area_m2: 102, floor: 1, building_year: 1989, sauna: true },
  'Paritalon puolikas 4h+k+s, 108 m², autokatos': { rooms: '4h', area_m2: 108, floor: 1, building_year: 2008, sauna: true },
  'Omakotitalo 5h+k+s Joensuun Noljakassa, 1984': { rooms: '5h_plus', area_m2: 132, building_year: 1984, sauna: true },
  'Rintamamiestalo remontoitavaksi, iso tontti': { area_m2: 96 },
  // ——— Homes for rent ———
  'Vuokrataan kaksio Töölöstä, 51 m²': { rooms: '2h', area_m2: 51, floor: 3, balcony: true, rent_eur_month: 1290 },
  'Yksiö vuokralle Kortepohjasta, lähellä yliopistoa': { rooms: '1h', area_m2: 28, balcony: true, rent_eur_month: 520 },
  'Furnished 1BR apartment in Otaniemi, available now': { rooms: '2h', area_m2: 38, rent_eur_month: 1050 },
  'Сдаётся двухкомнатная квартира в Оулу, 47 м²': { rooms: '2h', area_m2: 47, floor: 2, balcony: true, rent_eur_month: 780 },
  'Studio flat for rent in Kaleva, Tampere': { rooms: '1h', area_m2: 26, balcony: true, rent_eur_month: 640 },
  'Vuokrataan rivitalokolmio Saaristokaupungista': { rooms: '3h', area_m2: 74, sauna: true, rent_eur_month: 1050 },
  // ——— Cottages ———
  'Kesämökki Saimaan rannalla, oma ranta 60 m': { area_m2: 45, sauna: true },
  'Sommarstuga med egen strand på Kimitoön': { area_m2: 40, sauna: true },
};

/**
 * Gives the new demo ads their values, checked against their catalog's fields (a value the fields
 * no longer take is left out rather than stored wrong) and stored as a seller's are, with their
 * numbers in product_numbers.
 */
export async function saveDemoAdValues(
  db: Database,
  ads: { id: number; name: string; catalogId: number }[],
  parentOf: (catalogId: number) => number | null | undefined,
): Promise<number> {
  const chosen = ads.filter((ad) => DEMO_AD_VALUES[ad.name]);
  if (!chosen.length) return 0;
  const all = await createAttributesRepo(db).listAll();
  const repo = createAdValuesRepo(db);
  let saved = 0;
  await db.transaction(async (tx) => {
    for (const ad of chosen) {
      const path = new Set<number>();
      for (let id: number | null | undefined = ad.catalogId; id != null && path.size < 8; id = parentOf(id)) path.add(id);
      const definitions = all.filter((d) => path.has(d.catalogId));
      const wanted = DEMO_AD_VALUES[ad.name]!;
      // Only what the fields take: a demo ad never holds a value a seller could not store.
      const known = Object.fromEntries(Object.entries(wanted).filter(([key]) => definitions.some((d) => d.key === key)));
      const { values, problems } = checkAttributeValues(definitions, known);
      const kept = Object.fromEntries(Object.entries(values).filter(([key]) => !problems[`attributes.${key}`]));
      if (!Object.keys(kept).length) continue;
      await repo.save(ad.id, kept, numbersOf(definitions, kept), tx);
      saved += 1;
    }
  });
  return saved;
}
