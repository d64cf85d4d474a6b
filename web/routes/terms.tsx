import type { RouteHandle } from '../components/app-shell';
import { InfoArticle } from '../features/info/components/info-article';
import { loadInfoPage } from '../features/info/info-page.server';
import { pageMetaFromLoader } from '../lib/meta';
import type { Route } from './+types/terms';

/**
 * The spec's /terms screen shows the one stored terms of use, so it can never differ from
 * /info/terms-of-use; that address is the canonical one search engines are given.
 */
export function loader({ context }: Route.LoaderArgs) {
  return loadInfoPage(context, 'terms-of-use', '/info/terms-of-use');
}

export function meta(args: Route.MetaArgs) {
  const tags = pageMetaFromLoader(args);
  return args.data ? [...tags, { 'script:ld+json': args.data.jsonLd }] : tags;
}
export const handle: RouteHandle = { ribbon: true };

export default function Terms({ loaderData }: Route.ComponentProps) {
  return <InfoArticle page={loaderData.page} />;
}
