import { WishList } from '../features/wishes/components/wish-list';
import { loadWishList } from '../features/wishes/wishes.server';
import { pageMetaFromLoader } from '../lib/meta';
import { pageMeta, requireAccess } from '../lib/page.server';
import type { Route } from './+types/wishes';

export async function loader({ context, request }: Route.LoaderArgs) {
  requireAccess(context, request, 'login');
  // A signed-in page request always carries its session (load-context fills both together).
  const current = context.user!;
  return {
    meta: pageMeta(context, 'wishes', '/wishes', { noindex: true }),
    userId: current.user.id,
    ads: await loadWishList(context, current),
  };
}

export const meta = pageMetaFromLoader;

export default function Wishes({ loaderData }: Route.ComponentProps) {
  return <WishList userId={loaderData.userId} ads={loaderData.ads} />;
}
