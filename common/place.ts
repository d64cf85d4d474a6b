/**
 * Distances for "near" searches (issue 26): an ad's point is its municipality's centre, and a
 * search's origin is a municipality's centre or a position. Shared by the server (which towns lie
 * within a radius, the distance on a card) and the web ("near me" picks the nearest town in the
 * browser, so the position itself never leaves it).
 */

export interface Point {
  lat: number;
  lon: number;
}

/** Finland with a margin (Åland to Utsjoki, Hanko to Ilomantsi): a position outside is not ours to search from. */
export const FINLAND_BOUNDS = { south: 59.5, north: 70.2, west: 19, east: 31.7 } as const;

/** The radius a "near" search takes when none is given, in km. */
export const DEFAULT_RADIUS_KM = 25;

const EARTH_RADIUS_KM = 6371.0088;
const radians = (degrees: number) => (degrees * Math.PI) / 180;

/** The great-circle distance between two points in km (haversine: exact enough at a country's scale). */
export function distanceKm(a: Point, b: Point): number {
  const dLat = radians(b.lat - a.lat);
  const dLon = radians(b.lon - a.lon);
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(radians(a.lat)) * Math.cos(radians(b.lat)) * Math.sin(dLon / 2) ** 2;
  return 2 * EARTH_RADIUS_KM * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** Is the point inside FINLAND_BOUNDS? */
export function inFinland(point: Point): boolean {
  return (
    Number.isFinite(point.lat) &&
    Number.isFinite(point.lon) &&
    point.lat >= FINLAND_BOUNDS.south &&
    point.lat <= FINLAND_BOUNDS.north &&
    point.lon >= FINLAND_BOUNDS.west &&
    point.lon <= FINLAND_BOUNDS.east
  );
}

/** The place nearest to the point (e.g. "near me": the position's municipality), or undefined for none. */
export function nearestTo<T extends Point>(point: Point, places: readonly T[]): T | undefined {
  let best: T | undefined;
  let bestKm = Infinity;
  for (const place of places) {
    const km = distanceKm(point, place);
    if (km < bestKm) [best, bestKm] = [place, km];
  }
  return best;
}
