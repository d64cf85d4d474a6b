import { CategoriesPage } from '../../features/staff-blog/components/categories-page';
import { pageMetaFromLoader } from '../../lib/meta';
import { pageMeta, requireAccess } from '../../lib/page.server';
import type { Route } from './+types/blog-category';

/** The blog's categories (blog.manage). */
export async function loader({ context, request }: Route.LoaderArgs) {
  requireAccess(context, request, 'blog.manage');
  return {
    meta: pageMeta(context, 'admin_blog_category', '/admin/blog/category', { noindex: true }),
    categories: await context.services.blog.categories(context.user!, context.locale),
  };
}

export const meta = pageMetaFromLoader;

export default function AdminBlogCategory({ loaderData }: Route.ComponentProps) {
  return <CategoriesPage categories={loaderData.categories} />;
}
