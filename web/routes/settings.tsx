import { Outlet } from 'react-router';
import { requireAccess } from '../lib/page.server';
import type { Route } from './+types/settings';

export function loader({ context, request }: Route.LoaderArgs) {
  requireAccess(context, request, 'login');
  return null;
}

export default function Settings() {
  return <Outlet />;
}
