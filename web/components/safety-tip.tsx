import { ShieldAlert } from 'lucide-react';
import { Link, useRouteLoaderData } from 'react-router';
import { useTranslation } from '../lib/use-translation';

/** The info page about trading safely (server/db/seed/info-pages/safe-shops.*.html). */
export const SAFE_TRADING_PAGE = '/info/safe-shops';

/** The site's name as the app settings say (the root loader's), for texts that name it. */
export function useSiteName(): string {
  return (useRouteLoaderData('root') as { site?: { siteName?: string } } | undefined)?.site?.siteName || 'Kauppis';
}

/**
 * A safety tip with a link to the safe-trading page (issue 25's scam guard): beside the ad's "send
 * message", on the first-message screen, and under a chat message that moves the deal off the site
 * (`warning`, with what was `found` in it). The callers give the text: the ad page's is among the
 * texts a public page hydrates with (web/lib/message-parts.ts), the messenger's are not.
 */
export function SafetyTip({
  text,
  found,
  warning = false,
  className = '',
}: {
  text: string;
  found?: string | undefined;
  warning?: boolean;
  className?: string;
}) {
  const { t } = useTranslation();
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
        {found && <p className="font-semibold">{found}</p>}
        <p>{text}</p>
        <Link to={SAFE_TRADING_PAGE} className="inline-block font-semibold text-brand underline underline-offset-2">
          {t('safety.read_more')}
        </Link>
      </div>
    </div>
  );
}
