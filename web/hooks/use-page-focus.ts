import { useEffect, useState } from 'react';
import { useLocation } from 'react-router';

/** Marks the element focus was moved to after a navigation: app.css keeps it without a ring. */
export const PAGE_FOCUS_ATTRIBUTE = 'data-page-focus';

/**
 * After a client-side move to another page, focus goes to that page's heading (its first h1 in
 * `<main>`, else `<main>`), so keyboard and screen-reader users start on the new page instead of on
 * `<body>` or on the link they left. Not on the first load (the browser starts at the top), not when
 * only the query or hash changes (filters, sort, tabs: the same page, focus stays on the control),
 * and not when the new page placed focus itself (an autofocused box, a dialog) inside `<main>` or a
 * dialog: the hook runs after the page's own effects and leaves such a focus alone.
 */
export function usePageFocus(mainId = 'main'): void {
  const { pathname } = useLocation();
  // What had focus while the old page was still on screen (the link pressed, the box written in):
  // read while rendering the new location, before React swaps the page.
  const [page, setPage] = useState<{ pathname: string; focusBefore: Element | null; moved: boolean }>({
    pathname,
    focusBefore: null,
    moved: false,
  });
  if (page.pathname !== pathname) {
    setPage({ pathname, focusBefore: typeof document === 'undefined' ? null : document.activeElement, moved: true });
  }

  useEffect(() => {
    if (!page.moved) return;
    const main = document.getElementById(mainId);
    if (!main) return;
    const active = document.activeElement;
    const placedByPage =
      active instanceof HTMLElement &&
      active !== document.body &&
      active !== page.focusBefore &&
      (main.contains(active) || active.closest('[role="dialog"], [role="alertdialog"]') !== null);
    if (placedByPage) return;
    const target = main.querySelector<HTMLElement>('h1') ?? main;
    if (!target.hasAttribute('tabindex')) target.setAttribute('tabindex', '-1');
    target.setAttribute(PAGE_FOCUS_ATTRIBUTE, '');
    // The scroll is ScrollRestoration's (top of a new page, or where one was on going back).
    target.focus({ preventScroll: true });
  }, [page, mainId]);
}
