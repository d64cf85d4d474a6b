import { bigint, index, integer, pgTable, serial, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { CONSENT_CHOICES, EXPORT_STATUSES } from '../../../common/privacy.ts';
import { users } from './users.ts';

/**
 * "Download my data" (GDPR Art. 15 and 20): one row per request. The ZIP is built by a job, kept in
 * storage under `storage_key` until `expires_at`, and downloadable only in the session that asked
 * for it (`session_id`, the hash the sessions table uses). The row stays as the record of the request.
 */
export const privacyExports = pgTable(
  'privacy_exports',
  {
    id: serial('id').primaryKey(),
    uuid: uuid('uuid').notNull().unique().defaultRandom(),
    /** Null once the account is deleted: the row stays until the retention job has deleted the file. */
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    sessionId: text('session_id').notNull(),
    locale: text('locale').notNull(),
    status: text('status', { enum: EXPORT_STATUSES }).notNull().default('pending'),
    storageKey: text('storage_key'),
    sizeBytes: bigint('size_bytes', { mode: 'number' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    readyAt: timestamp('ready_at', { withTimezone: true }),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    downloadedAt: timestamp('downloaded_at', { withTimezone: true }),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (t) => [index('privacy_exports_user_idx').on(t.userId, t.createdAt), index('privacy_exports_expires_idx').on(t.expiresAt)],
);

/** Every cookie-consent answer a signed-in person gave: when, what, under which privacy-policy version. */
export const privacyConsents = pgTable(
  'privacy_consents',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    choice: text('choice', { enum: CONSENT_CHOICES }).notNull(),
    policyVersion: text('policy_version').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('privacy_consents_user_idx').on(t.userId, t.createdAt)],
);
