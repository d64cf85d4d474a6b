import { ComingSoon } from '../../components/coming-soon';
import { pageMetaFromLoader } from '../../lib/meta';
import { comingSoonLoader } from '../../lib/page.server';
import type { Route } from './+types/advertisements';

export const loader = comingSoonLoader('admin_advertisements', 'admin');
export const meta = pageMetaFromLoader;

export default function AdminAdvertisements({ loaderData }: Route.ComponentProps) {
  return <ComingSoon titleKey={loaderData.titleKey} />;
}
