import { CheckCircle2, CircleDashed } from 'lucide-react';
import type { ReactNode } from 'react';
import type { SystemService } from '../../../../server/modules/admin/system.service';
import { formatDateTime } from '../../../lib/format';
import { useTranslation } from '../../../lib/use-translation';

export type SystemInfoData = Awaited<ReturnType<SystemService['info']>>;

/** "3 d 4 h 5 min" from seconds, with the units in the reader's language. */
export function uptimeParts(seconds: number): { days: number; hours: number; minutes: number } {
  const whole = Math.max(0, Math.floor(seconds));
  return { days: Math.floor(whole / 86_400), hours: Math.floor((whole % 86_400) / 3600), minutes: Math.floor((whole % 3600) / 60) };
}

function Card({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="rounded-2xl border border-line bg-raised p-4">
      <h2 className="mb-3 text-lg font-semibold">{title}</h2>
      {children}
    </section>
  );
}

function Facts({ rows }: { rows: [string, ReactNode][] }) {
  return (
    <dl className="grid grid-cols-[minmax(0,auto)_minmax(0,1fr)] gap-x-4 gap-y-2 text-sm">
      {rows.map(([label, value]) => (
        <div key={label} className="contents">
          <dt className="text-muted">{label}</dt>
          <dd className="font-medium break-words">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** The system page (spec: phpinfo): versions, uptime, memory, the parts' drivers, the queues and the migrations. */
export function SystemInfo({ info }: { info: SystemInfoData }) {
  const { t, i18n } = useTranslation();
  const number = (value: number) => new Intl.NumberFormat(i18n.language).format(value);
  const uptime = uptimeParts(info.app.uptime_seconds);
  const driver = (name: string) => t(`system.driver_names.${name}`, { defaultValue: name });
  const pending = info.database.migration_list.filter((migration) => !migration.applied).length;
  return (
    <section aria-labelledby="system-title">
      <h1 id="system-title" className="text-2xl font-bold">
        {t('system.title')}
      </h1>
      <p className="mt-1 text-muted">{t('system.intro')}</p>
      <div className="mt-5 grid gap-4 md:grid-cols-2">
        <Card title={t('system.app')}>
          <Facts
            rows={[
              [t('system.version'), info.app.version],
              [t('system.environment'), info.app.environment],
              [t('system.uptime'), t('system.uptime_value', uptime)],
              [t('system.node'), info.runtime.node],
              [t('system.platform'), info.runtime.platform],
              [t('system.pid'), info.runtime.pid],
            ]}
          />
        </Card>
        <Card title={t('system.memory')}>
          <Facts
            rows={[
              [t('system.rss'), t('system.megabytes', { value: number(info.memory.rss_mb) })],
              [t('system.heap'), t('system.megabytes', { value: number(info.memory.heap_used_mb) })],
            ]}
          />
        </Card>
        <Card title={t('system.drivers')}>
          <Facts
            rows={[
              [t('system.database'), driver(info.database.driver)],
              [t('system.realtime'), driver(info.drivers.realtime)],
              [t('system.counters'), driver(info.drivers.counters)],
              [t('system.storage'), driver(info.drivers.storage)],
              [t('system.mail'), driver(info.drivers.mail)],
            ]}
          />
        </Card>
        <Card title={t('system.queues')}>
          <Facts
            rows={[
              [t('system.ads_to_review'), number(info.queues.ads_to_review)],
              [t('system.open_reports'), number(info.queues.open_reports)],
              [t('system.unread_mails_pending'), number(info.queues.unread_mails_pending)],
            ]}
          />
        </Card>
        <div className="md:col-span-2">
          <Card title={t('system.migrations')}>
            <Facts
              rows={[
                [t('system.database_version'), info.database.version],
                [t('system.migrations_applied'), number(info.database.migrations)],
                [
                  t('system.last_migration'),
                  info.database.last_migration_at ? formatDateTime(info.database.last_migration_at, i18n.language) : '—',
                ],
              ]}
            />
            {pending > 0 && (
              <p role="status" className="mt-3 rounded-lg border border-warning/50 bg-warning/10 p-2 text-sm">
                {t('system.migrations_pending', { count: pending })}
              </p>
            )}
            <ol className="mt-4 gap-x-6 space-y-1 text-sm sm:columns-2">
              {info.database.migration_list.map((migration) => (
                <li key={migration.name} className="flex break-inside-avoid items-center gap-2">
                  {migration.applied ? (
                    <CheckCircle2 aria-hidden size={16} className="shrink-0 text-success" />
                  ) : (
                    <CircleDashed aria-hidden size={16} className="shrink-0 text-warning" />
                  )}
                  <code className="min-w-0 truncate">{migration.name}</code>
                  <span className="sr-only">{migration.applied ? t('system.applied') : t('system.not_applied')}</span>
                </li>
              ))}
            </ol>
          </Card>
        </div>
      </div>
    </section>
  );
}
