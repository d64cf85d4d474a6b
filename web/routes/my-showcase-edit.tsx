import { ComingSoon } from '../components/coming-soon';
import { pageMetaFromLoader } from '../lib/meta';
import { comingSoonLoader } from '../lib/page.server';
import type { Route } from './+types/my-showcase-edit';

export const loader = comingSoonLoader('my_showcase_edit', 'login');
export const meta = pageMetaFromLoader;

export default function MyShowcaseEdit({ loaderData }: Route.ComponentProps) {
  return <ComingSoon titleKey={loaderData.titleKey} />;
}
