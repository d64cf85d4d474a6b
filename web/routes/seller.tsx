import { CalendarDays, Store } from 'lucide-react';
import { Suspense, lazy, useSyncExternalStore } from 'react';
import { AppError } from '../../common/errors';
import type { Locale } from '../../common/locales';
import { monthSince } from '../../common/month-forms';
import { INT32_MAX } from '../../common/text';
import { Avatar } from '../components/avatar';
import { TraderDetails } from '../features/ad/components/trader-details';
import { IdentityBadge } from '../components/identity-badge';
import { RatingSummary } from '../components/rating-summary';
import { allMessagesLoaded } from '../lib/messages-loaded';
import { Pagination } from '../components/pagination';
import { ProductCardItem } from '../components/product-card';
import { pageMetaFromLoader } from '../lib/meta';
import { notFound } from '../lib/page.server';
import { useTranslation } from '../lib/use-translation';
import type { Route } from './+types/seller';

/** A seller's public page (linked from the seller card of every ad): who they are and what else they sell. */
export async function loader({ context, params, request }: Route.LoaderArgs) {
  const id = Number(params.userId);
  if (!/^\d{1,10}$/.test(params.userId) || id < 1 || id > INT32_MAX) throw notFound();
  const page = Math.max(1, Number.parseInt(new URL(request.url).searchParams.get('page') ?? '1', 10) || 1);
  let found;
  try {
    found = await context.services.products.sellerPage(id, page, context.locale);
  } catch (error) {
    if (AppError.is(error) && error.code === 'not_found') throw notFound();
    throw error;
  }
  const { seller, data, meta } = found;
  const ratings = await context.services.ratings.list(context.user, seller.id, 1);
  const names = { name: seller.name, site: context.site.siteName };
  return {
    meta: {
      title: context.t('pages.seller.title', names),
      description: context.t('pages.seller.description', { ...names, count: seller.active_ads_count }),
      path: `/seller/${seller.id}`,
      // Nothing to find on it (all sold), or a later page of the same list.
      ...(data.length === 0 || page > 1 ? { noindex: true } : {}),
      ...(seller.avatar ? { image: `${context.site.publicUrl}${seller.avatar}` } : {}),
    },
    seller,
    ads: data,
    pages: meta,
    ratings,
  };
}

// The ratings list (its texts are not in a public page's first load): drawn once the page has
// hydrated and the rest of the texts are here, then read page by page from the API.
const RatingsList = lazy(() =>
  Promise.all([import('../features/ratings/components/ratings-list'), allMessagesLoaded()]).then(([m]) => ({ default: m.RatingsList })),
);

const subscribeNothing = () => () => {};

function LaterRatings(props: Parameters<typeof RatingsList>[0]) {
  const inBrowser = useSyncExternalStore(
    subscribeNothing,
    () => true,
    () => false,
  );
  if (!inBrowser) return null;
  return (
    <Suspense fallback={null}>
      <RatingsList {...props} />
    </Suspense>
  );
}

export const meta = pageMetaFromLoader;

export default function Seller({ loaderData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation();
  const locale = i18n.language as Locale;
  const { seller, ads, pages, ratings } = loaderData;
  const since = monthSince(seller.member_since, locale);
  return (
    <>
      <header className="mb-6 flex items-center gap-4 rounded-2xl border border-line bg-raised p-4 sm:p-6">
        <Avatar user={{ name: seller.name, avatar: seller.avatar }} size={64} />
        <div className="min-w-0">
          <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
            <h1 className="truncate text-2xl font-bold">{seller.name}</h1>
            {seller.identity_verified && <IdentityBadge />}
          </div>
          <p className="mt-1 flex flex-wrap items-center gap-x-4 gap-y-1 text-sm text-muted">
            <span className="inline-flex items-center gap-1.5">
              <CalendarDays aria-hidden size={16} />
              {t('ad.member_since', { date: since })}
            </span>
            <span className="inline-flex items-center gap-1.5">
              <Store aria-hidden size={16} />
              {t('ad.active_ads', { count: seller.active_ads_count })}
            </span>
          </p>
          <RatingSummary rating={seller.rating} to="#ratings-title" className="mt-1" />
          <TraderDetails company={seller.company} className="mt-2" />
        </div>
      </header>
      <section aria-labelledby="seller-ads">
        <h2 id="seller-ads" className="mb-3 text-xl font-semibold">
          {t('seller.ads_title', { name: seller.name })}
        </h2>
        {ads.length === 0 ? (
          <p className="rounded-xl border border-dashed border-line bg-raised px-6 py-10 text-center text-muted">{t('seller.no_ads')}</p>
        ) : (
          <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-4">
            {ads.map((ad) => (
              <li key={ad.id}>
                <ProductCardItem product={ad} />
              </li>
            ))}
          </ul>
        )}
        <Pagination page={pages.current_page} lastPage={pages.last_page} />
      </section>
      <LaterRatings key={seller.id} userId={seller.id} name={seller.name} initial={ratings} />
    </>
  );
}
