import { ReportsQueue } from '../../features/reports/components/reports-queue';
import { readQueueQuery } from '../../features/reports/queue-state';
import { pageMetaFromLoader } from '../../lib/meta';
import { pageMeta, requireAccess } from '../../lib/page.server';
import type { Route } from './+types/reports';

/** The reports inbox (moderators, admins): open and handled reports by kind, and the appeals. */
export async function loader({ context, request }: Route.LoaderArgs) {
  requireAccess(context, request, 'reports.handle');
  const current = context.user!;
  const { tab, subject, page } = readQueueQuery(new URL(request.url).searchParams);
  const meta = pageMeta(context, 'admin_reports', '/admin/reports', { noindex: true });
  if (tab === 'appeals') {
    const list = await context.services.reports.appeals(current, page);
    return { meta, tab, subject, reports: [], appeals: list.data, total: list.total, page, lastPage: list.last_page };
  }
  const list = await context.services.reports.queue(current, tab, subject ?? undefined, page);
  return { meta, tab, subject, reports: list.data, appeals: [], total: list.total, page, lastPage: list.last_page };
}

export const meta = pageMetaFromLoader;

export default function AdminReports({ loaderData }: Route.ComponentProps) {
  const { tab, subject, reports, appeals, total, page, lastPage } = loaderData;
  return (
    <ReportsQueue
      key={`${tab}:${subject}:${page}`}
      tab={tab}
      subject={subject}
      reports={reports}
      appeals={appeals}
      total={total}
      page={page}
      lastPage={lastPage}
    />
  );
}
