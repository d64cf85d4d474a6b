import type { AuditWriter } from '../../platform/audit-log.ts';
import crypto from 'node:crypto';
import { can } from '../../../common/access.ts';
import {
  BLOG_ADMIN_PAGE_SIZE,
  BLOG_LANGUAGE_IDS,
  BLOG_LIMITS,
  BLOG_PAGE_SIZE,
  BLOG_STATUSES,
  type BlogStatus,
  effectiveBlogStatus,
  isBlogStatus,
  slugFromTitle,
} from '../../../common/blog.ts';
import { AppError } from '../../../common/errors.ts';
import { LOCALES, type Locale, isLocale } from '../../../common/locales.ts';
import { translatedName } from '../../platform/localized-name.ts';
import { RICH_TEXT_MAX_BYTES, richTextToPlain, sanitizeRichText } from '../../platform/rich-text.ts';
import type { Storage } from '../../platform/storage.ts';
import type { CurrentUser, RequestMeta } from '../../platform/current-user.ts';
import { auditEntry } from '../../platform/audit-entry.ts';
import { makeContentPicture } from '../images/image-processing.ts';
import type { BlogCategoryRow, BlogPostInsert, BlogPostWithAuthor, BlogRepo } from './blog.repo.ts';
import { createBlogCategoryService } from './blog-categories.service.ts';
import { checkSlug, plainField, raceMessage, requireBlogManage } from './blog-rules.ts';

/** What an editor sends for a post (new-post, and update-post with every field optional). */
export interface BlogPostInput {
  title?: string;
  slug?: string;
  language?: string;
  translation_of?: number | null;
  category_id?: number | null;
  status?: string;
  publish_at?: string | null;
  excerpt?: string;
  body_html?: string;
  cover_url?: string | null;
  cover_width?: number | null;
  cover_height?: number | null;
  cover_alt?: string;
}

export type { BlogCategoryInput } from './blog-categories.service.ts';

/** A picture of the content pipeline: the only cover a post may have. */
const CONTENT_PICTURE = /^\/media\/content\/[a-z0-9-]+\.webp$/;

const iso = (date: Date | null) => (date ? date.toISOString() : null);

const categoryName = (row: BlogCategoryRow, locale: Locale): string => translatedName(row, locale);

/**
 * The blog (issue 17): posts in the site's languages linked as translations, categories, and the
 * pictures staff put in posts and info pages. Rules:
 * - everything but reading the public side needs `blog.manage` (pictures: `blog.manage` or `pages.manage`);
 * - the body is sanitized on every write (platform/rich-text.ts) and is at most RICH_TEXT_MAX_BYTES
 *   as sent; title, excerpt and the cover's text are plain text (markup is dropped);
 * - a slug is made from the title (letters folded, unique with -2, -3…) or given by hand (then it
 *   must be free and well-formed);
 * - a translation joins the group of the post it translates; a group has one post per language;
 * - `scheduled` needs a time in the future and is public once that time has passed; `published`
 *   gets the time of publishing (or an earlier one given);
 * - every change is in the audit log with who, what and from where; nothing is half saved.
 */
export function createBlogService(deps: { repo: BlogRepo; audit: AuditWriter; storage: Storage; publicUrl: string }) {
  const { repo, audit, storage, publicUrl } = deps;

  const requireManage = requireBlogManage;
  const categoryService = createBlogCategoryService({ repo, audit });

  async function categoriesById(): Promise<Map<number, BlogCategoryRow>> {
    return new Map((await repo.categories()).map((row) => [row.id, row]));
  }

  const categoryRef = (row: BlogCategoryRow | undefined, locale: Locale) =>
    row ? { id: row.id, slug: row.slug, name: categoryName(row, locale) } : null;

  const coverOf = (post: BlogPostWithAuthor) =>
    post.coverUrl ? { url: post.coverUrl, width: post.coverWidth, height: post.coverHeight, alt: post.coverAlt } : null;

  const language = (locale: Locale) => ({ id: BLOG_LANGUAGE_IDS[locale], code: locale });

  async function presentAdmin(post: BlogPostWithAuthor, locale: Locale) {
    const [group, categories] = await Promise.all([repo.group(post.translationGroup), categoriesById()]);
    return {
      id: post.id,
      slug: post.slug,
      status: post.status,
      effective_status: effectiveBlogStatus(post.status, post.publishAt),
      locale: post.locale,
      language: language(post.locale),
      translation_group: post.translationGroup,
      translations: group.map((member) => ({
        id: member.id,
        slug: member.slug,
        locale: member.locale,
        status: effectiveBlogStatus(member.status, member.publishAt),
      })),
      category: post.categoryId === null ? null : categoryRef(categories.get(post.categoryId), locale),
      publish_at: iso(post.publishAt),
      title: post.title,
      excerpt: post.excerpt,
      body_html: post.bodyHtml,
      cover: coverOf(post),
      author: post.authorId !== null && post.authorName !== null ? { id: post.authorId, name: post.authorName } : null,
      created_at: post.createdAt.toISOString(),
      updated_at: post.updatedAt.toISOString(),
    };
  }

  async function findPost(id: number) {
    const post = await repo.find(id);
    if (!post) throw new AppError('not_found');
    return post;
  }

  /**
   * Checks and normalizes what was sent, against the post as it is (for an update). Throws a 422
   * naming the field before anything is written.
   */
  async function checkPost(input: BlogPostInput, existing: BlogPostWithAuthor | undefined) {
    const values: Partial<BlogPostInsert> = {};
    if (input.title !== undefined || !existing) values.title = plainField('title', input.title ?? '', BLOG_LIMITS.title, true);
    if (input.language !== undefined) {
      if (!isLocale(input.language)) throw AppError.field('language', 'blog.unknown_language');
      values.locale = input.language;
    } else if (!existing) {
      throw AppError.field('language', 'validation.required');
    }
    if (input.status !== undefined) {
      if (!isBlogStatus(input.status)) throw AppError.field('status', 'blog.unknown_status');
      values.status = input.status;
    }
    if (input.category_id !== undefined) {
      if (input.category_id !== null && !(await repo.category(input.category_id))) {
        throw AppError.field('category_id', 'blog.unknown_category');
      }
      values.categoryId = input.category_id;
    }
    if (input.excerpt !== undefined) values.excerpt = plainField('excerpt', input.excerpt, BLOG_LIMITS.excerpt, false);
    if (input.cover_alt !== undefined) values.coverAlt = plainField('cover_alt', input.cover_alt, BLOG_LIMITS.coverAlt, false);
    if (input.body_html !== undefined) {
      if (Buffer.byteLength(input.body_html, 'utf8') > RICH_TEXT_MAX_BYTES) {
        throw AppError.field('body_html', 'blog.body_too_large', { kilobytes: Math.floor(RICH_TEXT_MAX_BYTES / 1000) });
      }
      values.bodyHtml = sanitizeRichText(input.body_html, publicUrl);
    }
    if (input.cover_url !== undefined) {
      if (input.cover_url !== null && input.cover_url !== '' && !CONTENT_PICTURE.test(input.cover_url)) {
        throw AppError.field('cover_url', 'blog.cover_invalid');
      }
      values.coverUrl = input.cover_url || null;
      values.coverWidth = values.coverUrl ? (input.cover_width ?? null) : null;
      values.coverHeight = values.coverUrl ? (input.cover_height ?? null) : null;
    }

    // Status and time, as they will be after this write.
    const status: BlogStatus = values.status ?? existing?.status ?? 'draft';
    let publishAt: Date | null = existing?.publishAt ?? null;
    if (input.publish_at !== undefined) publishAt = input.publish_at === null ? null : new Date(input.publish_at);
    if (publishAt !== null && Number.isNaN(publishAt.getTime())) throw AppError.field('publish_at', 'validation.format');
    const now = new Date();
    const timeChanged = input.publish_at !== undefined || values.status !== undefined;
    if (status === 'scheduled' && timeChanged) {
      if (publishAt === null) throw AppError.field('publish_at', 'blog.schedule_needs_time');
      // A post that already went out by its schedule may keep its time; a new schedule is in the future.
      const alreadyOut = existing && effectiveBlogStatus(existing.status, existing.publishAt) === 'published';
      if (publishAt.getTime() <= now.getTime() && !alreadyOut) throw AppError.field('publish_at', 'blog.schedule_in_past');
    }
    if (status === 'published') {
      if (publishAt === null || (input.publish_at === undefined && existing?.status === 'scheduled' && publishAt > now)) publishAt = now;
      if (publishAt.getTime() > now.getTime() + 60_000) throw AppError.field('publish_at', 'blog.published_in_future');
    }
    if (publishAt !== (existing?.publishAt ?? null)) values.publishAt = publishAt;
    if (status === 'published' || status === 'scheduled') {
      const body = values.bodyHtml ?? existing?.bodyHtml ?? '';
      if (richTextToPlain(body).length === 0 && !body.includes('<img')) throw AppError.field('body_html', 'blog.body_required');
    }
    return { values, status, publishAt };
  }

  /** A free slug: the one asked for (must be free), or one made from the title with -2, -3… */
  async function chooseSlug(wanted: string | undefined, title: string, exceptId: number | null, tx: Parameters<BlogRepo['slugTaken']>[2]) {
    if (wanted) {
      if (await repo.slugTaken(checkSlug('slug', wanted), exceptId, tx)) throw AppError.field('slug', 'blog.slug_taken');
      return wanted;
    }
    const base = slugFromTitle(title) || `post-${crypto.randomBytes(3).toString('hex')}`;
    let slug = base;
    for (let n = 2; await repo.slugTaken(slug, exceptId, tx); n += 1) slug = `${base.slice(0, BLOG_LIMITS.slug - 6)}-${n}`;
    return slug;
  }

  const summary = (post: {
    slug: string;
    title: string;
    status: string;
    locale: string;
    publishAt: Date | null;
    categoryId: number | null;
  }) => ({
    slug: post.slug,
    title: post.title,
    status: post.status,
    locale: post.locale,
    publish_at: iso(post.publishAt),
    category_id: post.categoryId,
  });

  const isOut = (status: BlogStatus) => status === 'published' || status === 'scheduled';

  return {
    /** GET /admin/blog/statuses. */
    statuses(current: CurrentUser): readonly BlogStatus[] {
      requireManage(current);
      return BLOG_STATUSES;
    },

    /** GET /languages: the languages a post (and the site) may be in. */
    languages() {
      return LOCALES.map((code) => ({ id: BLOG_LANGUAGE_IDS[code], code }));
    },

    /** POST /admin/blog/list: a page of posts, newest change first, optionally of one status. */
    async adminList(current: CurrentUser, input: { status?: string | null; page?: number }, locale: Locale) {
      requireManage(current);
      const status = input.status || undefined;
      if (status !== undefined && !isBlogStatus(status)) throw AppError.field('status', 'blog.unknown_status');
      const page = input.page ?? 1;
      const { rows, total } = await repo.adminPage(status, BLOG_ADMIN_PAGE_SIZE, (page - 1) * BLOG_ADMIN_PAGE_SIZE);
      const categories = await categoriesById();
      return {
        data: rows.map((post) => ({
          id: post.id,
          slug: post.slug,
          title: post.title,
          status: post.status,
          effective_status: effectiveBlogStatus(post.status, post.publishAt),
          locale: post.locale,
          language: language(post.locale),
          category: post.categoryId === null ? null : categoryRef(categories.get(post.categoryId), locale),
          publish_at: iso(post.publishAt),
          updated_at: post.updatedAt.toISOString(),
          author: post.authorId !== null && post.authorName !== null ? { id: post.authorId, name: post.authorName } : null,
        })),
        meta: {
          current_page: page,
          last_page: Math.max(1, Math.ceil(total / BLOG_ADMIN_PAGE_SIZE)),
          per_page: BLOG_ADMIN_PAGE_SIZE,
          total,
        },
      };
    },

    /** GET /admin/blog/single/{id}. */
    async single(current: CurrentUser, id: number, locale: Locale) {
      requireManage(current);
      return presentAdmin(await findPost(id), locale);
    },

    /** POST /admin/blog/new-post. */
    async create(current: CurrentUser, input: BlogPostInput & { title: string; language: string; status: string }, meta: RequestMeta) {
      requireManage(current);
      const { values, status } = await checkPost(input, undefined);
      const postLocale = values.locale!;
      let translationGroup: string | undefined;
      if (input.translation_of !== undefined && input.translation_of !== null) {
        const original = await repo.find(input.translation_of);
        if (!original) throw AppError.field('translation_of', 'blog.translation_unknown');
        translationGroup = original.translationGroup;
      }
      const id = await repo
        .transaction(async (tx) => {
          if (translationGroup && (await repo.group(translationGroup, tx)).some((member) => member.locale === postLocale)) {
            throw AppError.field('language', 'blog.translation_exists');
          }
          const slug = await chooseSlug(input.slug?.trim() || undefined, values.title!, null, tx);
          const post = await repo.insert(
            {
              ...values,
              title: values.title!,
              locale: postLocale,
              slug,
              status,
              authorId: current.id,
              ...(translationGroup ? { translationGroup } : {}),
            },
            tx,
          );
          await audit(auditEntry(current, meta, 'blog_post_created', 'blog_post', post.id, { after: summary(post) }), tx);
          if (isOut(status))
            await audit(auditEntry(current, meta, 'blog_post_published', 'blog_post', post.id, { after: summary(post) }), tx);
          return post.id;
        })
        .catch(raceMessage);
      return presentAdmin((await repo.find(id))!, meta.locale);
    },

    /**
     * PATCH /admin/blog/update-post. An autosave of a draft that stays a draft is not written to
     * the audit log (it would be one entry every few seconds); every other change is.
     */
    async update(current: CurrentUser, id: number, input: BlogPostInput & { autosave?: boolean }, meta: RequestMeta) {
      requireManage(current);
      const existing = await findPost(id);
      const { values, status } = await checkPost(input, existing);
      const locale = values.locale ?? existing.locale;
      await repo
        .transaction(async (tx) => {
          if (values.locale && values.locale !== existing.locale) {
            const group = await repo.group(existing.translationGroup, tx);
            if (group.some((member) => member.id !== id && member.locale === locale))
              throw AppError.field('language', 'blog.translation_exists');
          }
          const wanted = input.slug?.trim();
          if (wanted && wanted !== existing.slug) values.slug = await chooseSlug(wanted, existing.title, id, tx);
          await repo.update(id, values, tx);
          const after = (await repo.find(id, tx))!;
          const quiet = input.autosave === true && existing.status === 'draft' && status === 'draft';
          if (!quiet) {
            await audit(
              auditEntry(current, meta, 'blog_post_updated', 'blog_post', id, {
                before: summary(existing),
                after: summary(after),
                body_changed: values.bodyHtml !== undefined && values.bodyHtml !== existing.bodyHtml,
              }),
              tx,
            );
          }
          const wasOut = isOut(existing.status);
          if (isOut(status) && (!wasOut || existing.status !== status)) {
            await audit(auditEntry(current, meta, 'blog_post_published', 'blog_post', id, { after: summary(after) }), tx);
          }
        })
        .catch(raceMessage);
      return presentAdmin((await repo.find(id))!, meta.locale);
    },

    /** POST /admin/blog/preview: the body as it would be stored and shown (sanitized), for the editor's preview. */
    preview(current: CurrentUser, bodyHtml: string): string {
      requireManage(current);
      if (Buffer.byteLength(bodyHtml, 'utf8') > RICH_TEXT_MAX_BYTES) {
        throw AppError.field('body_html', 'blog.body_too_large', { kilobytes: Math.floor(RICH_TEXT_MAX_BYTES / 1000) });
      }
      return sanitizeRichText(bodyHtml, publicUrl);
    },

    ...categoryService,

    // Public side

    /** GET /blog: a page of what readers see in one language, newest first, optionally one category. */
    async publicList(input: { locale?: string; category?: string; page?: number }, requestLocale: Locale) {
      const locale = input.locale === undefined ? requestLocale : input.locale;
      if (!isLocale(locale)) throw AppError.field('locale', 'blog.unknown_language');
      const categories = await repo.categories();
      let categoryId: number | undefined;
      if (input.category) {
        const category = categories.find((row) => row.slug === input.category);
        if (!category) throw new AppError('not_found');
        categoryId = category.id;
      }
      const page = input.page ?? 1;
      const { rows, total } = await repo.publicPage(locale, categoryId, BLOG_PAGE_SIZE, (page - 1) * BLOG_PAGE_SIZE);
      const byId = new Map(categories.map((row) => [row.id, row]));
      return {
        data: rows.map((post) => ({
          slug: post.slug,
          locale: post.locale,
          title: post.title,
          excerpt: post.excerpt || richTextToPlain(post.bodyHtml).slice(0, 240),
          cover: coverOf(post),
          category: post.categoryId === null ? null : categoryRef(byId.get(post.categoryId), requestLocale),
          publish_at: post.publishAt!.toISOString(),
        })),
        meta: { current_page: page, last_page: Math.max(1, Math.ceil(total / BLOG_PAGE_SIZE)), per_page: BLOG_PAGE_SIZE, total },
        categories: categories.map((row) => categoryRef(row, requestLocale)!),
      };
    },

    /** GET /blog/{slug}: a post readers may see; a draft, archived, not-yet-due or unknown one is not found. */
    async publicPost(slug: string, requestLocale: Locale) {
      const post = await repo.publicBySlug(slug);
      if (!post) throw new AppError('not_found');
      const [translations, category] = await Promise.all([
        repo.publicGroup(post.translationGroup),
        post.categoryId === null ? undefined : repo.category(post.categoryId),
      ]);
      const plain = richTextToPlain(post.bodyHtml);
      return {
        slug: post.slug,
        locale: post.locale,
        title: post.title,
        excerpt: post.excerpt,
        description: post.excerpt || (plain.length > 160 ? `${plain.slice(0, 157).trimEnd()}…` : plain),
        body_html: post.bodyHtml,
        cover: coverOf(post),
        category: categoryRef(category, requestLocale),
        author_name: post.authorName,
        publish_at: post.publishAt!.toISOString(),
        updated_at: post.updatedAt.toISOString(),
        translations: LOCALES.flatMap((code) => translations.filter((t) => t.locale === code)),
      };
    },

    /** The public posts for the sitemap. */
    sitemapEntries: () => repo.publicForSitemap(),

    /**
     * POST /admin/content-images: a picture for a post or an info page, through the picture
     * pipeline (type read from the bytes, upright, at most 1600 px, WebP, no metadata).
     */
    async uploadContentImage(current: CurrentUser, readUpload: () => Promise<Buffer>) {
      if (!can(current, 'blog.manage') && !can(current, 'pages.manage')) throw new AppError('forbidden');
      const picture = await makeContentPicture(await readUpload(), 'file');
      const key = `content/${crypto.randomUUID()}.webp`;
      await storage.put(key, picture.data, 'image/webp');
      return { url: `/media/${key}`, width: picture.width, height: picture.height };
    },
  };
}

export type BlogService = ReturnType<typeof createBlogService>;
