import { SearchX } from 'lucide-react';
import { useTranslation } from '../../../lib/use-translation';
import type { ProductCard } from '../../../../server/modules/ads/ads.schemas';
import type { ViewMode } from '../listing.server';
import { ProductCardItem, ProductRowItem } from '../../../components/product-card';

/** The cards in view as a page opens (the first row of four on a wide screen, two rows on a phone). */
const FIRST_ROW = 4;

/** The result cards; `now` (the loader's moment) lets each say when its ad was posted. */
export function ProductResults({
  products,
  view,
  now,
  headingLevel = 3,
}: {
  products: ProductCard[];
  view: ViewMode;
  now?: number;
  /** The cards' title level: 3 under an h2 (default), 2 when the page's h1 is right above. */
  headingLevel?: 2 | 3;
}) {
  const { t } = useTranslation();
  if (products.length === 0) {
    return (
      <div className="rounded-xl border border-dashed border-line bg-raised px-6 py-12 text-center">
        <SearchX aria-hidden size={32} className="mx-auto mb-3 text-muted" />
        <p className="font-semibold">{t('search.empty')}</p>
        <p className="mt-1 text-sm text-muted">{t('search.empty_hint')}</p>
      </div>
    );
  }
  return view === 'card' ? (
    <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-4">
      {products.map((product, index) => (
        <li key={product.id}>
          <ProductCardItem product={product} now={now} priority={index < FIRST_ROW} headingLevel={headingLevel} />
        </li>
      ))}
    </ul>
  ) : (
    <ul className="flex flex-col gap-2">
      {products.map((product, index) => (
        <li key={product.id}>
          <ProductRowItem product={product} now={now} priority={index < FIRST_ROW} headingLevel={headingLevel} />
        </li>
      ))}
    </ul>
  );
}
