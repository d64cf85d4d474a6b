import { ComingSoon } from '../../components/coming-soon';
import { pageMetaFromLoader } from '../../lib/meta';
import { comingSoonLoader } from '../../lib/page.server';
import type { Route } from './+types/roles';

export const loader = comingSoonLoader('admin_roles', 'admin.access');
export const meta = pageMetaFromLoader;

export default function AdminRoles({ loaderData }: Route.ComponentProps) {
  return <ComingSoon titleKey={loaderData.titleKey} />;
}
