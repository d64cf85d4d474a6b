import { Download, FileArchive } from 'lucide-react';
import { useState } from 'react';
import type { ConsentChoice } from '../../../../common/privacy';
import { EXPORT_VALID_DAYS } from '../../../../common/privacy';
import type { Static } from 'typebox';
import type { ConsentListReply, ExportRequestReply, ExportStatus } from '../../../../server/modules/privacy/privacy.schemas';
import { SettingsCard, primaryButton, secondaryButton } from '../../../components/form-controls';
import { apiRequest } from '../../../lib/api-client';
import { announceConsent } from '../../../lib/consent';
import { recordConsent, storePolicyVersion } from '../../../lib/consent-version';
import { formatDateTime } from '../../../lib/format';
import { storeConsent } from '../../../lib/preferences';
import { showToast } from '../../../lib/toasts';
import { useTranslation } from '../../../lib/use-translation';

type ExportView = Static<typeof ExportStatus>;
type ConsentsView = Static<typeof ConsentListReply>;

/**
 * Settings › Account: "Download my data" (GDPR Art. 15 and 20) and the cookie choices recorded on
 * the account (issue 27). The export is asked for here; its link comes by mail and works in this
 * session only, for seven days.
 */
export function PrivacySection({ initialExport, initialConsents }: { initialExport: ExportView | null; initialConsents: ConsentsView }) {
  const { t, i18n } = useTranslation();
  const [exportState, setExportState] = useState(initialExport);
  const [consents, setConsents] = useState(initialConsents);
  const [busy, setBusy] = useState(false);
  const date = (iso: string) => formatDateTime(iso, i18n.language);

  async function requestExport() {
    setBusy(true);
    try {
      const reply = await apiRequest<Static<typeof ExportRequestReply>>('POST', '/account/export');
      setExportState(reply.data);
      showToast({ icon: 'success', message: reply.message });
    } catch {
      // The client has shown the server's message (one a day: when again).
    } finally {
      setBusy(false);
    }
  }

  async function choose(choice: ConsentChoice) {
    storeConsent(choice);
    storePolicyVersion(consents.policy_version);
    announceConsent(choice);
    try {
      const reply = await recordConsent(choice);
      setConsents({ ...consents, data: [reply.data, ...consents.data], ask_again: false });
      showToast({ icon: 'success', message: reply.message });
    } catch {
      showToast({ icon: 'error', message: t('errors.internal') });
    }
  }

  const waiting = exportState !== null && new Date(exportState.next_request_at) > new Date();
  return (
    <>
      <SettingsCard
        id="my-data"
        title={t('privacy.settings.heading')}
        description={t('privacy.settings.intro', { days: EXPORT_VALID_DAYS })}
      >
        {exportState && <ExportStateText state={exportState} date={date} />}
        {exportState?.download_url && (
          <p className="mt-2">
            <a href={exportState.download_url} className={`${primaryButton} inline-flex items-center gap-2`} download>
              <Download aria-hidden size={18} />
              {t('privacy.settings.download')}
            </a>
          </p>
        )}
        <p className="mt-3">
          <button
            type="button"
            onClick={() => void requestExport()}
            disabled={busy}
            aria-busy={busy}
            className={`${secondaryButton} inline-flex items-center gap-2`}
          >
            <FileArchive aria-hidden size={18} />
            {t('privacy.settings.request')}
          </button>
        </p>
        {waiting && <p className="mt-2 text-sm text-muted">{t('privacy.settings.next', { date: date(exportState.next_request_at) })}</p>}
      </SettingsCard>

      <SettingsCard id="cookie-choices" title={t('privacy.settings.consent_heading')} description={t('privacy.settings.consent_intro')}>
        {consents.ask_again && (
          <p role="status" className="mb-2 font-semibold text-warning">
            {t('privacy.settings.consent_ask_again')}
          </p>
        )}
        {consents.data.length === 0 ? (
          <p className="text-sm text-muted">{t('privacy.settings.consent_none')}</p>
        ) : (
          <ul className="space-y-1 text-sm">
            {consents.data.slice(0, 10).map((row) => (
              <li key={`${row.created_at}-${row.choice}`}>
                {t('privacy.settings.consent_row', {
                  choice: t(`privacy.settings.consent_${row.choice}`),
                  date: date(row.created_at),
                  version: row.policy_version === 'initial' ? '–' : date(row.policy_version),
                })}
              </li>
            ))}
          </ul>
        )}
        <div className="mt-3 flex flex-wrap gap-2" role="group" aria-label={t('privacy.settings.consent_change')}>
          <button type="button" onClick={() => void choose('granted')} className={secondaryButton}>
            {t('consent.accept')}
          </button>
          <button type="button" onClick={() => void choose('denied')} className={secondaryButton}>
            {t('consent.reject')}
          </button>
        </div>
      </SettingsCard>
    </>
  );
}

function ExportStateText({ state, date }: { state: ExportView; date: (iso: string) => string }) {
  const { t } = useTranslation();
  switch (state.status) {
    case 'pending':
      return <p role="status">{t('privacy.settings.pending')}</p>;
    case 'ready':
      return (
        <p role="status">
          {state.this_session
            ? t('privacy.settings.ready', { date: date(state.expires_at ?? state.requested_at) })
            : t('privacy.settings.other_session')}
        </p>
      );
    case 'failed':
      return <p role="status">{t('privacy.settings.failed')}</p>;
    case 'expired':
    case 'deleted':
      return <p role="status">{t('privacy.settings.expired')}</p>;
  }
}
