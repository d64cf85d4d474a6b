import { useSyncExternalStore } from 'react';
import { useTranslation } from '../lib/use-translation';
import { Link } from 'react-router';
import type { RouteHandle } from '../components/app-shell';
import { finnishHour, greetingFor } from '../lib/greeting';
import { CategoryIcon } from '../components/category-icon';
import { Pagination } from '../components/pagination';
import { ProductResults } from '../features/search/components/product-results';
import { SaveSearchButton } from '../features/saved-searches/components/save-search-button';
import { nearFieldsOf } from '../features/near/components/near-slot';
import { SearchPanel } from '../features/search/components/search-panel';
import { loadListing, parseListingParams } from '../features/search/listing.server';
import { isSearch } from '../features/search/listing-params';
import { pageMetaFromLoader } from '../lib/meta';
import type { Route } from './+types/home';

export async function loader({ context, request }: Route.LoaderArgs) {
  const params = parseListingParams(request, context.cookies);
  const [listing, catalogs] = await Promise.all([loadListing(context, params), context.services.catalog.tree(context.locale)]);
  const searching = isSearch(params);
  return {
    meta: {
      title: params.q ? context.t('search.title_query', { q: params.q }) : context.t('home.title'),
      description: context.t('home.description'),
      path: '/',
      // Result pages of a search are not documents of their own for search engines.
      ...(searching ? { noindex: true } : {}),
    },
    hour: finnishHour(),
    searching,
    listing,
    catalogs: catalogs.map(({ id, slug, name, children }) => ({ id, slug, name, childCount: children.length })),
  };
}

export const meta = pageMetaFromLoader;
export const handle: RouteHandle = { ribbon: true };

/** The server greets by the hour in Finland; the browser then uses the visitor's own clock. */
function useGreetingHour(serverHour: number): number {
  return useSyncExternalStore(
    noSubscription,
    () => new Date().getHours(),
    () => serverHour,
  );
}

const noSubscription = () => () => {};

export default function Home({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const hour = useGreetingHour(loaderData.hour);
  const { searching, listing } = loaderData;
  const resultsTitle = searching
    ? t('search.results', { count: `${listing.result.meta.total}${listing.result.meta.total_capped ? '+' : ''}` })
    : t('search.latest');
  return (
    <>
      {/*
        Ads come first on every screen (the first card starts within a phone's first screen): the
        greeting is one short line, not a banner, and a search shows no greeting at all.
      */}
      {!searching && (
        <header className="mb-4">
          <p className="text-sm text-muted" data-testid="greeting">
            {t(`greeting.${greetingFor(hour)}`)}
          </p>
          <h1 className="text-2xl font-bold sm:text-3xl">{t('home.title')}</h1>
          <p className="mt-1 hidden text-muted sm:block">{t('home.lead')}</p>
        </header>
      )}
      <SearchPanel data={listing} collapsed={!searching} nearFields={nearFieldsOf(listing)} />
      {!searching && (
        <nav aria-labelledby="home-categories" className="mb-5">
          <h2 id="home-categories" className="sr-only">
            {t('home.categories')}
          </h2>
          {/* One swipeable row on a phone, one row of ten on a wide screen. */}
          <ul className="-mx-4 flex snap-x gap-2 overflow-x-auto px-4 pb-2 sm:mx-0 sm:grid sm:grid-cols-5 sm:overflow-visible sm:px-0 lg:grid-cols-10">
            {loaderData.catalogs.map((catalog) => (
              <li key={catalog.id} className="w-24 shrink-0 snap-start sm:w-auto">
                <Link
                  to={`/catalogs/${catalog.slug}`}
                  className="flex h-full min-h-20 flex-col items-center justify-start gap-1.5 rounded-xl border border-line bg-raised px-1.5 py-2.5 text-center text-xs leading-tight font-medium hover:border-brand hover:shadow-sm"
                >
                  <span className="inline-flex h-9 w-9 items-center justify-center rounded-full bg-brand-soft text-brand">
                    <CategoryIcon slug={catalog.slug} size={20} />
                  </span>
                  <span className="hyphens-auto break-words">{catalog.name}</span>
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      )}
      <section aria-labelledby="home-results">
        {searching ? (
          // A search's results: "Save search" beside their count.
          <div className="mb-3 flex flex-wrap items-center justify-between gap-x-4 gap-y-2">
            <h1 id="home-results" className="text-xl font-semibold">
              {resultsTitle}
            </h1>
            <SaveSearchButton query={listing.query} listing={listing} />
          </div>
        ) : (
          <h2 id="home-results" className="mb-3 text-xl font-semibold">
            {resultsTitle}
          </h2>
        )}
        <ProductResults products={listing.result.data} view={listing.params.view} now={listing.now} headingLevel={searching ? 2 : 3} />
        <Pagination page={listing.result.meta.current_page} lastPage={listing.result.meta.last_page} />
      </section>
    </>
  );
}
