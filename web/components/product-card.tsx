import { ImageOff } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from '../lib/use-translation';
import { Link } from 'react-router';
import type { ProductCard as Card } from '../../server/modules/ads/ads.schemas';
import { WishButton } from './wish-button';
import { formatPostedAgo } from '../lib/format';
import { AdKindBadge, AdPrice } from './ad-price';

/**
 * When the ad was posted, against `now` from the page's loader: the server and the hydrating
 * browser then write the same words. Intl data may still differ by a letter between Node.js and a
 * browser, which is all the warning suppression covers.
 */
function Posted({ product, now }: { product: Card; now: number }) {
  const { i18n } = useTranslation();
  return (
    <time dateTime={product.created_at} suppressHydrationWarning>
      {formatPostedAgo(product.created_at, now, i18n.language)}
    </time>
  );
}

/**
 * `priority`: one of the first cards, in view as the page opens: loaded at once and early (the
 * largest paint of a listing is one of these pictures), not when the browser gets round to it.
 */
function Picture({ product, className, sizes, priority = false }: { product: Card; className: string; sizes: string; priority?: boolean }) {
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
      loading={priority ? 'eager' : 'lazy'}
      decoding={priority ? 'auto' : 'async'}
      fetchPriority={priority ? 'high' : 'auto'}
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

/** How far the ad is from the place searched near (its municipality's centre), in whole km: " · 12 km". */
function Distance({ product }: { product: Card }) {
  const { t } = useTranslation();
  if (product.distance_km === undefined) return null;
  const km = Math.round(product.distance_km);
  return (
    <>
      {' · '}
      {t('search.near.distance', { km })}
    </>
  );
}

/** The two most telling category fields (issue 26): "2015 · 180 000 km", "2h · 54,5 m²". */
function Highlights({ product, className }: { product: Card; className: string }) {
  if (!product.highlights?.length) return null;
  return <p className={className}>{product.highlights.join(' · ')}</p>;
}

/** The title: a link over the whole card, or plain text when the ad's page would not open. */
function Title({ product, linked }: { product: Card; linked: boolean }) {
  return linked ? (
    <Link to={`/${product.uuid}`} className="after:absolute after:inset-0">
      {product.name}
    </Link>
  ) : (
    product.name
  );
}

export interface CardOptions {
  /** False when the ad's page would be a 404 for this user (a wished ad that has gone out of view). */
  linked?: boolean;
  /** Greyed out: the ad can no longer be bought (the wish list keeps such ads). */
  dimmed?: boolean;
  /** The wish-list heart over the picture (default); the wish-list page has its own remove button. */
  heart?: boolean;
  /** Buttons under the card's text, above its link. */
  actions?: ReactNode;
  /** The page's "now" (ms): the card then says when the ad was posted ("2 hr ago"). */
  now?: number;
  /** In view as the page opens (the first row): its picture loads at once, with high priority. */
  priority?: boolean;
  /** The title's heading level: 3 under a section's h2 (default), 2 right under the page's h1. */
  headingLevel?: 2 | 3;
}

/** An ad in the card grid: picture, title, price, place, and the heart. */
export function ProductCardItem({
  product,
  linked = true,
  dimmed = false,
  heart = true,
  actions,
  now,
  priority = false,
  headingLevel = 3,
}: { product: Card } & CardOptions) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <article
      className={`group relative flex h-full flex-col overflow-hidden rounded-xl border border-line bg-raised transition ${linked ? 'hover:border-brand hover:shadow-md' : ''}`}
    >
      <Picture
        product={product}
        className={`aspect-[4/3] w-full ${dimmed ? 'opacity-50 grayscale' : ''}`}
        sizes="(min-width: 1024px) 25vw, (min-width: 640px) 33vw, 50vw"
        priority={priority}
      />
      <div className="absolute top-2 left-2 flex flex-col items-start gap-1">
        <StatusBadge status={product.status} />
        <AdKindBadge kind={product.kind} />
      </div>
      <div className={`flex flex-1 flex-col gap-1 p-3 ${dimmed ? 'text-muted' : ''}`}>
        <Heading className="line-clamp-2 text-sm font-medium sm:text-base">
          <Title product={product} linked={linked} />
        </Heading>
        <Highlights product={product} className="truncate text-xs font-medium text-ink" />
        <p className="mt-auto text-lg">
          <AdPrice ad={product} />
        </p>
        <p className="truncate text-xs text-muted">
          {product.city.name}
          <Distance product={product} /> · {product.catalog.name}
        </p>
        {now !== undefined && (
          <p className="text-xs text-muted">
            <Posted product={product} now={now} />
          </p>
        )}
        {actions && <div className="relative z-10 mt-2">{actions}</div>}
      </div>
      {/* After the title in reading and tab order; drawn over the picture. */}
      {heart && <WishButton product={product} className="absolute top-2 right-2 z-10" />}
    </article>
  );
}

/** An ad in the list view: a row with a small picture, and the heart at its end. */
export function ProductRowItem({
  product,
  now,
  priority = false,
  headingLevel = 3,
}: {
  product: Card;
  now?: number;
  priority?: boolean;
  headingLevel?: 2 | 3;
}) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <article className="relative flex gap-3 rounded-xl border border-line bg-raised p-2 transition hover:border-brand">
      <Picture product={product} className="h-24 w-32 shrink-0 rounded-lg sm:h-28 sm:w-40" sizes="160px" priority={priority} />
      <div className="flex min-w-0 flex-1 flex-col gap-1 py-1 pr-12">
        <Heading className="line-clamp-2 font-medium">
          <Title product={product} linked />
        </Heading>
        <Highlights product={product} className="truncate text-sm font-medium text-ink" />
        <p className="text-sm text-muted">
          {product.city.name}
          <Distance product={product} /> · {product.catalog.name}
          {now !== undefined && (
            <>
              {' · '}
              <Posted product={product} now={now} />
            </>
          )}
        </p>
        <div className="mt-auto flex flex-wrap items-center gap-2">
          <AdPrice ad={product} />
          <AdKindBadge kind={product.kind} />
          <StatusBadge status={product.status} />
        </div>
      </div>
      <WishButton product={product} className="absolute top-2 right-2 z-10" />
    </article>
  );
}
