import { SearchX } from 'lucide-react';
import { useTranslation } from '../../../lib/use-translation';
import type { ProductCard } from '../../../../server/modules/ads/ads.schemas';
import type { ViewMode } from '../listing.server';
import { ProductCardItem, ProductRowItem } from '../../../components/product-card';

/** The result cards; `now` (the loader's moment) lets each say when its ad was posted. */
export function ProductResults({ products, view, now }: { products: ProductCard[]; view: ViewMode; now?: number }) {
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
      {products.map((product) => (
        <li key={product.id}>
          <ProductCardItem product={product} now={now} />
        </li>
      ))}
    </ul>
  ) : (
    <ul className="flex flex-col gap-2">
      {products.map((product) => (
        <li key={product.id}>
          <ProductRowItem product={product} now={now} />
        </li>
      ))}
    </ul>
  );
}
