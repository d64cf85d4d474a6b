import { RATING_STARS_MAX } from '../../../../common/ratings';
import { useTranslation } from '../../../lib/use-translation';

/** A rating's stars as a picture with words for screen readers ("4 tähteä viidestä"). */
export function Stars({ stars, size = 'base' }: { stars: number; size?: 'sm' | 'base' | 'lg' }) {
  const { t } = useTranslation();
  const text = size === 'sm' ? 'text-sm' : size === 'lg' ? 'text-xl' : 'text-base';
  return (
    <span role="img" aria-label={t('ratings.stars_label', { count: stars })} className={`inline-flex leading-none tracking-wide ${text}`}>
      <span aria-hidden className="text-warning">
        {'★'.repeat(stars)}
      </span>
      <span aria-hidden className="text-line">
        {'★'.repeat(Math.max(0, RATING_STARS_MAX - stars))}
      </span>
    </span>
  );
}
