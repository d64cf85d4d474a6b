import { useId, useState } from 'react';
import { RATING_STARS_MAX, RATING_STARS_MIN } from '../../../../common/ratings';
import { FieldErrors } from '../../../components/form-controls';
import { useTranslation } from '../../../lib/use-translation';

const CHOICES = Array.from({ length: RATING_STARS_MAX - RATING_STARS_MIN + 1 }, (_, index) => RATING_STARS_MIN + index);

/**
 * 1–5 stars as a radio group: native radios (arrow keys move and choose, Tab leaves the group),
 * each drawn as a star with its words for screen readers; the stars up to the one pointed at or
 * chosen light up, and the choice is said in words beside them.
 */
export function StarInput({
  value,
  onChange,
  legend,
  errors,
  name = 'stars',
}: {
  value: number | null;
  onChange: (stars: number) => void;
  legend: string;
  errors?: string[] | undefined;
  name?: string;
}) {
  const { t } = useTranslation();
  const id = useId();
  const [pointed, setPointed] = useState<number | null>(null);
  const lit = pointed ?? value ?? 0;
  return (
    <div>
      <p id={`${id}-legend`} className="mb-1.5 text-sm font-medium">
        {legend}
      </p>
      <div
        role="radiogroup"
        aria-labelledby={`${id}-legend`}
        aria-describedby={errors?.length ? `${id}-errors` : undefined}
        aria-required
        className="flex items-center gap-1"
        onMouseLeave={() => setPointed(null)}
      >
        {CHOICES.map((stars) => (
          <label key={stars} className="relative cursor-pointer" onMouseEnter={() => setPointed(stars)}>
            <input
              type="radio"
              name={name}
              value={stars}
              checked={value === stars}
              onChange={() => onChange(stars)}
              aria-label={t('ratings.stars_label', { count: stars })}
              className="peer absolute inset-0 h-full w-full cursor-pointer opacity-0"
            />
            <span
              aria-hidden
              className={`block rounded-md px-0.5 text-4xl leading-none transition-colors peer-focus-visible:ring-3 peer-focus-visible:ring-focus ${
                stars <= lit ? 'text-warning' : 'text-line'
              }`}
            >
              ★
            </span>
          </label>
        ))}
        <span aria-hidden className="ms-2 text-sm text-muted">
          {lit ? t(`ratings.star_words.${lit}`) : ''}
        </span>
      </div>
      <FieldErrors id={`${id}-errors`} errors={errors} />
    </div>
  );
}
