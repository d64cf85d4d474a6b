import { type NearOrigin, RADIUS_KM } from '../../../common/attributes.ts';
import type { FieldProblem } from '../../../common/ad-rules.ts';
import { DEFAULT_RADIUS_KM, type Point, inFinland } from '../../../common/place.ts';
import type { GeoService } from '../geo/geo.service.ts';

/**
 * "Near" searches (issue 26): an origin (a postal code, a municipality or a position) and a radius.
 * An ad's point is its municipality's centre, so the radius picks the municipalities whose centre
 * lies within it and the search becomes a search in those towns (the city filter the indexes
 * already serve); a card's distance is its town's centre from the origin.
 */

/** The origin as a request writes it: one of its forms, the others absent. */
export interface NearInput {
  postal_code?: string;
  city_id?: number;
  lat?: number;
  lon?: number;
}

/** A checked "near": the towns within the radius, nearest first, each with its distance in km. */
export interface NearSearch {
  origin: Point;
  radiusKm: number;
  /** The town the origin lies in: its ads are 0 km away. */
  home: number;
  towns: { id: number; regionId: number; km: number }[];
}

type Problems = Record<string, FieldProblem>;

/** Which form the origin takes, or undefined when it mixes forms or has none. */
function originForm(near: NearInput): 'postal_code' | 'city_id' | 'position' | undefined {
  const has = (value: unknown) => value !== undefined && value !== null;
  const forms = [has(near.postal_code), has(near.city_id), has(near.lat) || has(near.lon)];
  if (forms.filter(Boolean).length !== 1) return undefined;
  if (forms[0]) return 'postal_code';
  if (forms[1]) return 'city_id';
  return 'position';
}

/** The origin's point and its town, or the problems (under `near.*`). */
async function originOf(near: NearInput, geo: GeoService): Promise<{ point: Point; home: number } | { problems: Problems }> {
  switch (originForm(near)) {
    case 'postal_code': {
      const code = String(near.postal_code).trim();
      const town = /^\d{5}$/u.test(code) ? await geo.municipalityOfPostalCode(code) : undefined;
      const point = town === undefined ? undefined : await geo.centreOf(town);
      return town !== undefined && point
        ? { point, home: town }
        : { problems: { 'near.postal_code': { key: 'search.errors.unknown_postal_code' } } };
    }
    case 'city_id': {
      const point = await geo.centreOf(near.city_id!);
      return point ? { point, home: near.city_id! } : { problems: { 'near.city_id': { key: 'search.errors.unknown_city' } } };
    }
    case 'position': {
      const problems: Problems = {};
      const { lat, lon } = near;
      if (typeof lat !== 'number' || !inFinland({ lat, lon: 25 })) problems['near.lat'] = { key: 'search.errors.outside_finland' };
      if (typeof lon !== 'number' || !inFinland({ lat: 65, lon })) problems['near.lon'] = { key: 'search.errors.outside_finland' };
      if (Object.keys(problems).length) return { problems };
      const point = { lat: lat!, lon: lon! };
      // Within 0 km: only the town nearest to the position, which it most likely lies in.
      const [town] = await geo.within(point, 0);
      return { point, home: town!.id };
    }
    case undefined:
      return { problems: { near: { key: 'search.errors.one_origin' } } };
  }
}

/**
 * The request's "near", radius and distance sort checked: a radius not in RADIUS_KM, a radius or
 * a distance sort without an origin, an origin of mixed forms, a postal code or a town that does
 * not exist, a position outside Finland. Without a radius the origin takes DEFAULT_RADIUS_KM.
 */
export async function checkNear(
  body: { near?: NearInput | NearOrigin; radius_km?: number; sort?: string },
  geo: GeoService,
): Promise<{ near?: NearSearch; problems: Problems }> {
  const problems: Problems = {};
  const radius = body.radius_km;
  if (radius !== undefined && !(RADIUS_KM as readonly number[]).includes(radius)) {
    problems.radius_km = { key: 'search.errors.radius_not_allowed' };
  }
  if (!body.near) {
    if (radius !== undefined && !problems.radius_km) problems.radius_km = { key: 'search.errors.radius_without_near' };
    if (body.sort === 'distance_asc') problems.sort = { key: 'search.errors.distance_needs_near' };
    return { problems };
  }
  const origin = await originOf(body.near as NearInput, geo);
  if ('problems' in origin) return { problems: { ...problems, ...origin.problems } };
  if (Object.keys(problems).length) return { problems };
  const radiusKm = radius ?? DEFAULT_RADIUS_KM;
  // The origin's own town is among them: 0 km from its own centre, or the nearest to a position.
  const towns = await geo.within(origin.point, radiusKm);
  return { near: { origin: origin.point, radiusKm, home: origin.home, towns }, problems };
}

/** A card's distance: its town's centre from the origin in whole km, 0 in the origin's own town. */
export function distanceOf(near: NearSearch, cityId: number): number | undefined {
  if (cityId === near.home) return 0;
  const town = near.towns.find((t) => t.id === cityId);
  return town ? Math.round(town.km) : undefined;
}
