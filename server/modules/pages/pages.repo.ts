import { and, asc, count, desc, eq, sql } from 'drizzle-orm';
import type { Database, Db, Transaction } from '../../db/client.ts';
import { infoPageVersions, infoPages } from '../../db/schema/info-pages.ts';
import { users } from '../../db/schema/users.ts';
import type { InfoSlug } from '../../../common/info-pages.ts';
import type { Locale } from '../../../common/locales.ts';

export interface Person {
  id: number;
  name: string;
}

export interface InfoPageRow {
  id: number;
  slug: InfoSlug;
  locale: Locale;
  title: string;
  bodyHtml: string;
  updatedAt: Date;
  updatedBy: Person | null;
}

export interface InfoPageVersionRow {
  id: number;
  title: string;
  bodyHtml: string;
  bytes: number;
  createdAt: Date;
  createdBy: Person | null;
  restoredFrom: number | null;
}

const person = (id: number | null, name: string | null): Person | null => (id === null ? null : { id, name: name ?? '' });

/** The info pages and their versions. Writes run in the transaction the service opens. */
export function createPagesRepo(db: Database) {
  const pageColumns = {
    id: infoPages.id,
    slug: infoPages.slug,
    locale: infoPages.locale,
    title: infoPages.title,
    bodyHtml: infoPages.bodyHtml,
    updatedAt: infoPages.updatedAt,
    userId: users.id,
    userName: users.name,
  };
  type Selected = { userId: number | null; userName: string | null } & Omit<InfoPageRow, 'updatedBy'>;
  const toPage = ({ userId, userName, ...row }: Selected): InfoPageRow => ({ ...row, updatedBy: person(userId, userName) });

  return {
    transaction: <T>(work: (tx: Transaction) => Promise<T>): Promise<T> => db.transaction(work),

    /** Every stored page (at most one per slug and language). */
    async all(): Promise<InfoPageRow[]> {
      const rows = await db
        .select(pageColumns)
        .from(infoPages)
        .leftJoin(users, eq(users.id, infoPages.updatedBy))
        .orderBy(asc(infoPages.slug), asc(infoPages.locale));
      return rows.map(toPage);
    },

    /** The stored languages of one page. */
    async ofSlug(slug: InfoSlug): Promise<InfoPageRow[]> {
      const rows = await db
        .select(pageColumns)
        .from(infoPages)
        .leftJoin(users, eq(users.id, infoPages.updatedBy))
        .where(eq(infoPages.slug, slug));
      return rows.map(toPage);
    },

    async find(slug: InfoSlug, locale: Locale, tx: Db = db): Promise<InfoPageRow | undefined> {
      const [row] = await tx
        .select(pageColumns)
        .from(infoPages)
        .leftJoin(users, eq(users.id, infoPages.updatedBy))
        .where(and(eq(infoPages.slug, slug), eq(infoPages.locale, locale)));
      return row ? toPage(row) : undefined;
    },

    /** Locks the page's row for the rest of the transaction: saves of one page run one after another. */
    async lock(slug: InfoSlug, locale: Locale, tx: Transaction): Promise<{ id: number; title: string; bodyHtml: string } | undefined> {
      const [row] = await tx
        .select({ id: infoPages.id, title: infoPages.title, bodyHtml: infoPages.bodyHtml })
        .from(infoPages)
        .where(and(eq(infoPages.slug, slug), eq(infoPages.locale, locale)))
        .for('update');
      return row;
    },

    /** A page's first row; undefined when another transaction created it first. */
    async insert(
      page: { slug: InfoSlug; locale: Locale; title: string; bodyHtml: string; userId: number; at: Date },
      tx: Transaction,
    ): Promise<number | undefined> {
      const [row] = await tx
        .insert(infoPages)
        .values({
          slug: page.slug,
          locale: page.locale,
          title: page.title,
          bodyHtml: page.bodyHtml,
          updatedBy: page.userId,
          updatedAt: page.at,
        })
        .onConflictDoNothing()
        .returning({ id: infoPages.id });
      return row?.id;
    },

    async update(id: number, page: { title: string; bodyHtml: string; userId: number; at: Date }, tx: Transaction): Promise<void> {
      await tx
        .update(infoPages)
        .set({ title: page.title, bodyHtml: page.bodyHtml, updatedBy: page.userId, updatedAt: page.at })
        .where(eq(infoPages.id, id));
    },

    async addVersion(
      version: { pageId: number; title: string; bodyHtml: string; userId: number; at: Date; restoredFrom: number | null },
      tx: Transaction,
    ): Promise<number> {
      const [row] = await tx
        .insert(infoPageVersions)
        .values({
          pageId: version.pageId,
          title: version.title,
          bodyHtml: version.bodyHtml,
          createdBy: version.userId,
          createdAt: version.at,
          restoredFrom: version.restoredFrom,
        })
        .returning({ id: infoPageVersions.id });
      return row!.id;
    },

    /** A page of a page's versions, the newest first, without their bodies (their sizes instead). */
    async versions(
      pageId: number,
      limit: number,
      offset: number,
    ): Promise<{ rows: Omit<InfoPageVersionRow, 'bodyHtml'>[]; total: number }> {
      const [rows, [total]] = await Promise.all([
        db
          .select({
            id: infoPageVersions.id,
            title: infoPageVersions.title,
            bytes: sql<number>`octet_length(${infoPageVersions.bodyHtml})::int`,
            createdAt: infoPageVersions.createdAt,
            restoredFrom: infoPageVersions.restoredFrom,
            userId: users.id,
            userName: users.name,
          })
          .from(infoPageVersions)
          .leftJoin(users, eq(users.id, infoPageVersions.createdBy))
          .where(eq(infoPageVersions.pageId, pageId))
          .orderBy(desc(infoPageVersions.id))
          .limit(limit)
          .offset(offset),
        db.select({ n: count() }).from(infoPageVersions).where(eq(infoPageVersions.pageId, pageId)),
      ]);
      return {
        rows: rows.map(({ userId, userName, ...row }) => ({ ...row, createdBy: person(userId, userName) })),
        total: total?.n ?? 0,
      };
    },

    /** The newest version's id: the one the page shows now. */
    async latestVersionId(pageId: number): Promise<number | undefined> {
      const [row] = await db
        .select({ id: infoPageVersions.id })
        .from(infoPageVersions)
        .where(eq(infoPageVersions.pageId, pageId))
        .orderBy(desc(infoPageVersions.id))
        .limit(1);
      return row?.id;
    },

    /** One version of one page (undefined when the id belongs to another page). */
    async version(pageId: number, id: number, tx: Db = db): Promise<InfoPageVersionRow | undefined> {
      const [row] = await tx
        .select({
          id: infoPageVersions.id,
          title: infoPageVersions.title,
          bodyHtml: infoPageVersions.bodyHtml,
          bytes: sql<number>`octet_length(${infoPageVersions.bodyHtml})::int`,
          createdAt: infoPageVersions.createdAt,
          restoredFrom: infoPageVersions.restoredFrom,
          userId: users.id,
          userName: users.name,
        })
        .from(infoPageVersions)
        .leftJoin(users, eq(users.id, infoPageVersions.createdBy))
        .where(and(eq(infoPageVersions.pageId, pageId), eq(infoPageVersions.id, id)));
      if (!row) return undefined;
      const { userId, userName, ...rest } = row;
      return { ...rest, createdBy: person(userId, userName) };
    },
  };
}

export type PagesRepo = ReturnType<typeof createPagesRepo>;
