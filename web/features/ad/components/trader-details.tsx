import { Store } from 'lucide-react';
import { useTranslation } from '../../../lib/use-translation';

/** A business seller's details as the API gives them (DSA Art. 30: shown beside every ad of theirs). */
export interface TraderCompany {
  name: string;
  business_id: string;
  address: string | null;
  email: string | null;
  phone: string | null;
}

/** "Yritys": the seller sells as a business (consumer protection law applies to their sales). */
export function TraderBadge() {
  const { t } = useTranslation();
  return (
    <span className="inline-flex shrink-0 items-center gap-1 rounded-full bg-brand/15 px-2 py-0.5 text-xs font-semibold text-brand">
      <Store aria-hidden size={14} />
      {t('business.badge')}
    </span>
  );
}

/**
 * The business behind an ad or a seller page: the badge, the company's name, its Y-tunnus and
 * the contact details it gave. Nothing for a private seller.
 */
export function TraderDetails({ company, className = '' }: { company: TraderCompany | null | undefined; className?: string }) {
  const { t } = useTranslation();
  if (!company) return null;
  return (
    <div className={`space-y-1 text-sm ${className}`} aria-label={t('business.details')} role="group">
      <p className="flex flex-wrap items-center gap-2">
        <TraderBadge />
        <span className="font-semibold break-words">{company.name}</span>
      </p>
      <ul className="space-y-0.5 text-muted">
        <li>{t('business.business_id', { id: company.business_id })}</li>
        {company.address && <li className="break-words">{company.address}</li>}
        {company.email && (
          <li>
            <a href={`mailto:${company.email}`} className="break-all text-brand underline-offset-2 hover:underline">
              {company.email}
            </a>
          </li>
        )}
        {company.phone && (
          <li>
            <a href={`tel:${company.phone}`} className="text-brand underline-offset-2 hover:underline">
              {company.phone}
            </a>
          </li>
        )}
      </ul>
    </div>
  );
}

/**
 * The consumer-law note on an ad page: a business's sales to consumers fall under the Consumer
 * Protection Act (14-day withdrawal right in distance sales, liability for defects); a sale between
 * private persons does not.
 */
export function ConsumerNote({ trader }: { trader: boolean }) {
  const { t } = useTranslation();
  const kind = trader ? 'trader' : 'private';
  return (
    <section aria-labelledby="ad-consumer-note" className="rounded-xl border border-line bg-sunken p-4 text-sm">
      <h2 id="ad-consumer-note" className="mb-1 font-semibold">
        {t(`business.consumer.${kind}_title`)}
      </h2>
      <p className="text-muted">{t(`business.consumer.${kind}_text`)}</p>
    </section>
  );
}
