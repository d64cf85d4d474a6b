import { redirect } from 'react-router';
import { DashboardFigures } from '../features/dashboard/components/dashboard-figures';
import { OwnAdsFigures } from '../features/dashboard/components/own-ads-figures';
import { pageMetaFromLoader } from '../lib/meta';
import { pageMeta, requireAccess } from '../lib/page.server';
import { useTranslation } from '../lib/use-translation';
import type { Route } from './+types/dashboard';

/** The signed-in person's dashboard: own ads, messages, wishes, staff queues; `?page=` pages the own ads. */
export async function loader({ context, request }: Route.LoaderArgs) {
  requireAccess(context, request, 'login');
  const url = new URL(request.url);
  const page = Math.min(10_000, Math.max(1, Number.parseInt(url.searchParams.get('page') ?? '1', 10) || 1));
  const data = await context.services.dashboard.overview(context.user!, page);
  if (page > data.my_ads.meta.last_page) {
    url.searchParams.delete('page');
    throw redirect(`${url.pathname}${url.searchParams.size ? `?${url.searchParams}` : ''}`);
  }
  return { meta: pageMeta(context, 'dashboard', '/dashboard', { noindex: true }), name: context.user!.user.name, data };
}

export const meta = pageMetaFromLoader;

export default function Dashboard({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { name, data } = loaderData;
  return (
    <div className="mx-auto max-w-5xl py-4 sm:py-6">
      <h1 className="text-2xl font-bold">{t('dashboard.heading', { name })}</h1>
      <p className="mt-1 mb-6 text-muted">{t('dashboard.intro')}</p>
      <DashboardFigures data={data} />
      <OwnAdsFigures ads={data.my_ads.data} page={data.my_ads.meta.current_page} lastPage={data.my_ads.meta.last_page} />
    </div>
  );
}
