import { doublePrecision, index, integer, pgTable, serial, text } from 'drizzle-orm/pg-core';

/** Maakunnat, with Statistics Finland's codes ("01" … "21"). */
export const regions = pgTable('regions', {
  id: serial('id').primaryKey(),
  code: text('code').notNull().unique(),
  nameFi: text('name_fi').notNull(),
  nameSv: text('name_sv').notNull(),
  nameEn: text('name_en').notNull(),
  nameRu: text('name_ru').notNull(),
});

/** Kunnat: the "cities" of the spec. Coordinates are the municipal centre (WGS84). */
export const municipalities = pgTable(
  'municipalities',
  {
    id: serial('id').primaryKey(),
    code: text('code').notNull().unique(),
    regionId: integer('region_id')
      .notNull()
      .references(() => regions.id),
    nameFi: text('name_fi').notNull(),
    nameSv: text('name_sv').notNull(),
    nameRu: text('name_ru').notNull(),
    lat: doublePrecision('lat').notNull(),
    lon: doublePrecision('lon').notNull(),
  },
  (t) => [index('municipalities_region_id_idx').on(t.regionId)],
);

export const postalCodes = pgTable(
  'postal_codes',
  {
    code: text('code').primaryKey(),
    municipalityId: integer('municipality_id')
      .notNull()
      .references(() => municipalities.id),
    nameFi: text('name_fi').notNull(),
    nameSv: text('name_sv').notNull(),
  },
  (t) => [index('postal_codes_municipality_id_idx').on(t.municipalityId)],
);
