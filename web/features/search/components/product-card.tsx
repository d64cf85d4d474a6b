import { ImageOff } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { ProductCard as Card } from '../../../../server/modules/products/products.schemas';
import type { Locale } from '../../../lib/i18n';
import { formatPrice } from '../format';

function Price({ price }: { price: number }) {
  const { t, i18n } = useTranslation();
  return <span className="font-semibold">{price === 0 ? t('search.free') : formatPrice(price, i18n.language as Locale)}</span>;
}

function Picture({ product, className, sizes }: { product: Card; className: string; sizes: string }) {
  const { t } = useTranslation();
  if (!product.image) {
    return (
      <div className={`${className} flex items-center justify-center bg-sunken text-muted`} role="img" aria-label={t('search.no_image')}>
        <ImageOff aria-hidden size={28} />
      </div>
    );
  }
  return (
    <img
      src={product.image.card}
      srcSet={`${product.image.thumb} 160w, ${product.image.card} 480w`}
      sizes={sizes}
      alt=""
      loading="lazy"
      decoding="async"
      width={480}
      height={360}
      className={`${className} object-cover`}
    />
  );
}

function StatusBadge({ status }: { status: Card['status'] }) {
  const { t } = useTranslation();
  if (status === 'active') return null;
  return <span className="rounded bg-ink/80 px-2 py-0.5 text-xs font-semibold text-surface">{t(`status.${status}`)}</span>;
}

/** An ad in the card grid: picture, title, price, place. */
export function ProductCardItem({ product }: { product: Card }) {
  return (
    <article className="group relative flex h-full flex-col overflow-hidden rounded-xl border border-line bg-raised transition hover:border-brand hover:shadow-md">
      <Picture product={product} className="aspect-[4/3] w-full" sizes="(min-width: 1024px) 25vw, (min-width: 640px) 33vw, 50vw" />
      <div className="absolute top-2 left-2">
        <StatusBadge status={product.status} />
      </div>
      <div className="flex flex-1 flex-col gap-1 p-3">
        <h3 className="line-clamp-2 text-sm font-medium sm:text-base">
          <Link to={`/${product.uuid}`} className="after:absolute after:inset-0">
            {product.name}
          </Link>
        </h3>
        <p className="mt-auto text-lg">
          <Price price={product.price} />
        </p>
        <p className="truncate text-xs text-muted">
          {product.city.name} · {product.catalog.name}
        </p>
      </div>
    </article>
  );
}

/** An ad in the list view: a row with a small picture. */
export function ProductRowItem({ product }: { product: Card }) {
  return (
    <article className="relative flex gap-3 rounded-xl border border-line bg-raised p-2 transition hover:border-brand">
      <Picture product={product} className="h-24 w-32 shrink-0 rounded-lg sm:h-28 sm:w-40" sizes="160px" />
      <div className="flex min-w-0 flex-1 flex-col gap-1 py-1">
        <h3 className="line-clamp-2 font-medium">
          <Link to={`/${product.uuid}`} className="after:absolute after:inset-0">
            {product.name}
          </Link>
        </h3>
        <p className="text-sm text-muted">
          {product.city.name} · {product.catalog.name}
        </p>
        <div className="mt-auto flex items-center gap-2">
          <Price price={product.price} />
          <StatusBadge status={product.status} />
        </div>
      </div>
    </article>
  );
}
