import { ComingSoon } from '../components/coming-soon';
import { pageMetaFromLoader } from '../lib/meta';
import { comingSoonLoader } from '../lib/page.server';
import type { Route } from './+types/channel';

export const loader = comingSoonLoader('channel', 'login');
export const meta = pageMetaFromLoader;

export default function Channel({ loaderData }: Route.ComponentProps) {
  return <ComingSoon titleKey={loaderData.titleKey} />;
}
