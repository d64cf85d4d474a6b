import { Laptop, Smartphone } from 'lucide-react';
import { useTranslation } from '../../../lib/use-translation';
import { useFetcher } from 'react-router';
import { formatDateTime } from '../../../lib/format';
import { describeDevice } from '../device';
import { useFetcherToast } from '../hooks/use-fetcher-toast';
import { SubmitButton } from '../../../components/form-controls';

export interface SessionItem {
  id: string;
  current: boolean;
  ip: string | null;
  user_agent: string | null;
  created_at: string;
  last_seen_at: string;
}

/** One signed-in device; ending it posts to the page action (works without JavaScript too). */
function SessionRow({ session }: { session: SessionItem }) {
  const { t, i18n } = useTranslation();
  const fetcher = useFetcher<{ ok: boolean; message: string }>();
  const { browser, system } = describeDevice(session.user_agent);
  const mobile = system === 'iOS' || system === 'Android';
  const Icon = mobile ? Smartphone : Laptop;
  const device =
    browser && system ? t('account.sessions.device', { browser, system }) : (browser ?? system ?? t('account.sessions.unknown_device'));

  useFetcherToast(fetcher);

  return (
    <li className="flex flex-wrap items-center gap-3 py-3 sm:flex-nowrap">
      <Icon aria-hidden size={28} className="shrink-0 text-muted" />
      <div className="min-w-0 flex-1">
        <p className="flex flex-wrap items-center gap-2 font-medium">
          {device}
          {session.current && (
            <span className="rounded-full bg-success/15 px-2 py-0.5 text-xs font-semibold text-success">
              {t('account.sessions.this_device')}
            </span>
          )}
        </p>
        <p className="text-sm text-muted">
          {t('account.sessions.last_active', { date: formatDateTime(session.last_seen_at, i18n.language) })}
          {session.ip && <> · {t('account.sessions.ip', { ip: session.ip })}</>}
        </p>
      </div>
      {!session.current && (
        <fetcher.Form method="post" className="w-full sm:w-auto">
          <input type="hidden" name="intent" value="end_session" />
          <input type="hidden" name="session" value={session.id} />
          <SubmitButton
            busy={fetcher.state !== 'idle'}
            label={t('account.sessions.end')}
            busyLabel={t('account.sessions.ending')}
            variant="secondary"
            className="h-9 w-full text-sm sm:w-auto"
          />
        </fetcher.Form>
      )}
    </li>
  );
}

/** Signs out every device but this one (after a lost phone, a shared computer). */
function EndOthers() {
  const { t } = useTranslation();
  const fetcher = useFetcher<{ ok: boolean; message: string }>();
  useFetcherToast(fetcher);
  return (
    <fetcher.Form method="post" className="mt-3">
      <input type="hidden" name="intent" value="end_other_sessions" />
      <SubmitButton
        busy={fetcher.state !== 'idle'}
        label={t('account.sessions.end_others')}
        busyLabel={t('account.sessions.ending')}
        variant="secondary"
        className="h-10 text-sm"
      />
    </fetcher.Form>
  );
}

export function SessionsList({ sessions }: { sessions: SessionItem[] }) {
  const { t } = useTranslation();
  // This device first, then the most recently used.
  const ordered = [...sessions].sort((a, b) => Number(b.current) - Number(a.current) || b.last_seen_at.localeCompare(a.last_seen_at));
  return (
    <>
      <ul className="divide-y divide-line" aria-label={t('account.sessions.heading')}>
        {ordered.map((session) => (
          <SessionRow key={session.id} session={session} />
        ))}
      </ul>
      {sessions.some((s) => !s.current) && <EndOthers />}
    </>
  );
}
