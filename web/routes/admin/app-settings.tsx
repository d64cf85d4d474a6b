import { ComingSoon } from '../../components/coming-soon';
import { pageMetaFromLoader } from '../../lib/meta';
import { comingSoonLoader } from '../../lib/page.server';
import type { Route } from './+types/app-settings';

export const loader = comingSoonLoader('admin_app_settings', 'admin.access');
export const meta = pageMetaFromLoader;

export default function AdminAppSettings({ loaderData }: Route.ComponentProps) {
  return <ComingSoon titleKey={loaderData.titleKey} />;
}
