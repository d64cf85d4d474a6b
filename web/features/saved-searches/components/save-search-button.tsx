import { BellRing } from 'lucide-react';
import { useEffect, useEffectEvent } from 'react';
import { useLocation, useNavigate, useRouteLoaderData } from 'react-router';
import type { SessionUser } from '../../../../server/load-context';
import { lazyDialog } from '../../../components/lazy-dialogs';
import type { SavedSearchQuery } from '../../../lib/api-client';
import { openDialog } from '../../../lib/dialogs';
import { showToast } from '../../../lib/toasts';
import { useTranslation } from '../../../lib/use-translation';
import type { ListingNames } from '../describe-query';
import { rememberSaveSearch, takeSaveSearch } from '../save-search-intent';

// Loaded on the first press: only the button is in a results page's first load (scripts/js-budget.mjs).
const SaveSearchDialog = lazyDialog(() => import('./save-search-dialog').then((m) => m.SaveSearchDialog));

/**
 * "Save search" beside a results page's count: saves the listing's filters as they stand. A
 * visitor is sent to log in and brought back here, where the dialog opens by itself.
 */
export function SaveSearchButton({
  query,
  listing,
  catalog,
}: {
  /** The listing's filter object (loadListing's `query`). */
  query: SavedSearchQuery;
  /** The names the page already has, to suggest a name from. */
  listing: ListingNames;
  /** A catalog page's own catalog (it may be deeper than the filters' two levels). */
  catalog?: { id: number; name: string };
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { pathname, search } = useLocation();
  const signedIn = !!(useRouteLoaderData('root') as { user?: SessionUser | null } | undefined)?.user;
  const here = pathname + search;

  function open() {
    openDialog(SaveSearchDialog, { query, listing, catalog });
  }

  const openIfPending = useEffectEvent(() => {
    if (takeSaveSearch(here)) open();
  });
  // Back from logging in to save this search: the dialog opens as if the button had just been pressed.
  useEffect(() => {
    if (signedIn) openIfPending();
  }, [signedIn, here]);

  return (
    <button
      type="button"
      aria-haspopup={signedIn ? 'dialog' : undefined}
      onClick={() => {
        if (signedIn) return open();
        rememberSaveSearch(here);
        showToast({ icon: 'info', message: t('saved_searches.login_needed'), untilSignIn: true });
        void navigate(`/login?redirectTo=${encodeURIComponent(here)}`);
      }}
      className="inline-flex min-h-10 shrink-0 items-center gap-2 rounded-full border border-line bg-raised px-3 py-1.5 text-sm font-medium text-ink hover:border-brand hover:text-brand focus-visible:outline-3 focus-visible:outline-focus"
    >
      <BellRing aria-hidden size={18} />
      {t('saved_searches.save')}
    </button>
  );
}
