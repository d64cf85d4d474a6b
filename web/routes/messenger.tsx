import { RoomList } from '../features/chat/components/room-list';
import { loadRoomList, pageParam } from '../features/chat/chat.server';
import { pageMetaFromLoader } from '../lib/meta';
import { pageMeta, requireAccess } from '../lib/page.server';
import type { Route } from './+types/messenger';

export async function loader({ context, request }: Route.LoaderArgs) {
  requireAccess(context, request, 'login');
  const current = context.user!;
  const page = pageParam(request);
  return {
    meta: pageMeta(context, 'messenger', '/messenger', { noindex: true }),
    me: current.id,
    rooms: await loadRoomList(context, current, page),
  };
}

export const meta = pageMetaFromLoader;

export default function Messenger({ loaderData }: Route.ComponentProps) {
  return <RoomList reply={loaderData.rooms} me={loaderData.me} />;
}
