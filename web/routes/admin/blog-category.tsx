import { ComingSoon } from '../../components/coming-soon';
import { pageMetaFromLoader } from '../../lib/meta';
import { comingSoonLoader } from '../../lib/page.server';
import type { Route } from './+types/blog-category';

export const loader = comingSoonLoader('admin_blog_category', 'admin.access');
export const meta = pageMetaFromLoader;

export default function AdminBlogCategory({ loaderData }: Route.ComponentProps) {
  return <ComingSoon titleKey={loaderData.titleKey} />;
}
