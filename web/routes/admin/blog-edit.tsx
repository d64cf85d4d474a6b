import { ComingSoon } from '../../components/coming-soon';
import { pageMetaFromLoader } from '../../lib/meta';
import { comingSoonLoader } from '../../lib/page.server';
import type { Route } from './+types/blog-edit';

export const loader = comingSoonLoader('admin_blog_edit', 'admin.access');
export const meta = pageMetaFromLoader;

export default function AdminBlogEdit({ loaderData }: Route.ComponentProps) {
  return <ComingSoon titleKey={loaderData.titleKey} />;
}
