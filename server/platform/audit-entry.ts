import type { CurrentUser, RequestMeta } from './current-user.ts';

/**
 * An audit-log entry of a signed-in person's change: who (and who they act as, when an admin is
 * impersonating), what, on which subject, from where. Every service that writes the log builds its
 * entries here, so a new column (or a rename) is one change.
 */
export function auditEntry(
  current: CurrentUser,
  meta: RequestMeta,
  action: string,
  entity: string,
  id: number | string | null,
  data: Record<string, unknown>,
) {
  return {
    actorId: current.id,
    impersonatorId: current.session.impersonatorId,
    action,
    entity,
    entityId: id === null ? null : String(id),
    data,
    ip: meta.ip,
  };
}
