import { AppError } from '../../common/errors';
import { EditAdForm } from '../features/selling/components/edit-ad-form';
import { pageMetaFromLoader } from '../lib/meta';
import { notFound, pageMeta, requireAccess } from '../lib/page.server';
import type { Route } from './+types/my-showcase-edit';

export async function loader({ context, request, params }: Route.LoaderArgs) {
  requireAccess(context, request, 'login');
  const current = context.user!;
  let ad;
  try {
    ad = await context.services.selling.editable(current, params.productUuid, context.locale);
  } catch (error) {
    // Someone else's ad is as unknown as a missing one.
    if (AppError.is(error) && (error.code === 'not_found' || error.code === 'forbidden')) throw notFound();
    throw error;
  }
  const [cities, tree] = await Promise.all([
    context.services.geo.listCities(context.locale),
    context.services.catalog.tree(context.locale),
  ]);
  return {
    meta: pageMeta(context, 'my_showcase_edit', `/my-showcase/edit/${ad.uuid}`, { noindex: true }),
    ad,
    cities: cities.map(({ id, name, name_fi, name_sv }) => ({ id, name, name_fi, name_sv })),
    tree,
  };
}

export const meta = pageMetaFromLoader;

export default function MyShowcaseEdit({ loaderData }: Route.ComponentProps) {
  // A new ad (after a save elsewhere) starts the form afresh.
  return <EditAdForm key={loaderData.ad.uuid} ad={loaderData.ad} cities={loaderData.cities} tree={loaderData.tree} />;
}
