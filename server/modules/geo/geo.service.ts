import type { Locale } from '../../../common/locales.ts';
import type { GeoRepo, MunicipalityRow, RegionRow } from './geo.repo.ts';
import type { City, Region } from './geo.schemas.ts';

const collators: Record<Locale, Intl.Collator> = {
  fi: new Intl.Collator('fi'),
  en: new Intl.Collator('en'),
  ru: new Intl.Collator('ru'),
};

function regionName(row: RegionRow, locale: Locale): string {
  if (locale === 'en') return row.nameEn;
  if (locale === 'ru') return row.nameRu;
  return row.nameFi;
}

/** Municipalities are known by their Finnish name in English too; Russian has its own forms. */
function cityName(row: MunicipalityRow, locale: Locale): string {
  return locale === 'ru' ? row.nameRu : row.nameFi;
}

/**
 * Regions and municipalities change once a year at most, so they are read once per process
 * and kept; a re-seed happens only at start-up.
 */
export function createGeoService(repo: GeoRepo) {
  let cache: Promise<{ regions: RegionRow[]; municipalities: MunicipalityRow[] }> | undefined;
  const load = () => {
    cache ??= Promise.all([repo.listRegions(), repo.listMunicipalities()])
      .then(([regions, municipalities]) => ({ regions, municipalities }))
      .catch((error: unknown) => {
        cache = undefined;
        throw error;
      });
    return cache;
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

    /** Forgets the cached lists (after a seed). */
    invalidate(): void {
      cache = undefined;
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
