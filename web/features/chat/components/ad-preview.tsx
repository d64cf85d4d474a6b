import { ImageOff } from 'lucide-react';
import { Link } from 'react-router';
import type { Locale } from '../../../../common/locales';
import { AdStatusBadge } from '../../../components/ad-status';
import { formatPrice } from '../../../lib/format';
import { useTranslation } from '../../../lib/use-translation';
import type { RoomProduct } from '../chat-types';

/** The ad's status, or "deleted" for an ad that no longer exists (its room keeps the title). */
export function ProductStatus({ status }: { status: RoomProduct['status'] }) {
  const { t } = useTranslation();
  if (status === 'deleted') {
    return (
      <span className="inline-flex items-center rounded-full border border-line bg-sunken px-2.5 py-0.5 text-xs font-semibold text-muted">
        {t('chat.ad_deleted')}
      </span>
    );
  }
  return <AdStatusBadge status={status} />;
}

export function ProductThumb({ product, size = 48 }: { product: Pick<RoomProduct, 'image'>; size?: number }) {
  const { t } = useTranslation();
  if (!product.image) {
    return (
      <span
        role="img"
        aria-label={t('search.no_image')}
        className="inline-flex shrink-0 items-center justify-center rounded-lg bg-sunken text-muted"
        style={{ width: size, height: size }}
      >
        <ImageOff aria-hidden size={size / 2.5} />
      </span>
    );
  }
  return (
    <img
      src={product.image}
      alt=""
      width={size}
      height={size}
      loading="lazy"
      decoding="async"
      className="shrink-0 rounded-lg object-cover"
      style={{ width: size, height: size }}
    />
  );
}

/**
 * The ad a conversation is about: picture, title, price and status. The title links to the ad's
 * page while the ad is for sale (other pages of it would not open for the buyer).
 */
export function AdPreview({
  product,
  size = 48,
  className = '',
  wrapTitle = false,
}: {
  product: RoomProduct;
  size?: number;
  className?: string;
  /** Up to two lines of title where there is room (one line in the conversation's header). */
  wrapTitle?: boolean;
}) {
  const { t, i18n } = useTranslation();
  const linked = product.status === 'active' && product.uuid !== null;
  return (
    <div className={`flex min-w-0 items-center gap-3 ${className}`}>
      <ProductThumb product={product} size={size} />
      <div className="min-w-0 flex-1">
        <p className={`font-semibold ${wrapTitle ? 'line-clamp-2 break-words' : 'truncate'}`}>
          {linked ? (
            <Link to={`/${product.uuid}`} className="hover:underline">
              <span className="sr-only">{t('chat.ad_link')} </span>
              {product.name}
            </Link>
          ) : (
            product.name
          )}
        </p>
        <p className="mt-0.5 flex flex-wrap items-center gap-2 text-sm">
          {product.price !== null && (
            <span className="font-semibold text-brand">
              {product.price === 0 ? t('search.free') : formatPrice(product.price, i18n.language as Locale)}
            </span>
          )}
          {product.status !== 'active' && <ProductStatus status={product.status} />}
        </p>
      </div>
    </div>
  );
}
