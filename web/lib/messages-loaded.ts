/**
 * Whether every text of the page's language is in the translator yet. A public page hydrates with
 * the first part of its language (web/lib/message-parts.ts); what renders later and may need the
 * rest (a dialog, the user menu, the staff drawer) waits for `allMessagesLoaded()`. Kept apart from
 * the loaders (client-messages.ts), which only the browser build can import.
 */

let allLoaded: Promise<void> = Promise.resolve();
let startRest: (() => Promise<void>) | undefined;
let restStarted = false;

/** The page hydrated with the first part: `start` fetches the rest, once, when first wanted. */
export function deferRestMessages(start: () => Promise<void>): void {
  startRest = start;
}

/** Runs the deferred fetch of the rest (once); the promise of its arrival. */
export function startRestMessages(): Promise<void> {
  if (!restStarted && startRest) {
    restStarted = true;
    allLoaded = startRest();
  }
  return allLoaded;
}

/** Resolves once every text of the page's language is there (at once where the page loaded them all). */
export function allMessagesLoaded(): Promise<void> {
  // Pressed before the browser was idle: the rest is fetched now, not after.
  return startRestMessages();
}
