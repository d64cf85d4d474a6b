import { Heart, Trash2 } from 'lucide-react';
import { useLayoutEffect, useRef } from 'react';
import { useTranslation } from '../../../lib/use-translation';
import { Link } from 'react-router';
import type { WishedAd } from '../../../../server/modules/wishes/wishes.schemas';
import { useWishToggle } from '../../../components/wish-button';
import { replaceWishList, useWishList } from '../../../lib/wish-list';
import { ProductCardItem } from '../../../components/product-card';

function EmptyWishList() {
  const { t } = useTranslation();
  return (
    <div className="rounded-xl border border-dashed border-line bg-raised px-6 py-12 text-center">
      <Heart aria-hidden size={32} className="mx-auto mb-3 text-muted" />
      <p className="font-semibold">{t('wishes.empty_title')}</p>
      <p className="mx-auto mt-1 max-w-md text-sm text-muted">{t('wishes.empty_hint')}</p>
      <Link
        to="/"
        className="mt-5 inline-flex h-11 items-center rounded-xl bg-brand px-5 font-semibold text-brand-ink hover:brightness-110"
      >
        {t('wishes.browse')}
      </Link>
    </div>
  );
}

/**
 * The wished ads as cards, newest wish first. What the server loaded is the truth for the store;
 * after that the store decides which cards show, so a removal shows at once (and comes back if the
 * server refuses). Ads no longer for sale are dimmed with their status and link nowhere when their
 * page would not open.
 */
export function WishList({ userId, ads }: { userId: number; ads: WishedAd[] }) {
  const { t } = useTranslation();
  const toggle = useWishToggle();
  const heading = useRef<HTMLHeadingElement>(null);
  const removeButtons = useRef(new Map<string, HTMLButtonElement>());
  // Before the first paint after hydration, so no card blinks out and back in.
  useLayoutEffect(
    () =>
      replaceWishList(
        userId,
        ads.map((ad) => ad.uuid),
      ),
    [userId, ads],
  );
  const state = useWishList();
  const shown = state.userId === userId ? ads.filter((ad) => state.uuids.includes(ad.uuid)) : ads;

  function remove(ad: WishedAd, index: number) {
    // Focus moves to the next card's button (or the heading) as the card leaves.
    const next = shown[index + 1] ?? shown[index - 1];
    void toggle(ad);
    requestAnimationFrame(() => (next ? removeButtons.current.get(next.uuid) : heading.current)?.focus());
  }

  return (
    <>
      <header className="mb-5">
        <h1 ref={heading} tabIndex={-1} className="text-2xl font-bold outline-none sm:text-3xl">
          {t('pages.wishes.title')}
        </h1>
        {/* The list's own heading (the cards' titles are h3). */}
        {shown.length > 0 && <h2 className="mt-1 text-base font-normal text-muted">{t('wishes.count', { count: shown.length })}</h2>}
      </header>
      {shown.length === 0 ? (
        <EmptyWishList />
      ) : (
        <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-4">
          {shown.map((ad, index) => (
            <li key={ad.uuid}>
              <ProductCardItem
                product={ad}
                linked={ad.viewable}
                dimmed={!ad.available}
                heart={false}
                actions={
                  <>
                    {!ad.available && <p className="mb-2 text-xs font-semibold text-warning">{t('wishes.unavailable')}</p>}
                    <button
                      type="button"
                      ref={(element) => {
                        if (element) removeButtons.current.set(ad.uuid, element);
                        else removeButtons.current.delete(ad.uuid);
                      }}
                      onClick={() => remove(ad, index)}
                      aria-label={t('wishes.remove_label', { name: ad.name })}
                      className="inline-flex h-10 w-full items-center justify-center gap-2 rounded-lg border border-line text-sm font-medium text-ink hover:border-danger hover:text-danger"
                    >
                      <Trash2 aria-hidden size={16} />
                      {t('wishes.remove')}
                    </button>
                  </>
                }
              />
            </li>
          ))}
        </ul>
      )}
    </>
  );
}
