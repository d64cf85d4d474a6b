import type { Database, Db } from '../db/client.ts';
import { auditLog } from '../db/schema/auth.ts';

/** One row of the staff-readable audit log (build a person's change with `auditEntry`). */
export type AuditRecord = typeof auditLog.$inferInsert;

/** Writes an entry, in the caller's transaction when given one (a change rolled back leaves none). */
export type AuditWriter = (entry: AuditRecord, tx?: Db) => Promise<void>;

/** The one writer of the audit log; every service that records a change is handed it. */
export function createAuditWriter(db: Database): AuditWriter {
  return async (entry, tx = db) => {
    await tx.insert(auditLog).values(entry);
  };
}
