import { and, asc, desc, eq, gt, inArray, isNotNull, lt, lte, ne, or, type SQLWrapper, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Database, Db, Transaction } from '../../db/client.ts';
import { chatMembers, chatMessages, chatRooms, userBlocks } from '../../db/schema/chat.ts';
import { products } from '../../db/schema/products.ts';
import { reports } from '../../db/schema/reports.ts';
import { users } from '../../db/schema/users.ts';
import { adCover, coverColumns } from '../ads/ads.repo.ts';

export type RoomRow = typeof chatRooms.$inferSelect;
export type MemberRow = typeof chatMembers.$inferSelect;
export type MessageRow = typeof chatMessages.$inferSelect;
export type NewMessage = Pick<
  typeof chatMessages.$inferInsert,
  'roomId' | 'senderId' | 'clientId' | 'body' | 'pictureKey' | 'pictureWidth' | 'pictureHeight' | 'safety'
>;
export type NewReport = typeof reports.$inferInsert;

const other = alias(chatMembers, 'other');
const otherUser = alias(users, 'other_user');

/** Whether `blocker` blocks `blocked` (either may be a column), as a boolean column. */
const blocks = (blocker: SQLWrapper | number, blocked: SQLWrapper | number) =>
  sql<boolean>`exists (select 1 from ${userBlocks} where ${userBlocks.blockerId} = ${blocker} and ${userBlocks.blockedId} = ${blocked})`;

/**
 * A room as one member sees it: the room, the member's own row, the other member (null once
 * that account is gone), the ad (null once deleted) with its cover.
 */
function roomViewColumns(cover: ReturnType<typeof adCover>, userId: number) {
  return {
    room: chatRooms,
    me: chatMembers,
    blockedByMe: blocks(userId, other.userId),
    blockedByOther: blocks(other.userId, userId),
    otherUserId: otherUser.id,
    otherName: otherUser.name,
    otherSurname: otherUser.surname,
    otherAvatarKey: otherUser.avatarKey,
    otherIdentityVerified: sql<boolean>`${otherUser.identityVerifiedAt} is not null`,
    otherLastReadId: other.lastReadMessageId,
    productUuid: products.uuid,
    productName: products.name,
    productPriceCents: products.priceCents,
    productStatus: products.status,
    productSellerId: products.userId,
    cover: coverColumns(cover),
  };
}

export type RoomView = {
  room: RoomRow;
  me: MemberRow;
  /** I block the other member (in every room between us). */
  blockedByMe: boolean;
  /** The other member blocks me. */
  blockedByOther: boolean;
  otherUserId: number | null;
  otherName: string | null;
  otherSurname: string | null;
  otherAvatarKey: string | null;
  /** The other member is strongly identified (issue 25). */
  otherIdentityVerified: boolean;
  otherLastReadId: number | null;
  productUuid: string | null;
  productName: string | null;
  productPriceCents: number | null;
  productStatus: string | null;
  productSellerId: number | null;
  cover: { uuid: string; storagePrefix: string; width: number; height: number } | null;
};

/** What acting in a room needs: the other member (null once that account is gone) and the blocks between us. */
export interface MemberFacts {
  roomId: number;
  otherUserId: number | null;
  blockedByMe: boolean;
  blockedByOther: boolean;
}

/** A message row as a raw query answers it: snake_case, and a bigint id as text on node-postgres. */
interface RawMessage {
  id: number | string;
  room_id: number;
  sender_id: number | null;
  client_id: string;
  body: string;
  picture_key: string | null;
  picture_width: number | null;
  picture_height: number | null;
  safety: string[] | null;
  created_at: Date | string;
}

function messageFromRaw(row: RawMessage): MessageRow {
  return {
    id: Number(row.id),
    roomId: row.room_id,
    senderId: row.sender_id,
    clientId: row.client_id,
    body: row.body,
    pictureKey: row.picture_key,
    pictureWidth: row.picture_width,
    pictureHeight: row.picture_height,
    safety: row.safety ?? null,
    createdAt: new Date(row.created_at),
  };
}

export type RoomListRow = RoomView & { unread: number; lastMessage: MessageRow | null };

/**
 * The unread messages of the `chat_members` row in the query: after its read mark, from someone
 * else. Written with qualified names: the subquery has a `room_id` of its own.
 */
const unreadOfMember = sql<number>`(
  select count(*)::int from chat_messages m
  where m.room_id = "chat_members"."room_id" and m.id > "chat_members"."last_read_message_id"
    and m.sender_id is distinct from "chat_members"."user_id"
)`;

export function createChatRepo(db: Database) {
  function roomViews(tx: Db, userId: number) {
    const cover = adCover(tx);
    return tx
      .select(roomViewColumns(cover, userId))
      .from(chatMembers)
      .innerJoin(chatRooms, eq(chatRooms.id, chatMembers.roomId))
      .leftJoin(other, and(eq(other.roomId, chatRooms.id), ne(other.userId, userId)))
      .leftJoin(otherUser, eq(otherUser.id, other.userId))
      .leftJoin(products, eq(products.id, chatRooms.productId))
      .leftJoinLateral(cover, sql`true`)
      .$dynamic();
  }

  return {
    transaction: <T>(work: (tx: Transaction) => Promise<T>): Promise<T> => db.transaction(work),

    /** The room as this member sees it, or undefined when there is no such room or they are not in it. */
    async roomFor(roomId: number, userId: number, tx: Db = db): Promise<RoomView | undefined> {
      const [row] = await roomViews(tx, userId).where(and(eq(chatMembers.roomId, roomId), eq(chatMembers.userId, userId)));
      return row as RoomView | undefined;
    },

    /** The member's facts of the room (block, other member), or undefined when they are not in it. */
    async memberFacts(roomId: number, userId: number): Promise<MemberFacts | undefined> {
      const [row] = await db
        .select({
          roomId: chatRooms.id,
          otherUserId: other.userId,
          blockedByMe: blocks(userId, other.userId),
          blockedByOther: blocks(other.userId, userId),
        })
        .from(chatMembers)
        .innerJoin(chatRooms, eq(chatRooms.id, chatMembers.roomId))
        .leftJoin(other, and(eq(other.roomId, chatRooms.id), ne(other.userId, userId)))
        .where(and(eq(chatMembers.roomId, roomId), eq(chatMembers.userId, userId)));
      return row;
    },

    /** Whether the room exists at all (a member check failed: 403 for a real room, 404 otherwise). */
    async roomExists(roomId: number): Promise<boolean> {
      const [row] = await db.select({ id: chatRooms.id }).from(chatRooms).where(eq(chatRooms.id, roomId));
      return row !== undefined;
    },

    async roomIdFor(productId: number, buyerId: number, tx: Db = db): Promise<number | undefined> {
      const [row] = await tx
        .select({ id: chatRooms.id })
        .from(chatRooms)
        .where(and(eq(chatRooms.productId, productId), eq(chatRooms.buyerId, buyerId)));
      return row?.id;
    },

    /**
     * The buyer's room about the ad, made with its two members when there is none yet. Two first
     * messages racing each other end in the same room (the unique key decides).
     */
    async openRoom(values: { productId: number; buyerId: number; sellerId: number; subject: string }, tx: Db): Promise<number> {
      const [created] = await tx
        .insert(chatRooms)
        .values({ productId: values.productId, buyerId: values.buyerId, subject: values.subject })
        .onConflictDoNothing()
        .returning({ id: chatRooms.id });
      if (!created) {
        const [existing] = await tx
          .select({ id: chatRooms.id })
          .from(chatRooms)
          .where(and(eq(chatRooms.productId, values.productId), eq(chatRooms.buyerId, values.buyerId)));
        return existing!.id;
      }
      await tx.insert(chatMembers).values([
        { roomId: created.id, userId: values.sellerId, role: 'seller' },
        { roomId: created.id, userId: values.buyerId, role: 'buyer' },
      ]);
      return created.id;
    },

    /**
     * Stores a message in one statement, saved whole or not at all: the room's row is locked
     * first, so a room's messages get their ids in the order they are committed (a client
     * catching up "after id N" can never miss one); then the message, the room's last activity,
     * the sender's read mark (up to their own message) and the other members' unread mail, which
     * falls due at `mailDueAt` unless it already was. A second message with the same client id
     * changes nothing and answers the first. The scam guard's kinds go in as an array literal (they
     * are plain names from common/safety.ts).
     */
    async storeMessage(values: NewMessage, mailDueAt: Date, tx: Db = db): Promise<{ message: MessageRow; created: boolean }> {
      const result = await tx.execute(sql`
        with locked as (
          select id from ${chatRooms} where id = ${values.roomId} for update
        ), inserted as (
          insert into ${chatMessages} (room_id, sender_id, client_id, body, picture_key, picture_width, picture_height, safety)
          select locked.id, ${values.senderId ?? null}::integer, ${values.clientId}::uuid, ${values.body},
            ${values.pictureKey ?? null}::text, ${values.pictureWidth ?? null}::integer, ${values.pictureHeight ?? null}::integer,
            ${values.safety?.length ? `{${values.safety.join(',')}}` : null}::text[]
          from locked
          on conflict (room_id, client_id) do nothing
          returning *
        ), room as (
          update ${chatRooms} set last_message_id = inserted.id, last_activity_at = inserted.created_at
          from inserted where ${chatRooms}.id = inserted.room_id
        ), members as (
          update ${chatMembers} set
            last_read_message_id = case when ${chatMembers}.user_id is not distinct from inserted.sender_id
              then greatest(${chatMembers}.last_read_message_id, inserted.id) else ${chatMembers}.last_read_message_id end,
            mail_due_at = case when ${chatMembers}.user_id is not distinct from inserted.sender_id
              then null else coalesce(${chatMembers}.mail_due_at, ${mailDueAt.toISOString()}::timestamptz) end,
            mail_attempts = case when ${chatMembers}.user_id is not distinct from inserted.sender_id
              then 0 else ${chatMembers}.mail_attempts end
          from inserted where ${chatMembers}.room_id = inserted.room_id
        )
        select * from inserted`);
      const [created] = (result as unknown as { rows: RawMessage[] }).rows;
      if (created) return { message: messageFromRaw(created), created: true };
      const [existing] = await tx
        .select()
        .from(chatMessages)
        .where(and(eq(chatMessages.roomId, values.roomId), eq(chatMessages.clientId, values.clientId)));
      return { message: existing!, created: false };
    },

    /**
     * Moves the member's read mark forward to `upTo` (never past the room's last message, never
     * back). Reading everything cancels the pending unread mail. Answers the mark now.
     */
    async markRead(roomId: number, userId: number, upTo: number): Promise<{ lastReadId: number; moved: boolean }> {
      const target = sql`least(${upTo}::bigint, coalesce((select last_message_id from ${chatRooms} where id = ${roomId}), 0))`;
      const [updated] = await db
        .update(chatMembers)
        .set({
          lastReadMessageId: sql`greatest(${chatMembers.lastReadMessageId}, ${target})`,
          mailDueAt: sql`case when ${target} >= coalesce((select last_message_id from ${chatRooms} where id = ${roomId}), 0) then null else ${chatMembers.mailDueAt} end`,
        })
        .where(and(eq(chatMembers.roomId, roomId), eq(chatMembers.userId, userId), lt(chatMembers.lastReadMessageId, target)))
        .returning({ lastReadId: chatMembers.lastReadMessageId });
      if (updated) return { lastReadId: updated.lastReadId, moved: true };
      const [member] = await db
        .select({ lastReadId: chatMembers.lastReadMessageId })
        .from(chatMembers)
        .where(and(eq(chatMembers.roomId, roomId), eq(chatMembers.userId, userId)));
      return { lastReadId: member?.lastReadId ?? 0, moved: false };
    },

    /** A page of messages, oldest first: the newest page, the page before a message, or what came after one. */
    async messages(roomId: number, options: { before?: number; after?: number; limit: number }): Promise<MessageRow[]> {
      if (options.after !== undefined) {
        return db
          .select()
          .from(chatMessages)
          .where(and(eq(chatMessages.roomId, roomId), gt(chatMessages.id, options.after)))
          .orderBy(asc(chatMessages.id))
          .limit(options.limit);
      }
      const rows = await db
        .select()
        .from(chatMessages)
        .where(and(eq(chatMessages.roomId, roomId), options.before !== undefined ? lt(chatMessages.id, options.before) : undefined))
        .orderBy(desc(chatMessages.id))
        .limit(options.limit);
      return rows.reverse();
    },

    async message(roomId: number, messageId: number): Promise<MessageRow | undefined> {
      const [row] = await db
        .select()
        .from(chatMessages)
        .where(and(eq(chatMessages.roomId, roomId), eq(chatMessages.id, messageId)));
      return row;
    },

    async countMessages(roomId: number): Promise<number> {
      const [row] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(chatMessages)
        .where(eq(chatMessages.roomId, roomId));
      return row?.n ?? 0;
    },

    /** Whether there is a message before this id (the "load older" of a page). */
    async hasBefore(roomId: number, id: number): Promise<boolean> {
      const [row] = await db
        .select({ id: chatMessages.id })
        .from(chatMessages)
        .where(and(eq(chatMessages.roomId, roomId), lt(chatMessages.id, id)))
        .limit(1);
      return row !== undefined;
    },

    /** The member's rooms, newest activity first, with their unread counts and last messages. */
    async listRooms(userId: number, limit: number, offset: number): Promise<{ rows: RoomListRow[]; total: number }> {
      const rows = await roomViews(db, userId)
        .where(eq(chatMembers.userId, userId))
        .orderBy(desc(chatRooms.lastActivityAt), desc(chatRooms.id))
        .limit(limit)
        .offset(offset);
      const views = rows as RoomView[];
      const [counted] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(chatMembers)
        .where(eq(chatMembers.userId, userId));
      const lastIds = views.map((view) => view.room.lastMessageId).filter((id): id is number => id !== null);
      const [lastMessages, unread] = await Promise.all([
        lastIds.length ? db.select().from(chatMessages).where(inArray(chatMessages.id, lastIds)) : Promise.resolve([]),
        views.length
          ? db
              .select({ roomId: chatMembers.roomId, n: unreadOfMember })
              .from(chatMembers)
              .where(
                and(
                  eq(chatMembers.userId, userId),
                  inArray(
                    chatMembers.roomId,
                    views.map((view) => view.room.id),
                  ),
                ),
              )
          : Promise.resolve([]),
      ]);
      const byId = new Map(lastMessages.map((message) => [message.id, message]));
      const unreadByRoom = new Map(unread.map((row) => [row.roomId, row.n]));
      return {
        rows: views.map((view) => ({
          ...view,
          lastMessage: view.room.lastMessageId !== null ? (byId.get(view.room.lastMessageId) ?? null) : null,
          unread: unreadByRoom.get(view.room.id) ?? 0,
        })),
        total: counted?.n ?? 0,
      };
    },

    /** Every unread message of the person across their rooms, from the stored read marks. */
    async unreadTotal(userId: number): Promise<number> {
      const [row] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(chatMembers)
        .innerJoin(chatMessages, and(eq(chatMessages.roomId, chatMembers.roomId), gt(chatMessages.id, chatMembers.lastReadMessageId)))
        .where(and(eq(chatMembers.userId, userId), sql`${chatMessages.senderId} is distinct from ${userId}`));
      return row?.n ?? 0;
    },

    /** The unread messages of one member in one room. */
    async unreadIn(roomId: number, userId: number): Promise<number> {
      const [row] = await db
        .select({ n: unreadOfMember })
        .from(chatMembers)
        .where(and(eq(chatMembers.roomId, roomId), eq(chatMembers.userId, userId)));
      return row?.n ?? 0;
    },

    /** What a room shows of a person. */
    async person(userId: number) {
      const [row] = await db
        .select({
          id: users.id,
          name: users.name,
          surname: users.surname,
          avatarKey: users.avatarKey,
          identityVerified: sql<boolean>`${users.identityVerifiedAt} is not null`,
        })
        .from(users)
        .where(eq(users.id, userId));
      return row;
    },

    async memberIds(roomId: number, tx: Db = db): Promise<number[]> {
      const rows = await tx.select({ userId: chatMembers.userId }).from(chatMembers).where(eq(chatMembers.roomId, roomId));
      return rows.map((row) => row.userId);
    },

    /** Whether either person blocks the other. */
    async blockedBetween(a: number, b: number): Promise<{ byFirst: boolean; bySecond: boolean }> {
      const rows = await db
        .select({ blockerId: userBlocks.blockerId })
        .from(userBlocks)
        .where(
          or(and(eq(userBlocks.blockerId, a), eq(userBlocks.blockedId, b)), and(eq(userBlocks.blockerId, b), eq(userBlocks.blockedId, a))),
        );
      return { byFirst: rows.some((row) => row.blockerId === a), bySecond: rows.some((row) => row.blockerId === b) };
    },

    /** `blocker` blocks `blocked`; blocking again changes nothing. */
    async block(blocker: number, blocked: number): Promise<void> {
      await db.insert(userBlocks).values({ blockerId: blocker, blockedId: blocked }).onConflictDoNothing();
    },

    async unblock(blocker: number, blocked: number): Promise<void> {
      await db.delete(userBlocks).where(and(eq(userBlocks.blockerId, blocker), eq(userBlocks.blockedId, blocked)));
    },

    /** Every room the two people share, whichever of them is the buyer. */
    async roomsBetween(a: number, b: number): Promise<number[]> {
      const mine = alias(chatMembers, 'mine');
      const rows = await db
        .select({ roomId: mine.roomId })
        .from(mine)
        .innerJoin(other, and(eq(other.roomId, mine.roomId), eq(other.userId, b)))
        .where(eq(mine.userId, a));
      return rows.map((row) => row.roomId);
    },

    /** A person's second report of a room while the first is open changes nothing. */
    async insertReport(values: NewReport): Promise<void> {
      await db.insert(reports).values(values).onConflictDoNothing();
    },

    /**
     * Claims up to `limit` unread-message mails that are due, across every process: the rows are
     * taken with SKIP LOCKED and their due time pushed `leaseSeconds` ahead in the same statement,
     * so another process neither waits for them nor takes them again unless this one dies.
     */
    async claimDueMails(now: Date, limit: number, leaseSeconds: number): Promise<{ roomId: number; userId: number; attempts: number }[]> {
      const due = db
        .select({ roomId: chatMembers.roomId, userId: chatMembers.userId })
        .from(chatMembers)
        .where(and(isNotNull(chatMembers.mailDueAt), lte(chatMembers.mailDueAt, now)))
        .orderBy(asc(chatMembers.mailDueAt))
        .limit(limit)
        .for('update', { skipLocked: true });
      return db
        .update(chatMembers)
        .set({ mailDueAt: new Date(now.getTime() + leaseSeconds * 1000) })
        .where(sql`(${chatMembers.roomId}, ${chatMembers.userId}) in (${due})`)
        .returning({ roomId: chatMembers.roomId, userId: chatMembers.userId, attempts: chatMembers.mailAttempts });
    },

    /** What the unread mail of one member's room says: who wrote, about what, how many unread. */
    async mailContext(roomId: number, userId: number) {
      const [row] = await db
        .select({
          lastReadId: chatMembers.lastReadMessageId,
          subject: chatRooms.subject,
          productName: products.name,
          email: users.email,
          name: users.name,
          locale: users.locale,
          notify: users.notifyMessages,
          verified: isNotNull(users.emailVerifiedAt),
          unread: unreadOfMember,
        })
        .from(chatMembers)
        .innerJoin(chatRooms, eq(chatRooms.id, chatMembers.roomId))
        .innerJoin(users, eq(users.id, chatMembers.userId))
        .leftJoin(products, eq(products.id, chatRooms.productId))
        .where(and(eq(chatMembers.roomId, roomId), eq(chatMembers.userId, userId)));
      if (!row) return undefined;
      const [sender] = await db
        .select({ name: users.name })
        .from(chatMessages)
        .innerJoin(users, eq(users.id, chatMessages.senderId))
        .where(and(eq(chatMessages.roomId, roomId), gt(chatMessages.id, row.lastReadId), ne(chatMessages.senderId, userId)))
        .orderBy(desc(chatMessages.id))
        .limit(1);
      return { ...row, senderName: sender?.name ?? null };
    },

    /** The mail went out (or was not needed): nothing is due for this room until the next unread message. */
    async mailDone(roomId: number, userId: number): Promise<void> {
      await db
        .update(chatMembers)
        .set({ mailDueAt: null, mailAttempts: 0 })
        .where(and(eq(chatMembers.roomId, roomId), eq(chatMembers.userId, userId)));
    },

    /** The mail failed: try again at `retryAt`, counting the attempt. */
    async mailFailed(roomId: number, userId: number, retryAt: Date): Promise<void> {
      await db
        .update(chatMembers)
        .set({ mailDueAt: retryAt, mailAttempts: sql`${chatMembers.mailAttempts} + 1` })
        .where(and(eq(chatMembers.roomId, roomId), eq(chatMembers.userId, userId), isNotNull(chatMembers.mailDueAt)));
    },
  };
}

export type ChatRepo = ReturnType<typeof createChatRepo>;
