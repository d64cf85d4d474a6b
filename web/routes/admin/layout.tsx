import { Outlet } from 'react-router';
import { requireAccess } from '../../lib/page.server';
import type { Route } from './+types/layout';

/** The admin area: NotFound for everyone but super admins and admins. */
export function loader({ context, request }: Route.LoaderArgs) {
  requireAccess(context, request, 'admin');
  return null;
}

export default function AdminLayout() {
  return <Outlet />;
}
