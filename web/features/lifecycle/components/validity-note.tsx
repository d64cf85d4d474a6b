import { CalendarClock } from 'lucide-react';
import { type ValidityFacts, mayRenewNow, validityGroup } from '../../../../common/ad-validity';
import { formatDate } from '../../../lib/format';
import { useTranslation } from '../../../lib/use-translation';
import { RenewButton } from './renew-button';

/**
 * An owner's line about their ad's time (issue 27): when it ends, that it ends soon or has ended,
 * and the renew button while renewing is allowed. Nothing for an ad without an end.
 */
export function ValidityNote({
  ad,
  now = new Date(),
  buttonId,
}: {
  ad: ValidityFacts & { uuid: string; name: string };
  now?: Date;
  buttonId?: string;
}) {
  const { t, i18n } = useTranslation();
  if (!ad.expires_at || (ad.status !== 'active' && !ad.archived_at)) return null;
  const date = formatDate(ad.expires_at, i18n.language);
  const group = validityGroup(ad, now);
  const text = ad.archived_at
    ? t('lifecycle.archived')
    : group === 'expired'
      ? t('lifecycle.ended_on', { date })
      : group === 'ending'
        ? t('lifecycle.ending_on', { date })
        : t('lifecycle.runs_until', { date });
  const tone = group === 'expired' || ad.archived_at ? 'text-danger' : group === 'ending' ? 'text-warning' : 'text-muted';
  return (
    <div className="flex flex-wrap items-center gap-3">
      <p className={`flex items-center gap-1.5 text-sm ${tone}`}>
        <CalendarClock aria-hidden size={16} />
        {text}
      </p>
      {mayRenewNow(ad, now) && <RenewButton uuid={ad.uuid} name={ad.name} id={buttonId} />}
    </div>
  );
}
