import { ComingSoon } from '../../components/coming-soon';
import { pageMetaFromLoader } from '../../lib/meta';
import { comingSoonLoader } from '../../lib/page.server';
import type { Route } from './+types/system';

export const loader = comingSoonLoader('admin_system', 'admin.access');
export const meta = pageMetaFromLoader;

export default function AdminSystem({ loaderData }: Route.ComponentProps) {
  return <ComingSoon titleKey={loaderData.titleKey} />;
}
