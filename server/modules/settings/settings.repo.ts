import { desc, eq, sql } from 'drizzle-orm';
import type { Database, Db, Transaction } from '../../db/client.ts';
import { appSettings } from '../../db/schema/settings.ts';
import { users } from '../../db/schema/users.ts';

export interface StoredSetting {
  key: string;
  value: unknown;
  updatedAt: Date;
  updatedBy: { id: number; name: string } | null;
}

/** The app_settings rows: read whole (they are few), written one key at a time. */
export function createSettingsRepo(db: Database) {
  return {
    transaction: <T>(work: (tx: Transaction) => Promise<T>): Promise<T> => db.transaction(work),

    /** Every stored setting, the most recently changed first. */
    async all(tx: Db = db): Promise<StoredSetting[]> {
      const rows = await tx
        .select({
          key: appSettings.key,
          value: appSettings.value,
          updatedAt: appSettings.updatedAt,
          userId: users.id,
          userName: users.name,
        })
        .from(appSettings)
        .leftJoin(users, eq(users.id, appSettings.updatedBy))
        .orderBy(desc(appSettings.updatedAt));
      return rows.map((row) => ({
        key: row.key,
        value: row.value,
        updatedAt: row.updatedAt,
        updatedBy: row.userId === null ? null : { id: row.userId, name: row.userName ?? '' },
      }));
    },

    /**
     * Takes the settings' lock for the rest of the transaction: two staff members saving at once
     * are written one after the other, so each audit entry's "before" is what the other left.
     */
    async lock(tx: Transaction): Promise<void> {
      await tx.execute(sql`lock table ${appSettings} in exclusive mode`);
    },

    async put(key: string, value: unknown, userId: number, tx: Db = db): Promise<void> {
      const now = new Date();
      await tx
        .insert(appSettings)
        .values({ key, value, updatedBy: userId, updatedAt: now })
        .onConflictDoUpdate({ target: appSettings.key, set: { value, updatedBy: userId, updatedAt: now } });
    },
  };
}

export type SettingsRepo = ReturnType<typeof createSettingsRepo>;
