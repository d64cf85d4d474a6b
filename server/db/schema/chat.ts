import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { products } from './products.ts';
import { users } from './users.ts';

/**
 * One conversation about one ad between its seller and one buyer. The room outlives both the ad
 * (its title stays in `subject`) and either account (the members' rows go, the messages stay).
 */
export const chatRooms = pgTable(
  'chat_rooms',
  {
    id: serial('id').primaryKey(),
    productId: integer('product_id').references(() => products.id, { onDelete: 'set null' }),
    /** The buyer who opened the room: one room per ad and buyer. */
    buyerId: integer('buyer_id').references(() => users.id, { onDelete: 'set null' }),
    /** The ad's title when the room was opened, shown once the ad is gone. */
    subject: text('subject').notNull(),
    lastMessageId: bigint('last_message_id', { mode: 'number' }),
    lastActivityAt: timestamp('last_activity_at', { withTimezone: true }).notNull().defaultNow(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('chat_rooms_product_buyer_key').on(t.productId, t.buyerId)],
);

export const CHAT_ROLES = ['seller', 'buyer'] as const;

/**
 * A person in a room, with what they have read: unread counts are always derived from
 * `last_read_message_id`, never kept as a counter. `mail_due_at` is when the unread-message mail
 * for this room falls due (set by the first unread message, cleared by reading or by the mail).
 */
export const chatMembers = pgTable(
  'chat_members',
  {
    roomId: integer('room_id')
      .notNull()
      .references(() => chatRooms.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    role: text('role', { enum: CHAT_ROLES }).notNull(),
    lastReadMessageId: bigint('last_read_message_id', { mode: 'number' }).notNull().default(0),
    mailDueAt: timestamp('mail_due_at', { withTimezone: true }),
    mailAttempts: smallint('mail_attempts').notNull().default(0),
    joinedAt: timestamp('joined_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.roomId, t.userId] }),
    index('chat_members_user_idx').on(t.userId),
    index('chat_members_mail_due_idx')
      .on(t.mailDueAt)
      .where(sql`mail_due_at is not null`),
  ],
);

export const chatMessages = pgTable(
  'chat_messages',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    roomId: integer('room_id')
      .notNull()
      .references(() => chatRooms.id, { onDelete: 'cascade' }),
    /** Null once the sender's account is deleted ("deleted user"). */
    senderId: integer('sender_id').references(() => users.id, { onDelete: 'set null' }),
    clientId: uuid('client_id').notNull(),
    body: text('body').notNull(),
    pictureKey: text('picture_key'),
    pictureWidth: integer('picture_width'),
    pictureHeight: integer('picture_height'),
    /** What the scam guard found in the text (common/safety.ts kinds: phone, whatsapp, link, …); null for none. */
    safety: text('safety').array(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('chat_messages_room_client_key').on(t.roomId, t.clientId),
    index('chat_messages_room_idx').on(t.roomId, t.id),
    // Staff count each account's messages the scam guard flagged; the hold counts a day's.
    index('chat_messages_safety_sender_idx')
      .on(t.senderId, t.createdAt)
      .where(sql`${t.safety} is not null`),
    check('chat_messages_not_empty', sql`length(${t.body}) > 0 or ${t.pictureKey} is not null`),
  ],
);

/**
 * A block is about a person, not a room: while `blocker_id` blocks `blocked_id`, neither opens a
 * room with the other or writes to the other in any room, about any ad, until the blocker lifts it.
 * Two people may each block the other; each lifts only their own.
 */
export const userBlocks = pgTable(
  'user_blocks',
  {
    blockerId: integer('blocker_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    blockedId: integer('blocked_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.blockerId, t.blockedId] }),
    index('user_blocks_blocked_idx').on(t.blockedId),
    check('user_blocks_not_self', sql`${t.blockerId} <> ${t.blockedId}`),
  ],
);
