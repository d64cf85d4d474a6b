import { AppError } from '../../../common/errors.ts';
import type { AttributeFilters } from '../../../common/attributes.ts';
import type { FieldProblem } from '../../../common/ad-rules.ts';
import type { AttributesService } from '../attributes/attributes.service.ts';
import type { GeoService } from '../geo/geo.service.ts';
import { type AttributeConditions, type FacetField, checkAttributeFilters, facetFields, filterFields } from './attribute-filters.ts';
import { type NearSearch, checkNear } from './near.ts';
import type { ListingBody } from './products.schemas.ts';

/**
 * Issue 26's part of a listing request: the category-field filters against the searched catalogs'
 * fields, and "near" with its radius. One check for the listing, the saved searches and the
 * alerts' confirmation (they all build their query through the listing's).
 */

export interface FieldsAndPlace {
  attributes?: AttributeConditions;
  /** The choice fields the answer counts facets for (inside catalogs that have such fields). */
  facets?: FacetField[];
  near?: NearSearch;
}

/**
 * Checks the body's `attributes`, `near`, `radius_km` and the distance sort (every problem at
 * once, 422 per field) and answers what the query needs of them. `catalogRoots`: the searched
 * catalogs that exist, each standing for itself and all below it.
 */
export async function fieldsAndPlace(
  body: ListingBody,
  catalogRoots: number[],
  deps: { attributes?: AttributesService; geo: GeoService },
): Promise<FieldsAndPlace> {
  const definitions = deps.attributes ? await Promise.all(catalogRoots.map((id) => deps.attributes!.forCatalog(id))) : [];
  const fields = filterFields(definitions);
  const checked = checkAttributeFilters(fields, body.attributes as AttributeFilters | undefined);
  const place = await checkNear(body, deps.geo);
  const problems: Record<string, FieldProblem> = { ...checked.problems, ...place.problems };
  if (Object.keys(problems).length) {
    throw new AppError('validation_failed', {}, Object.fromEntries(Object.entries(problems).map(([field, problem]) => [field, [problem]])));
  }
  const facets = facetFields(fields);
  const hasConditions = checked.conditions.choices.length > 0 || checked.conditions.ranges.length > 0;
  return {
    ...(hasConditions ? { attributes: checked.conditions } : {}),
    ...(facets.length ? { facets } : {}),
    ...(place.near ? { near: place.near } : {}),
  };
}

/**
 * The towns a "near" search looks in: those within the radius, and of them only those the city and
 * region filters name, if any (the intersection: "near 00100" and "in Espoo" is Espoo). Sorted
 * by id (the query is the cache key); `nearestFirst` for the distance sort.
 */
export function nearTowns(near: NearSearch, cityIds: number[], regionIds: number[]): { cityIds: number[]; nearestFirst: number[] } {
  const named = cityIds.length > 0 || regionIds.length > 0;
  const towns = near.towns.filter((t) => !named || cityIds.includes(t.id) || regionIds.includes(t.regionId));
  return { cityIds: towns.map((t) => t.id).sort((a, b) => a - b), nearestFirst: towns.map((t) => t.id) };
}
