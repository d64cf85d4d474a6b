import { ArrowRight, Flag, Megaphone, Store, Users } from 'lucide-react';
import type { ComponentType } from 'react';
import { Link } from 'react-router';
import type { Permission } from '../../../../common/access';
import type { Overview } from '../../../../server/modules/admin/overview.service';
import { adminSectionsFor } from '../../../components/admin-sections';
import { useTranslation } from '../../../lib/use-translation';
import { ActivityChart } from './activity-chart';

type Icon = ComponentType<{ size?: number; 'aria-hidden'?: boolean; className?: string }>;

function StatCard({ label, value, to, icon: Icon, hint }: { label: string; value: number; to?: string; icon: Icon; hint?: string }) {
  const { i18n } = useTranslation();
  const number = new Intl.NumberFormat(i18n.language).format(value);
  const body = (
    <>
      <span className="flex items-center gap-2 text-sm text-muted">
        <Icon aria-hidden size={18} />
        {label}
      </span>
      <span className="mt-1 block text-3xl font-bold tabular-nums">{number}</span>
      {hint && <span className="mt-1 block text-sm text-muted">{hint}</span>}
    </>
  );
  const frame = 'block rounded-2xl border border-line bg-raised p-4';
  return to ? (
    <Link to={to} className={`${frame} group hover:border-brand`}>
      {body}
      <ArrowRight aria-hidden size={16} className="mt-2 text-muted group-hover:text-brand" />
    </Link>
  ) : (
    <div className={frame}>{body}</div>
  );
}

/**
 * The admin area's front page: the queues waiting for this person (each card leads to its queue),
 * the site's activity for admins, and links to the rest of what they may open.
 */
export function AdminOverview({ overview, permissions }: { overview: Overview; permissions: readonly Permission[] }) {
  const { t } = useTranslation();
  const { queues, activity } = overview;
  const links = adminSectionsFor({ permissions }).filter((section) => section.to !== '/admin');
  return (
    <section aria-labelledby="admin-overview-title">
      <h1 id="admin-overview-title" className="text-2xl font-bold">
        {t('admin_overview.title')}
      </h1>
      <p className="mt-1 text-muted">{t('admin_overview.intro')}</p>

      {(queues.ads_to_review !== undefined || queues.open_reports !== undefined) && (
        <>
          <h2 className="mt-6 mb-3 text-lg font-semibold">{t('admin_overview.queues')}</h2>
          <div className="grid gap-3 sm:grid-cols-2">
            {queues.ads_to_review !== undefined && (
              <StatCard
                label={t('admin_overview.ads_to_review')}
                value={queues.ads_to_review}
                to="/admin/advertisements"
                icon={Megaphone}
                hint={queues.ads_to_review === 0 ? t('admin_overview.queue_empty') : undefined}
              />
            )}
            {queues.open_reports !== undefined && (
              <StatCard
                label={t('admin_overview.open_reports')}
                value={queues.open_reports}
                to="/admin/reports"
                icon={Flag}
                hint={queues.open_reports === 0 ? t('admin_overview.queue_empty') : undefined}
              />
            )}
          </div>
        </>
      )}

      {activity && (
        <>
          <h2 className="mt-8 mb-3 text-lg font-semibold">{t('admin_overview.activity')}</h2>
          <div className="grid gap-3 sm:grid-cols-2">
            <StatCard
              label={t('admin_overview.users_total')}
              value={activity.totals.users}
              icon={Users}
              hint={t('admin_overview.new_in_days', { count: activity.totals.new_users, days: activity.days.length })}
            />
            <StatCard
              label={t('admin_overview.active_ads')}
              value={activity.totals.active_ads}
              icon={Store}
              hint={t('admin_overview.ads_total', { count: activity.totals.ads, new: activity.totals.new_ads, days: activity.days.length })}
            />
          </div>
          <div className="mt-4 rounded-2xl border border-line bg-raised p-4">
            <ActivityChart days={activity.days} />
          </div>
        </>
      )}

      {links.length > 0 && (
        <>
          <h2 className="mt-8 mb-3 text-lg font-semibold">{t('admin_overview.quick_links')}</h2>
          <ul className="grid gap-2 sm:grid-cols-2 lg:grid-cols-3">
            {links.map(({ key, to, icon: LinkIcon }) => (
              <li key={key}>
                <Link to={to} className="flex items-center gap-3 rounded-xl border border-line bg-raised px-4 py-3 hover:border-brand">
                  <LinkIcon aria-hidden size={20} className="text-brand" />
                  <span className="font-medium">{t(`admin_menu.${key}`)}</span>
                </Link>
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}
