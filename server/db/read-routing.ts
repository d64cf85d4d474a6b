import { AsyncLocalStorage } from 'node:async_hooks';
import { sql } from 'drizzle-orm';
import type { Database } from './client.ts';

/**
 * Reads that may go to a read replica (DATABASE_READ_URL): searches, listings, hints and public
 * pages. A request reads from the replica only when all of these hold, else from the primary:
 *
 * - it is an HTTP request (jobs, timers and start-up read the primary: they often read what was
 *   just written, an alert's ad, a queued mail);
 * - its client has not written in the last `windowMs` (a cookie the write's answer set, see
 *   read-after-write.ts): a seller sees their own edit at once, on any page;
 * - the replica was reachable and at most `maxLagMs` behind at its last check (checked at most
 *   every CHECK_EVERY_MS, by the requests themselves: no timer).
 *
 * The window is the longest lag allowed plus the check's interval, so a client's reads return to
 * the replica only when it has their write. Only read-only repositories are given `reads`: a write
 * through it would fail on the replica (it refuses them).
 */

/** How often the replica's lag is checked, at most. */
export const CHECK_EVERY_MS = 1_000;

/** What a replica says about itself: how far behind it is, in ms (0 when caught up). */
const LAG_QUERY = sql`select case
  when not pg_is_in_recovery() then 0
  when not exists (select 1 from pg_stat_wal_receiver where status = 'streaming') then null
  when pg_last_wal_receive_lsn() = pg_last_wal_replay_lsn() then 0
  else coalesce(extract(epoch from now() - pg_last_xact_replay_timestamp()) * 1000, 0)
end as lag_ms`;

interface RequestReads {
  /** This client wrote recently: its reads go to the primary. */
  wroteRecently: boolean;
}

export interface ReadRouting {
  /** The database for reads that may be a little behind: the replica or the primary, per request. */
  reads: Database;
  /** Whether the current request reads from the primary. */
  readsPrimary(): boolean;
  /** Whether the current request's client wrote within the window (with a replica only): its reads must not come from a cache. */
  wroteRecently(): boolean;
  /** Runs `fn` as one request's work: `wroteAt` is when its client last wrote (ms), if known. */
  forRequest<T>(wroteAt: number | undefined, fn: () => T): T;
  /** How long after a write a client reads from the primary (ms); 0 without a replica. */
  windowMs: number;
  /** The routing's clock (ms): a write's time as the window counts it. */
  now(): number;
  /** The replica's last known state (health checks, tests). */
  replicaState(): { usable: boolean; lagMs: number | null };
  /** Asks the replica now (the requests ask at most every CHECK_EVERY_MS by themselves). */
  check(): Promise<void>;
}

/** Without a replica every read is the primary's. */
export function primaryOnly(primary: Database): ReadRouting {
  return {
    reads: primary,
    readsPrimary: () => true,
    wroteRecently: () => false,
    forRequest: (_wroteAt, fn) => fn(),
    windowMs: 0,
    now: Date.now,
    replicaState: () => ({ usable: false, lagMs: null }),
    check: async () => {},
  };
}

export interface ReplicaOptions {
  primary: Database;
  replica: Database;
  maxLagMs: number;
  now?: () => number;
  log?: (message: string, detail: Record<string, unknown>) => void;
}

export function replicaRouting({ primary, replica, maxLagMs, now = Date.now, log }: ReplicaOptions): ReadRouting {
  const requests = new AsyncLocalStorage<RequestReads>();
  const windowMs = maxLagMs + CHECK_EVERY_MS;
  const state = { usable: false, lagMs: null as number | null, checkedAt: -Infinity, checking: false };

  /** Asks the replica how far behind it is (meanwhile the last answer stands). */
  async function check(): Promise<void> {
    state.checking = true;
    try {
      const result = (await replica.execute(LAG_QUERY)) as unknown as { rows: { lag_ms: string | number | null }[] };
      const value = result.rows[0]?.lag_ms;
      const lag = value === null || value === undefined ? null : Number(value);
      const usable = lag !== null && lag <= maxLagMs;
      if (usable !== state.usable)
        log?.(usable ? 'read replica in use' : 'read replica behind or not streaming: reading the primary', { lagMs: lag });
      Object.assign(state, { usable, lagMs: lag });
    } catch (error) {
      if (state.usable) log?.('read replica unreachable: reading the primary', { err: error });
      Object.assign(state, { usable: false, lagMs: null });
    } finally {
      Object.assign(state, { checking: false, checkedAt: now() });
    }
  }

  function checkIfDue(): void {
    if (!state.checking && now() - state.checkedAt >= CHECK_EVERY_MS) void check();
  }

  function readsPrimary(): boolean {
    const request = requests.getStore();
    if (!request || request.wroteRecently) return true;
    checkIfDue();
    return !state.usable;
  }

  // Every property is looked up on the database chosen for the current request at that moment;
  // a query builder, once made, keeps the session it was made on.
  const reads = new Proxy({} as Database, {
    get(_target, property) {
      const chosen = readsPrimary() ? primary : replica;
      const value: unknown = Reflect.get(chosen, property, chosen);
      return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(chosen) : value;
    },
  });

  return {
    reads,
    readsPrimary,
    wroteRecently: () => requests.getStore()?.wroteRecently === true,
    forRequest: (wroteAt, fn) => requests.run({ wroteRecently: wroteAt !== undefined && now() - wroteAt < windowMs }, fn),
    windowMs,
    now,
    replicaState: () => ({ usable: state.usable, lagMs: state.lagMs }),
    check,
  };
}
