import { AppError } from '../../../common/errors';
import { AuditLog } from '../../features/staff-admin/components/audit-log';
import { parseAuditFilters } from '../../features/staff-admin/audit-filters';
import { pageMetaFromLoader } from '../../lib/meta';
import { pageMeta, requireAccess } from '../../lib/page.server';
import type { Route } from './+types/audit-log';

/** The audit log (audit.read): filtered by the page's query string, newest first, read-only. */
export async function loader({ context, request }: Route.LoaderArgs) {
  requireAccess(context, request, 'audit.read');
  const { values, query, errors } = parseAuditFilters(new URL(request.url).searchParams);
  const meta = pageMeta(context, 'admin_audit_log', '/admin/audit-log', { noindex: true });
  try {
    const result = await context.services.audit.page(context.user!, query);
    return { meta, values, errors, entries: result.data, pagination: result.meta, permissions: context.user!.permissions };
  } catch (error) {
    // A filter the service refuses (its rules may grow) is shown on its field, like the ones read here.
    if (!AppError.is(error) || Object.keys(error.fields).length === 0) throw error;
    const refused = Object.fromEntries(Object.entries(error.fields).map(([field, [first]]) => [field, first?.key ?? 'validation.invalid']));
    const empty = { current_page: 1, last_page: 1, per_page: query.per_page, total: 0 };
    return {
      meta,
      values,
      errors: { ...errors, ...(refused as typeof errors) },
      entries: [],
      pagination: empty,
      permissions: context.user!.permissions,
    };
  }
}

export const meta = pageMetaFromLoader;

export default function AdminAuditLog({ loaderData }: Route.ComponentProps) {
  const { entries, values, errors, pagination, permissions } = loaderData;
  return (
    <AuditLog
      entries={entries}
      values={values}
      errors={errors}
      total={pagination.total}
      page={pagination.current_page}
      lastPage={pagination.last_page}
      permissions={permissions}
    />
  );
}
