import { useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { RouteHandle } from '../components/app-shell';
import { finnishHour, greetingFor } from '../lib/greeting';
import { pageMetaFromLoader } from '../lib/meta';
import type { Route } from './+types/home';

export async function loader({ context }: Route.LoaderArgs) {
  const catalogs = await context.services.catalog.tree(context.locale);
  return {
    meta: {
      title: context.t('home.title'),
      description: context.t('home.description'),
      path: '/',
    },
    hour: finnishHour(),
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
      <section className="mb-8 rounded-2xl bg-brand px-6 py-10 text-brand-ink sm:px-10 dark:bg-brand-soft dark:text-ink dark:ring-1 dark:ring-brand/40">
        <p className="mb-1 text-lg font-medium opacity-90" data-testid="greeting">
          {t(`greeting.${greetingFor(hour)}`)}
        </p>
        <h1 className="mb-2 text-3xl font-bold sm:text-4xl">{t('home.title')}</h1>
        <p className="max-w-2xl opacity-90">{t('home.lead')}</p>
      </section>
      <section aria-labelledby="home-categories">
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
    </>
  );
}
