import type { Db } from '../../db/client.ts';
import type { AdRow } from '../ads/ads.repo.ts';

/** Queues the matching of an ad against the saved searches (AlertsService.adVisible). */
export type AdVisible = (productId: number, version: Date, tx?: Db) => Promise<void>;

type Writes = (...args: never[]) => Promise<AdRow>;

/**
 * The one hook where an ad becomes visible: every change of an ad's row goes through the ads
 * repo's `update` (moderation's approval, the seller's edit and status change, a report's appeal)
 * or the selling repo's `insert` (published with moderation off); each answers the row as saved.
 * Wrapped here, a row saved `active` queues its matching in the same transaction — a change
 * rolled back queues nothing — keyed by the ad and its version, so no path can forget it.
 */
export function matchingWhenShown<R extends Record<K, Writes>, K extends keyof R>(
  repo: R,
  method: K,
  /** Where the write takes its transaction (its last parameter, modules/README.md). */
  txIndex: number,
  adVisible: AdVisible,
): R {
  const write = repo[method] as unknown as (...args: unknown[]) => Promise<AdRow>;
  const wrapped = async (...args: unknown[]): Promise<AdRow> => {
    const row = await write(...args);
    if (row.status === 'active') {
      await adVisible(row.id, row.updatedAt, args[txIndex] as Db | undefined);
    }
    return row;
  };
  return { ...repo, [method]: wrapped };
}
