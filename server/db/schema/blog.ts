import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { BLOG_STATUSES } from '../../../common/blog.ts';
import { LOCALES, type Translations } from '../../../common/locales.ts';
import { users } from './users.ts';

export { BLOG_STATUSES };

/** The blog's own categories (not the ad catalog): a name in each language, in the editors' order. */
export const blogCategories = pgTable('blog_categories', {
  id: serial('id').primaryKey(),
  slug: text('slug').notNull().unique(),
  nameFi: text('name_fi').notNull(),
  /** The other languages' names ({ sv, en, ru, … }): one missing reads as the Finnish name. */
  names: jsonb('names').$type<Translations>().notNull().default({}),
  position: integer('position').notNull().default(0),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * A post in one language. Its translations share a `translation_group` (one post per language in
 * a group). The body is stored already sanitized (platform/rich-text.ts); title and excerpt are
 * plain text. A `scheduled` post is public once `publish_at` has passed: read time decides.
 */
export const blogPosts = pgTable(
  'blog_posts',
  {
    id: serial('id').primaryKey(),
    slug: text('slug').notNull().unique(),
    locale: text('locale', { enum: LOCALES }).notNull(),
    translationGroup: uuid('translation_group').notNull().defaultRandom(),
    /** A category in use cannot be deleted. */
    categoryId: integer('category_id').references(() => blogCategories.id, { onDelete: 'restrict' }),
    status: text('status', { enum: BLOG_STATUSES }).notNull().default('draft'),
    publishAt: timestamp('publish_at', { withTimezone: true }),
    title: text('title').notNull(),
    excerpt: text('excerpt').notNull().default(''),
    bodyHtml: text('body_html').notNull().default(''),
    /** A picture of the content pipeline (`/media/content/<uuid>.webp`). */
    coverUrl: text('cover_url'),
    coverWidth: integer('cover_width'),
    coverHeight: integer('cover_height'),
    coverAlt: text('cover_alt').notNull().default(''),
    authorId: integer('author_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('blog_posts_group_locale_key').on(t.translationGroup, t.locale),
    // The public index: what is out (or due) in one language, newest first.
    index('blog_posts_public_idx')
      .on(t.locale, t.publishAt.desc())
      .where(sql`${t.status} in ('published', 'scheduled')`),
    index('blog_posts_category_idx').on(t.categoryId),
    index('blog_posts_status_updated_idx').on(t.status, t.updatedAt),
  ],
);
