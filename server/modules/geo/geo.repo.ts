import { asc } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { municipalities, postalCodes, regions } from '../../db/schema/geo.ts';

export type RegionRow = typeof regions.$inferSelect;
export type MunicipalityRow = typeof municipalities.$inferSelect;

export function createGeoRepo(db: Database) {
  return {
    listRegions: (): Promise<RegionRow[]> => db.select().from(regions).orderBy(asc(regions.code)),
    listMunicipalities: (): Promise<MunicipalityRow[]> => db.select().from(municipalities).orderBy(asc(municipalities.nameFi)),
    /** Every postal code's municipality (some 3,000 rows: the service keeps them in memory). */
    listPostalCodes: (): Promise<{ code: string; municipalityId: number }[]> =>
      db.select({ code: postalCodes.code, municipalityId: postalCodes.municipalityId }).from(postalCodes),
  };
}

export type GeoRepo = ReturnType<typeof createGeoRepo>;
