import { sql } from 'drizzle-orm';
import { index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import {
  ALL_REPORT_REASONS,
  APPEAL_OUTCOMES,
  REPORT_ACTIONS,
  REPORT_STATUSES,
  REPORT_SUBJECTS,
  RESTRICTIONS,
  TERMS_RULES,
} from '../../../common/reports.ts';
import { LOCALES } from '../../../common/locales.ts';
import { AD_STATUSES } from '../../../common/ad-rules.ts';
import { products } from './products.ts';
import { users } from './users.ts';

export { REPORT_STATUSES, REPORT_SUBJECTS };

/**
 * What people tell staff: a report of an ad (also from visitors), of a conversation or an account,
 * or a contact-form message (subject `contact`, no subject id). The subject is named by its kind
 * and id; the row stays when the subject is deleted, as the record of what was reported.
 */
export const reports = pgTable(
  'reports',
  {
    id: serial('id').primaryKey(),
    subjectType: text('subject_type', { enum: REPORT_SUBJECTS }).notNull(),
    /** Null for a contact message. */
    subjectId: integer('subject_id'),
    /** Null for a visitor, or once the reporter's account is deleted. */
    reporterId: integer('reporter_id').references(() => users.id, { onDelete: 'set null' }),
    /** Where the receipt and the outcome go for a visitor (a member's own address is read at send time). */
    reporterEmail: text('reporter_email'),
    reporterName: text('reporter_name'),
    /** The reporter's language, for the mails. */
    locale: text('locale', { enum: LOCALES }).notNull().default('fi'),
    reason: text('reason', { enum: ALL_REPORT_REASONS }).notNull(),
    details: text('details'),
    status: text('status', { enum: REPORT_STATUSES }).notNull().default('open'),
    resolvedBy: integer('resolved_by').references(() => users.id, { onDelete: 'set null' }),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
    resolution: text('resolution', { enum: REPORT_ACTIONS }),
    /** Staff's note: the facts of a decision, or the answer to a contact message. */
    resolutionNote: text('resolution_note'),
    decisionId: integer('decision_id').references(() => decisions.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('reports_status_created_idx').on(t.status, t.createdAt),
    index('reports_subject_idx').on(t.subjectType, t.subjectId),
    // One open report per person and subject: a second one while the first waits changes nothing.
    uniqueIndex('reports_open_by_member_key')
      .on(t.subjectType, t.subjectId, t.reporterId)
      .where(sql`${t.status} = 'open' and ${t.reporterId} is not null and ${t.subjectId} is not null`),
    uniqueIndex('reports_open_by_address_key')
      .on(t.subjectType, t.subjectId, sql`lower(${t.reporterEmail})`)
      .where(sql`${t.status} = 'open' and ${t.reporterId} is null and ${t.subjectId} is not null`),
  ],
);

/**
 * A restriction staff imposed (an ad hidden, an account banned), with its statement of reasons as
 * the affected person received it, and their one appeal, decided by another staff member.
 */
export const decisions = pgTable(
  'decisions',
  {
    id: serial('id').primaryKey(),
    action: text('action', { enum: RESTRICTIONS }).notNull(),
    /** The ad hidden (null for a ban, or once the ad is deleted). */
    productId: integer('product_id'),
    /** The rating hidden (action hide_rating; null once it is deleted). */
    ratingId: integer('rating_id'),
    /** The person restricted: the seller of the ad, or the banned account. */
    userId: integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
    rule: text('rule', { enum: TERMS_RULES }).notNull(),
    facts: text('facts').notNull(),
    /** The ad's status before it was hidden, restored when an appeal reverses the decision. */
    previousStatus: text('previous_status'),
    decidedBy: integer('decided_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    appealText: text('appeal_text'),
    appealedAt: timestamp('appealed_at', { withTimezone: true }),
    appealOutcome: text('appeal_outcome', { enum: APPEAL_OUTCOMES }),
    appealNote: text('appeal_note'),
    appealDecidedBy: integer('appeal_decided_by').references(() => users.id, { onDelete: 'set null' }),
    appealDecidedAt: timestamp('appeal_decided_at', { withTimezone: true }),
  },
  (t) => [
    index('decisions_product_idx').on(t.productId),
    index('decisions_user_idx').on(t.userId),
    index('decisions_open_appeals_idx')
      .on(t.appealedAt)
      .where(sql`${t.appealedAt} is not null and ${t.appealOutcome} is null`),
  ],
);

/**
 * The ads a ban hid, each with the status it had: when the account is unblocked they return to it
 * (if still hidden). An ad is hidden by one ban at a time; the rows go once the ads are back.
 */
export const banHiddenAds = pgTable(
  'ban_hidden_ads',
  {
    productId: integer('product_id')
      .primaryKey()
      .references(() => products.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    decisionId: integer('decision_id').references(() => decisions.id, { onDelete: 'set null' }),
    previousStatus: text('previous_status', { enum: AD_STATUSES }).notNull(),
    hiddenAt: timestamp('hidden_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('ban_hidden_ads_user_idx').on(t.userId)],
);
