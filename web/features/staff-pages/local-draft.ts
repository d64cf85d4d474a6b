/**
 * The editor's autosave: what is typed is kept on this device, per page and language, until it is
 * saved. A draft made from an older text than the stored one is still offered (staff decide), but
 * one equal to what is stored is not.
 */
export interface LocalDraft {
  title: string;
  body: string;
  /** When it was written (ISO). */
  at: string;
}

const PREFIX = 'kauppis:info-page-draft:';

export const draftKey = (slug: string, locale: string) => `${PREFIX}${slug}:${locale}`;

function storage(): Storage | undefined {
  try {
    return typeof window === 'undefined' ? undefined : window.localStorage;
  } catch {
    return undefined;
  }
}

export function readDraft(slug: string, locale: string): LocalDraft | undefined {
  const raw = storage()?.getItem(draftKey(slug, locale));
  if (!raw) return undefined;
  try {
    const value = JSON.parse(raw) as Partial<LocalDraft>;
    if (typeof value.title === 'string' && typeof value.body === 'string' && typeof value.at === 'string') {
      return { title: value.title, body: value.body, at: value.at };
    }
  } catch {
    // A broken entry is as good as none.
  }
  return undefined;
}

export function writeDraft(slug: string, locale: string, draft: LocalDraft): void {
  try {
    storage()?.setItem(draftKey(slug, locale), JSON.stringify(draft));
  } catch {
    // Storage full or switched off: the editor still works, without the safety net.
  }
}

export function clearDraft(slug: string, locale: string): void {
  storage()?.removeItem(draftKey(slug, locale));
}

/** A draft worth offering: one that differs from the stored text. */
export function offeredDraft(slug: string, locale: string, stored: { title: string; body: string }): LocalDraft | undefined {
  const draft = readDraft(slug, locale);
  if (!draft || (draft.title === stored.title && draft.body === stored.body)) return undefined;
  return draft;
}
