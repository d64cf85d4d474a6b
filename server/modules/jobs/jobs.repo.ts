import { and, asc, eq, inArray, lte, sql } from 'drizzle-orm';
import type { Database, Db } from '../../db/client.ts';
import { jobs } from '../../db/schema/notifications.ts';

export type JobRow = typeof jobs.$inferSelect;

export function createJobsRepo(db: Database) {
  return {
    /** Queues a job; with a key, a job of the same kind and key already waiting wins (nothing is added). True when added. */
    async insert(kind: string, payload: Record<string, unknown>, runAt: Date, key: string | null, tx: Db = db): Promise<boolean> {
      const rows = await tx
        .insert(jobs)
        .values({ kind, payload, runAt, key })
        .onConflictDoNothing({ target: [jobs.kind, jobs.key] })
        .returning({ id: jobs.id });
      return rows.length > 0;
    },

    /** Queues several jobs in one statement, each as `insert` would (a waiting job of the same kind and key wins). */
    async insertMany(
      rows: { kind: string; payload: Record<string, unknown>; runAt: Date; key: string | null }[],
      tx: Db = db,
    ): Promise<void> {
      if (rows.length)
        await tx
          .insert(jobs)
          .values(rows)
          .onConflictDoNothing({ target: [jobs.kind, jobs.key] });
    },

    /**
     * Claims up to `limit` due jobs for this process: rows another process holds are skipped
     * (SKIP LOCKED), and each claimed job's run_at moves `leaseSeconds` ahead, so a process that
     * dies mid-job leaves it to be claimed again after the lease.
     */
    async claim(now: Date, limit: number, leaseSeconds: number): Promise<JobRow[]> {
      const due = db
        .select({ id: jobs.id })
        .from(jobs)
        .where(lte(jobs.runAt, now))
        .orderBy(asc(jobs.runAt), asc(jobs.id))
        .limit(limit)
        .for('update', { skipLocked: true });
      return db
        .update(jobs)
        .set({ runAt: new Date(now.getTime() + leaseSeconds * 1000) })
        .where(inArray(jobs.id, due))
        .returning();
    },

    async remove(id: number): Promise<void> {
      await db.delete(jobs).where(eq(jobs.id, id));
    },

    /** A failed attempt: counted, its error kept, tried again at `runAt`. */
    async retryAt(id: number, runAt: Date, error: string): Promise<void> {
      await db
        .update(jobs)
        .set({ runAt, attempts: sql`${jobs.attempts} + 1`, lastError: error.slice(0, 2000) })
        .where(eq(jobs.id, id));
    },

    /** The jobs of a kind (tests and the admin's curiosity). */
    async list(kind?: string): Promise<JobRow[]> {
      return db
        .select()
        .from(jobs)
        .where(kind ? and(eq(jobs.kind, kind)) : undefined)
        .orderBy(asc(jobs.id));
    },
  };
}

export type JobsRepo = ReturnType<typeof createJobsRepo>;
