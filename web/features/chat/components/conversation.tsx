import { ArrowDown, ArrowLeft, Loader2, ShieldOff } from 'lucide-react';
import { type ReactNode, useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { Avatar } from '../../../components/avatar';
import { IdentityBadge } from '../../../components/identity-badge';
import { secondaryButton } from '../../../components/form-controls';
import { api } from '../../../lib/api-client';
import { showToast } from '../../../lib/toasts';
import { useTranslation } from '../../../lib/use-translation';
import type { RoomDetail, RoomReply } from '../chat-types';
import { type OutgoingMessage, deliveryOf, isMine, newestId } from '../conversation-state';
import { CONTINUE_WRITING } from '../first-message-draft';
import { useConversation } from '../hooks/use-conversation';
import { dayLabel, groupByDay } from '../timeline';
import { AdPreview } from './ad-preview';
import { Composer } from './composer';
import { MessageBubble, storedContent } from './message-bubble';
import { RoomMenu } from './room-menu';

/** Closer to the bottom than this (pixels) counts as reading the newest messages. */
const NEAR_BOTTOM = 80;
/** Closer to the top than this starts loading the older page. */
const NEAR_TOP = 120;

type Entry = { kind: 'stored'; message: RoomReply['data'][number] } | { kind: 'outgoing'; entry: OutgoingMessage };

/** Why the composer is not there, in the person's words; null when they can write. */
function useClosedNote(room: RoomDetail, verified: boolean): string | null {
  const { t } = useTranslation();
  const name = room.other.label;
  if (room.blocked_by_me) return t('chat.blocked_by_me', { name });
  if (room.blocked) return t('chat.blocked_by_other');
  if (room.can_send) return verified ? null : t('chat.verify_first');
  if (room.other.deleted) return t('chat.other_deleted');
  return t('chat.closed');
}

/**
 * One conversation on a phone-sized screen first: the other person and the ad on top, the
 * messages oldest to newest with day separators (older pages load when scrolled to the top, and
 * the reading place stays put), and the composer at the bottom — or a note saying why there is none.
 */
export function Conversation({
  reply,
  me,
  verified = true,
  dealPanel,
}: {
  reply: RoomReply;
  me: number;
  verified?: boolean;
  /** Under the ad: the deal of the room (marking the ad sold, rating), given by the page. */
  dealPanel?: ReactNode;
}) {
  const { t, i18n } = useTranslation();
  const [announcement, setAnnouncement] = useState({ n: 0, text: '' });
  const otherLabel = reply.room.other.label;
  const announce = useCallback(
    () => setAnnouncement((previous) => ({ n: previous.n + 1, text: t('chat.new_message_from', { name: otherLabel }) })),
    [t, otherLabel],
  );
  const conversation = useConversation(reply, me, announce);
  const { state, typing, loadingOlder, markRead } = conversation;
  const { room } = state;
  const closedNote = useClosedNote(room, verified);
  // Arrived from the first message: the box takes the focus the first message's box had.
  const continueWriting = (useLocation().state as Record<string, unknown> | null)?.[CONTINUE_WRITING] === true;

  const scroller = useRef<HTMLDivElement>(null);
  const atBottom = useRef(true);
  const olderAnchor = useRef<number | null>(null);
  const [showJump, setShowJump] = useState(false);

  const scrollToBottom = useCallback(() => {
    const element = scroller.current;
    if (element) element.scrollTop = element.scrollHeight;
    atBottom.current = true;
    setShowJump(false);
  }, []);

  const loadOlderKeepingPlace = useCallback(() => {
    const element = scroller.current;
    if (!state.hasOlder || loadingOlder) return;
    olderAnchor.current = element ? element.scrollHeight - element.scrollTop : null;
    // The reader is at the top now, whatever the short list looked like: keep their place.
    atBottom.current = false;
    void conversation.loadOlder();
  }, [state.hasOlder, loadingOlder, conversation]);

  // Older messages went in above: keep the same message under the reader's eyes.
  const oldestId = state.messages[0]?.id;
  useLayoutEffect(() => {
    const element = scroller.current;
    if (!element || loadingOlder || olderAnchor.current === null) return;
    element.scrollTop = element.scrollHeight - olderAnchor.current;
    olderAnchor.current = null;
  }, [oldestId, loadingOlder]);

  // Something new at the bottom: follow it when the reader is there (or it is mine), else offer a jump.
  const newest = state.messages.at(-1);
  const bottomKey = `${newestId(state.messages)}:${state.outbox.length}:${typing}`;
  const newestIsMine = state.outbox.length > 0 || (newest !== undefined && isMine(newest, me));
  useLayoutEffect(() => {
    if (atBottom.current || newestIsMine) scrollToBottom();
    else setShowJump(true);
    // Only a change at the bottom matters here.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [bottomKey]);

  // Pictures that finish loading (and anything else that grows) must not push the newest messages
  // out of view of a reader who is at the bottom.
  const content = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const element = content.current;
    if (!element || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(() => {
      if (atBottom.current && scroller.current) scroller.current.scrollTop = scroller.current.scrollHeight;
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, []);

  // Read when shown: at the bottom of a visible page, now and whenever that becomes true again.
  useEffect(() => {
    if (atBottom.current) markRead();
    const onVisible = () => {
      if (atBottom.current) markRead();
    };
    document.addEventListener('visibilitychange', onVisible);
    return () => document.removeEventListener('visibilitychange', onVisible);
  }, [newest?.id, markRead]);

  function onScroll() {
    const element = scroller.current;
    if (!element) return;
    const wasAtBottom = atBottom.current;
    atBottom.current = element.scrollHeight - element.scrollTop - element.clientHeight < NEAR_BOTTOM;
    if (atBottom.current && !wasAtBottom) {
      setShowJump(false);
      markRead();
    }
    if (element.scrollTop < NEAR_TOP) loadOlderKeepingPlace();
  }

  const entries: (Entry & { created_at: string })[] = [
    ...state.messages.map((message) => ({ kind: 'stored' as const, message, created_at: message.created_at })),
    ...state.outbox.map((entry) => ({ kind: 'outgoing' as const, entry, created_at: entry.created_at })),
  ];
  const you = t('chat.you');

  return (
    <section
      aria-labelledby="conversation-title"
      className="relative -mx-4 -my-6 flex h-[calc(100dvh-3.5rem)] flex-col overflow-hidden bg-surface sm:mx-auto sm:my-0 sm:h-[calc(100dvh-6.5rem)] sm:max-w-3xl sm:rounded-2xl sm:border sm:border-line"
    >
      <header className="border-b border-line bg-raised">
        <div className="flex items-center gap-2 px-2 py-2">
          <Link
            to="/messenger"
            aria-label={t('chat.back')}
            className="inline-flex h-10 w-10 shrink-0 items-center justify-center rounded-full hover:bg-sunken"
          >
            <ArrowLeft aria-hidden size={22} />
          </Link>
          <Avatar user={{ name: room.other.label, avatar: room.other.avatar }} size={36} />
          <div className="min-w-0 flex-1">
            <div className="flex min-w-0 items-center gap-1.5">
              <h1 id="conversation-title" className="truncate font-semibold">
                {room.other.label}
              </h1>
              {room.other.identity_verified && <IdentityBadge compact />}
            </div>
            <p className="truncate text-xs text-muted">{typing ? t('chat.typing_short') : t(`chat.other_role.${room.role}`)}</p>
          </div>
          <RoomMenu
            room={room}
            onChanged={(patch) => {
              conversation.patchRoom(patch);
              void conversation.catchUp();
            }}
          />
        </div>
        <AdPreview product={room.product} size={44} className="border-t border-line px-3 py-2" />
        {dealPanel}
      </header>

      {/* Focusable, so that keyboard users can scroll the messages too. */}
      <div
        ref={scroller}
        onScroll={onScroll}
        role="region"
        tabIndex={0}
        aria-label={t('chat.messages_label', { name: room.other.label })}
        className="flex-1 overflow-y-auto overscroll-contain px-3 py-3"
      >
        <div ref={content}>
          {state.hasOlder ? (
            <div className="mb-3 flex justify-center">
              <button
                type="button"
                onClick={loadOlderKeepingPlace}
                disabled={loadingOlder}
                className="inline-flex h-9 items-center gap-2 rounded-full border border-line bg-raised px-4 text-sm font-medium hover:border-brand disabled:opacity-70"
              >
                {loadingOlder && <Loader2 aria-hidden size={16} className="animate-spin" />}
                {t(loadingOlder ? 'chat.loading_older' : 'chat.load_older')}
              </button>
            </div>
          ) : (
            <p className="mb-3 text-center text-xs text-muted">{t('chat.beginning')}</p>
          )}
          <ol className="space-y-2">
            {groupByDay(entries).map((group) => (
              <li key={group.day}>
                <h2 className="my-3 flex justify-center">
                  <span className="rounded-full bg-sunken px-3 py-1 text-xs font-medium text-muted">
                    {dayLabel(group.day, i18n.language, t)}
                  </span>
                </h2>
                <ol className="space-y-2">
                  {group.items.map((item) =>
                    item.kind === 'stored' ? (
                      <li key={`m${item.message.id}`}>
                        <MessageBubble
                          message={storedContent(item.message)}
                          mine={isMine(item.message, me)}
                          author={
                            isMine(item.message, me) ? you : item.message.sender_id === null ? t('chat.deleted_user') : room.other.label
                          }
                          delivery={isMine(item.message, me) ? deliveryOf(item.message, room.other_last_read_id) : undefined}
                        />
                      </li>
                    ) : (
                      <li key={`c${item.entry.client_id}`}>
                        <MessageBubble
                          message={{
                            text: item.entry.text,
                            picture: item.entry.previewUrl ? { url: item.entry.previewUrl } : null,
                            created_at: item.entry.created_at,
                          }}
                          mine
                          author={you}
                          delivery={item.entry.status}
                          onRetry={() => conversation.retry(item.entry.client_id)}
                          onDiscard={() => conversation.discard(item.entry.client_id)}
                        />
                      </li>
                    ),
                  )}
                </ol>
              </li>
            ))}
          </ol>
          {typing && (
            <p className="mt-3 flex items-center gap-2 text-sm text-muted">
              <span aria-hidden className="inline-flex gap-0.5">
                <span className="h-1.5 w-1.5 animate-bounce rounded-full bg-muted" />
                <span className="h-1.5 w-1.5 animate-bounce rounded-full bg-muted [animation-delay:150ms]" />
                <span className="h-1.5 w-1.5 animate-bounce rounded-full bg-muted [animation-delay:300ms]" />
              </span>
              {t('chat.typing', { name: room.other.label })}
            </p>
          )}
        </div>
      </div>

      {showJump && (
        <button
          type="button"
          onClick={() => {
            scrollToBottom();
            markRead();
          }}
          className="absolute bottom-24 left-1/2 inline-flex h-10 -translate-x-1/2 items-center gap-2 rounded-full bg-brand px-4 text-sm font-semibold text-brand-ink shadow-lg"
        >
          <ArrowDown aria-hidden size={16} />
          {t('chat.jump_to_new')}
        </button>
      )}

      {closedNote ? (
        <div className="flex flex-col items-center gap-3 border-t border-line bg-raised p-4 text-center text-sm sm:flex-row sm:text-left">
          <ShieldOff aria-hidden size={20} className="shrink-0 text-muted" />
          <p className="flex-1">{closedNote}</p>
          {room.blocked_by_me && (
            <UnblockButton
              roomId={room.id}
              onDone={() => {
                conversation.patchRoom({ blocked_by_me: false });
                void conversation.catchUp();
              }}
            />
          )}
        </div>
      ) : (
        <Composer
          autoFocus={continueWriting}
          allowPicture
          onSend={conversation.send}
          onTyping={conversation.typed}
          label={t('chat.message_to', { name: room.other.label })}
        />
      )}

      <div aria-live="polite" className="sr-only">
        {announcement.text && <p key={announcement.n}>{announcement.text}</p>}
      </div>
    </section>
  );
}

function UnblockButton({ roomId, onDone }: { roomId: number; onDone: () => void }) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  return (
    <button
      type="button"
      disabled={busy}
      className={secondaryButton}
      onClick={() => {
        setBusy(true);
        api.unblockRoom(roomId).then(
          (reply) => {
            showToast({ icon: 'success', message: reply.message });
            onDone();
            setBusy(false);
          },
          () => setBusy(false),
        );
      }}
    >
      {t('chat.unblock_short')}
    </button>
  );
}
