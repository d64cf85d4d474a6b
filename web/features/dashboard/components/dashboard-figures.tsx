import { ClipboardCheck, Flag, Heart, type LucideIcon, MessageCircle, Package } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { AD_STATUSES, type AdStatus } from '../../../../common/ad-rules';
import { StatusIcon } from '../../../components/ad-status';
import { useTranslation } from '../../../lib/use-translation';
import type { DashboardData } from '../dashboard-data';

/** One figure: its name, the number and where to go about it (a whole-card link when there is a place). */
function FigureCard({
  icon: Icon,
  label,
  value,
  to,
  action,
}: {
  icon: LucideIcon;
  label: string;
  value: number;
  to?: string;
  action: ReactNode;
}) {
  const body = (
    <>
      <span className="flex items-center gap-2 text-sm font-medium text-muted">
        <Icon aria-hidden size={18} className="text-brand" />
        {label}
      </span>
      <span className="mt-2 block text-3xl font-bold tabular-nums text-ink">{value}</span>
      <span className={`mt-2 block text-sm ${to ? 'font-semibold text-brand group-hover:underline' : 'text-muted'}`}>{action}</span>
    </>
  );
  const frame = 'block h-full rounded-2xl border border-line bg-raised p-4 sm:p-5';
  return to ? (
    <Link
      to={to}
      className={`group ${frame} hover:border-brand focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand`}
    >
      {body}
    </Link>
  ) : (
    <div className={frame}>{body}</div>
  );
}

/** Statuses worth a chip: those the person has ads in (the showcase filters by them). */
export function statusesWithAds(byStatus: Record<string, number>): AdStatus[] {
  return AD_STATUSES.filter((status) => (byStatus[status] ?? 0) > 0);
}

/**
 * The dashboard's figures: own ads (with a chip per status, each opening the showcase filtered by
 * it), unread messages, the wish list, and for staff the queues their permissions reach.
 */
export function DashboardFigures({ data }: { data: DashboardData }) {
  const { t } = useTranslation();
  const statuses = statusesWithAds(data.ads.by_status);
  const staff = data.staff;
  return (
    <>
      <section aria-labelledby="dashboard-figures">
        <h2 id="dashboard-figures" className="sr-only">
          {t('dashboard.figures')}
        </h2>
        <ul className="grid grid-cols-1 gap-3 min-[420px]:grid-cols-3">
          <li>
            <FigureCard
              icon={Package}
              label={t('dashboard.ads')}
              value={data.ads.total}
              to="/my-showcase"
              action={t('dashboard.ads_link')}
            />
          </li>
          <li>
            <FigureCard
              icon={MessageCircle}
              label={t('dashboard.unread')}
              value={data.unread_messages}
              to="/messenger"
              action={t('dashboard.unread_link')}
            />
          </li>
          <li>
            <FigureCard icon={Heart} label={t('dashboard.wishes')} value={data.wishes} to="/wishes" action={t('dashboard.wishes_link')} />
          </li>
        </ul>
      </section>

      {statuses.length > 0 && (
        <section aria-labelledby="dashboard-statuses" className="mt-6">
          <h2 id="dashboard-statuses" className="mb-2 text-lg font-semibold">
            {t('dashboard.by_status')}
          </h2>
          <ul className="flex flex-wrap gap-2">
            {statuses.map((status) => (
              <li key={status}>
                <Link
                  to={`/my-showcase?status=${status}`}
                  className="inline-flex min-h-11 items-center gap-2 rounded-full border border-line bg-raised px-4 text-sm font-medium hover:border-brand hover:bg-brand-soft"
                >
                  <StatusIcon status={status} />
                  {t('dashboard.status_link', { status: t(`status.${status}`), count: data.ads.by_status[status] ?? 0 })}
                </Link>
              </li>
            ))}
          </ul>
        </section>
      )}

      {(staff.ads_to_review !== undefined || staff.open_reports !== undefined) && (
        <section aria-labelledby="dashboard-staff" className="mt-6">
          <h2 id="dashboard-staff" className="mb-2 text-lg font-semibold">
            {t('dashboard.staff')}
          </h2>
          <ul className="grid grid-cols-1 gap-3 min-[420px]:grid-cols-2">
            {staff.ads_to_review !== undefined && (
              <li>
                <FigureCard
                  icon={ClipboardCheck}
                  label={t('dashboard.ads_to_review')}
                  value={staff.ads_to_review}
                  to="/admin/advertisements"
                  action={t('dashboard.ads_to_review_link')}
                />
              </li>
            )}
            {staff.open_reports !== undefined && (
              <li>
                <FigureCard
                  icon={Flag}
                  label={t('dashboard.open_reports')}
                  value={staff.open_reports}
                  action={t('dashboard.open_reports_hint')}
                />
              </li>
            )}
          </ul>
        </section>
      )}
    </>
  );
}
