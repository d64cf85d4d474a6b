import { SystemInfo } from '../../features/staff-admin/components/system-info';
import { pageMetaFromLoader } from '../../lib/meta';
import { pageMeta, requireAccess } from '../../lib/page.server';
import type { Route } from './+types/system';

/** The system page at /admin/phpinfo (admin.access): versions, migrations, uptime, memory, drivers, queues. */
export async function loader({ context, request }: Route.LoaderArgs) {
  requireAccess(context, request, 'admin.access');
  return {
    meta: pageMeta(context, 'admin_system', '/admin/phpinfo', { noindex: true }),
    info: await context.services.system.info(context.user!),
  };
}

export const meta = pageMetaFromLoader;

export default function AdminSystem({ loaderData }: Route.ComponentProps) {
  return <SystemInfo info={loaderData.info} />;
}
