import type { ChatMessage } from '../../../common/chat.ts';
import { translate } from '../../platform/i18n.ts';
import { chatMails } from './chat.mails.ts';
import type { ChatDeps } from './chat.service.ts';

/** A failed unread mail is tried again after 1, 2, 4 … minutes, at most every hour, and given up after this many tries. */
const MAIL_MAX_ATTEMPTS = 8;
const MAIL_LEASE_SECONDS = 300;

/**
 * How a stored message reaches the members: their open sockets at once (the message and the
 * others' unread totals), a push to a member who is not in the messenger, and later an unread
 * mail to one who did not read it. Nothing here decides whether a message may be sent.
 */
export function createChatDelivery(deps: Pick<ChatDeps, 'repo' | 'realtime' | 'mailer' | 'site' | 'log' | 'push'>) {
  const { repo, realtime, site } = deps;

  /** After the message is stored: both members' sockets get it, and the others their new unread totals. */
  async function announce(roomId: number, members: number[], message: ChatMessage): Promise<void> {
    await realtime.publish({ userIds: members, event: { type: 'message', room_id: roomId, message } });
    await Promise.all(
      members
        .filter((id) => id !== message.sender_id)
        .map(async (id) => realtime.publish({ userIds: [id], event: { type: 'unread', unread_total: await repo.unreadTotal(id) } })),
    );
  }

  /** "New message from X" on the devices of a member who is not in the messenger now; never quotes the message. */
  function pushToAbsent(roomId: number, members: number[], senderId: number): void {
    const push = deps.push;
    if (!push) return;
    for (const userId of members) {
      if (userId === senderId || push.isConnected(userId)) continue;
      push.background('messenger push', async () => {
        if (!(await push.hasSubscriptions(userId))) return;
        const context = await repo.mailContext(roomId, userId);
        if (!context || context.unread === 0) return;
        const sender = context.senderName ?? translate(context.locale, 'messenger.deleted_user');
        await push.send(userId, {
          title: translate(context.locale, 'push.chat.title', { sender }),
          body: context.productName ?? context.subject,
          url: `/channel/${roomId}`,
          tag: `room-${roomId}`,
        });
      });
    }
  }

  /**
   * Sends the unread-message mails that are due: one per member and room, in the member's
   * language, skipped when the messages were read meanwhile or the member turned the mails off.
   * Runs in every process; each mail is claimed by one of them (SKIP LOCKED). A failed send is
   * logged and tried again later, never dropped silently. Answers how many mails went out.
   */
  async function sendDueMails(now = new Date(), limit = 50): Promise<number> {
    const claimed = await repo.claimDueMails(now, limit, MAIL_LEASE_SECONDS);
    let sent = 0;
    for (const { roomId, userId, attempts } of claimed) {
      const context = await repo.mailContext(roomId, userId);
      if (!context || context.unread === 0 || !context.notify || !context.verified) {
        await repo.mailDone(roomId, userId);
        continue;
      }
      try {
        await deps.mailer.send(
          chatMails.unread(context.locale, context.email, {
            name: context.name,
            sender: context.senderName ?? translate(context.locale, 'messenger.deleted_user'),
            title: context.productName ?? context.subject,
            count: context.unread,
            site: site.siteName,
            url: `${site.publicUrl}/channel/${roomId}`,
            settingsUrl: `${site.publicUrl}/settings/profile`,
          }),
        );
        await repo.mailDone(roomId, userId);
        sent += 1;
      } catch (error) {
        const tries = attempts + 1;
        deps.log('unread-message mail failed', { err: error, roomId, userId, attempt: tries });
        if (tries >= MAIL_MAX_ATTEMPTS) {
          deps.log('unread-message mail given up', { roomId, userId, attempts: tries });
          await repo.mailDone(roomId, userId);
        } else {
          await repo.mailFailed(roomId, userId, new Date(now.getTime() + Math.min(60, 2 ** attempts) * 60_000));
        }
      }
    }
    return sent;
  }

  return { announce, pushToAbsent, sendDueMails };
}
