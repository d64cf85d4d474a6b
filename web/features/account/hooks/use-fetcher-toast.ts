import { useEffect } from 'react';
import type { FetcherWithComponents } from 'react-router';
import { ERROR_TOAST_MS, showToast } from '../../../lib/toasts';

/** Shows a page action's answer as a toast once it arrives: success for 3 s, an error for 5 s (spec section 8). */
export function useFetcherToast(
  fetcher: Pick<FetcherWithComponents<{ ok: boolean; message: string } | undefined>, 'state' | 'data'>,
): void {
  useEffect(() => {
    if (fetcher.state === 'idle' && fetcher.data) {
      showToast({
        icon: fetcher.data.ok ? 'success' : 'error',
        message: fetcher.data.message,
        ...(fetcher.data.ok ? {} : { timer: ERROR_TOAST_MS }),
      });
    }
  }, [fetcher.state, fetcher.data]);
}
