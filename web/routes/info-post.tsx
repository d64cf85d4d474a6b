import { ComingSoon } from '../components/coming-soon';
import { FOOTER_INFO_SLUGS } from '../components/footer';
import { pageMetaFromLoader } from '../lib/meta';
import { notFound } from '../lib/page.server';
import type { Route } from './+types/info-post';

/** Info pages are written by staff (the staff-area issue); the footer's seven already have their titles. */
export function loader({ context, params }: Route.LoaderArgs) {
  const slug = params.slug as (typeof FOOTER_INFO_SLUGS)[number];
  if (!FOOTER_INFO_SLUGS.includes(slug)) throw notFound();
  const titleKey = `footer.${slug}`;
  return {
    meta: {
      title: context.t(titleKey),
      description: context.t('pages.info_post.description', { site: context.site.siteName }),
      path: `/info/${slug}`,
    },
    titleKey,
  };
}

export const meta = pageMetaFromLoader;

export default function InfoPost({ loaderData }: Route.ComponentProps) {
  return <ComingSoon titleKey={loaderData.titleKey} />;
}
