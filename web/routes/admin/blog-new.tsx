import { ComingSoon } from '../../components/coming-soon';
import { pageMetaFromLoader } from '../../lib/meta';
import { comingSoonLoader } from '../../lib/page.server';
import type { Route } from './+types/blog-new';

export const loader = comingSoonLoader('admin_blog_new', 'admin.access');
export const meta = pageMetaFromLoader;

export default function AdminBlogNew({ loaderData }: Route.ComponentProps) {
  return <ComingSoon titleKey={loaderData.titleKey} />;
}
