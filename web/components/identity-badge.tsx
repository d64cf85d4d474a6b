import { UserCheck } from 'lucide-react';
import { useTranslation } from '../lib/use-translation';

/**
 * "Vahvasti tunnistettu": the person proved who they are with their bank ID or mobile certificate
 * (issue 25). Shown beside a person's name on the ad's seller card, the seller page and in chat;
 * `compact` is the icon alone (a chat header on a phone). Its accessible name says what it means.
 * Shared by the ad and chat features, so it lives here (features never import each other). The
 * icon is one the app shell already loads, so the public pages' first load does not grow by one.
 */
export function IdentityBadge({ compact = false, className = '' }: { compact?: boolean; className?: string }) {
  const { t } = useTranslation();
  const label = t('identity.badge_label');
  return (
    <span
      role="img"
      aria-label={label}
      title={label}
      className={`inline-flex shrink-0 items-center gap-1 rounded-full bg-success/15 font-semibold text-success ${
        compact ? 'p-1' : 'px-2 py-0.5 text-xs'
      } ${className}`}
    >
      <UserCheck aria-hidden size={14} />
      {!compact && <span aria-hidden>{t('identity.badge')}</span>}
    </span>
  );
}
