import { ComingSoon } from '../../components/coming-soon';
import { pageMetaFromLoader } from '../../lib/meta';
import { comingSoonLoader } from '../../lib/page.server';
import type { Route } from './+types/users';

export const loader = comingSoonLoader('admin_users', 'admin.access');
export const meta = pageMetaFromLoader;

export default function AdminUsers({ loaderData }: Route.ComponentProps) {
  return <ComingSoon titleKey={loaderData.titleKey} />;
}
