import { and, eq, inArray } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { pushSubscriptions } from '../../db/schema/notifications.ts';

export type PushSubscriptionRow = typeof pushSubscriptions.$inferSelect;

export interface PushSubscriptionValues {
  endpoint: string;
  p256dh: string;
  auth: string;
  userAgent: string | null;
}

export function createPushRepo(db: Database) {
  return {
    /**
     * One row per endpoint (a browser profile on a device): subscribing again replaces its keys
     * and owner, since the endpoint belongs to whoever is signed in on that browser now.
     */
    async upsert(userId: number, values: PushSubscriptionValues): Promise<PushSubscriptionRow> {
      const [row] = await db
        .insert(pushSubscriptions)
        .values({ userId, ...values })
        .onConflictDoUpdate({
          target: pushSubscriptions.endpoint,
          set: { userId, p256dh: values.p256dh, auth: values.auth, userAgent: values.userAgent },
        })
        .returning();
      return row!;
    },

    /** Removes the person's own subscription at this endpoint; answers whether there was one. */
    async removeOwn(userId: number, endpoint: string): Promise<boolean> {
      const rows = await db
        .delete(pushSubscriptions)
        .where(and(eq(pushSubscriptions.userId, userId), eq(pushSubscriptions.endpoint, endpoint)))
        .returning({ id: pushSubscriptions.id });
      return rows.length > 0;
    },

    /** The push service said the subscription is gone (404/410). */
    async remove(id: number): Promise<void> {
      await db.delete(pushSubscriptions).where(eq(pushSubscriptions.id, id));
    },

    async listFor(userId: number): Promise<PushSubscriptionRow[]> {
      return db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, userId)).orderBy(pushSubscriptions.id);
    },

    async hasAny(userId: number): Promise<boolean> {
      const [row] = await db
        .select({ id: pushSubscriptions.id })
        .from(pushSubscriptions)
        .where(eq(pushSubscriptions.userId, userId))
        .limit(1);
      return row !== undefined;
    },

    async markUsed(ids: number[], at: Date): Promise<void> {
      if (ids.length === 0) return;
      await db.update(pushSubscriptions).set({ lastUsedAt: at }).where(inArray(pushSubscriptions.id, ids));
    },
  };
}

export type PushRepo = ReturnType<typeof createPushRepo>;
