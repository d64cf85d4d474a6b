import { Outlet } from 'react-router';
import { requireAccess } from '../../lib/page.server';
import type { Route } from './+types/layout';

/** The admin area: NotFound for everyone but staff; each page checks its own level (moderators see only the ad moderation). */
export function loader({ context, request }: Route.LoaderArgs) {
  requireAccess(context, request, 'ads.moderate');
  return null;
}

export default function AdminLayout() {
  return <Outlet />;
}
