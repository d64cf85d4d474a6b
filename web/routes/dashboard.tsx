import { ComingSoon } from '../components/coming-soon';
import { pageMetaFromLoader } from '../lib/meta';
import { comingSoonLoader } from '../lib/page.server';
import type { Route } from './+types/dashboard';

export const loader = comingSoonLoader('dashboard', 'login');
export const meta = pageMetaFromLoader;

export default function Dashboard({ loaderData }: Route.ComponentProps) {
  return <ComingSoon titleKey={loaderData.titleKey} />;
}
