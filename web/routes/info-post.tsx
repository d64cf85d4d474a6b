import { InfoArticle } from '../features/info/components/info-article';
import { loadInfoPage } from '../features/info/info-page.server';
import { pageMetaFromLoader } from '../lib/meta';
import type { Route } from './+types/info-post';

/** An info page staff write (terms, privacy, contacts, …), rendered on the server; unknown or empty: 404. */
export function loader({ context, params }: Route.LoaderArgs) {
  return loadInfoPage(context, params.slug, `/info/${params.slug}`);
}

export function meta(args: Route.MetaArgs) {
  const tags = pageMetaFromLoader(args);
  return args.data ? [...tags, { 'script:ld+json': args.data.jsonLd }] : tags;
}

export default function InfoPost({ loaderData }: Route.ComponentProps) {
  return <InfoArticle page={loaderData.page} />;
}
