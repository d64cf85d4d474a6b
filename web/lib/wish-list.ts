import { createContext, useContext, useEffect, useSyncExternalStore } from 'react';
import { api } from './api-client';
import { createStore } from './store';

/**
 * The signed-in person's wish list as the browser keeps it: the wished ads' uuids, newest first.
 * It is loaded once per browser session (GET /user-wishes-list), cached in local storage under
 * `wishes` (an account key: log-out removes it) so the badge and hearts show at once on the next
 * page load, and then changed only by the hearts, optimistically. The store is per browser, never
 * per request: pages rendered on the server read the list the root loader gave them instead
 * (`ServerWishList`), so the badge and hearts are right before any JavaScript runs.
 */
export interface WishListState {
  /** Whose list this is; null for visitors and before it is known. */
  userId: number | null;
  uuids: readonly string[];
}

export const WISH_STORAGE_KEY = 'wishes';
/** Session storage: the user whose list this tab has fetched (session storage is cleared on log-out). */
const SYNCED_KEY = 'wishes_synced';
const EMPTY: WishListState = { userId: null, uuids: [] };

export const wishListStore = createStore<WishListState>(EMPTY);

/**
 * The signed-in person's list as the server read it for this page (root loader); null for
 * visitors. Used for the server render and hydration, and until the store has a list.
 */
export const ServerWishList = createContext<readonly string[] | null>(null);

/** What the hooks show: the store's list once it has one, the server's before that. */
function shown(seed: readonly string[] | null): readonly string[] {
  const state = wishListStore.get();
  return state.userId === null && seed ? seed : state.uuids;
}

/** Wishes toggled while the list is being fetched: applied over what the fetch brings. */
let pendingFetch: { overrides: Map<string, boolean> } | null = null;
/** One request per ad at a time: a second tap while the first is on its way is ignored. */
const inFlight = new Set<string>();

function readCache(userId: number): string[] | undefined {
  try {
    const cached = JSON.parse(window.localStorage.getItem(WISH_STORAGE_KEY) ?? 'null') as unknown;
    if (typeof cached !== 'object' || cached === null) return undefined;
    const { userId: owner, uuids } = cached as { userId?: unknown; uuids?: unknown };
    if (owner !== userId || !Array.isArray(uuids)) return undefined;
    return uuids.filter((uuid): uuid is string => typeof uuid === 'string');
  } catch {
    return undefined;
  }
}

function writeCache(state: WishListState): void {
  try {
    if (state.userId === null) window.localStorage.removeItem(WISH_STORAGE_KEY);
    else window.localStorage.setItem(WISH_STORAGE_KEY, JSON.stringify(state));
  } catch {
    // Storage full or disabled: the list still lives in memory for this page.
  }
}

function setState(next: WishListState): void {
  wishListStore.set(next);
  writeCache(next);
}

export function isWished(uuid: string): boolean {
  return wishListStore.get().uuids.includes(uuid);
}

function setWished(uuid: string, wished: boolean): void {
  const state = wishListStore.get();
  const has = state.uuids.includes(uuid);
  if (pendingFetch) pendingFetch.overrides.set(uuid, wished);
  if (has === wished) return;
  setState({ ...state, uuids: wished ? [uuid, ...state.uuids] : state.uuids.filter((u) => u !== uuid) });
}

/** Takes an ad off the list without asking the server (it answered that the ad is gone). */
export function dropWish(uuid: string): void {
  setWished(uuid, false);
}

/** Forgets the list in memory (log-out; local and session storage are cleared beside it). */
export function clearWishList(): void {
  pendingFetch = null;
  wishListStore.set(EMPTY);
}

/** Takes the list a page loaded on the server as the truth (the /wishes page). */
export function replaceWishList(userId: number, uuids: readonly string[]): void {
  setState({ userId, uuids: [...uuids] });
}

/**
 * Makes the store hold this user's list: from the cache at once, then from the server unless this
 * tab already fetched it (`force` fetches anyway). Visitors (null) get an empty list.
 */
export async function syncWishList(userId: number | null, options: { force?: boolean } = {}): Promise<void> {
  if (userId === null) {
    if (wishListStore.get().userId !== null) setState(EMPTY);
    return;
  }
  if (wishListStore.get().userId !== userId) {
    const cached = readCache(userId);
    setState({ userId, uuids: cached ?? [] });
    if (cached && !options.force && readSynced() === String(userId)) return;
  } else if (!options.force) {
    return;
  }
  if (pendingFetch) return;
  const fetching = { overrides: new Map<string, boolean>() };
  pendingFetch = fetching;
  try {
    const { data } = await api.userWishesList();
    // Logged out, or another user, while the answer was on its way.
    if (pendingFetch !== fetching || wishListStore.get().userId !== userId) return;
    let uuids = data;
    for (const [uuid, wished] of fetching.overrides) {
      uuids = uuids.filter((u) => u !== uuid);
      if (wished) uuids = [uuid, ...uuids];
    }
    setState({ userId, uuids });
    writeSynced(String(userId));
  } catch {
    // Offline or a server hiccup: the cached list stays; the next page load tries again.
  } finally {
    if (pendingFetch === fetching) pendingFetch = null;
  }
}

function readSynced(): string | null {
  try {
    return window.sessionStorage.getItem(SYNCED_KEY);
  } catch {
    return null;
  }
}

function writeSynced(value: string): void {
  try {
    window.sessionStorage.setItem(SYNCED_KEY, value);
  } catch {
    // As above: the next page load fetches again, that is all.
  }
}

/** What the hearts need of an ad: the list and the API both go by uuid. */
export interface WishProduct {
  uuid: string;
}

/**
 * Flips the heart at once, asks the server, and settles on what the server says (it may know
 * better, e.g. after a change in another tab). On failure the heart goes back and the error is
 * thrown on. Resolves to undefined when a request for the same ad is already on its way.
 */
export async function toggleWish(product: WishProduct): Promise<{ added: boolean; message: string } | undefined> {
  if (inFlight.has(product.uuid)) return undefined;
  inFlight.add(product.uuid);
  const before = isWished(product.uuid);
  setWished(product.uuid, !before);
  try {
    const reply = await api.updateUserWishes(product.uuid);
    setWished(product.uuid, reply.added);
    inFlight.delete(product.uuid);
    // The count disagrees once everything has settled: the list changed elsewhere (another device).
    const { userId, uuids } = wishListStore.get();
    if (inFlight.size === 0 && userId !== null && reply.data.count !== uuids.length) void syncWishList(userId, { force: true });
    return { added: reply.added, message: reply.message };
  } catch (error) {
    setWished(product.uuid, before);
    throw error;
  } finally {
    inFlight.delete(product.uuid);
  }
}

const serverSnapshot = () => EMPTY;

export function useWishList(): WishListState {
  return useSyncExternalStore(wishListStore.subscribe, wishListStore.get, serverSnapshot);
}

export function useIsWished(uuid: string): boolean {
  const seed = useContext(ServerWishList);
  return useSyncExternalStore(
    wishListStore.subscribe,
    () => shown(seed).includes(uuid),
    () => seed?.includes(uuid) ?? false,
  );
}

export function useWishCount(): number {
  const seed = useContext(ServerWishList);
  return useSyncExternalStore(
    wishListStore.subscribe,
    () => shown(seed).length,
    () => seed?.length ?? 0,
  );
}

/**
 * Keeps the store on the signed-in person's list (the top bar calls it, so it runs on every page)
 * and follows changes made in other tabs of the same browser. The list the server sent with the
 * page is fresh, so it is taken as this tab's fetch.
 */
export function useWishListSync(userId: number | null): void {
  const seed = useContext(ServerWishList);
  useEffect(() => {
    if (userId !== null && seed && wishListStore.get().userId !== userId && !pendingFetch) {
      setState({ userId, uuids: [...seed] });
      writeSynced(String(userId));
      return;
    }
    void syncWishList(userId);
    // The seed only matters for the first list of a user; later ones come from the hearts.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [userId]);

  useEffect(() => {
    function onStorage(event: StorageEvent) {
      if (event.key !== WISH_STORAGE_KEY && event.key !== null) return;
      const current = wishListStore.get().userId;
      if (current === null) return;
      // Another tab logged out (the key went away) or changed the list.
      wishListStore.set({ userId: current, uuids: readCache(current) ?? [] });
    }
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  }, []);
}
