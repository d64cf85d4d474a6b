import { Suspense, lazy } from 'react';
import type { NearbyCity } from '../use-near-me';

// Its own chunk: the server renders the section in full (a page without scripts works), and the
// browser hydrates it once it has the chunk, after the results.
const NearFields = lazy(() => import('./near-fields').then((m) => ({ default: m.NearFields })));

/** The "Location" section for a listing page: the place of its URL, and the municipalities' names it already has. */
export function nearFieldsOf({
  params,
  cities,
}: {
  params: { near: string | null; nearCity: number | null; radius: number | null };
  cities: readonly NearbyCity[];
}) {
  return (
    <Suspense fallback={null}>
      <NearFields near={params.near} nearCity={params.nearCity} radius={params.radius} cities={cities} />
    </Suspense>
  );
}
