import { and, count, eq, gte, isNotNull, min, sql } from 'drizzle-orm';
import type { Database, Db, Transaction } from '../../db/client.ts';
import { chatMessages, chatRooms } from '../../db/schema/chat.ts';
import { products } from '../../db/schema/products.ts';
import { users } from '../../db/schema/users.ts';

/** An account as the guard needs it: how old it is and whether it is held. */
export interface GuardedAccount {
  createdAt: Date;
  heldAt: Date | null;
}

/** What was made in a window: how many, and when the oldest of them was (it leaves the window first). */
export interface WindowCount {
  count: number;
  oldest: Date | null;
}

/** An account in the staff's list: its flagged messages of the window and its hold. */
export interface FlaggedAccountRow {
  id: number;
  name: string;
  surname: string | null;
  email: string;
  heldAt: Date | null;
  heldReason: string | null;
  messages: number;
  recipients: number;
  kinds: string[];
  lastFlaggedAt: Date | null;
}

interface RawFlaggedAccount {
  id: number;
  name: string;
  surname: string | null;
  email: string;
  held_at: Date | string | null;
  held_reason: string | null;
  messages: number;
  recipients: number;
  kinds: string[] | null;
  last_flagged_at: Date | string | null;
  total: number;
}

const toDate = (value: Date | string | null) => (value === null ? null : new Date(value));

export function createSafetyRepo(db: Database) {
  return {
    transaction: <T>(work: (tx: Transaction) => Promise<T>): Promise<T> => db.transaction(work),

    /**
     * Holds the account's row until the transaction ends, so that its new ads (or conversations)
     * are counted and made one after another: a burst in parallel cannot pass the daily limit.
     * `no key update`: rows that only point at the account (its messages, its ad) are not held up.
     */
    async lockAccount(userId: number, tx: Transaction): Promise<GuardedAccount | undefined> {
      const [row] = await tx
        .select({ createdAt: users.createdAt, heldAt: users.heldAt })
        .from(users)
        .where(eq(users.id, userId))
        .for('no key update');
      return row;
    },

    async account(userId: number, tx: Db = db): Promise<GuardedAccount | undefined> {
      const [row] = await tx.select({ createdAt: users.createdAt, heldAt: users.heldAt }).from(users).where(eq(users.id, userId));
      return row;
    },

    /** The ads the person has made since then (whatever became of them since). */
    async adsSince(userId: number, since: Date, tx: Db = db): Promise<WindowCount> {
      const [row] = await tx
        .select({ count: count(), oldest: min(products.createdAt) })
        .from(products)
        .where(and(eq(products.userId, userId), gte(products.createdAt, since)));
      return { count: row?.count ?? 0, oldest: row?.oldest ?? null };
    },

    /** The conversations the person has opened (as the buyer) since then. */
    async roomsSince(userId: number, since: Date, tx: Db = db): Promise<WindowCount> {
      const [row] = await tx
        .select({ count: count(), oldest: min(chatRooms.createdAt) })
        .from(chatRooms)
        .where(and(eq(chatRooms.buyerId, userId), gte(chatRooms.createdAt, since)));
      return { count: row?.count ?? 0, oldest: row?.oldest ?? null };
    },

    /** How many different people got a flagged message from the sender since then. */
    async flaggedRecipientsSince(senderId: number, since: Date, tx: Db = db): Promise<number> {
      const result = await tx.execute(sql`
        select count(distinct cm.user_id)::int as n
        from ${chatMessages} m
        join chat_members cm on cm.room_id = m.room_id and cm.user_id <> m.sender_id
        where m.sender_id = ${senderId} and m.safety is not null and m.created_at >= ${since.toISOString()}::timestamptz`);
      const [row] = (result as unknown as { rows: { n: number }[] }).rows;
      return Number(row?.n ?? 0);
    },

    /** Holds the account unless it is held already; answers whether this call held it. */
    async hold(userId: number, reason: string, at: Date, tx: Db = db): Promise<boolean> {
      const held = await tx
        .update(users)
        .set({ heldAt: at, heldReason: reason })
        .where(and(eq(users.id, userId), sql`${users.heldAt} is null`))
        .returning({ id: users.id });
      return held.length > 0;
    },

    /** Lifts the hold; answers the hold as it was (null when there was none). */
    async release(userId: number, tx: Db = db): Promise<{ heldAt: Date; heldReason: string | null } | null> {
      const [before] = await tx
        .select({ heldAt: users.heldAt, heldReason: users.heldReason })
        .from(users)
        .where(and(eq(users.id, userId), isNotNull(users.heldAt)))
        .for('no key update');
      if (!before?.heldAt) return null;
      await tx.update(users).set({ heldAt: null, heldReason: null }).where(eq(users.id, userId));
      return { heldAt: before.heldAt, heldReason: before.heldReason };
    },

    /**
     * The accounts with flagged messages since then, and every held account: held first, then by
     * how many people they wrote such messages to. One page, with the total.
     */
    async flaggedAccounts(
      since: Date,
      limit: number,
      offset: number,
      held?: boolean,
    ): Promise<{ rows: FlaggedAccountRow[]; total: number }> {
      const from = since.toISOString();
      const heldFilter = held === undefined ? sql`true` : held ? sql`u.held_at is not null` : sql`u.held_at is null`;
      const result = await db.execute(sql`
        with flagged as (
          select m.sender_id as user_id, count(distinct m.id)::int as messages,
            count(distinct cm.user_id)::int as recipients, max(m.created_at) as last_flagged_at
          from ${chatMessages} m
          left join chat_members cm on cm.room_id = m.room_id and cm.user_id <> m.sender_id
          where m.safety is not null and m.sender_id is not null and m.created_at >= ${from}::timestamptz
          group by m.sender_id
        )
        select u.id, u.name, u.surname, u.email, u.held_at, u.held_reason,
          coalesce(f.messages, 0)::int as messages, coalesce(f.recipients, 0)::int as recipients, f.last_flagged_at,
          (select array_agg(distinct kind order by kind) from ${chatMessages} k, unnest(k.safety) as kind
            where k.sender_id = u.id and k.safety is not null and k.created_at >= ${from}::timestamptz) as kinds,
          count(*) over ()::int as total
        from ${users} u
        left join flagged f on f.user_id = u.id
        where (f.user_id is not null or u.held_at is not null) and ${heldFilter}
        order by (u.held_at is not null) desc, f.recipients desc nulls last, f.messages desc nulls last, u.id desc
        limit ${limit} offset ${offset}`);
      const raw = (result as unknown as { rows: RawFlaggedAccount[] }).rows;
      return {
        total: Number(raw[0]?.total ?? 0),
        rows: raw.map((row) => ({
          id: row.id,
          name: row.name,
          surname: row.surname,
          email: row.email,
          heldAt: toDate(row.held_at),
          heldReason: row.held_reason,
          messages: Number(row.messages),
          recipients: Number(row.recipients),
          kinds: row.kinds ?? [],
          lastFlaggedAt: toDate(row.last_flagged_at),
        })),
      };
    },
  };
}

export type SafetyRepo = ReturnType<typeof createSafetyRepo>;
