import type { AdKind, PriceUnit } from '../../common/ad-rules';
import type { Locale } from '../../common/locales';
import { formatPrice } from '../lib/format';
import { useTranslation } from '../lib/use-translation';

/** What the price line needs of an ad: the card, the ad page and the wizard's preview all have it. */
export interface PricedAd {
  price: number;
  kind: AdKind;
  price_unit: PriceUnit | null;
}

/** An ad's price as buyers read it: "1 250 €", "850 €/kk" for a rental, "12 €/t" for a job, "Ilmainen". */
export function AdPrice({ ad, className = 'font-semibold' }: { ad: PricedAd; className?: string }) {
  const { t, i18n } = useTranslation();
  const locale = i18n.language as Locale;
  let text: string;
  if (ad.kind === 'give') text = t('price_per.free');
  else if (ad.price === 0) text = t('search.free');
  else if (ad.price_unit) text = t(`price_per.${ad.price_unit}`, { price: formatPrice(ad.price, locale) });
  else text = formatPrice(ad.price, locale);
  return <span className={className}>{text}</span>;
}

const KIND_DOT: Record<Exclude<AdKind, 'sell'>, string> = { wanted: 'bg-warning', give: 'bg-success', rent: 'bg-brand' };

/**
 * A small label for the kinds a buyer must not take for a sale: wanted, giving away, for rent.
 * Solid, so it reads over a photo in both themes.
 */
export function AdKindBadge({ kind, className = '' }: { kind: AdKind; className?: string }) {
  const { t } = useTranslation();
  if (kind === 'sell') return null;
  return (
    <span
      className={`inline-flex items-center gap-1.5 rounded bg-raised px-2 py-0.5 text-xs font-semibold text-ink shadow-sm ring-1 ring-line ${className}`}
    >
      <span aria-hidden className={`h-2 w-2 rounded-full ${KIND_DOT[kind]}`} />
      {t(`ad_kinds.${kind}`)}
    </span>
  );
}
