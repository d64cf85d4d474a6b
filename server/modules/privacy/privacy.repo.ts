import { and, desc, eq, gt, inArray, isNotNull, isNull, lt, ne, or, sql } from 'drizzle-orm';
import { REMOVED_MESSAGE_BODY } from '../../../common/chat.ts';
import type { ConsentChoice } from '../../../common/privacy.ts';
import type { Database, Db, Transaction } from '../../db/client.ts';
import { auditLog, sessions } from '../../db/schema/auth.ts';
import { chatMessages } from '../../db/schema/chat.ts';
import { infoPages } from '../../db/schema/info-pages.ts';
import { privacyConsents, privacyExports } from '../../db/schema/privacy.ts';
import { users } from '../../db/schema/users.ts';

export type ExportRow = typeof privacyExports.$inferSelect;
export type ConsentRow = typeof privacyConsents.$inferSelect;

/** The requests of "download my data", the consent records and the retention jobs' deletions. */
export function createPrivacyRepo(db: Database) {
  return {
    transaction: <T>(work: (tx: Transaction) => Promise<T>): Promise<T> => db.transaction(work),

    /** Holds the person's row until the transaction ends: two export requests at once run one after the other. */
    async lockUser(userId: number, tx: Db): Promise<void> {
      await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
    },

    async latestExport(userId: number, tx: Db = db): Promise<ExportRow | undefined> {
      const [row] = await tx
        .select()
        .from(privacyExports)
        .where(eq(privacyExports.userId, userId))
        .orderBy(desc(privacyExports.createdAt), desc(privacyExports.id))
        .limit(1);
      return row;
    },

    async insertExport(values: typeof privacyExports.$inferInsert, tx: Db = db): Promise<ExportRow> {
      const [row] = await tx.insert(privacyExports).values(values).returning();
      return row!;
    },

    async findExport(id: number): Promise<ExportRow | undefined> {
      const [row] = await db.select().from(privacyExports).where(eq(privacyExports.id, id));
      return row;
    },

    async findExportByUuid(uuid: string): Promise<ExportRow | undefined> {
      const [row] = await db.select().from(privacyExports).where(eq(privacyExports.uuid, uuid));
      return row;
    },

    async markReady(id: number, values: { storageKey: string; sizeBytes: number; readyAt: Date; expiresAt: Date }): Promise<void> {
      await db
        .update(privacyExports)
        .set({ status: 'ready', ...values })
        .where(and(eq(privacyExports.id, id), eq(privacyExports.status, 'pending')));
    },

    async markFailed(id: number): Promise<void> {
      await db.update(privacyExports).set({ status: 'failed' }).where(eq(privacyExports.id, id));
    },

    async markDownloaded(id: number, at: Date): Promise<void> {
      await db
        .update(privacyExports)
        .set({ downloadedAt: at })
        .where(and(eq(privacyExports.id, id), isNull(privacyExports.downloadedAt)));
    },

    /** Exports with a file still stored whose link has ended, or whose account is deleted. */
    async expiredExports(now: Date, limit: number): Promise<Pick<ExportRow, 'id' | 'storageKey'>[]> {
      return db
        .select({ id: privacyExports.id, storageKey: privacyExports.storageKey })
        .from(privacyExports)
        .where(and(isNotNull(privacyExports.storageKey), or(lt(privacyExports.expiresAt, now), isNull(privacyExports.userId))))
        .limit(limit);
    },

    async markDeleted(id: number, at: Date): Promise<void> {
      await db.update(privacyExports).set({ status: 'deleted', storageKey: null, deletedAt: at }).where(eq(privacyExports.id, id));
    },

    async insertConsent(values: { userId: number; choice: ConsentChoice; policyVersion: string; createdAt: Date }): Promise<ConsentRow> {
      const [row] = await db.insert(privacyConsents).values(values).returning();
      return row!;
    },

    async consentsOf(userId: number, limit = 50): Promise<ConsentRow[]> {
      return db
        .select()
        .from(privacyConsents)
        .where(eq(privacyConsents.userId, userId))
        .orderBy(desc(privacyConsents.createdAt), desc(privacyConsents.id))
        .limit(limit);
    },

    /** The privacy policy's version: the time its Finnish text (the binding one) was last saved. */
    async policyUpdatedAt(): Promise<Date | undefined> {
      const [row] = await db
        .select({ updatedAt: infoPages.updatedAt })
        .from(infoPages)
        .where(and(eq(infoPages.slug, 'privacy-policy'), eq(infoPages.locale, 'fi')));
      return row?.updatedAt;
    },

    /** Sessions whose end lies before `before`: gone for good (they cannot be used anyway). */
    async deleteEndedSessions(before: Date): Promise<number> {
      const rows = await db.delete(sessions).where(lt(sessions.expiresAt, before)).returning({ id: sessions.id });
      return rows.length;
    },

    /**
     * Messages whose sender's account is deleted (sender null) that still carry text or a picture:
     * a batch of them with their picture keys, for the anonymising job.
     */
    async messagesOfDeletedAccounts(limit: number): Promise<{ id: number; pictureKey: string | null }[]> {
      return db
        .select({ id: chatMessages.id, pictureKey: chatMessages.pictureKey })
        .from(chatMessages)
        .where(and(isNull(chatMessages.senderId), or(ne(chatMessages.body, ANONYMISED_BODY), isNotNull(chatMessages.pictureKey))))
        .orderBy(chatMessages.id)
        .limit(limit);
    },

    /** Replaces the text (the marker, shown as "message removed") and drops the picture and the scam guard's findings. */
    async anonymiseMessages(ids: number[]): Promise<void> {
      if (!ids.length) return;
      await db
        .update(chatMessages)
        .set({ body: ANONYMISED_BODY, pictureKey: null, pictureWidth: null, pictureHeight: null, safety: null })
        .where(and(inArray(chatMessages.id, ids), isNull(chatMessages.senderId)));
    },

    audit: async (entry: typeof auditLog.$inferInsert) => {
      await db.insert(auditLog).values(entry);
    },

    /** Exports asked for since `since` (the one-a-day rule reads the latest only; this is for tests and staff). */
    async exportsSince(userId: number, since: Date): Promise<number> {
      const [row] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(privacyExports)
        .where(and(eq(privacyExports.userId, userId), gt(privacyExports.createdAt, since)));
      return row?.n ?? 0;
    },
  };
}

/** What an anonymised message's text becomes (the API marks it removed). */
export const ANONYMISED_BODY = REMOVED_MESSAGE_BODY;

export type PrivacyRepo = ReturnType<typeof createPrivacyRepo>;
