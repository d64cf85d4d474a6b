import fs from 'node:fs/promises';
import path from 'node:path';
import { RETENTION_DAYS } from '../../../common/privacy.ts';
import type { Storage } from '../../platform/storage.ts';
import type { JobsService } from '../jobs/jobs.service.ts';
import type { PrivacyRepo } from './privacy.repo.ts';
import { CHANGES_KEPT_MS } from '../listing-index/listing-index.ts';

export const RETENTION_JOBS = {
  /** Once a day: queues the four below for that day and the next day's run. */
  daily: 'retention-daily',
  mailAndLogs: 'retention-mail-and-logs',
  sessions: 'retention-sessions',
  messages: 'retention-messages',
  exports: 'retention-exports',
  listingChanges: 'retention-listing-changes',
} as const;
type RetentionTask = Exclude<keyof typeof RETENTION_JOBS, 'daily'>;

const DAY_MS = 86_400_000;
const BATCH = 500;
/** The hour (UTC) the daily run falls at: a quiet time in Finland (05:00 or 06:00 local). */
const RUN_HOUR_UTC = 3;

export interface RetentionDeps {
  repo: PrivacyRepo;
  jobs: JobsService;
  storage: Storage;
  /** The folders whose old files go: DATA_DIR/mail (the embedded mailer's .eml files) and DATA_DIR/logs. */
  folders: { mail: string; logs: string };
  log: (message: string, detail: Record<string, unknown>) => void;
  /** Forgets the ads' change rows older than this (listing-index/); each process has read them long since. */
  pruneListingChanges?: (before: Date) => Promise<number>;
}

/**
 * Retention (issue 27, part 3), documented in the privacy policy and the README: every day, through
 * the queue (once across processes, on the queue's clock), mail files and logs older than 30 days
 * are deleted, sessions that ended 90 days ago are removed, the messages of deleted accounts are
 * anonymised, exports whose link has ended are deleted, and the ads' change rows the listing's
 * index reads (a day's worth is kept) are pruned. Each task writes an audit entry
 * (actor none, entity `retention`) with what it removed; each is idempotent.
 */
export function createRetentionService(deps: RetentionDeps) {
  const { repo, jobs } = deps;

  /** Queues the next daily run after `now`, once across processes (its key is the day). */
  async function scheduleRetention(now: Date): Promise<void> {
    const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate(), RUN_HOUR_UTC);
    const runAt = new Date(today > now.getTime() ? today : today + DAY_MS);
    await jobs.enqueue(RETENTION_JOBS.daily, {}, { runAt, key: runAt.toISOString().slice(0, 10) });
  }

  async function audit(task: RetentionTask, data: Record<string, unknown>, now: Date) {
    await repo.audit({
      actorId: null,
      action: `retention_${task}`,
      entity: 'retention',
      entityId: RETENTION_JOBS[task],
      data,
      createdAt: now,
    });
  }

  async function removeOldFiles(folder: string, before: Date): Promise<number> {
    let names: string[];
    try {
      names = await fs.readdir(folder);
    } catch {
      return 0;
    }
    let removed = 0;
    for (const name of names) {
      const file = path.join(folder, name);
      const stat = await fs.stat(file).catch(() => undefined);
      if (!stat?.isFile() || stat.mtime >= before) continue;
      await fs.rm(file, { force: true });
      removed += 1;
    }
    return removed;
  }

  const tasks: Record<RetentionTask, (now: Date) => Promise<Record<string, number>>> = {
    async mailAndLogs(now) {
      const before = new Date(now.getTime() - RETENTION_DAYS.mailAndLogs * DAY_MS);
      return { mail_files: await removeOldFiles(deps.folders.mail, before), log_files: await removeOldFiles(deps.folders.logs, before) };
    },
    async sessions(now) {
      return { sessions: await repo.deleteEndedSessions(new Date(now.getTime() - RETENTION_DAYS.endedSessions * DAY_MS)) };
    },
    async messages() {
      let messages = 0;
      let pictures = 0;
      for (;;) {
        const batch = await repo.messagesOfDeletedAccounts(BATCH);
        if (!batch.length) break;
        // The pictures go first: a failure throws before any text is changed, and the job is retried.
        const keys = batch.flatMap((m) => (m.pictureKey ? [m.pictureKey] : []));
        await Promise.all(keys.map((key) => deps.storage.delete(key)));
        await repo.anonymiseMessages(batch.map((m) => m.id));
        messages += batch.length;
        pictures += keys.length;
        if (batch.length < BATCH) break;
      }
      return { messages, pictures };
    },
    async exports(now) {
      let exports = 0;
      for (;;) {
        const batch = await repo.expiredExports(now, BATCH);
        for (const row of batch) {
          if (row.storageKey) await deps.storage.delete(row.storageKey);
          await repo.markDeleted(row.id, now);
        }
        exports += batch.length;
        if (batch.length < BATCH) break;
      }
      return { exports };
    },
    async listingChanges(now) {
      return { listing_changes: (await deps.pruneListingChanges?.(new Date(now.getTime() - CHANGES_KEPT_MS))) ?? 0 };
    },
  };

  /** Runs one task at `now` and audits what it removed. */
  async function run(task: RetentionTask, now: Date): Promise<Record<string, number>> {
    const result = await tasks[task](now);
    await audit(task, result, now);
    return result;
  }

  const names = Object.keys(tasks) as RetentionTask[];
  jobs.register(RETENTION_JOBS.daily, async (_payload, job) => {
    await scheduleRetention(job.now);
    const day = job.now.toISOString().slice(0, 10);
    await jobs.enqueueMany(names.map((task) => ({ kind: RETENTION_JOBS[task], payload: {}, runAt: job.now, key: day })));
  });
  for (const task of names) jobs.register(RETENTION_JOBS[task], async (_payload, job) => void (await run(task, job.now)));

  return { scheduleRetention, run };
}

export type RetentionService = ReturnType<typeof createRetentionService>;
