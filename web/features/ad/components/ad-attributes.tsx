import type { ShownAttribute } from '../../../../common/attribute-format';
import { useTranslation } from '../../../lib/use-translation';

/**
 * The ad's category fields as the server formatted them in the reader's language (issue 26):
 * "Mittarilukema 180 000 km", a label and its value a row, two columns from a tablet up.
 */
export function AdAttributes({ attributes }: { attributes: ShownAttribute[] | undefined }) {
  const { t } = useTranslation();
  if (!attributes?.length) return null;
  return (
    <section aria-labelledby="ad-attributes">
      <h2 id="ad-attributes" className="mb-2 text-lg font-semibold">
        {t('ad.attributes.title')}
      </h2>
      <dl className="grid grid-cols-1 gap-x-6 rounded-xl border border-line bg-raised px-4 py-1 sm:grid-cols-2">
        {attributes.map((attribute) => (
          <div
            key={attribute.key}
            className="flex items-baseline justify-between gap-3 border-b border-line py-2 last:border-b-0 sm:[&:nth-last-child(2):nth-child(odd)]:border-b-0"
          >
            <dt className="text-sm text-muted">{attribute.label}</dt>
            <dd className="text-end font-medium break-words">{attribute.text}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
