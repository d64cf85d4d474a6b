import crypto from 'node:crypto';
import { REMOVED_MESSAGE_BODY } from '../../../common/chat.ts';
import type { Readable } from 'node:stream';
import type { Static } from 'typebox';
import { mayViewAd } from '../../../common/access.ts';
import {
  CATCH_UP_LIMIT,
  type ChatMessage,
  MESSAGE_MAX_LENGTH,
  MESSAGES_PAGE_SIZE,
  messageLength,
  type ReportReason,
  ROOMS_PAGE_SIZE,
  UNREAD_MAIL_DELAY_MINUTES,
} from '../../../common/chat.ts';
import { isSafetyKind } from '../../../common/safety.ts';
import { AppError } from '../../../common/errors.ts';
import type { Locale } from '../../../common/locales.ts';
import { hasControlCharacter } from '../../../common/text.ts';
import { translate } from '../../platform/i18n.ts';
import type { Mailer } from '../../platform/mail.ts';
import type { Realtime } from '../../platform/realtime.ts';
import type { Storage } from '../../platform/storage.ts';
import { type Throttle, type ThrottleRule, UPLOADS_PER_USER, uploadsKey } from '../../platform/throttle.ts';
import { isUuid } from '../../platform/uuid.ts';
import type { AdsRepo } from '../ads/ads.repo.ts';
import type { CurrentUser } from '../../platform/current-user.ts';
import { adPictureKey, makeChatPicture } from '../images/image-processing.ts';
import { createChatDelivery } from './chat-delivery.ts';
import type { Transaction } from '../../db/client.ts';
import type { ChatRepo, MemberFacts, MessageRow, RoomView } from './chat.repo.ts';
import type { SafetyService } from '../safety/safety.service.ts';
import type { HashOutcome, PictureHashService } from '../picture-hash/picture-hash.service.ts';
import type { ProductRoomReply, RoomDetail, RoomListReply, RoomReply, RoomSummary } from './chat.schemas.ts';

/** A person writing by hand stays well inside it; a script sending to every seller does not. */
export const MESSAGES_PER_USER: ThrottleRule = { limit: 30, windowSeconds: 60 };
/** New conversations per account and hour: asking about many ads is normal, about hundreds is spam. */
export const NEW_ROOMS_PER_USER: ThrottleRule = { limit: 30, windowSeconds: 60 * 60 };
/** Typing signals per socket: the client sends one every 2.5 s at most. */
export const TYPING_PER_USER: ThrottleRule = { limit: 30, windowSeconds: 60 };
/** Reports per account and day. */
export const REPORTS_PER_USER: ThrottleRule = { limit: 20, windowSeconds: 24 * 60 * 60 };

export interface ChatDeps {
  repo: ChatRepo;
  ads: AdsRepo;
  storage: Storage;
  realtime: Realtime;
  mailer: Mailer;
  throttle: Throttle;
  site: { siteName: string; publicUrl: string };
  log: (message: string, detail: Record<string, unknown>) => void;
  /** Perceptual hashes of sent pictures (issue 25's scam guard); absent: none are kept. */
  pictureHashes?: Pick<PictureHashService, 'hash' | 'saveChatPicture'>;
  /**
   * The scam guard (issue 25): flags messages that move the deal off the site, holds an account
   * that sends them to many people, and limits the new conversations of new and held accounts.
   */
  guard?: Pick<SafetyService, 'kindsOf' | 'flaggedMessageSent' | 'openingConversation'>;
  /**
   * Web Push for a new message to a member with no live socket (issue 29), run after the answer
   * (`background`); absent: no pushes. The unread mail is independent of it.
   */
  push?: {
    isConnected(userId: number): boolean;
    hasSubscriptions(userId: number): Promise<boolean>;
    send(userId: number, payload: { title: string; body: string; url: string; tag?: string }): Promise<unknown>;
    background(name: string, work: () => Promise<void>): void;
  };
}

export interface SendInput {
  text: string;
  clientId: string;
  /** The bytes of an attached picture, not yet checked. */
  picture?: Buffer | undefined;
}

export interface SendResult {
  roomId: number;
  message: ChatMessage;
  created: boolean;
}

type RoomProduct = Static<typeof RoomSummary>['product'];
type RoomPerson = Static<typeof RoomSummary>['other'];

/** "Maija V.": a first name and the initial of the surname, what a marketplace shows of a person. */
export function personLabel(name: string, surname: string | null): string {
  const initial = surname?.trim().charAt(0);
  return initial ? `${name} ${initial.toUpperCase()}.` : name;
}

export function presentMessage(row: MessageRow): ChatMessage {
  if (row.senderId === null && row.body === REMOVED_MESSAGE_BODY && !row.pictureKey) {
    return {
      id: row.id,
      room_id: row.roomId,
      client_id: row.clientId,
      sender_id: null,
      text: '',
      picture: null,
      removed: true,
      created_at: row.createdAt.toISOString(),
    };
  }
  return {
    id: row.id,
    room_id: row.roomId,
    client_id: row.clientId,
    sender_id: row.senderId,
    text: row.body,
    picture:
      row.pictureKey && row.pictureWidth && row.pictureHeight
        ? { url: `/api/chat-room/${row.roomId}/pictures/${row.id}`, width: row.pictureWidth, height: row.pictureHeight }
        : null,
    ...(row.safety?.length ? { safety: row.safety.filter(isSafetyKind) } : {}),
    created_at: row.createdAt.toISOString(),
  };
}

/**
 * The messenger (spec: Chat; issue: rooms, sending, read state, blocking, reports, unread mail).
 * Rules:
 * - one room per ad and buyer; the seller and the buyer are its only members, and only members
 *   read it or hear of it (403 for a room that exists, 404 for one that does not);
 * - a room starts with its first message, about an active ad, never with oneself; once started it
 *   stays readable whatever becomes of the ad;
 * - a message is plain text of 1 to 2,000 characters, or a picture (with or without text); a retry
 *   with the same client id answers the first message again, never a second one;
 * - a message is stored (whole, picture included) before anyone is told of it;
 * - unread counts come from the members' stored read marks; reading moves the mark forward only;
 * - a block is about a person: while either of two people blocks the other, neither opens a room
 *   with the other nor writes to the other in any room, until the one who blocked lifts it.
 */
export function createChatService(deps: ChatDeps) {
  const { repo, ads, storage, realtime, throttle } = deps;
  const delivery = createChatDelivery(deps);

  function presentProduct(view: RoomView): RoomProduct {
    return {
      id: view.room.productId,
      uuid: view.productUuid,
      name: view.productName ?? view.room.subject,
      price: view.productPriceCents === null ? null : view.productPriceCents / 100,
      status: (view.productStatus as RoomProduct['status'] | null) ?? 'deleted',
      image: view.cover ? storage.publicUrl(adPictureKey(view.cover.storagePrefix, 'thumb')) : null,
    };
  }

  function presentOther(view: RoomView, locale: Locale): RoomPerson {
    if (view.otherUserId === null || view.otherName === null) {
      return { id: null, label: translate(locale, 'messenger.deleted_user'), avatar: null, deleted: true, identity_verified: false };
    }
    return {
      id: view.otherUserId,
      label: personLabel(view.otherName, view.otherSurname),
      avatar: view.otherAvatarKey ? storage.publicUrl(view.otherAvatarKey) : null,
      deleted: false,
      identity_verified: view.otherIdentityVerified === true,
    };
  }

  function summary(view: RoomView, locale: Locale, lastMessage: MessageRow | null, unread: number): Static<typeof RoomSummary> {
    return {
      id: view.room.id,
      role: view.me.role,
      product: presentProduct(view),
      other: presentOther(view, locale),
      last_message: lastMessage ? presentMessage(lastMessage) : null,
      unread,
      last_activity_at: view.room.lastActivityAt.toISOString(),
      blocked: view.blockedByMe || view.blockedByOther,
    };
  }

  /** The room for a member; 403 when it exists but is someone else's, 404 when there is none. */
  async function memberRoom(current: CurrentUser, roomId: number): Promise<RoomView> {
    const view = await repo.roomFor(roomId, current.id);
    if (view) return view;
    throw new AppError((await repo.roomExists(roomId)) ? 'forbidden' : 'not_found');
  }

  function checkText(text: string, hasPicture: boolean): string {
    const body = text.trim();
    if (!body && !hasPicture) throw AppError.field('text', 'messenger.empty');
    if (messageLength(body) > MESSAGE_MAX_LENGTH) throw AppError.field('text', 'messenger.too_long', { max: MESSAGE_MAX_LENGTH });
    if (hasControlCharacter(body)) throw AppError.field('text', 'validation.control_characters');
    return body;
  }

  function checkClientId(clientId: string): void {
    if (!isUuid(clientId)) throw AppError.field('client_id', 'messenger.client_id_invalid');
  }

  /**
   * What acting in a room needs to know (its block, the other member), for a member only: the
   * light lookup of sending, reading and blocking; 403/404 as for the whole room.
   */
  async function memberFacts(current: CurrentUser, roomId: number): Promise<MemberFacts> {
    const facts = await repo.memberFacts(roomId, current.id);
    if (facts) return facts;
    throw new AppError((await repo.roomExists(roomId)) ? 'forbidden' : 'not_found');
  }

  /** Why nobody may write in this room now, or null. */
  function sendBlocker(facts: Pick<MemberFacts, 'blockedByMe' | 'blockedByOther' | 'otherUserId'>): string | null {
    if (facts.blockedByMe || facts.blockedByOther) return 'messenger.blocked';
    if (facts.otherUserId === null) return 'messenger.recipient_gone';
    return null;
  }

  /**
   * A new conversation with the seller is refused while either blocks the other (the blocker is
   * told to lift their block; the person blocked, that they cannot write to this person).
   */
  async function refuseBlockedPerson(current: CurrentUser, sellerId: number): Promise<void> {
    const { byFirst: byMe, bySecond: byOther } = await repo.blockedBetween(current.id, sellerId);
    if (byMe) throw AppError.field('product', 'messenger.you_blocked_person');
    if (byOther) throw AppError.field('product', 'messenger.blocked_by_person');
  }

  /** The picture is made (type from the bytes, upright, every bit of metadata gone) and stored before the message. */
  async function storePicture(current: CurrentUser, upload: Buffer) {
    await throttle.consume(uploadsKey(current.id), UPLOADS_PER_USER);
    const picture = await makeChatPicture(upload, 'picture');
    const key = `chat/${crypto.randomUUID()}.webp`;
    // A hash that fails is made later by the queue; it never holds the message back.
    const hash = deps.pictureHashes ? await deps.pictureHashes.hash(picture.data) : undefined;
    await storage.put(key, picture.data, 'image/webp');
    return { key, width: picture.width, height: picture.height, hash };
  }

  /**
   * Stores the message in the room (locked meanwhile), then tells both members
   * (`members`: the room's, as the caller knows them). The room is a
   * number, or the step that opens it: then the room and its first message are saved together.
   */
  async function store(
    current: CurrentUser,
    room: number | ((tx: Transaction) => Promise<number>),
    members: number[],
    body: string,
    input: SendInput,
    picture?: { key: string; width: number; height: number; hash?: HashOutcome | undefined },
  ) {
    const mailDueAt = new Date(Date.now() + UNREAD_MAIL_DELAY_MINUTES * 60_000);
    const safety = deps.guard?.kindsOf(body) ?? [];
    let result: { message: MessageRow; created: boolean };
    try {
      const message = (roomId: number) => ({
        roomId,
        senderId: current.id,
        clientId: input.clientId,
        body,
        pictureKey: picture?.key ?? null,
        pictureWidth: picture?.width ?? null,
        pictureHeight: picture?.height ?? null,
        safety: safety.length ? safety : null,
      });
      // One statement stores a message in an existing room; a new room and its first message
      // are saved together in one transaction.
      result =
        typeof room === 'number'
          ? await repo.storeMessage(message(room), mailDueAt)
          : await repo.transaction(async (tx) => repo.storeMessage(message(await room(tx)), mailDueAt, tx));
    } catch (error) {
      if (picture) await storage.delete(picture.key).catch(() => undefined);
      throw error;
    }
    if (!result.created && picture) await storage.delete(picture.key).catch(() => undefined);
    if (result.message.senderId !== current.id) throw AppError.field('client_id', 'messenger.client_id_taken');
    const message = presentMessage(result.message);
    if (result.created) {
      await delivery.announce(message.room_id, members, message);
      delivery.pushToAbsent(message.room_id, members, current.id);
      if (picture?.hash !== undefined) await deps.pictureHashes?.saveChatPicture(result.message.id, current.id, picture.hash);
      if (safety.length) await deps.guard?.flaggedMessageSent(current.id);
    }
    return { roomId: message.room_id, message, created: result.created };
  }

  /** Writing needs a confirmed address, as publishing does: a throwaway account cannot message sellers. */
  function requireVerified(current: CurrentUser): void {
    if (!current.user.emailVerifiedAt || current.roles.includes('unverified')) throw new AppError('email_unverified');
  }

  async function sendInRoom(current: CurrentUser, facts: MemberFacts, input: SendInput): Promise<SendResult> {
    requireVerified(current);
    const blocker = sendBlocker(facts);
    if (blocker) throw AppError.field('text', blocker);
    const body = checkText(input.text, input.picture !== undefined);
    checkClientId(input.clientId);
    await throttle.consume(`messages:${current.id}`, MESSAGES_PER_USER);
    const picture = input.picture ? await storePicture(current, input.picture) : undefined;
    // The room's two members: a room with a member gone refuses sending above.
    const members = facts.otherUserId === null ? [current.id] : [current.id, facts.otherUserId];
    return store(current, facts.roomId, members, body, input, picture);
  }

  async function findProduct(current: CurrentUser, productUuid: string) {
    const ad = await ads.findByUuid(productUuid);
    if (!ad || !mayViewAd(current, ad)) throw new AppError('not_found');
    return ad;
  }

  return {
    repo,

    unreadTotal: (current: CurrentUser) => repo.unreadTotal(current.id),

    /** GET /chat-rooms: my rooms, newest activity first, with unread counts. */
    async listRooms(current: CurrentUser, page: number, locale: Locale): Promise<Static<typeof RoomListReply>> {
      const [{ rows, total }, unreadTotal] = await Promise.all([
        repo.listRooms(current.id, ROOMS_PAGE_SIZE, (page - 1) * ROOMS_PAGE_SIZE),
        repo.unreadTotal(current.id),
      ]);
      return {
        data: rows.map((row) => summary(row, locale, row.lastMessage, row.unread)),
        meta: {
          current_page: page,
          last_page: Math.max(1, Math.ceil(total / ROOMS_PAGE_SIZE)),
          per_page: ROOMS_PAGE_SIZE,
          total,
          unread_total: unreadTotal,
        },
      };
    },

    /**
     * GET /chat-room/{id}: the room and a page of its messages, oldest first: the newest 20, the
     * 20 before `before`, or up to 100 after `after` (a reconnecting client's catch-up).
     */
    async room(
      current: CurrentUser,
      roomId: number,
      cursor: { before?: number; after?: number },
      locale: Locale,
    ): Promise<Static<typeof RoomReply>> {
      const view = await memberRoom(current, roomId);
      const limit = cursor.after !== undefined ? CATCH_UP_LIMIT : MESSAGES_PAGE_SIZE;
      const rows = await repo.messages(roomId, { ...cursor, limit: limit + 1 });
      const overflow = rows.length > limit;
      const page = cursor.after !== undefined ? rows.slice(0, limit) : rows.slice(overflow ? 1 : 0);
      const first = page[0];
      const [count, lastMessage, unread] = await Promise.all([
        repo.countMessages(roomId),
        view.room.lastMessageId !== null ? repo.message(roomId, view.room.lastMessageId) : Promise.resolve(undefined),
        repo.unreadIn(roomId, current.id),
      ]);
      const room: RoomDetail = {
        ...summary(view, locale, lastMessage ?? null, unread),
        my_last_read_id: view.me.lastReadMessageId,
        other_last_read_id: view.otherLastReadId ?? 0,
        blocked_by_me: view.blockedByMe,
        can_send: sendBlocker(view) === null,
      };
      return {
        room,
        data: page.map(presentMessage),
        meta: {
          has_older: cursor.after !== undefined ? (first ? await repo.hasBefore(roomId, first.id) : false) : overflow,
          has_newer: cursor.after !== undefined && overflow,
          per_page: MESSAGES_PAGE_SIZE,
          count,
        },
      };
    },

    /** GET /channel/product/{uuid}: the ad and its seller, and my room about it when I have one. */
    async productRoom(current: CurrentUser, productUuid: string, locale: Locale): Promise<Static<typeof ProductRoomReply>> {
      const ad = await findProduct(current, productUuid);
      if (ad.userId === current.id) throw AppError.field('product', 'messenger.own_ad');
      const roomId = (await repo.roomIdFor(ad.id, current.id)) ?? null;
      // A room that exists stays readable (it shows the block); a new one cannot be started.
      if (roomId === null) await refuseBlockedPerson(current, ad.userId);
      const [cover] = await ads.picturesOf([ad.id]);
      const seller = await repo.person(ad.userId);
      return {
        product: {
          id: ad.id,
          uuid: ad.uuid,
          name: ad.name,
          price: ad.priceCents / 100,
          status: ad.status,
          image: cover ? storage.publicUrl(adPictureKey(cover.storagePrefix, 'thumb')) : null,
        },
        seller: seller
          ? {
              id: seller.id,
              label: personLabel(seller.name, seller.surname),
              avatar: seller.avatarKey ? storage.publicUrl(seller.avatarKey) : null,
              deleted: false,
              identity_verified: seller.identityVerified === true,
            }
          : { id: null, label: translate(locale, 'messenger.deleted_user'), avatar: null, deleted: true, identity_verified: false },
        room_id: roomId,
      };
    },

    /** POST /channel/product/{uuid}/messages: the first message about an ad opens the room (or finds mine). */
    async sendAboutProduct(current: CurrentUser, productUuid: string, input: SendInput): Promise<SendResult> {
      requireVerified(current);
      const ad = await findProduct(current, productUuid);
      if (ad.userId === current.id) throw AppError.field('product', 'messenger.own_ad');
      const existing = await repo.roomIdFor(ad.id, current.id);
      if (existing !== undefined) return sendInRoom(current, await memberFacts(current, existing), input);
      if (ad.status !== 'active') throw AppError.field('product', 'messenger.ad_not_available');
      await refuseBlockedPerson(current, ad.userId);
      const body = checkText(input.text, input.picture !== undefined);
      checkClientId(input.clientId);
      await throttle.consume(`messages:${current.id}`, MESSAGES_PER_USER);
      await throttle.consume(`rooms:${current.id}`, NEW_ROOMS_PER_USER);
      const picture = input.picture ? await storePicture(current, input.picture) : undefined;
      const open = async (tx: Transaction) => {
        // A held account opens no conversation, a new one only so many a day: asked under the account's lock.
        await deps.guard?.openingConversation(current, tx);
        return repo.openRoom({ productId: ad.id, buyerId: current.id, sellerId: ad.userId, subject: ad.name }, tx);
      };
      return store(current, open, [ad.userId, current.id], body, input, picture);
    },

    /** POST /chat-room/{id}/messages. */
    async send(current: CurrentUser, roomId: number, input: SendInput): Promise<SendResult> {
      return sendInRoom(current, await memberFacts(current, roomId), input);
    },

    /**
     * POST /chat-room/{id}/read: I have read up to this message. The other member sees "read";
     * my other tabs and devices get my new unread total.
     */
    async markRead(current: CurrentUser, roomId: number, lastReadId: number): Promise<number> {
      const view = await memberFacts(current, roomId);
      const { lastReadId: mark, moved } = await repo.markRead(roomId, current.id, lastReadId);
      const total = await repo.unreadTotal(current.id);
      if (moved) {
        const others = view.otherUserId !== null ? [view.otherUserId] : [];
        await realtime.publish({
          userIds: [current.id, ...others],
          event: { type: 'read', room_id: roomId, user_id: current.id, last_read_id: mark },
        });
        await realtime.publish({ userIds: [current.id], event: { type: 'unread', unread_total: total } });
      }
      return total;
    },

    /**
     * Blocks the other member of the room as a person: neither of us opens a room with the other or
     * writes to the other, about any ad, until I unblock. Only the one who blocked can lift it; each
     * of the two may block the other, and each lifts only their own block. Every room the two share
     * is told, so each screen shows the block.
     */
    async setBlocked(current: CurrentUser, roomId: number, blocked: boolean): Promise<void> {
      const facts = await memberFacts(current, roomId);
      const otherId = facts.otherUserId;
      // The other account is gone: there is nobody to block or unblock, and nobody can write anyway.
      if (otherId === null) return;
      if (blocked) await repo.block(current.id, otherId);
      else if (facts.blockedByMe) await repo.unblock(current.id, otherId);
      else if (facts.blockedByOther) throw AppError.field('room', 'messenger.blocked_by_other');
      const rooms = await repo.roomsBetween(current.id, otherId);
      await Promise.all(rooms.map((id) => realtime.publish({ userIds: [current.id, otherId], event: { type: 'room', room_id: id } })));
    },

    /** Reports the conversation to staff (the staff area's reports queue). */
    async report(current: CurrentUser, roomId: number, reason: ReportReason, details: string | undefined): Promise<void> {
      await memberFacts(current, roomId);
      const text = details?.trim() || null;
      if (text && hasControlCharacter(text)) throw AppError.field('details', 'validation.control_characters');
      await throttle.consume(`reports:${current.id}`, REPORTS_PER_USER);
      await repo.insertReport({ subjectType: 'chat_room', subjectId: roomId, reporterId: current.id, reason, details: text });
    },

    /** A picture of a message, for the room's members only. */
    async picture(current: CurrentUser, roomId: number, messageId: number): Promise<{ body: Readable; contentType: string | undefined }> {
      await memberFacts(current, roomId);
      const message = await repo.message(roomId, messageId);
      if (!message?.pictureKey) throw new AppError('not_found');
      const file = await storage.read(message.pictureKey);
      if (!file) throw new AppError('not_found');
      return file;
    },

    /**
     * A typing signal from a member's socket goes to the other member; anything else is ignored, and
     * so is a signal between two people when either blocks the other.
     */
    async typing(userId: number, roomId: number): Promise<void> {
      const members = await repo.memberIds(roomId);
      if (!members.includes(userId)) throw new AppError('forbidden');
      await throttle.consume(`typing:${userId}`, TYPING_PER_USER);
      const others = members.filter((id) => id !== userId);
      const [otherId] = others;
      if (otherId !== undefined) {
        const blocks = await repo.blockedBetween(userId, otherId);
        if (blocks.byFirst || blocks.bySecond) return;
      }
      if (others.length) await realtime.publish({ userIds: others, event: { type: 'typing', room_id: roomId, user_id: userId } });
    },

    /** The unread-message mails that are due (chat-delivery.ts). */
    sendDueMails: delivery.sendDueMails,
  };
}

export type ChatService = ReturnType<typeof createChatService>;
