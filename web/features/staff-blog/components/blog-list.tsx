import { FolderTree, Pencil, Plus } from 'lucide-react';
import { languageName } from '../../../../common/locales';
import { Link } from 'react-router';
import type { BlogStatus } from '../../../../common/blog';
import { primaryButton, secondaryButton } from '../../../components/form-controls';
import { Pagination } from '../../../components/pagination';
import { formatDateTime } from '../../../lib/format';
import { useTranslation } from '../../../lib/use-translation';
import { PostStatusBadge } from './post-status-badge';

export interface BlogListItem {
  id: number;
  slug: string;
  title: string;
  effective_status: BlogStatus;
  locale: string;
  category: { name: string } | null;
  publish_at: string | null;
  updated_at: string;
  author: { name: string } | null;
}

/** The editors' list of posts: a filter by status (links, so each is an address), newest change first, paged. */
export function BlogList({
  posts,
  statuses,
  status,
  page,
  lastPage,
  total,
}: {
  posts: BlogListItem[];
  statuses: { value: BlogStatus; label: string }[];
  status: BlogStatus | null;
  page: number;
  lastPage: number;
  total: number;
}) {
  const { t, i18n } = useTranslation();
  const tab = 'inline-flex h-9 items-center rounded-full border px-3.5 text-sm font-medium';
  const filters: { value: BlogStatus | null; label: string }[] = [{ value: null, label: t('admin_blog.list.all') }, ...statuses];
  return (
    <section aria-labelledby="blog-list-title">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <h1 id="blog-list-title" className="text-2xl font-bold">
            {t('admin_blog.list.title')}
          </h1>
          <p className="mt-1 text-muted">{t('admin_blog.list.count', { count: total })}</p>
        </div>
        <div className="flex flex-wrap gap-2">
          <Link to="/admin/blog/category" className={secondaryButton}>
            <FolderTree aria-hidden size={18} />
            {t('admin_blog.list.categories')}
          </Link>
          <Link to="/admin/blog/blog-new" className={primaryButton}>
            <Plus aria-hidden size={18} />
            {t('admin_blog.list.new')}
          </Link>
        </div>
      </div>

      <nav aria-label={t('admin_blog.list.filter')} className="mt-5">
        <ul className="flex flex-wrap gap-2">
          {filters.map((filter) => {
            const current = filter.value === status;
            return (
              <li key={filter.value ?? 'all'}>
                <Link
                  to={filter.value ? `?status=${filter.value}` : '?'}
                  aria-current={current ? 'page' : undefined}
                  className={`${tab} ${current ? 'border-brand bg-brand-soft text-ink' : 'border-line bg-raised hover:border-brand'}`}
                >
                  {filter.label}
                </Link>
              </li>
            );
          })}
        </ul>
      </nav>

      {posts.length === 0 ? (
        <p className="mt-5 rounded-2xl border border-line bg-raised p-6 text-muted">{t('admin_blog.list.empty')}</p>
      ) : (
        <ul className="mt-5 divide-y divide-line overflow-hidden rounded-2xl border border-line bg-raised">
          {posts.map((post) => (
            <li key={post.id} className="flex flex-wrap items-center justify-between gap-3 p-4">
              <div className="min-w-0 flex-1">
                <h2 className="font-semibold">
                  <Link to={`/admin/blog/edit/${post.id}`} className="hover:underline">
                    {post.title}
                  </Link>
                </h2>
                <p className="mt-1 flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-muted">
                  <PostStatusBadge status={post.effective_status} />
                  <span
                    className="rounded bg-sunken px-1.5 py-0.5 text-xs font-semibold text-ink uppercase"
                    title={languageName(post.locale)}
                  >
                    {post.locale}
                  </span>
                  {post.category && <span>{post.category.name}</span>}
                  {post.publish_at && (
                    <span>
                      {t(post.effective_status === 'scheduled' ? 'admin_blog.list.scheduled_for' : 'admin_blog.list.published_at', {
                        time: formatDateTime(post.publish_at, i18n.language),
                      })}
                    </span>
                  )}
                  <span>{t('admin_blog.list.updated', { time: formatDateTime(post.updated_at, i18n.language) })}</span>
                  {post.author && <span>{post.author.name}</span>}
                </p>
              </div>
              <Link
                to={`/admin/blog/edit/${post.id}`}
                className={`${secondaryButton} h-9 px-3 text-sm`}
                aria-label={t('admin_blog.list.edit_named', { title: post.title })}
              >
                <Pencil aria-hidden size={16} />
                <span aria-hidden>{t('admin_blog.list.edit')}</span>
              </Link>
            </li>
          ))}
        </ul>
      )}
      <Pagination page={page} lastPage={lastPage} />
    </section>
  );
}
