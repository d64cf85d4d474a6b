import { Outlet } from 'react-router';
import { AdminNav } from '../../features/staff-admin/components/admin-nav';
import { requireAccess } from '../../lib/page.server';
import type { Route } from './+types/layout';

/**
 * The admin area: NotFound for everyone without a staff permission; each page checks its own
 * (moderators reach the ads and reports, editors the blog and info pages). The section menu lists
 * what the person's permissions open.
 */
export function loader({ context, request }: Route.LoaderArgs) {
  requireAccess(context, request, 'staff');
  return { permissions: context.user!.permissions };
}

export default function AdminLayout({ loaderData }: Route.ComponentProps) {
  return (
    <div className="lg:grid lg:grid-cols-[13rem_minmax(0,1fr)] lg:gap-8">
      <aside className="mb-5 lg:mb-0">
        <div className="lg:sticky lg:top-20">
          <AdminNav permissions={loaderData.permissions} />
        </div>
      </aside>
      <div className="min-w-0">
        <Outlet />
      </div>
    </div>
  );
}
