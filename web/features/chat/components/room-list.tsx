import { Ban, Image as ImageIcon, MessageCircle } from 'lucide-react';
import { useCallback, useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { Avatar } from '../../../components/avatar';
import { IdentityBadge } from '../../../components/identity-badge';
import { Pagination } from '../../../components/pagination';
import { api } from '../../../lib/api-client';
import { setUnreadTotal, useUnreadTotal } from '../../../lib/chat-unread';
import { dayKey, formatDate, formatTime } from '../../../lib/format';
import { realtime } from '../../../lib/realtime';
import { useTranslation } from '../../../lib/use-translation';
import type { RoomListReply, RoomSummary } from '../chat-types';
import { applyIncoming } from '../room-list-state';
import { ProductStatus, ProductThumb } from './ad-preview';

function EmptyRoomList() {
  const { t } = useTranslation();
  return (
    <div className="rounded-xl border border-dashed border-line bg-raised px-6 py-12 text-center">
      <MessageCircle aria-hidden size={32} className="mx-auto mb-3 text-muted" />
      <p className="font-semibold">{t('chat.empty_title')}</p>
      <p className="mx-auto mt-1 max-w-md text-sm text-muted">{t('chat.empty_hint')}</p>
      <Link
        to="/"
        className="mt-5 inline-flex h-11 items-center rounded-xl bg-brand px-5 font-semibold text-brand-ink hover:brightness-110"
      >
        {t('chat.browse')}
      </Link>
    </div>
  );
}

/** Today's messages show their time, older ones their date. */
function activityTime(iso: string, locale: string): string {
  return dayKey(iso) === dayKey(new Date()) ? formatTime(iso, locale) : formatDate(iso, locale);
}

function LastMessage({ room, me }: { room: RoomSummary; me: number }) {
  const { t } = useTranslation();
  const message = room.last_message;
  if (!message) return <span className="italic">{t('chat.no_messages')}</span>;
  if (message.removed) return <span className="italic">{t('chat.removed')}</span>;
  const mine = message.sender_id === me;
  return (
    <>
      {mine && <span className="font-medium">{t('chat.you')}: </span>}
      {message.picture && (
        <span className="me-1 inline-flex items-center gap-1 align-[-2px]">
          <ImageIcon aria-hidden size={14} />
          {!message.text && t('chat.picture')}
        </span>
      )}
      {message.text}
    </>
  );
}

function RoomRow({ room, me }: { room: RoomSummary; me: number }) {
  const { t, i18n } = useTranslation();
  const unread = room.unread > 0;
  return (
    <Link
      to={`/channel/${room.id}`}
      className={`flex items-center gap-3 rounded-xl border bg-raised p-3 hover:border-brand ${unread ? 'border-brand/60' : 'border-line'}`}
    >
      <span className="relative shrink-0">
        <Avatar user={{ name: room.other.label, avatar: room.other.avatar }} size={44} />
        {room.blocked && (
          <span className="absolute -right-1 -bottom-1 rounded-full bg-raised p-0.5 text-danger" title={t('chat.blocked_label')}>
            <Ban aria-hidden size={14} />
          </span>
        )}
      </span>
      <span className="min-w-0 flex-1">
        <span className="flex items-baseline gap-2">
          <span className={`truncate ${unread ? 'font-bold' : 'font-semibold'}`}>{room.other.label}</span>
          {room.other.identity_verified && <IdentityBadge compact className="self-center" />}
          <time dateTime={room.last_activity_at} className="ms-auto shrink-0 text-xs text-muted">
            {activityTime(room.last_activity_at, i18n.language)}
          </time>
        </span>
        <span className="mt-0.5 flex items-center gap-2 text-sm">
          <span className="truncate text-muted">{room.product.name}</span>
          {room.product.status !== 'active' && <ProductStatus status={room.product.status} />}
        </span>
        <span className="mt-0.5 flex items-center gap-2 text-sm">
          <span className={`min-w-0 flex-1 truncate ${unread ? 'font-semibold text-ink' : 'text-muted'}`}>
            <LastMessage room={room} me={me} />
          </span>
          {unread && (
            <span className="inline-flex h-5 min-w-5 shrink-0 items-center justify-center rounded-full bg-accent px-1.5 text-xs font-bold text-black">
              <span aria-hidden>{room.unread > 99 ? '99+' : room.unread}</span>
              <span className="sr-only">{t('chat.unread_label', { count: room.unread })}</span>
            </span>
          )}
          {room.blocked && <span className="sr-only">{t('chat.blocked_label')}</span>}
        </span>
      </span>
      <ProductThumb product={room.product} size={52} />
    </Link>
  );
}

/**
 * The person's conversations, newest activity first, kept live by the socket: a new message
 * moves its room to the top with its preview and unread count; anything the list cannot work
 * out by itself (a new room, reads in another tab, a reconnect) fetches the page again.
 */
export function RoomList({ reply, me }: { reply: RoomListReply; me: number }) {
  const { t } = useTranslation();
  const [list, setList] = useState(reply);
  // A new answer of the loader (another page, a revalidation) replaces the live copy.
  const [loaded, setLoaded] = useState(reply);
  if (loaded !== reply) {
    setLoaded(reply);
    setList(reply);
  }
  const page = reply.meta.current_page;
  const listRef = useRef(list);
  useEffect(() => {
    listRef.current = list;
  }, [list]);
  const unreadTotal = useUnreadTotal(list.meta.unread_total);
  useEffect(() => setUnreadTotal(reply.meta.unread_total), [reply]);

  const refetching = useRef(false);
  const refetch = useCallback(() => {
    if (refetching.current) return;
    refetching.current = true;
    api
      .chatRooms(page)
      .then((fresh) => {
        setList(fresh);
        setUnreadTotal(fresh.meta.unread_total);
      })
      .catch(() => undefined)
      .finally(() => {
        refetching.current = false;
      });
  }, [page]);

  useEffect(() => {
    const offs = [
      realtime.on('message', (event) => {
        const next = applyIncoming(listRef.current, event.room_id, event.message, me);
        if (next) setList(next);
        else refetch();
      }),
      realtime.on('unread', (event) => {
        // Read elsewhere (another tab or device): the rooms' own counts changed too.
        const shown = listRef.current.data.reduce((sum, room) => sum + room.unread, 0);
        if (listRef.current.meta.last_page > 1 || shown !== event.unread_total) refetch();
      }),
      realtime.on('room', refetch),
      realtime.onConnected(refetch),
    ];
    return () => {
      for (const off of offs) off();
    };
  }, [me, refetch]);

  return (
    <>
      <header className="mb-5">
        <h1 className="text-2xl font-bold sm:text-3xl">{t('pages.messenger.title')}</h1>
        {unreadTotal > 0 && <p className="mt-1 text-sm text-muted">{t('chat.unread_total', { count: unreadTotal })}</p>}
      </header>
      {list.data.length === 0 ? (
        <EmptyRoomList />
      ) : (
        <ul aria-label={t('chat.rooms_label')} className="mx-auto max-w-3xl space-y-2">
          {list.data.map((room) => (
            <li key={room.id}>
              <RoomRow room={room} me={me} />
            </li>
          ))}
        </ul>
      )}
      <Pagination page={list.meta.current_page} lastPage={list.meta.last_page} />
    </>
  );
}
