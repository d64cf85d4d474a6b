import { useTranslation } from '../lib/use-translation';
import type { RouteHandle } from '../components/app-shell';
import { pageMetaFromLoader } from '../lib/meta';
import { pageMeta } from '../lib/page.server';
import type { Route } from './+types/terms';

export function loader({ context }: Route.LoaderArgs) {
  return { meta: pageMeta(context, 'terms', '/terms'), site: context.site.siteName };
}

export const meta = pageMetaFromLoader;
export const handle: RouteHandle = { ribbon: true };

export default function Terms({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const site = loaderData.site;
  return (
    <article className="mx-auto max-w-3xl space-y-4 leading-relaxed">
      <h1 className="text-3xl font-bold">{t('terms.heading')}</h1>
      <p>{t('terms.intro', { site })}</p>
      <p>{t('terms.ads')}</p>
      <p>{t('terms.conduct')}</p>
      <p>{t('terms.privacy')}</p>
    </article>
  );
}
