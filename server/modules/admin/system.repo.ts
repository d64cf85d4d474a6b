import fs from 'node:fs/promises';
import path from 'node:path';
import { count, eq, isNotNull, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { chatMembers } from '../../db/schema/chat.ts';
import { products } from '../../db/schema/products.ts';
import { reports } from '../../db/schema/reports.ts';
import { migrationsDir } from '../../paths.ts';

/** What the system page reads from the database: its version, the applied migrations, queue lengths. */
export function createSystemRepo(db: Database) {
  return {
    async serverVersion(): Promise<string> {
      const result = (await db.execute(sql`select current_setting('server_version') as version`)) as unknown as {
        rows: { version: string }[];
      };
      return result.rows[0]?.version ?? 'unknown';
    },

    /** Drizzle's record of the migrations run, oldest first. */
    async migrations(): Promise<{ count: number; lastAppliedAt: Date | null }> {
      const result = (await db.execute(
        sql`select count(*)::int as n, max(created_at) as last from drizzle.__drizzle_migrations`,
      )) as unknown as { rows: { n: number; last: string | number | null }[] };
      const row = result.rows[0];
      return { count: row?.n ?? 0, lastAppliedAt: row?.last ? new Date(Number(row.last)) : null };
    },

    /**
     * Every migration the code ships, by name, with whether the database has run it. Drizzle keeps
     * no names, only each migration's stamp (`created_at`, the journal's `when`): the two are matched on it.
     */
    async migrationList(): Promise<{ name: string; applied: boolean }[]> {
      const journal = JSON.parse(await fs.readFile(path.join(migrationsDir, 'meta', '_journal.json'), 'utf8')) as {
        entries: { tag: string; when: number }[];
      };
      const result = (await db.execute(sql`select created_at from drizzle.__drizzle_migrations`)) as unknown as {
        rows: { created_at: string | number }[];
      };
      const applied = new Set(result.rows.map((row) => Number(row.created_at)));
      return journal.entries.map((entry) => ({ name: entry.tag, applied: applied.has(entry.when) }));
    },

    async queues() {
      const [[moderation], [openReports], [mailsDue]] = await Promise.all([
        db.select({ n: count() }).from(products).where(eq(products.status, 'moderate')),
        db.select({ n: count() }).from(reports).where(eq(reports.status, 'open')),
        db.select({ n: count() }).from(chatMembers).where(isNotNull(chatMembers.mailDueAt)),
      ]);
      return { ads_to_review: moderation?.n ?? 0, open_reports: openReports?.n ?? 0, unread_mails_pending: mailsDue?.n ?? 0 };
    },
  };
}

export type SystemRepo = ReturnType<typeof createSystemRepo>;
