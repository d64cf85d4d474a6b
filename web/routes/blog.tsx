import { AppError } from '../../common/errors';
import { Pagination } from '../components/pagination';
import { BlogCard } from '../features/blog/components/blog-card';
import { CategoryFilter } from '../features/blog/components/category-filter';
import { pageMetaFromLoader } from '../lib/meta';
import { notFound, pageMeta } from '../lib/page.server';
import { useTranslation } from '../lib/use-translation';
import type { Route } from './+types/blog';

/** The blog's index: published posts in the reader's language, newest first, by category, paged. */
export async function loader({ context, request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const category = url.searchParams.get('category') || undefined;
  const pageParam = Number(url.searchParams.get('page') ?? '1');
  const page = Number.isInteger(pageParam) && pageParam >= 1 && pageParam <= 10_000 ? pageParam : 1;
  let list;
  try {
    list = await context.services.blog.publicList({ category, page }, context.locale);
  } catch (error) {
    if (AppError.is(error) && error.code === 'not_found') throw notFound();
    throw error;
  }
  const current = category ? list.categories.find((c) => c.slug === category) : undefined;
  const path = `/blog${category ? `?category=${encodeURIComponent(category)}` : ''}${page > 1 ? `${category ? '&' : '?'}page=${page}` : ''}`;
  const meta = current ? pageMeta(context, 'blog_category', path, { params: { category: current.name } }) : pageMeta(context, 'blog', path);
  return { meta, posts: list.data, paging: list.meta, categories: list.categories, category: category ?? null, locale: context.locale };
}

export const meta = pageMetaFromLoader;

export default function Blog({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { posts, paging, categories, category, locale } = loaderData;
  return (
    <section aria-labelledby="blog-heading">
      <h1 id="blog-heading" className="mb-4 text-3xl font-bold">
        {t('blog.heading')}
      </h1>
      <CategoryFilter categories={categories} current={category} />
      {posts.length === 0 ? (
        <p className="rounded-xl border border-line bg-raised p-6 text-muted">{t(category ? 'blog.empty_category' : 'blog.empty')}</p>
      ) : (
        <div className="grid gap-5 sm:grid-cols-2 lg:grid-cols-3">
          {posts.map((post) => (
            <BlogCard key={post.slug} post={post} locale={locale} />
          ))}
        </div>
      )}
      <Pagination page={paging.current_page} lastPage={paging.last_page} />
    </section>
  );
}
