import { Link } from 'react-router';
import { useTranslation } from '../../../lib/use-translation';

/** The blog's categories as links (each a page of its own for crawlers); the current one is marked. */
export function CategoryFilter({ categories, current }: { categories: { slug: string; name: string }[]; current: string | null }) {
  const { t } = useTranslation();
  if (categories.length === 0) return null;
  const chip = 'inline-flex h-9 items-center rounded-full border px-4 text-sm font-medium';
  const idle = `${chip} border-line bg-raised hover:border-brand`;
  const active = `${chip} border-brand bg-brand-soft text-ink`;
  return (
    <nav aria-label={t('blog.categories')} className="mb-6">
      <ul className="flex flex-wrap gap-2">
        <li>
          <Link to="/blog" className={current === null ? active : idle} aria-current={current === null ? 'page' : undefined}>
            {t('blog.all_categories')}
          </Link>
        </li>
        {categories.map((category) => (
          <li key={category.slug}>
            <Link
              to={`/blog?category=${encodeURIComponent(category.slug)}`}
              className={current === category.slug ? active : idle}
              aria-current={current === category.slug ? 'page' : undefined}
            >
              {category.name}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
