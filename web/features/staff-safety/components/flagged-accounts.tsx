import { ShieldAlert, ShieldCheck } from 'lucide-react';
import { useState } from 'react';
import { Link, useRevalidator } from 'react-router';
import type { Static } from 'typebox';
import type { SafetyListReply } from '../../../../server/modules/safety/safety.schemas';
import { secondaryButton } from '../../../components/form-controls';
import { Pagination } from '../../../components/pagination';
import { useSiteName } from '../../../components/safety-tip';
import { api } from '../../../lib/api-client';
import { formatDateTime } from '../../../lib/format';
import { showToast } from '../../../lib/toasts';
import { useTranslation } from '../../../lib/use-translation';

export type SafetyPage = Static<typeof SafetyListReply>;
export type FlaggedAccount = SafetyPage['data'][number];

function HeldBadge({ account }: { account: FlaggedAccount }) {
  const { t, i18n } = useTranslation();
  if (!account.held) return null;
  return (
    <span className="inline-flex items-center gap-1 rounded-full bg-danger/15 px-2 py-0.5 text-xs font-semibold whitespace-nowrap text-danger">
      <ShieldAlert aria-hidden size={12} />
      {account.held_at ? t('admin_safety.held_since', { date: formatDateTime(account.held_at, i18n.language) }) : t('admin_safety.held')}
    </span>
  );
}

function ReleaseButton({ account }: { account: FlaggedAccount }) {
  const { t } = useTranslation();
  const revalidator = useRevalidator();
  const [busy, setBusy] = useState(false);
  return (
    <button
      type="button"
      disabled={busy}
      className={secondaryButton}
      aria-label={t('admin_safety.release_label', { name: account.name })}
      onClick={() => {
        setBusy(true);
        api.releaseHeldAccount(account.id).then(
          (reply) => {
            showToast({ icon: 'success', message: reply.message });
            void revalidator.revalidate().finally(() => setBusy(false));
          },
          // The client's toast says why (beyond authority, not found).
          () => setBusy(false),
        );
      }}
    >
      <ShieldCheck aria-hidden size={16} />
      {t('admin_safety.release')}
    </button>
  );
}

/**
 * The scam guard's staff page (reports.handle): the accounts whose chat messages it flagged in the
 * last days (how many messages, to how many people, what was found) and every account held for
 * review, held first. Staff who also manage users release a hold here.
 */
export function FlaggedAccounts({ page, heldOnly, canRelease }: { page: SafetyPage; heldOnly: boolean; canRelease: boolean }) {
  const { t, i18n } = useTranslation();
  const site = useSiteName();
  const filter = (active: boolean) =>
    `inline-flex h-9 items-center rounded-full border px-3 text-sm ${active ? 'border-brand bg-brand-soft font-semibold' : 'border-line bg-raised'}`;
  return (
    <section aria-labelledby="admin-safety-title" className="py-2 sm:py-4">
      <h1 id="admin-safety-title" className="text-2xl font-bold">
        {t('admin_safety.title')}
      </h1>
      <p className="mt-2 max-w-3xl text-sm text-muted">
        {t('admin_safety.intro', { days: page.meta.days, count: page.meta.hold_recipients })}
      </p>
      <nav aria-label={t('admin_safety.filter_label')} className="mt-4 flex flex-wrap gap-2">
        <Link to="?" aria-current={heldOnly ? undefined : 'true'} className={filter(!heldOnly)}>
          {t('admin_safety.filter_all')}
        </Link>
        <Link to="?held=true" aria-current={heldOnly ? 'true' : undefined} className={filter(heldOnly)}>
          {t('admin_safety.filter_held')}
        </Link>
      </nav>
      <p role="status" className="mt-3 text-sm text-muted">
        {t('admin_safety.count', { count: page.meta.total })}
      </p>
      {page.data.length === 0 ? (
        <p className="mt-3 rounded-2xl border border-dashed border-line p-8 text-center text-muted">
          {heldOnly ? t('admin_safety.none_held') : t('admin_safety.none', { days: page.meta.days })}
        </p>
      ) : (
        <ul aria-label={t('admin_safety.list_label')} className="mt-3 space-y-3">
          {page.data.map((account) => (
            <li key={account.id} className={`rounded-2xl border bg-raised p-4 ${account.held ? 'border-danger/40' : 'border-line'}`}>
              <div className="flex flex-wrap items-start justify-between gap-3">
                <div className="min-w-0">
                  <p className="flex flex-wrap items-center gap-2 font-semibold">
                    {account.name}
                    <span className="text-xs font-normal text-muted tabular-nums">#{account.id}</span>
                    <HeldBadge account={account} />
                  </p>
                  <p className="text-sm break-all text-muted">{account.email}</p>
                </div>
                {canRelease && account.held && <ReleaseButton account={account} />}
              </div>
              <dl className="mt-3 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
                <dt className="text-muted">{t('admin_safety.messages')}</dt>
                <dd className="tabular-nums">{account.messages}</dd>
                <dt className="text-muted">{t('admin_safety.recipients')}</dt>
                <dd className="tabular-nums">{account.recipients}</dd>
                {account.kinds.length > 0 && (
                  <>
                    <dt className="text-muted">{t('admin_safety.kinds')}</dt>
                    <dd>{account.kinds.map((kind) => t(`safety.kinds.${kind}`, { site })).join(', ')}</dd>
                  </>
                )}
                {account.last_flagged_at && (
                  <>
                    <dt className="text-muted">{t('admin_safety.last_flagged')}</dt>
                    <dd>{formatDateTime(account.last_flagged_at, i18n.language)}</dd>
                  </>
                )}
                {account.held && (
                  <>
                    <dt className="text-muted">{t('admin_safety.reason')}</dt>
                    <dd>{t(account.held_reason === 'scam_guard' ? 'admin_safety.reasons.scam_guard' : 'admin_safety.reasons.other')}</dd>
                  </>
                )}
              </dl>
            </li>
          ))}
        </ul>
      )}
      <Pagination page={page.meta.current_page} lastPage={page.meta.last_page} />
    </section>
  );
}
