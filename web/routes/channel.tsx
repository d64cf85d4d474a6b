import { Conversation } from '../features/chat/components/conversation';
import { DealPanel } from '../features/ratings/components/deal-panel';
import { loadRoom, mayWrite, parseId } from '../features/chat/chat.server';
import { pageMetaFromLoader } from '../lib/meta';
import { requireAccess } from '../lib/page.server';
import type { Route } from './+types/channel';

export async function loader({ context, request, params }: Route.LoaderArgs) {
  requireAccess(context, request, 'login');
  const current = context.user!;
  const roomId = parseId(params.roomId);
  const reply = await loadRoom(context, current, roomId);
  const titleParams = { name: reply.room.other.label, product: reply.room.product.name };
  // The deal made in this room, if any (the seller marked the ad sold to this buyer).
  const deal = (await context.services.deals.myDeals(current, { roomId })).data[0] ?? null;
  return {
    meta: {
      title: context.t('chat.page_title', titleParams),
      description: context.t('pages.channel.description', { site: context.site.siteName }),
      path: `/channel/${roomId}`,
      noindex: true,
    },
    me: current.id,
    verified: mayWrite(current),
    reply,
    deal,
  };
}

export const meta = pageMetaFromLoader;

export default function Channel({ loaderData }: Route.ComponentProps) {
  // Another room is another conversation: nothing of the previous one carries over.
  const { reply, deal } = loaderData;
  return (
    <Conversation
      key={reply.room.id}
      reply={reply}
      me={loaderData.me}
      verified={loaderData.verified}
      dealPanel={<DealPanel room={reply.room} deal={deal} />}
    />
  );
}
