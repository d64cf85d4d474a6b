/** Dates of an ad as the API gives them (ISO strings). */
interface AdDates {
  created_at: string;
  updated_at: string;
}

/** An edit that really changed the date (a status change or an edit), worth showing beside the creation date. */
export function wasUpdated(ad: AdDates): boolean {
  return new Date(ad.updated_at).getTime() - new Date(ad.created_at).getTime() > 60_000;
}
