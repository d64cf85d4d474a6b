import { CalendarDays, ChevronRight, Eye, Hash, MapPin, MessageCircle, Pencil, Share2, UserRound } from 'lucide-react';
import { Suspense, lazy, useState, useSyncExternalStore } from 'react';
import { useTranslation } from '../../../lib/use-translation';
import { Link } from 'react-router';
import { WishButton } from '../../../components/wish-button';
import type { Locale } from '../../../../common/locales';
import { monthSince } from '../../../../common/month-forms';
import { openDialog } from '../../../lib/dialogs';
import { formatCreated } from '../../../lib/format';
import { AdKindBadge, AdPrice, type PricedAd } from '../../../components/ad-price';
import type { MapTiles } from './map-dialog';
import type { ShownAttribute } from '../../../../common/attribute-format';
import { AdAttributes } from './ad-attributes';
import { lazyDialog } from '../../../components/lazy-dialogs';
import { IdentityBadge } from '../../../components/identity-badge';
import { SafetyTip } from '../../../components/safety-tip';
import { RatingSummary } from '../../../components/rating-summary';
import type { OwnedAd } from './owner-actions';
import { ConsumerNote, type TraderCompany, TraderDetails } from './trader-details';
import { SellerPhone } from './seller-phone';

const MapDialog = lazyDialog(() => import('./map-dialog').then((m) => m.MapDialog));
/** The owner's status menu and delete: its own chunk, fetched in the browser for the owner only. */
const OwnerActions = lazy(() => import('./owner-actions'));
/** "Copy link" and "Share" appear only in the browser (feature-detected): their code comes after hydration. */
const ShareActions = lazy(() => import('../../../components/share-actions').then((m) => ({ default: m.ShareActions })));
const subscribeNothing = () => () => {};
const useInBrowser = () =>
  useSyncExternalStore(
    subscribeNothing,
    () => true,
    () => false,
  );

export interface AdView extends PricedAd, OwnedAd {
  uuid: string;
  name: string;
  description: string;
  price: number;
  status: string;
  address: string | null;
  city: { name: string; lat: number | null; lon: number | null };
  region: { name: string };
  seller: {
    id: number;
    name: string;
    member_since: string;
    active_ads_count: number;
    identity_verified?: boolean;
    /** The seller shows a phone number behind "show number". */
    phone_shown?: boolean;
    /** Public ratings after deals (issue 25): the average with one decimal and the count. */
    rating?: { average: number | null; count: number };
    /** Sells as a business: the company's details show on the card (DSA Art. 30). */
    trader?: boolean;
    company?: TraderCompany | null;
  };
  created_at: string;
  view_count: number;
  is_owner: boolean;
  /** The category fields, formatted in the reader's language (issue 26). */
  attributes?: ShownAttribute[];
}

const SHARE_NETWORKS = ['facebook', 'telegram', 'whatsapp', 'twitter'] as const;

/** Share links as each network documents them; nothing loads from those sites until clicked. */
export function shareUrl(network: (typeof SHARE_NETWORKS)[number], url: string, title: string): string {
  const u = encodeURIComponent(url);
  const text = encodeURIComponent(title);
  switch (network) {
    case 'facebook':
      return `https://www.facebook.com/sharer/sharer.php?u=${u}`;
    case 'telegram':
      return `https://t.me/share/url?url=${u}&text=${text}`;
    case 'whatsapp':
      return `https://wa.me/?text=${encodeURIComponent(`${title} ${url}`)}`;
    case 'twitter':
      return `https://twitter.com/intent/tweet?url=${u}&text=${text}`;
  }
}

const DESCRIPTION_PREVIEW = 400;

export function AdDetails({ ad, canonicalUrl, mapTiles }: { ad: AdView; canonicalUrl: string; mapTiles: MapTiles }) {
  const { t, i18n } = useTranslation();
  const locale = i18n.language as Locale;
  const [expanded, setExpanded] = useState(false);
  const inBrowser = useInBrowser();
  const long = ad.description.length > DESCRIPTION_PREVIEW;
  const description = long && !expanded ? `${ad.description.slice(0, DESCRIPTION_PREVIEW).trimEnd()}…` : ad.description;

  return (
    <div className="space-y-5">
      <div>
        <WishButton product={ad} size="large" onlyWhenWished={ad.status !== 'active'} className="float-end ms-3" />
        {ad.status !== 'active' && (
          <p className="mb-2 inline-block rounded border border-warning/60 bg-warning/15 px-2 py-1 text-sm font-semibold text-ink">
            {t(`status.${ad.status}`)}
          </p>
        )}
        {ad.kind !== 'sell' && <AdKindBadge kind={ad.kind} className="mb-2 text-sm" />}
        <h1 className="text-2xl font-bold break-words sm:text-3xl">{ad.name}</h1>
        <p className="mt-2">
          <AdPrice ad={ad} className="text-3xl font-bold text-brand" />
        </p>
      </div>
      <ul className="space-y-1 text-sm text-muted">
        <li className="flex items-center gap-2">
          <MapPin aria-hidden size={16} />
          {[ad.address, ad.city.name, ad.region.name].filter(Boolean).join(', ')}
          {ad.city.lat !== null && ad.city.lon !== null && (
            <button
              aria-haspopup="dialog"
              type="button"
              className="ms-1 font-semibold text-brand hover:underline"
              onClick={() =>
                openDialog(MapDialog, {
                  place: {
                    lat: ad.city.lat!,
                    lon: ad.city.lon!,
                    cityName: ad.city.name,
                    label: [ad.address, ad.city.name].filter(Boolean).join(', '),
                  },
                  tiles: mapTiles,
                })
              }
            >
              {t('map.open')}
            </button>
          )}
        </li>
        <li className="flex items-center gap-2">
          <CalendarDays aria-hidden size={16} />
          {t('ad.created_on', { date: formatCreated(ad.created_at, locale) })}
        </li>
        <li className="flex flex-wrap items-center gap-x-4 gap-y-1">
          <span className="inline-flex items-center gap-2">
            <Hash aria-hidden size={16} />
            {t('ad.number', { id: ad.id })}
          </span>
          <span className="inline-flex items-center gap-2">
            <Eye aria-hidden size={16} />
            {t('ad.views', { count: ad.view_count })}
          </span>
        </li>
      </ul>
      {ad.is_owner ? (
        // The seller manages the ad from here as from my showcase; buyers' messages reach them in the messenger.
        <section aria-labelledby="ad-owner" className="space-y-3 rounded-xl border border-line bg-sunken p-4">
          <h2 id="ad-owner" className="font-semibold">
            {t('chat.your_ad')}
          </h2>
          <div className="flex flex-wrap items-center gap-2">
            <Link
              to={`/my-showcase/edit/${ad.uuid}`}
              className="inline-flex h-10 items-center gap-2 rounded-lg bg-brand px-4 text-sm font-semibold text-brand-ink hover:brightness-110"
            >
              <Pencil aria-hidden size={16} />
              {t('showcase.edit')}
            </Link>
            {inBrowser && (
              <Suspense fallback={null}>
                <OwnerActions ad={ad} />
              </Suspense>
            )}
          </div>
          <Link to="/messenger" className="inline-block text-sm font-semibold text-brand underline">
            {t('chat.to_messenger')}
          </Link>
        </section>
      ) : (
        ad.status === 'active' && (
          <div className="space-y-2">
            {/* Visitors go through log-in and come straight back to write (the page's loader sees to it). */}
            <Link
              to={`/channel/product/${ad.uuid}`}
              className="flex h-12 items-center justify-center gap-2 rounded-xl bg-brand font-semibold text-brand-ink hover:brightness-110"
            >
              <MessageCircle aria-hidden size={20} />
              {t('ad.send_message')}
            </Link>
            <SafetyTip text={t('safety.ad_tip')} />
          </div>
        )
      )}
      <AdAttributes attributes={ad.attributes} />
      <section aria-labelledby="ad-description">
        <h2 id="ad-description" className="mb-2 text-lg font-semibold">
          {t('ad.description')}
        </h2>
        <p className="leading-relaxed break-words whitespace-pre-line">{description}</p>
        {long && (
          <button
            type="button"
            onClick={() => setExpanded((v) => !v)}
            aria-expanded={expanded}
            className="mt-2 font-semibold text-brand underline"
          >
            {t(expanded ? 'ad.show_less' : 'ad.show_more')}
          </button>
        )}
      </section>
      <section aria-labelledby="ad-seller" className="rounded-xl border border-line bg-raised p-4">
        <h2 id="ad-seller" className="mb-2 text-sm font-semibold text-muted">
          {t('ad.seller')}
        </h2>
        <p className="flex flex-wrap items-center gap-2 font-semibold">
          <UserRound aria-hidden size={18} />
          {ad.seller.name}
          {ad.seller.identity_verified && <IdentityBadge />}
        </p>
        <RatingSummary rating={ad.seller.rating} to={`/seller/${ad.seller.id}#ratings-title`} className="mt-1" />
        <TraderDetails company={ad.seller.company} className="mt-2" />
        <p className="mt-1 text-sm text-muted">
          {t('ad.member_since', {
            date: monthSince(ad.seller.member_since, locale),
          })}
          {' · '}
          {t('ad.active_ads', { count: ad.seller.active_ads_count })}
        </p>
        {ad.seller.phone_shown && !ad.is_owner && (
          <div>
            <SellerPhone uuid={ad.uuid} sellerName={ad.seller.name} />
          </div>
        )}
        <Link
          to={`/seller/${ad.seller.id}`}
          className="mt-2 inline-flex items-center gap-1 text-sm font-semibold text-brand underline-offset-2 hover:underline"
        >
          {t('ad.seller_ads', { name: ad.seller.name })}
          <ChevronRight aria-hidden size={16} />
        </Link>
      </section>
      <ConsumerNote trader={!!ad.seller.company} />
      <section aria-labelledby="ad-share">
        <h2 id="ad-share" className="mb-2 flex items-center gap-2 text-sm font-semibold text-muted">
          <Share2 aria-hidden size={16} />
          {t('ad.share')}
        </h2>
        <ul className="flex flex-wrap gap-2">
          {SHARE_NETWORKS.map((network) => (
            <li key={network}>
              <a
                href={shareUrl(network, canonicalUrl, ad.name)}
                target="_blank"
                rel="noopener noreferrer"
                className="inline-flex h-10 items-center rounded-lg border border-line bg-raised px-3 text-sm font-medium hover:border-brand"
              >
                {t(`ad.share_${network}`)}
              </a>
            </li>
          ))}
          {inBrowser && (
            <Suspense fallback={null}>
              <ShareActions url={canonicalUrl} title={ad.name} />
            </Suspense>
          )}
        </ul>
      </section>
    </div>
  );
}
