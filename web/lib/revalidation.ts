import type { ShouldRevalidateFunctionArgs } from 'react-router';

/**
 * The root data follows the session, the language and the settings, not a search: a plain
 * navigation (paging, filters, another ad) keeps it. Form submissions, `?lang=` changes and
 * explicit revalidation (same URL) still reload it.
 */
export function rootShouldRevalidate({ formMethod, currentUrl, nextUrl, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  if (formMethod || currentUrl.href === nextUrl.href) return defaultShouldRevalidate;
  if (currentUrl.searchParams.get('lang') !== nextUrl.searchParams.get('lang')) return defaultShouldRevalidate;
  return false;
}
