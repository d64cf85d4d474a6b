import { Info } from 'lucide-react';
import { Link, redirect } from 'react-router';
import { FirstMessage } from '../features/chat/components/first-message';
import { loadProductRoom, mayWrite } from '../features/chat/chat.server';
import { pageMetaFromLoader } from '../lib/meta';
import { pageMeta, requireAccess } from '../lib/page.server';
import { useTranslation } from '../lib/use-translation';
import type { Route } from './+types/channel-by-product';

export async function loader({ context, request, params }: Route.LoaderArgs) {
  requireAccess(context, request, 'login');
  const current = context.user!;
  const found = await loadProductRoom(context, current, params.productUuid);
  // Written already: the conversation is the place.
  if (!found.refused && found.reply.room_id !== null) throw redirect(`/channel/${found.reply.room_id}`);
  return {
    meta: pageMeta(context, 'channel', `/channel/product/${params.productUuid}`, { noindex: true }),
    productUuid: params.productUuid,
    verified: mayWrite(current),
    found,
  };
}

export const meta = pageMetaFromLoader;

export default function ChannelByProduct({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { found, productUuid } = loaderData;
  if (found.refused) {
    return (
      <div className="mx-auto max-w-md rounded-xl border border-line bg-raised px-6 py-10 text-center">
        <Info aria-hidden size={32} className="mx-auto mb-3 text-brand" />
        <h1 className="text-xl font-semibold">{found.refused.title}</h1>
        <p className="mt-2 text-sm text-muted">{found.refused.message}</p>
        <div className="mt-5 flex flex-col justify-center gap-2 sm:flex-row">
          <Link
            to={`/${productUuid}`}
            className="inline-flex h-11 items-center justify-center rounded-xl border border-line px-5 font-semibold"
          >
            {t('chat.back_to_ad')}
          </Link>
          <Link
            to="/messenger"
            className="inline-flex h-11 items-center justify-center rounded-xl bg-brand px-5 font-semibold text-brand-ink hover:brightness-110"
          >
            {t('chat.to_messenger')}
          </Link>
        </div>
      </div>
    );
  }
  return <FirstMessage reply={found.reply} verified={loaderData.verified} />;
}
