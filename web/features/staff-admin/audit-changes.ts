/** One field an audited action changed: a plain value, or a list with what was added and taken away. */
export type AuditChange =
  | { field: string; kind: 'value'; before: string | null; after: string | null }
  | { field: string; kind: 'list'; added: string[]; removed: string[] };

export interface AuditChanges {
  changes: AuditChange[];
  /** Everything else the entry recorded ("moved_users: 3", "second_factor: code"). */
  details: { key: string; value: string; raw: unknown }[];
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** A recorded value as text: lists joined, nothing as null (shown as a dash). */
export function auditValue(value: unknown): string | null {
  if (value === null || value === undefined || value === '') return null;
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (Array.isArray(value)) return value.map((item) => auditValue(item) ?? '—').join(', ');
  return JSON.stringify(value);
}

function change(field: string, before: unknown, after: unknown, always: boolean): AuditChange | null {
  // A list on one side and nothing on the other (a creation or a deletion) is a list all added or all taken away.
  const listed = (Array.isArray(before) || Array.isArray(after)) && [before, after].every((side) => Array.isArray(side) || side == null);
  if (listed) {
    const was = ((before ?? []) as unknown[]).map((item) => auditValue(item) ?? '—');
    const now = ((after ?? []) as unknown[]).map((item) => auditValue(item) ?? '—');
    const added = now.filter((item) => !was.includes(item));
    const removed = was.filter((item) => !now.includes(item));
    return added.length || removed.length ? { field, kind: 'list', added, removed } : null;
  }
  const [b, a] = [auditValue(before), auditValue(after)];
  return b !== a || always ? { field, kind: 'value', before: b, after: a } : null;
}

/**
 * What an audit entry's data says changed, field by field: `before` and `after` snapshots give
 * only the fields that differ (all of them when the thing was created or deleted), a status move
 * (`from`, `to`) is a change of `status`, and the rest are details.
 */
export function auditChanges(data: Record<string, unknown> | null): AuditChanges {
  if (!data) return { changes: [], details: [] };
  const changes: AuditChange[] = [];
  const before = isRecord(data.before) ? data.before : undefined;
  const after = isRecord(data.after) ? data.after : undefined;
  if (before || after) {
    // A creation or a deletion has one side only: every field it names is news.
    const oneSided = !before || !after;
    const fields = [...new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})])];
    for (const field of fields) {
      const item = change(field, before?.[field], after?.[field], oneSided);
      if (item) changes.push(item);
    }
  }
  const statusMove = 'from' in data && 'to' in data;
  if (statusMove) {
    const item = change('status', data.from, data.to, true);
    if (item) changes.push(item);
  }
  const details = Object.entries(data)
    .filter(([key]) => !(key === 'before' && before) && !(key === 'after' && after) && !(statusMove && (key === 'from' || key === 'to')))
    .map(([key, value]) => ({ key, value: auditValue(value) ?? '—', raw: value }));
  return { changes, details };
}
