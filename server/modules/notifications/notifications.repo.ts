import { and, desc, eq, inArray, isNull, lt, sql } from 'drizzle-orm';
import type { Database, Db } from '../../db/client.ts';
import { notifications } from '../../db/schema/notifications.ts';
import { savedSearches } from '../../db/schema/saved-searches.ts';

export type NotificationRow = typeof notifications.$inferSelect;
/** A row of the list, with the query of the saved search it names (null when none, or deleted). */
export type NotificationListRow = NotificationRow & { searchQuery: Record<string, unknown> | null };

/** The notification centre's rows: one person's list, their unread count, and marking read. */
export function createNotificationsRepo(db: Database) {
  return {
    async insert(values: { userId: number; kind: string; data: Record<string, unknown> }, tx: Db = db): Promise<NotificationRow> {
      const [row] = await tx.insert(notifications).values(values).returning();
      return row!;
    },

    /**
     * A page of the person's notifications, newest first (the id orders them: it grows with
     * time and never ties). `before` continues after the last one shown; otherwise `offset`.
     * One row more than asked tells whether there is a next page.
     */
    async list(userId: number, options: { limit: number; offset: number; before?: number | undefined }): Promise<NotificationListRow[]> {
      const rows = await db
        .select({ notification: notifications, searchQuery: savedSearches.query })
        .from(notifications)
        .leftJoin(
          savedSearches,
          and(
            eq(notifications.kind, 'saved_search'),
            eq(savedSearches.userId, notifications.userId),
            sql`${savedSearches.id} = (${notifications.data}->>'search_id')::int`,
          ),
        )
        .where(and(eq(notifications.userId, userId), options.before === undefined ? undefined : lt(notifications.id, options.before)))
        .orderBy(desc(notifications.id))
        .limit(options.limit)
        .offset(options.before === undefined ? options.offset : 0);
      return rows.map((row) => ({ ...row.notification, searchQuery: row.searchQuery }));
    },

    async count(userId: number): Promise<number> {
      const [row] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(notifications)
        .where(eq(notifications.userId, userId));
      return row?.n ?? 0;
    },

    /** Unread ones, counted up to `cap` + 1 at most (the partial index answers it; the badge shows "99+"). */
    async unreadCount(userId: number, cap: number, tx: Db = db): Promise<number> {
      const capped = tx
        .select({ id: notifications.id })
        .from(notifications)
        .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)))
        .limit(cap + 1)
        .as('capped');
      const [row] = await tx.select({ n: sql<number>`count(*)::int` }).from(capped);
      return row?.n ?? 0;
    },

    /** Marks these of the person's notifications read (others' ids match nothing); answers how many changed. */
    async markRead(userId: number, ids: number[] | 'all', at: Date): Promise<number> {
      const rows = await db
        .update(notifications)
        .set({ readAt: at })
        .where(
          and(eq(notifications.userId, userId), isNull(notifications.readAt), ids === 'all' ? undefined : inArray(notifications.id, ids)),
        )
        .returning({ id: notifications.id });
      return rows.length;
    },
  };
}

export type NotificationsRepo = ReturnType<typeof createNotificationsRepo>;
