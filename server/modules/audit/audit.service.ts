import type { Static } from 'typebox';
import { can } from '../../../common/access.ts';
import { AppError } from '../../../common/errors.ts';
import { hasControlCharacter } from '../../../common/text.ts';
import type { CurrentUser } from '../../platform/current-user.ts';
import type { AuditRepo } from './audit.repo.ts';
import type { AuditQueryBody } from './audit.schemas.ts';

const positiveId = (value: unknown): number | null => {
  const id = typeof value === 'string' ? Number(value) : value;
  return typeof id === 'number' && Number.isSafeInteger(id) && id > 0 ? id : null;
};

/** The ads an entry is about or names: its target, a report's subject, an appeal's or a decision's `product`. */
export function adsMentioned(entry: { entity: string; entityId: string | null; data: Record<string, unknown> | null }): number[] {
  const data = entry.data ?? {};
  const subject = data.subject as { type?: unknown; id?: unknown } | null | undefined;
  const ids = [
    entry.entity === 'product' ? positiveId(entry.entityId) : null,
    subject && typeof subject === 'object' && subject.type === 'product' ? positiveId(subject.id) : null,
    positiveId(data.product),
  ];
  return [...new Set(ids.filter((id): id is number => id !== null))];
}

/** The audit log for staff with `audit.read`, newest first, with filters; read-only by design. */
export function createAuditService(deps: { repo: AuditRepo }) {
  return {
    async page(current: CurrentUser, query: Static<typeof AuditQueryBody>) {
      if (!can(current, 'audit.read')) throw new AppError('forbidden');
      const perPage = query.per_page ?? 50;
      const page = query.page ?? 1;
      const from = query.from ? new Date(query.from) : undefined;
      const to = query.to ? new Date(query.to) : undefined;
      if (from && to && from >= to) throw AppError.field('to', 'audit.range');
      const actor = query.actor?.trim().replace(/\s+/g, ' ');
      if (actor !== undefined && hasControlCharacter(actor)) throw AppError.field('actor', 'validation.control_characters');
      const { rows, total } = await deps.repo.page(
        {
          actorId: query.actor_id,
          actor: actor || undefined,
          action: query.action,
          entity: query.entity,
          entityId: query.entity_id,
          from,
          to,
        },
        perPage,
        (page - 1) * perPage,
      );
      const mentioned = new Map(rows.map(({ entry }) => [entry.id, adsMentioned(entry)]));
      const ads = await deps.repo.adsByIds([...new Set([...mentioned.values()].flat())]);
      return {
        data: rows.map(({ entry, actorName, actorEmail, impersonatorName, impersonatorEmail }) => ({
          id: entry.id,
          actor: entry.actorId !== null && actorName !== null ? { id: entry.actorId, name: actorName, email: actorEmail! } : null,
          impersonator:
            entry.impersonatorId !== null && impersonatorName !== null
              ? { id: entry.impersonatorId, name: impersonatorName, email: impersonatorEmail! }
              : null,
          action: entry.action,
          entity: entry.entity,
          entity_id: entry.entityId,
          data: entry.data ?? null,
          ip: entry.ip,
          created_at: entry.createdAt.toISOString(),
          ads: ads.filter((ad) => mentioned.get(entry.id)!.includes(ad.id)),
        })),
        meta: { current_page: page, last_page: Math.max(1, Math.ceil(total / perPage)), per_page: perPage, total },
      };
    },
  };
}

export type AuditService = ReturnType<typeof createAuditService>;
