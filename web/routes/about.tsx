import { useTranslation } from '../lib/use-translation';
import type { RouteHandle } from '../components/app-shell';
import { pageMetaFromLoader } from '../lib/meta';
import { pageMeta } from '../lib/page.server';
import type { Route } from './+types/about';

export function loader({ context }: Route.LoaderArgs) {
  return { meta: pageMeta(context, 'about', '/about'), site: context.site.siteName };
}

export const meta = pageMetaFromLoader;
export const handle: RouteHandle = { ribbon: true };

export default function About({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const site = loaderData.site;
  return (
    <article className="mx-auto max-w-3xl space-y-4 leading-relaxed">
      <h1 className="text-3xl font-bold">{t('about.heading', { site })}</h1>
      <p>{t('about.intro', { site })}</p>
      <p>{t('about.how')}</p>
      <h2 className="pt-4 text-xl font-semibold">{t('about.data_heading')}</h2>
      <ul className="list-disc space-y-2 pl-6 text-muted">
        <li>{t('about.data_regions')}</li>
        <li>{t('about.data_municipalities')}</li>
        <li>{t('about.data_postal')}</li>
      </ul>
      <h2 id="source-code" className="pt-4 text-xl font-semibold">
        {t('about.source_heading')}
      </h2>
      <p>{t('about.source_text', { site })}</p>
    </article>
  );
}
