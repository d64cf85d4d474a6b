import { type SQL, and, asc, count, desc, eq, getTableColumns, inArray, lte, ne, sql } from 'drizzle-orm';
import type { BlogStatus } from '../../../common/blog.ts';
import type { Locale } from '../../../common/locales.ts';
import type { Database, Db, Transaction } from '../../db/client.ts';
import { blogCategories, blogPosts } from '../../db/schema/blog.ts';
import { users } from '../../db/schema/users.ts';

export type BlogPostRow = typeof blogPosts.$inferSelect;
export type BlogCategoryRow = typeof blogCategories.$inferSelect;
export type BlogPostInsert = typeof blogPosts.$inferInsert;
export interface BlogPostWithAuthor extends BlogPostRow {
  authorName: string | null;
}

/** Out for readers: published, or scheduled with its time come (read time decides, no job flips it). */
const isPublic = () => and(inArray(blogPosts.status, ['published', 'scheduled']), lte(blogPosts.publishAt, sql`now()`));

/** The editors' filter by status, as readers see it: a scheduled post past its time counts as published. */
function statusIs(status: BlogStatus): SQL {
  switch (status) {
    case 'published':
      return isPublic()!;
    case 'scheduled':
      return and(eq(blogPosts.status, 'scheduled'), sql`${blogPosts.publishAt} > now()`)!;
    case 'draft':
    case 'archived':
      return eq(blogPosts.status, status);
  }
}

const withAuthor = { ...getTableColumns(blogPosts), authorName: users.name };

/** Blog posts and categories: every query of the blog. */
export function createBlogRepo(db: Database) {
  return {
    transaction: <T>(work: (tx: Transaction) => Promise<T>): Promise<T> => db.transaction(work),

    // Categories

    categories: (tx: Db = db): Promise<BlogCategoryRow[]> =>
      tx.select().from(blogCategories).orderBy(asc(blogCategories.position), asc(blogCategories.id)),

    async category(id: number, tx: Db = db): Promise<BlogCategoryRow | undefined> {
      const [row] = await tx.select().from(blogCategories).where(eq(blogCategories.id, id));
      return row;
    },

    async categoryBySlug(slug: string): Promise<BlogCategoryRow | undefined> {
      const [row] = await db.select().from(blogCategories).where(eq(blogCategories.slug, slug));
      return row;
    },

    async categorySlugTaken(slug: string, exceptId: number | null, tx: Db = db): Promise<boolean> {
      const rows = await tx.select({ id: blogCategories.id }).from(blogCategories).where(eq(blogCategories.slug, slug));
      return rows.some((row) => row.id !== exceptId);
    },

    async insertCategory(values: typeof blogCategories.$inferInsert, tx: Db): Promise<BlogCategoryRow> {
      const [row] = await tx.insert(blogCategories).values(values).returning();
      return row!;
    },

    async updateCategory(id: number, values: Partial<typeof blogCategories.$inferInsert>, tx: Db): Promise<BlogCategoryRow> {
      const [row] = await tx.update(blogCategories).set(values).where(eq(blogCategories.id, id)).returning();
      return row!;
    },

    async deleteCategory(id: number, tx: Db): Promise<void> {
      await tx.delete(blogCategories).where(eq(blogCategories.id, id));
    },

    /** Posts in each category, any status. */
    async postsPerCategory(tx: Db = db): Promise<Map<number, number>> {
      const rows = await tx
        .select({ id: blogPosts.categoryId, n: count() })
        .from(blogPosts)
        .where(sql`${blogPosts.categoryId} is not null`)
        .groupBy(blogPosts.categoryId);
      return new Map(rows.map((row) => [row.id!, row.n]));
    },

    // Posts

    async adminPage(status: BlogStatus | undefined, limit: number, offset: number) {
      const where = status ? statusIs(status) : undefined;
      const [rows, [total]] = await Promise.all([
        db
          .select(withAuthor)
          .from(blogPosts)
          .leftJoin(users, eq(users.id, blogPosts.authorId))
          .where(where)
          .orderBy(desc(blogPosts.updatedAt), desc(blogPosts.id))
          .limit(limit)
          .offset(offset),
        db.select({ n: count() }).from(blogPosts).where(where),
      ]);
      return { rows: rows as BlogPostWithAuthor[], total: total?.n ?? 0 };
    },

    async find(id: number, tx: Db = db): Promise<BlogPostWithAuthor | undefined> {
      const [row] = await tx
        .select(withAuthor)
        .from(blogPosts)
        .leftJoin(users, eq(users.id, blogPosts.authorId))
        .where(eq(blogPosts.id, id));
      return row as BlogPostWithAuthor | undefined;
    },

    async slugTaken(slug: string, exceptId: number | null, tx: Db = db): Promise<boolean> {
      const rows = await tx
        .select({ id: blogPosts.id })
        .from(blogPosts)
        .where(exceptId === null ? eq(blogPosts.slug, slug) : and(eq(blogPosts.slug, slug), ne(blogPosts.id, exceptId)));
      return rows.length > 0;
    },

    /** Every post of a translation group (each language once), any status. */
    group: (translationGroup: string, tx: Db = db) =>
      tx
        .select({
          id: blogPosts.id,
          slug: blogPosts.slug,
          locale: blogPosts.locale,
          status: blogPosts.status,
          publishAt: blogPosts.publishAt,
        })
        .from(blogPosts)
        .where(eq(blogPosts.translationGroup, translationGroup))
        .orderBy(asc(blogPosts.id)),

    async insert(values: BlogPostInsert, tx: Db): Promise<BlogPostRow> {
      const [row] = await tx.insert(blogPosts).values(values).returning();
      return row!;
    },

    async update(id: number, values: Partial<BlogPostInsert>, tx: Db): Promise<void> {
      await tx
        .update(blogPosts)
        .set({ ...values, updatedAt: sql`now()` })
        .where(eq(blogPosts.id, id));
    },

    /** A page of what readers see in one language, newest first; optionally one category. */
    async publicPage(locale: Locale, categoryId: number | undefined, limit: number, offset: number) {
      const where = and(
        isPublic(),
        eq(blogPosts.locale, locale),
        categoryId === undefined ? undefined : eq(blogPosts.categoryId, categoryId),
      );
      const [rows, [total]] = await Promise.all([
        db
          .select(withAuthor)
          .from(blogPosts)
          .leftJoin(users, eq(users.id, blogPosts.authorId))
          .where(where)
          .orderBy(desc(blogPosts.publishAt), desc(blogPosts.id))
          .limit(limit)
          .offset(offset),
        db.select({ n: count() }).from(blogPosts).where(where),
      ]);
      return { rows: rows as BlogPostWithAuthor[], total: total?.n ?? 0 };
    },

    /** A post readers may see, by its address; undefined for a draft, an archived or a not-yet-due one. */
    async publicBySlug(slug: string): Promise<BlogPostWithAuthor | undefined> {
      const [row] = await db
        .select(withAuthor)
        .from(blogPosts)
        .leftJoin(users, eq(users.id, blogPosts.authorId))
        .where(and(eq(blogPosts.slug, slug), isPublic()));
      return row as BlogPostWithAuthor | undefined;
    },

    /** The public translations of a group. */
    publicGroup: (translationGroup: string) =>
      db
        .select({ slug: blogPosts.slug, locale: blogPosts.locale })
        .from(blogPosts)
        .where(and(eq(blogPosts.translationGroup, translationGroup), isPublic())),

    /** Every public post, for the sitemap: its address, language, group and last change. */
    publicForSitemap: () =>
      db
        .select({
          slug: blogPosts.slug,
          locale: blogPosts.locale,
          translationGroup: blogPosts.translationGroup,
          updatedAt: blogPosts.updatedAt,
        })
        .from(blogPosts)
        .where(isPublic())
        .orderBy(asc(blogPosts.id)),
  };
}

export type BlogRepo = ReturnType<typeof createBlogRepo>;
