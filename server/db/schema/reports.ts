import { index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { REPORT_REASONS } from '../../../common/chat.ts';
import { users } from './users.ts';

export const REPORT_SUBJECTS = ['chat_room', 'product', 'user'] as const;
export const REPORT_STATUSES = ['open', 'resolved'] as const;

/**
 * What people report to staff: a conversation today, ads and accounts next (the staff issue
 * shows and resolves them). The subject is named by its kind and id; the row stays when the
 * subject is deleted, as the record of what was reported.
 */
export const reports = pgTable(
  'reports',
  {
    id: serial('id').primaryKey(),
    subjectType: text('subject_type', { enum: REPORT_SUBJECTS }).notNull(),
    subjectId: integer('subject_id').notNull(),
    /** Null for a visitor, or once the reporter's account is deleted. */
    reporterId: integer('reporter_id').references(() => users.id, { onDelete: 'set null' }),
    reason: text('reason', { enum: REPORT_REASONS }).notNull(),
    details: text('details'),
    status: text('status', { enum: REPORT_STATUSES }).notNull().default('open'),
    resolvedBy: integer('resolved_by').references(() => users.id, { onDelete: 'set null' }),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
    resolution: text('resolution'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('reports_status_created_idx').on(t.status, t.createdAt), index('reports_subject_idx').on(t.subjectType, t.subjectId)],
);
