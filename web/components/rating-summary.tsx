import { Link } from 'react-router';
import { formatAverage } from '../../common/ratings';
import { useTranslation } from '../lib/use-translation';

/**
 * A person's ratings in brief, "★ 4,7 (12 arviota)": the average with one decimal in the reader's
 * locale and the count (the seller card of every ad, the seller page). Nothing before the first
 * public rating. A star character, not an icon: it costs the first load nothing.
 */
export function RatingSummary({
  rating,
  to,
  className = '',
}: {
  rating: { average: number | null; count: number } | null | undefined;
  /** Where it leads (the seller page's ratings), if anywhere. */
  to?: string;
  className?: string;
}) {
  const { t, i18n } = useTranslation();
  if (!rating || rating.count === 0 || rating.average === null) return null;
  const average = formatAverage(rating.average, i18n.language);
  const content = (
    <>
      <span aria-hidden className="text-warning">
        ★
      </span>{' '}
      <span aria-hidden>{t('ratings.summary', { average, count: rating.count })}</span>
      <span className="sr-only">{t('ratings.summary_label', { average, count: rating.count })}</span>
    </>
  );
  const classes = `inline-flex items-center gap-0.5 text-sm font-medium whitespace-nowrap ${className}`;
  return to ? (
    <Link to={to} className={`${classes} hover:underline`}>
      {content}
    </Link>
  ) : (
    <span className={classes}>{content}</span>
  );
}
