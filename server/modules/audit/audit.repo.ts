import { and, count, desc, eq, gte, ilike, inArray, lt, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Database } from '../../db/client.ts';
import { auditLog } from '../../db/schema/auth.ts';
import { products } from '../../db/schema/products.ts';
import { users } from '../../db/schema/users.ts';

export interface AuditFilter {
  actorId?: number | undefined;
  /** Part of the actor's name ("first last") or e-mail address, any case. */
  actor?: string | undefined;
  action?: string | undefined;
  entity?: string | undefined;
  entityId?: string | undefined;
  from?: Date | undefined;
  to?: Date | undefined;
}

const actor = alias(users, 'actor');

/** A LIKE pattern that finds `text` anywhere, its own % _ and \\ taken literally. */
const containing = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
const impersonator = alias(users, 'impersonator');

/** Reads the audit log; nothing here (or anywhere in the app) changes or deletes its rows. */
export function createAuditRepo(db: Database) {
  return {
    async page(filter: AuditFilter, limit: number, offset: number) {
      const conditions: (SQL | undefined)[] = [
        filter.actorId === undefined ? undefined : eq(auditLog.actorId, filter.actorId),
        filter.actor === undefined
          ? undefined
          : or(
              ilike(actor.email, containing(filter.actor)),
              ilike(sql`${actor.name} || ' ' || coalesce(${actor.surname}, '')`, containing(filter.actor)),
            ),
        filter.action === undefined ? undefined : eq(auditLog.action, filter.action),
        filter.entity === undefined ? undefined : eq(auditLog.entity, filter.entity),
        filter.entityId === undefined ? undefined : eq(auditLog.entityId, filter.entityId),
        filter.from === undefined ? undefined : gte(auditLog.createdAt, filter.from),
        filter.to === undefined ? undefined : lt(auditLog.createdAt, filter.to),
      ];
      const where = and(...conditions);
      const [rows, [total]] = await Promise.all([
        db
          .select({
            entry: auditLog,
            actorName: actor.name,
            actorEmail: actor.email,
            impersonatorName: impersonator.name,
            impersonatorEmail: impersonator.email,
          })
          .from(auditLog)
          .leftJoin(actor, eq(actor.id, auditLog.actorId))
          .leftJoin(impersonator, eq(impersonator.id, auditLog.impersonatorId))
          .where(where)
          .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
          .limit(limit)
          .offset(offset),
        db.select({ n: count() }).from(auditLog).leftJoin(actor, eq(actor.id, auditLog.actorId)).where(where),
      ]);
      return { rows, total: total?.n ?? 0 };
    },

    /** The ads entries mention, for links to them (an ad deleted since is simply not found). */
    async adsByIds(ids: readonly number[]) {
      if (ids.length === 0) return [];
      return db
        .select({ id: products.id, uuid: products.uuid, name: products.name })
        .from(products)
        .where(inArray(products.id, [...ids]));
    },
  };
}

export type AuditRepo = ReturnType<typeof createAuditRepo>;
