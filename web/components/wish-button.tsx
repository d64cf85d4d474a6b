import { Heart } from 'lucide-react';
import { useTranslation } from '../lib/use-translation';
import { useLocation, useNavigate, useRouteLoaderData } from 'react-router';
import type { SessionUser } from '../../server/load-context';
import { ApiError } from '../lib/api-client';
import { ERROR_TOAST_MS, showToast } from '../lib/toasts';
import { type WishProduct, dropWish, toggleWish, useIsWished } from '../lib/wish-list';
import { rememberWish } from '../lib/sign-in-intent';

function useSignedIn(): boolean {
  return !!(useRouteLoaderData('root') as { user?: SessionUser | null } | undefined)?.user;
}

/**
 * Toggles an ad on the wish list with the toasts the spec asks for. Visitors are sent to log-in
 * and brought back here; an expired session does the same.
 */
export function useWishToggle(): (product: WishProduct) => Promise<void> {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const signedIn = useSignedIn();

  return async (product) => {
    // The heart is kept: it is saved as soon as the person has signed in (sign-in-intent.ts).
    const toLogin = () => {
      rememberWish(product.uuid);
      void navigate(`/login?redirectTo=${encodeURIComponent(location.pathname + location.search)}`);
    };
    if (!signedIn) {
      showToast({ icon: 'info', message: t('wishes.login_needed'), untilSignIn: true });
      toLogin();
      return;
    }
    try {
      const result = await toggleWish(product);
      if (result) showToast({ icon: 'success', message: result.message });
    } catch (error) {
      const status = error instanceof ApiError ? error.status : -1;
      if (status === 401) {
        showToast({ icon: 'info', message: t('wishes.login_needed'), untilSignIn: true });
        toLogin();
      } else if (status === 404) {
        // Deleted meanwhile: its wish went with it.
        dropWish(product.uuid);
        showToast({ icon: 'warning', message: t('wishes.gone'), timer: ERROR_TOAST_MS });
      } else {
        const apiError = error instanceof ApiError ? error : undefined;
        const message = apiError?.data?.errors?.product_id?.[0] ?? apiError?.message ?? t('errors.unknown');
        showToast({ icon: 'error', message, timer: ERROR_TOAST_MS });
      }
    }
  };
}

const SIZES = {
  card: { button: 'h-10 w-10', icon: 20 },
  large: { button: 'h-12 w-12', icon: 24 },
} as const;

/**
 * The heart: a toggle button (aria-pressed) whose name says which ad it saves. `onlyWhenWished`
 * hides it unless the ad is on the list (an ad no longer for sale can be taken off, not put on).
 */
export function WishButton({
  product,
  size = 'card',
  onlyWhenWished = false,
  className = '',
}: {
  product: WishProduct & { name: string };
  size?: keyof typeof SIZES;
  onlyWhenWished?: boolean;
  className?: string;
}) {
  const { t } = useTranslation();
  const wished = useIsWished(product.uuid);
  const toggle = useWishToggle();
  if (onlyWhenWished && !wished) return null;
  const { button, icon } = SIZES[size];
  return (
    <button
      type="button"
      aria-pressed={wished}
      aria-label={t('wishes.save', { name: product.name })}
      onClick={() => void toggle(product)}
      className={`${button} ${className} inline-flex shrink-0 items-center justify-center rounded-full border border-line bg-raised/90 shadow-sm transition hover:scale-105 hover:border-danger ${wished ? 'text-danger' : 'text-ink'}`}
    >
      <Heart aria-hidden size={icon} fill={wished ? 'currentColor' : 'none'} />
    </button>
  );
}
