import { Link } from 'react-router';
import { formatDate } from '../../../lib/format';

export interface BlogCardPost {
  slug: string;
  title: string;
  excerpt: string;
  cover: { url: string; width: number | null; height: number | null; alt: string } | null;
  category: { slug: string; name: string } | null;
  publish_at: string;
}

/** One post on the blog's index: cover, category and date, title (the link) and excerpt. */
export function BlogCard({ post, locale }: { post: BlogCardPost; locale: string }) {
  return (
    <article className="group relative flex flex-col overflow-hidden rounded-xl border border-line bg-raised shadow-sm focus-within:outline-3 focus-within:outline-focus hover:border-brand">
      {post.cover ? (
        <img
          src={post.cover.url}
          alt={post.cover.alt}
          width={post.cover.width ?? undefined}
          height={post.cover.height ?? undefined}
          loading="lazy"
          className="aspect-[16/9] w-full bg-sunken object-cover"
        />
      ) : (
        <div aria-hidden className="aspect-[16/9] w-full bg-gradient-to-br from-brand-soft to-sunken" />
      )}
      <div className="flex flex-1 flex-col gap-2 p-4">
        <p className="flex flex-wrap items-center gap-x-2 text-sm text-muted">
          {post.category && <span className="font-medium text-ink">{post.category.name}</span>}
          <time dateTime={post.publish_at}>{formatDate(post.publish_at, locale)}</time>
        </p>
        <h2 className="text-lg leading-snug font-semibold">
          <Link to={`/blog/${post.slug}`} className="outline-none after:absolute after:inset-0 group-hover:underline">
            {post.title}
          </Link>
        </h2>
        {post.excerpt && <p className="line-clamp-3 text-muted">{post.excerpt}</p>}
      </div>
    </article>
  );
}
