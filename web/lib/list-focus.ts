/**
 * Where the keyboard goes when an item leaves a list (deleted, approved, rejected): to the item
 * after it, else the one before, else the list's heading, so focus never falls back to the top
 * of the page.
 */
export function focusAfterRemoval(ids: readonly string[], id: string): string | null {
  const index = ids.indexOf(id);
  if (index === -1) return null;
  return ids[index + 1] ?? ids[index - 1] ?? null;
}

/** Focuses the element with `id` once React has rendered the change (it may not exist yet). */
export function focusSoon(id: string): void {
  requestAnimationFrame(() => document.getElementById(id)?.focus());
}
