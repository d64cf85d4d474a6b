import { Eye, ImageOff, MessageCircle, MessagesSquare, Pencil, Plus } from 'lucide-react';
import { Link } from 'react-router';
import type { Locale } from '../../../../common/locales';
import { AdStatusBadge } from '../../../components/ad-status';
import { primaryButton } from '../../../components/form-controls';
import { Pagination } from '../../../components/pagination';
import { formatPrice } from '../../../lib/format';
import { useTranslation } from '../../../lib/use-translation';
import type { DashboardAd } from '../dashboard-data';

function Figure({ icon: Icon, label, value }: { icon: typeof Eye; label: string; value: number }) {
  return (
    <div className="flex items-center gap-1.5" title={label}>
      <Icon aria-hidden size={16} className="text-muted" />
      <dt className="sr-only">{label}</dt>
      <dd className="font-semibold tabular-nums">{value}</dd>
    </div>
  );
}

/** The person's own ads with how many looked and wrote: one row per ad, stacked on a phone. */
export function OwnAdsFigures({ ads, page, lastPage }: { ads: DashboardAd[]; page: number; lastPage: number }) {
  const { t, i18n } = useTranslation();
  const locale = i18n.language as Locale;
  return (
    <section aria-labelledby="dashboard-own-ads" className="mt-8">
      <h2 id="dashboard-own-ads" className="mb-3 text-lg font-semibold">
        {t('dashboard.my_ads')}
      </h2>
      {ads.length === 0 ? (
        <div className="rounded-2xl border border-dashed border-line bg-raised p-6 text-center">
          <p className="text-muted">{t('dashboard.empty')}</p>
          <Link to="/new-ad" className={`${primaryButton} mt-4`}>
            <Plus aria-hidden size={18} />
            {t('dashboard.create')}
          </Link>
        </div>
      ) : (
        <ul className="divide-y divide-line overflow-hidden rounded-2xl border border-line bg-raised">
          {ads.map((ad) => (
            <li key={ad.uuid} className="flex flex-wrap items-center gap-x-4 gap-y-2 p-3 sm:flex-nowrap sm:p-4">
              {ad.image ? (
                <img
                  src={ad.image.thumb}
                  alt=""
                  width={64}
                  height={64}
                  loading="lazy"
                  className="h-16 w-16 shrink-0 rounded-lg object-cover"
                />
              ) : (
                <span className="flex h-16 w-16 shrink-0 items-center justify-center rounded-lg bg-sunken text-muted">
                  <ImageOff aria-hidden size={20} />
                  <span className="sr-only">{t('dashboard.no_picture')}</span>
                </span>
              )}
              <div className="min-w-0 flex-1">
                <Link to={`/${ad.uuid}`} className="block truncate font-semibold hover:underline">
                  {ad.name}
                </Link>
                <div className="mt-1 flex flex-wrap items-center gap-2 text-sm text-muted">
                  <AdStatusBadge status={ad.status} />
                  <span>{formatPrice(ad.price, locale)}</span>
                </div>
              </div>
              <div className="flex w-full items-center gap-4 text-sm sm:w-auto">
                <dl className="flex items-center gap-4">
                  <Figure icon={Eye} label={t('dashboard.views')} value={ad.views} />
                  <Figure icon={MessagesSquare} label={t('dashboard.chats')} value={ad.chats} />
                  <Figure icon={MessageCircle} label={t('dashboard.messages')} value={ad.messages} />
                </dl>
                <Link
                  to={`/my-showcase/edit/${ad.uuid}`}
                  className="ms-auto inline-flex h-11 w-11 items-center justify-center rounded-lg border border-line hover:bg-sunken sm:ms-2"
                  aria-label={t('dashboard.edit_named', { name: ad.name })}
                  title={t('dashboard.edit')}
                >
                  <Pencil aria-hidden size={16} />
                </Link>
              </div>
            </li>
          ))}
        </ul>
      )}
      <Pagination page={page} lastPage={lastPage} />
    </section>
  );
}
