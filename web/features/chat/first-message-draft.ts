/**
 * The first message to a seller while it is being written, per ad, in session storage: it
 * survives the log-in page an expired session leads to (and a reload), stays in this tab, and
 * goes when it is sent or at log-out (which clears session storage).
 */
const key = (productUuid: string | null) => `chat_draft:${productUuid ?? ''}`;

export function loadDraft(productUuid: string | null): string | null {
  try {
    return window.sessionStorage.getItem(key(productUuid));
  } catch {
    return null;
  }
}

export function saveDraft(productUuid: string | null, text: string): void {
  try {
    if (text.trim()) window.sessionStorage.setItem(key(productUuid), text);
    else window.sessionStorage.removeItem(key(productUuid));
  } catch {
    // Storage full or disabled: the text still lives in the box.
  }
}

export function clearDraft(productUuid: string | null): void {
  try {
    window.sessionStorage.removeItem(key(productUuid));
  } catch {
    // As above.
  }
}

/** Navigation state from the first message to its conversation: the person goes on writing there. */
export const CONTINUE_WRITING = 'continueWriting';
