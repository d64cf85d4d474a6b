import { ComingSoon } from '../components/coming-soon';
import { pageMetaFromLoader } from '../lib/meta';
import { comingSoonLoader } from '../lib/page.server';
import type { Route } from './+types/channel-by-product';

export const loader = comingSoonLoader('channel', 'login');
export const meta = pageMetaFromLoader;

export default function ChannelByProduct({ loaderData }: Route.ComponentProps) {
  return <ComingSoon titleKey={loaderData.titleKey} />;
}
