import { useEffect } from 'react';
import { useBlocker } from 'react-router';

/**
 * Warns before unsaved changes are lost: the browser's own question when the tab closes or reloads,
 * and `onBlocked` (which should ask, then call proceed or reset) when the app navigates elsewhere.
 */
export function useLeaveWarning(dirty: boolean, onBlocked: (answer: { proceed: () => void; reset: () => void }) => void) {
  const blocker = useBlocker(({ currentLocation, nextLocation }) => dirty && currentLocation.pathname !== nextLocation.pathname);

  useEffect(() => {
    if (!dirty) return;
    const warn = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // Older browsers show the question only when a value is set.
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [dirty]);

  useEffect(() => {
    if (blocker.state === 'blocked') onBlocked({ proceed: () => blocker.proceed(), reset: () => blocker.reset() });
    // Only a new block asks again.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [blocker.state]);
}
