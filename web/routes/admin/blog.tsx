import { redirect } from 'react-router';
import { BLOG_STATUSES, isBlogStatus } from '../../../common/blog';
import { BlogList } from '../../features/staff-blog/components/blog-list';
import { pageMetaFromLoader } from '../../lib/meta';
import { pageMeta, requireAccess } from '../../lib/page.server';
import type { Route } from './+types/blog';

/** The editors' list of posts (blog.manage): `?status=` filters, `?page=` pages. */
export async function loader({ context, request }: Route.LoaderArgs) {
  requireAccess(context, request, 'blog.manage');
  const url = new URL(request.url);
  const wanted = url.searchParams.get('status');
  const status = isBlogStatus(wanted) ? wanted : null;
  const page = Math.min(10_000, Math.max(1, Number.parseInt(url.searchParams.get('page') ?? '1', 10) || 1));
  const list = await context.services.blog.adminList(context.user!, { status, page }, context.locale);
  if (page > list.meta.last_page) throw redirect(status ? `?status=${status}` : url.pathname);
  return {
    meta: pageMeta(context, 'admin_blog', '/admin/blog', { noindex: true }),
    posts: list.data,
    pagination: list.meta,
    status,
    statuses: BLOG_STATUSES.map((value) => ({ value, label: context.t(`admin_blog.status.${value}`) })),
  };
}

export const meta = pageMetaFromLoader;

export default function AdminBlog({ loaderData }: Route.ComponentProps) {
  const { posts, pagination, status, statuses } = loaderData;
  return (
    <BlogList
      posts={posts}
      statuses={statuses}
      status={status}
      page={pagination.current_page}
      lastPage={pagination.last_page}
      total={pagination.total}
    />
  );
}
