import { useSyncExternalStore } from 'react';
import { useTranslation } from '../lib/use-translation';
import { Link } from 'react-router';
import type { RouteHandle } from '../components/app-shell';
import { finnishHour, greetingFor } from '../lib/greeting';
import { Pagination } from '../components/pagination';
import { ProductResults } from '../features/search/components/product-results';
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
  return (
    <>
      <section
        className={`${loaderData.searching ? 'hidden sm:block' : ''} mb-6 rounded-2xl bg-brand px-6 py-8 text-brand-ink sm:px-10 dark:bg-brand-soft dark:text-ink dark:ring-1 dark:ring-brand/40`}
      >
        <p className="mb-1 text-lg font-medium opacity-90" data-testid="greeting">
          {t(`greeting.${greetingFor(hour)}`)}
        </p>
        <h1 className="mb-2 text-3xl font-bold sm:text-4xl">{t('home.title')}</h1>
        <p className="max-w-2xl opacity-90">{t('home.lead')}</p>
      </section>
      <SearchPanel data={loaderData.listing} />
      {!loaderData.searching && (
        <section aria-labelledby="home-categories" className="mb-8">
          <h2 id="home-categories" className="mb-4 text-xl font-semibold">
            {t('home.categories')}
          </h2>
          <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-5">
            {loaderData.catalogs.map((catalog) => (
              <li key={catalog.id}>
                <Link
                  to={`/catalogs/${catalog.slug}`}
                  className="flex h-full min-h-20 items-center rounded-xl border border-line bg-raised p-4 font-medium hover:border-brand hover:shadow-sm"
                >
                  {catalog.name}
                </Link>
              </li>
            ))}
          </ul>
        </section>
      )}
      <section aria-labelledby="home-results">
        <h2 id="home-results" className="mb-3 text-xl font-semibold">
          {loaderData.searching
            ? t('search.results', {
                count: `${loaderData.listing.result.meta.total}${loaderData.listing.result.meta.total_capped ? '+' : ''}`,
              })
            : t('search.latest')}
        </h2>
        <ProductResults products={loaderData.listing.result.data} view={loaderData.listing.params.view} now={loaderData.listing.now} />
        <Pagination page={loaderData.listing.result.meta.current_page} lastPage={loaderData.listing.result.meta.last_page} />
      </section>
    </>
  );
}
