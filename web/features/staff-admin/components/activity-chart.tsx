import { INTL_LOCALE, isLocale } from '../../../../common/locales';
import { useTranslation } from '../../../lib/use-translation';

export interface ActivityDay {
  date: string;
  users: number;
  ads: number;
}

/** "ma 24.11." from "2026-11-24": the date strings are Finnish calendar days already, so they are read as UTC. */
function dayLabel(date: string, locale: string, options: Intl.DateTimeFormatOptions): string {
  return new Intl.DateTimeFormat(INTL_LOCALE[isLocale(locale) ? locale : 'fi'], { ...options, timeZone: 'UTC' }).format(
    new Date(`${date}T12:00:00Z`),
  );
}

/** The height of a bar in percent of the tallest; a day with some gets at least a sliver, so it does not read as none. */
export function barHeight(value: number, max: number): number {
  if (value <= 0 || max <= 0) return 0;
  return Math.max(4, Math.round((value / max) * 100));
}

/**
 * New accounts and new ads per day as pairs of bars (plain CSS, no chart library). The bars are a
 * picture for the eye; screen readers get the same numbers as a table.
 */
export function ActivityChart({ days }: { days: ActivityDay[] }) {
  const { t, i18n } = useTranslation();
  const locale = i18n.language;
  const max = Math.max(1, ...days.map((day) => Math.max(day.users, day.ads)));
  return (
    <figure>
      <figcaption className="mb-3 flex flex-wrap items-center gap-x-4 gap-y-1 text-sm text-muted">
        <span className="font-semibold text-ink">{t('admin_overview.chart.title', { count: days.length })}</span>
        <span className="inline-flex items-center gap-1.5" aria-hidden>
          <span className="h-3 w-3 rounded-sm bg-brand" />
          {t('admin_overview.chart.users')}
        </span>
        <span className="inline-flex items-center gap-1.5" aria-hidden>
          <span className="h-3 w-3 rounded-sm bg-accent" />
          {t('admin_overview.chart.ads')}
        </span>
      </figcaption>
      <div aria-hidden className="flex h-44 items-end gap-1 border-b border-line sm:gap-2">
        {days.map((day) => (
          <div
            key={day.date}
            className="flex h-full min-w-0 flex-1 items-end justify-center gap-px sm:gap-0.5"
            title={`${dayLabel(day.date, locale, { weekday: 'short', day: 'numeric', month: 'numeric' })}: ${t('admin_overview.chart.users')} ${day.users}, ${t('admin_overview.chart.ads')} ${day.ads}`}
          >
            <div className="w-1/2 max-w-4 rounded-t-sm bg-brand" style={{ height: `${barHeight(day.users, max)}%` }} />
            <div className="w-1/2 max-w-4 rounded-t-sm bg-accent" style={{ height: `${barHeight(day.ads, max)}%` }} />
          </div>
        ))}
      </div>
      <div aria-hidden className="mt-1 flex gap-1 text-center text-[0.65rem] text-muted sm:gap-2 sm:text-xs">
        {days.map((day, i) => (
          <span key={day.date} className="min-w-0 flex-1 truncate">
            {/* Every other label on a phone, where fourteen do not fit. */}
            <span className={i % 2 === (days.length - 1) % 2 ? '' : 'invisible sm:visible'}>
              {dayLabel(day.date, locale, { day: 'numeric', month: 'numeric' })}
            </span>
          </span>
        ))}
      </div>
      <table className="sr-only">
        <caption>{t('admin_overview.chart.title', { count: days.length })}</caption>
        <thead>
          <tr>
            <th scope="col">{t('admin_overview.chart.day')}</th>
            <th scope="col">{t('admin_overview.chart.users')}</th>
            <th scope="col">{t('admin_overview.chart.ads')}</th>
          </tr>
        </thead>
        <tbody>
          {days.map((day) => (
            <tr key={day.date}>
              <th scope="row">{dayLabel(day.date, locale, { weekday: 'long', day: 'numeric', month: 'long' })}</th>
              <td>{day.users}</td>
              <td>{day.ads}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </figure>
  );
}
