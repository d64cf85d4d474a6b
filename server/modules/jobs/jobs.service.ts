import type { Db } from '../../db/client.ts';
import type { JobRow, JobsRepo } from './jobs.repo.ts';

const HOUR_MS = 3_600_000;

/** A kind's work: throws to be retried later; the payload is what `enqueue` was given. */
export type JobHandler = (payload: Record<string, unknown>, job: { id: number; attempts: number; now: Date }) => Promise<void>;

export interface JobsDeps {
  repo: JobsRepo;
  log: (message: string, detail: Record<string, unknown>) => void;
}

/** A claimed job is this process's for this long; one that takes longer may run twice (handlers are idempotent). */
export const JOB_LEASE_SECONDS = 120;
/** After this many failed attempts a job is given up (logged with its last error) and removed. */
export const JOB_MAX_ATTEMPTS = 8;
/** How many due jobs one run claims. */
export const JOB_BATCH = 20;

/** Back-off after the n-th failure (1-based): 30 s, 1, 2, 4 … minutes, at most an hour. */
export function retryDelaySeconds(attempt: number): number {
  return Math.min(3600, 30 * 2 ** (attempt - 1));
}

/**
 * Work that must happen once across every process, or later (issue 29): a job is claimed by one
 * process (SKIP LOCKED) under a lease, removed when done, retried with a back-off when its
 * handler throws, given up after JOB_MAX_ATTEMPTS. Each process polls `runDue` (server/app.ts,
 * JOBS_POLL_SECONDS); tests call it with their own clock.
 */
export function createJobsService(deps: JobsDeps) {
  const { repo } = deps;
  const handlers = new Map<string, JobHandler>();

  async function runOne(job: JobRow, now: Date): Promise<boolean> {
    const handler = handlers.get(job.kind);
    try {
      if (!handler) throw new Error(`no handler for job kind ${job.kind}`);
      await handler(job.payload, { id: job.id, attempts: job.attempts, now });
      await repo.remove(job.id);
      return true;
    } catch (error) {
      const attempt = job.attempts + 1;
      const message = error instanceof Error ? error.message : String(error);
      if (attempt >= JOB_MAX_ATTEMPTS) {
        deps.log('job given up', { kind: job.kind, jobId: job.id, attempts: attempt, err: error });
        await repo.remove(job.id);
      } else {
        deps.log('job failed', { kind: job.kind, jobId: job.id, attempt, err: error });
        await repo.retryAt(job.id, new Date(now.getTime() + retryDelaySeconds(attempt) * 1000), message);
      }
      return false;
    }
  }

  return {
    repo,

    /** Registers the work of a kind (one handler a kind; services register theirs when built). */
    register(kind: string, handler: JobHandler): void {
      handlers.set(kind, handler);
    },

    /**
     * Queues a job, in the caller's transaction when given one (a change rolled back queues
     * nothing). With a key, a job of the same kind and key already waiting is kept instead.
     */
    async enqueue(kind: string, payload: Record<string, unknown>, options: { runAt?: Date; key?: string } = {}, tx?: Db): Promise<boolean> {
      return repo.insert(kind, payload, options.runAt ?? new Date(), options.key ?? null, tx);
    },

    /**
     * Queues the next run of an hourly job at the start of the hour after `now`, keyed by that hour:
     * every process asks at start and each run asks for the next, and one job an hour runs across them.
     */
    async enqueueHourly(kind: string, now: Date): Promise<boolean> {
      const runAt = new Date(Math.floor(now.getTime() / HOUR_MS) * HOUR_MS + HOUR_MS);
      return repo.insert(kind, {}, runAt, runAt.toISOString());
    },

    /** Queues several jobs at once (one statement), each as `enqueue` would. */
    async enqueueMany(items: { kind: string; payload: Record<string, unknown>; runAt?: Date; key?: string }[], tx?: Db): Promise<void> {
      const at = new Date();
      await repo.insertMany(
        items.map((item) => ({ kind: item.kind, payload: item.payload, runAt: item.runAt ?? at, key: item.key ?? null })),
        tx,
      );
    },

    /** Claims and runs the jobs due at `now`, batch after batch until none is due (at most `maxBatches`); the count of jobs done. */
    async runDue(now: Date = new Date(), maxBatches = 10): Promise<number> {
      let done = 0;
      for (let batch = 0; batch < maxBatches; batch++) {
        const claimed = await repo.claim(now, JOB_BATCH, JOB_LEASE_SECONDS);
        // Jobs a handler queued for now (the mail of a match) run in the same pass.
        if (!claimed.length) break;
        for (const job of claimed) if (await runOne(job, now)) done += 1;
      }
      return done;
    },
  };
}

export type JobsService = ReturnType<typeof createJobsService>;
