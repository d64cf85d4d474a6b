import { can } from '../../../common/access';
import { FlaggedAccounts } from '../../features/staff-safety/components/flagged-accounts';
import { pageMetaFromLoader } from '../../lib/meta';
import { pageMeta, requireAccess } from '../../lib/page.server';
import type { Route } from './+types/safety';

/** The scam guard's accounts (reports.handle): flagged messages of the last days and the holds; releasing needs users.manage. */
export async function loader({ context, request }: Route.LoaderArgs) {
  requireAccess(context, request, 'reports.handle');
  const current = context.user!;
  const params = new URL(request.url).searchParams;
  const heldOnly = params.get('held') === 'true';
  const page = Math.min(10_000, Math.max(1, Number.parseInt(params.get('page') ?? '1', 10) || 1));
  return {
    meta: pageMeta(context, 'admin_safety', '/admin/safety', { noindex: true }),
    page: await context.services.safety.list(current, { page, ...(heldOnly ? { held: true } : {}) }),
    heldOnly,
    canRelease: can(current, 'users.manage'),
  };
}

export const meta = pageMetaFromLoader;

export default function AdminSafety({ loaderData }: Route.ComponentProps) {
  const { page, heldOnly, canRelease } = loaderData;
  return <FlaggedAccounts key={`${heldOnly}:${page.meta.current_page}`} page={page} heldOnly={heldOnly} canRelease={canRelease} />;
}
