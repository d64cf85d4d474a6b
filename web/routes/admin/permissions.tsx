import { ComingSoon } from '../../components/coming-soon';
import { pageMetaFromLoader } from '../../lib/meta';
import { comingSoonLoader } from '../../lib/page.server';
import type { Route } from './+types/permissions';

export const loader = comingSoonLoader('admin_permissions', 'admin.access');
export const meta = pageMetaFromLoader;

export default function AdminPermissions({ loaderData }: Route.ComponentProps) {
  return <ComingSoon titleKey={loaderData.titleKey} />;
}
