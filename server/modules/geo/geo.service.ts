import { INTL_LOCALE, LOCALES, type Locale } from '../../../common/locales.ts';
import { type Point, distanceKm, nearestTo } from '../../../common/place.ts';
import { localizedName } from '../../platform/localized-name.ts';
import type { GeoRepo, MunicipalityRow, RegionRow } from './geo.repo.ts';
import type { City, Region } from './geo.schemas.ts';

const collators = Object.fromEntries(LOCALES.map((locale) => [locale, new Intl.Collator(INTL_LOCALE[locale])])) as Record<
  Locale,
  Intl.Collator
>;

/**
 * The data's own names: Statistics Finland gives each region and municipality in Finnish and
 * Swedish (the same word where the place has no Swedish name), regions in English too, and
 * Russian has its own forms; a municipality in English reads as Finnish.
 */
const regionName = (row: RegionRow, locale: Locale): string => localizedName(row, locale);
const cityName = (row: MunicipalityRow, locale: Locale): string => localizedName(row, locale);

/**
 * Regions and municipalities change once a year at most, so they are read once per process
 * and kept; a re-seed happens only at start-up.
 */
export function createGeoService(repo: GeoRepo) {
  let cache: Promise<{ regions: RegionRow[]; municipalities: MunicipalityRow[]; byId: Map<number, MunicipalityRow> }> | undefined;
  const load = () => {
    cache ??= Promise.all([repo.listRegions(), repo.listMunicipalities()])
      .then(([regions, municipalities]) => ({ regions, municipalities, byId: new Map(municipalities.map((m) => [m.id, m])) }))
      .catch((error: unknown) => {
        cache = undefined;
        throw error;
      });
    return cache;
  };
  let postalCache: Promise<Map<string, number>> | undefined;
  const postalCodes = () => {
    postalCache ??= repo
      .listPostalCodes()
      .then((rows) => new Map(rows.map((row) => [row.code, row.municipalityId])))
      .catch((error: unknown) => {
        postalCache = undefined;
        throw error;
      });
    return postalCache;
  };

  // The lists are read on every listing: made once per language, not per request.
  const views = new Map<Locale, { regions: Region[]; cities: City[] }>();
  async function view(locale: Locale) {
    const data = await load();
    let built = views.get(locale);
    if (!built) {
      built = { regions: regionList(data.regions, locale), cities: cityList(data.municipalities, locale) };
      views.set(locale, built);
    }
    return built;
  }

  return {
    async listRegions(locale: Locale): Promise<Region[]> {
      return (await view(locale)).regions;
    },

    async listCities(locale: Locale): Promise<City[]> {
      return (await view(locale)).cities;
    },

    /** The municipality a postal code lies in (its id), or undefined for a code that does not exist. */
    async municipalityOfPostalCode(code: string): Promise<number | undefined> {
      return (await postalCodes()).get(code);
    },

    /** A municipality's centre, or undefined for an id that names none. */
    async centreOf(cityId: number): Promise<Point | undefined> {
      const row = (await load()).byId.get(cityId);
      return row && { lat: row.lat, lon: row.lon };
    },

    /**
     * The municipalities whose centre lies within `radiusKm` of the point, nearest first, each with
     * its region and distance (km, unrounded). The municipality nearest to the point always counts,
     * even when its centre is further: the point most likely lies in it (a large northern town).
     * Some 300 municipalities: a loop in memory is cheaper than any query.
     */
    async within(point: Point, radiusKm: number): Promise<{ id: number; regionId: number; km: number }[]> {
      const { municipalities } = await load();
      const nearest = nearestTo(point, municipalities);
      return municipalities
        .map((m) => ({ id: m.id, regionId: m.regionId, km: distanceKm(point, m) }))
        .filter((m) => m.km <= radiusKm || m.id === nearest?.id)
        .sort((a, b) => a.km - b.km || a.id - b.id);
    },

    /** Forgets the cached lists (after a seed). */
    invalidate(): void {
      cache = undefined;
      postalCache = undefined;
      views.clear();
    },
  };
}

function regionList(regions: RegionRow[], locale: Locale): Region[] {
  return regions
    .map((row) => ({ id: row.id, code: row.code, name: regionName(row, locale), name_fi: row.nameFi, name_sv: row.nameSv }))
    .sort((a, b) => collators[locale].compare(a.name, b.name));
}

function cityList(municipalities: MunicipalityRow[], locale: Locale): City[] {
  return municipalities
    .map((row) => ({
      id: row.id,
      code: row.code,
      name: cityName(row, locale),
      name_fi: row.nameFi,
      name_sv: row.nameSv,
      region_id: row.regionId,
      lat: row.lat,
      lon: row.lon,
    }))
    .sort((a, b) => collators[locale].compare(a.name, b.name));
}

export type GeoService = ReturnType<typeof createGeoService>;
