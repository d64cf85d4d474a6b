import { TIME_ZONE } from '../../../common/locales';

/** The audit log's filters as the form holds them (the page's query string). */
export interface AuditFilterValues {
  /** Who: an account number, or part of a name or e-mail address. */
  actor: string;
  action: string;
  entity: string;
  entity_id: string;
  from: string;
  to: string;
}

/** What the service is asked (POST /api/admin/audit-log's body). */
export interface AuditQuery {
  page: number;
  per_page: number;
  actor_id?: number;
  actor?: string;
  action?: string;
  entity?: string;
  entity_id?: string;
  from?: string;
  to?: string;
}

export const AUDIT_PAGE_SIZE = 25;
const FIELDS = ['actor', 'action', 'entity', 'entity_id', 'from', 'to'] as const;
const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;
const offsetFormat = new Intl.DateTimeFormat('en-US', { timeZone: TIME_ZONE, timeZoneName: 'longOffset' });

/** Midnight at the start of a calendar day in Finnish time ("2026-11-24" → 2026-11-23T22:00:00Z), or null for no such day. */
export function finnishMidnight(day: string): Date | null {
  const match = DAY.exec(day);
  if (!match) return null;
  const [, y, m, d] = match.map(Number) as [number, number, number, number];
  const utc = Date.UTC(y, m - 1, d);
  const check = new Date(utc);
  if (check.getUTCFullYear() !== y || check.getUTCMonth() !== m - 1 || check.getUTCDate() !== d) return null;
  // Finland changes clocks at 03:00/04:00, never at midnight: the offset at UTC midnight is the offset at local midnight.
  const name = offsetFormat.formatToParts(check).find((part) => part.type === 'timeZoneName')?.value ?? 'GMT';
  const offset = /GMT([+-])(\d{2}):(\d{2})/.exec(name);
  const minutes = offset ? (offset[1] === '-' ? -1 : 1) * (Number(offset[2]) * 60 + Number(offset[3])) : 0;
  return new Date(utc - minutes * 60_000);
}

/** The calendar day after "YYYY-MM-DD". */
function nextDay(day: string): string {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + 1)).toISOString().slice(0, 10);
}

/**
 * Reads the filters from the page's address: what the form shows again, the query for the service,
 * and a translation key per field that could not be read (those filters are not applied). The
 * dates are whole Finnish days, both included.
 */
export function parseAuditFilters(params: URLSearchParams): {
  values: AuditFilterValues;
  query: AuditQuery;
  errors: Partial<Record<keyof AuditFilterValues, string>>;
} {
  const values = Object.fromEntries(
    FIELDS.map((field) => [field, (params.get(field) ?? '').trim().slice(0, 60)]),
  ) as unknown as AuditFilterValues;
  const page = Math.min(100_000, Math.max(1, Number.parseInt(params.get('page') ?? '1', 10) || 1));
  const query: AuditQuery = { page, per_page: AUDIT_PAGE_SIZE };
  const errors: Partial<Record<keyof AuditFilterValues, string>> = {};
  if (values.actor) {
    // A number is the account's; anything else is looked for in names and addresses.
    if (/^\d+$/.test(values.actor)) {
      if (/^\d{1,9}$/.test(values.actor) && Number(values.actor) > 0) query.actor_id = Number(values.actor);
      else errors.actor = 'audit.filters.bad_id';
    } else query.actor = values.actor;
  }
  if (values.action) query.action = values.action;
  if (values.entity) query.entity = values.entity;
  if (values.entity_id) query.entity_id = values.entity_id;
  const from = values.from ? finnishMidnight(values.from) : undefined;
  const toDay = values.to ? finnishMidnight(values.to) : undefined;
  if (from === null) errors.from = 'audit.filters.bad_date';
  if (toDay === null) errors.to = 'audit.filters.bad_date';
  if (from && toDay && from > toDay) errors.to = 'audit.range';
  else {
    if (from) query.from = from.toISOString();
    // Up to the end of the "to" day: the next day's midnight.
    if (toDay) query.to = finnishMidnight(nextDay(values.to))!.toISOString();
  }
  return { values, query, errors };
}

/** The query string for the filters, without empty ones (links that keep the filters). */
export function auditSearch(values: Partial<AuditFilterValues>): string {
  const params = new URLSearchParams(Object.entries(values).filter(([, value]) => value) as [string, string][]);
  return params.size ? `?${params}` : '?';
}
