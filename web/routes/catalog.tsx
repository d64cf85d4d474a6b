import { useTranslation } from '../lib/use-translation';
import { Link, redirect } from 'react-router';
import { Pagination } from '../components/pagination';
import { ProductResults } from '../features/search/components/product-results';
import { SaveSearchButton } from '../features/saved-searches/components/save-search-button';
import { nearFieldsOf } from '../features/near/components/near-slot';
import { SearchPanel } from '../features/search/components/search-panel';
import { loadListing, parseListingParams } from '../features/search/listing.server';
import { isSearch } from '../features/search/listing-params';
import { pageMetaFromLoader } from '../lib/meta';
import { notFound } from '../lib/page.server';
import { Breadcrumbs } from '../components/breadcrumbs';
import type { Route } from './+types/catalog';

export async function loader({ context, params, request }: Route.LoaderArgs) {
  const slugs = [params.catalog, params.catalogChild1, params.catalogChild2].filter((s): s is string => !!s);
  const found = await context.services.catalog.resolvePath(slugs, context.locale);
  if (!found) throw notFound();
  if (found.kind === 'moved') {
    // An old slug or a moved catalog: the old link goes on working and search engines learn the new one.
    throw redirect(`/catalogs/${found.path.join('/')}${new URL(request.url).search}`, 301);
  }
  const trail = found.trail;
  const current = trail[trail.length - 1]!;
  const flat = await context.services.catalog.flatten(context.locale);
  const children = flat.filter((c) => c.parent_id === current.id);
  const params2 = { name: current.name, site: context.site.siteName };
  const listingParams = parseListingParams(request, context.cookies);
  const listing = await loadListing(context, listingParams, current.id);
  return {
    listing,
    meta: {
      title: context.t('pages.catalog.title', params2),
      description: context.t('pages.catalog.description', params2),
      path: `/catalogs/${current.path.join('/')}`,
      // Words, filters or a later page: not a document of its own; the canonical stays the catalog's.
      ...(isSearch(listingParams) ? { noindex: true } : {}),
    },
    trail: trail.map(({ name, path }) => ({ name, href: `/catalogs/${path.join('/')}` })),
    current: { id: current.id, name: current.name },
    children: children.map(({ id, name, path }) => ({ id, name, href: `/catalogs/${path.join('/')}` })),
  };
}

export const meta = pageMetaFromLoader;

export default function Catalog({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { trail, current, children, listing } = loaderData;
  return (
    <>
      <Breadcrumbs crumbs={trail} lastIsCurrent />
      <h1 className="mb-4 text-3xl font-bold">{current.name}</h1>
      {children.length > 0 && (
        <ul className="mb-6 flex flex-wrap gap-2">
          {children.map((child) => (
            <li key={child.id}>
              <Link
                to={child.href}
                className="inline-block rounded-full border border-line bg-raised px-4 py-1.5 text-sm hover:border-brand"
              >
                {child.name}
              </Link>
            </li>
          ))}
        </ul>
      )}
      <SearchPanel data={listing} fixedCatalog nearFields={nearFieldsOf(listing)} />
      {/* The results' heading (the cards' titles are h3 under it). */}
      <div className="mb-3 flex flex-wrap items-center justify-between gap-x-4 gap-y-2">
        <h2 className="text-sm font-normal text-muted">
          {t('search.results', { count: `${listing.result.meta.total}${listing.result.meta.total_capped ? '+' : ''}` })}
        </h2>
        <SaveSearchButton query={listing.query} listing={listing} catalog={current} />
      </div>
      <ProductResults products={listing.result.data} view={listing.params.view} now={listing.now} />
      <Pagination page={listing.result.meta.current_page} lastPage={listing.result.meta.last_page} />
    </>
  );
}
