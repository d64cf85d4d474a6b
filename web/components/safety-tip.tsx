import { ShieldAlert } from 'lucide-react';
import { Link, useRouteLoaderData } from 'react-router';
import type { SafetyKind } from '../../common/safety';
import { useTranslation } from '../lib/use-translation';

/** The info page about trading safely (server/db/seed/info-pages/safe-shops.*.html). */
export const SAFE_TRADING_PAGE = '/info/safe-shops';

/** The site's name as the app settings say (the root loader's), for texts that name it. */
export function useSiteName(): string {
  return (useRouteLoaderData('root') as { site?: { siteName?: string } } | undefined)?.site?.siteName || 'Kauppis';
}

/**
 * A safety tip with a link to the safe-trading page (issue 25's scam guard):
 * - `message`: under a message that moves the deal off the site (a phone number, a WhatsApp link,
 *   a look-alike of Posti's address…), saying what was found; shown to its reader;
 * - `ad`: beside the ad's "send message";
 * - `first_message`: on the screen where a buyer writes to a seller for the first time.
 */
export function SafetyTip({
  variant,
  kinds = [],
  className = '',
}: {
  variant: 'message' | 'ad' | 'first_message';
  kinds?: readonly SafetyKind[];
  className?: string;
}) {
  const { t, i18n } = useTranslation();
  const site = useSiteName();
  const warning = variant === 'message';
  const found = kinds.map((kind) => t(`safety.kinds.${kind}`, { site }));
  const text =
    variant === 'ad'
      ? t('safety.ad_tip')
      : variant === 'first_message'
        ? t('safety.first_message_tip', { site })
        : t('safety.tip', { site });
  return (
    <div
      role="note"
      aria-label={t('safety.label')}
      className={`flex gap-2 rounded-lg border p-3 text-sm ${
        warning ? 'border-warning/60 bg-warning/15 text-ink' : 'border-line bg-sunken text-muted'
      } ${className}`}
    >
      <ShieldAlert aria-hidden size={18} className={`mt-0.5 shrink-0 ${warning ? 'text-ink' : 'text-brand'}`} />
      <div className="min-w-0 space-y-1">
        {found.length > 0 && (
          <p className="font-semibold">
            {t('safety.found', { kinds: new Intl.ListFormat(i18n.language, { type: 'conjunction' }).format(found) })}
          </p>
        )}
        <p>{text}</p>
        <Link to={SAFE_TRADING_PAGE} className="inline-block font-semibold text-brand underline underline-offset-2">
          {t('safety.read_more')}
        </Link>
      </div>
    </div>
  );
}
