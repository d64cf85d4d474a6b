import type { AuditWriter } from '../../platform/audit-log.ts';
import { can } from '../../../common/access.ts';
import { AppError } from '../../../common/errors.ts';
import { INFO_SLUGS, type InfoSlug, isInfoSlug } from '../../../common/info-pages.ts';
import { DEFAULT_LOCALE, LOCALES, type Locale, isLocale } from '../../../common/locales.ts';
import { hasControlCharacter } from '../../../common/text.ts';
import { RICH_TEXT_MAX_BYTES, richTextToPlain, sanitizeRichText } from '../../platform/rich-text.ts';
import type { CurrentUser, RequestMeta } from '../../platform/current-user.ts';
import { auditEntry } from '../../platform/audit-entry.ts';
import type { InfoPageRow, PagesRepo } from './pages.repo.ts';
import type {
  InfoPageEditView,
  InfoPageSummaryView,
  InfoPageVersionView,
  InfoVersionDetailView,
  InfoVersionsView,
  PublicInfoPageView,
} from './pages.schemas.ts';

export const INFO_VERSIONS_PER_PAGE = 20;
/** A description is cut near this many characters, at a word. */
const DESCRIPTION_LENGTH = 160;

/** The opening of a text, as plain text, cut at a word near the length search engines show. */
export function describe(html: string): string {
  const plain = richTextToPlain(html);
  if (plain.length <= DESCRIPTION_LENGTH) return plain;
  const cut = plain.slice(0, DESCRIPTION_LENGTH);
  const space = cut.lastIndexOf(' ');
  return `${(space > DESCRIPTION_LENGTH / 2 ? cut.slice(0, space) : cut).replace(/[\s,.;:–-]+$/, '')}…`;
}

const bytesOf = (text: string) => Buffer.byteLength(text, 'utf8');

/**
 * The info pages (issue 17). Rules:
 * - anyone reads a page, in their language or else in Finnish; a slug outside the fixed seven, or
 *   one with no text, is a 404;
 * - staff with `pages.manage` write each page in each language; what they send is sanitized before
 *   it is stored, and a save stores the page and a new version together, or nothing;
 * - a save that changes nothing makes no version and no audit entry;
 * - restoring an earlier version is a save of its text that names where it came from;
 * - each change is audited with the title and size before and after.
 */
export function createPagesService(deps: { repo: PagesRepo; audit: AuditWriter; publicUrl: string }) {
  const { repo, audit, publicUrl } = deps;

  function requireManage(current: CurrentUser): void {
    if (!can(current, 'pages.manage')) throw new AppError('forbidden');
  }

  function target(slug: string, locale: string): { slug: InfoSlug; locale: Locale } {
    if (!isInfoSlug(slug) || !isLocale(locale)) throw new AppError('not_found');
    return { slug, locale };
  }

  function checkTitle(title: string): string {
    const trimmed = title.trim().replace(/\s+/g, ' ');
    if (!trimmed) throw AppError.field('title', 'validation.required');
    if (hasControlCharacter(trimmed)) throw AppError.field('title', 'validation.control_characters');
    return trimmed;
  }

  function sanitizeBody(body: string): string {
    if (bytesOf(body) > RICH_TEXT_MAX_BYTES) {
      throw AppError.field('body', 'info_pages.body_too_long', { kilobytes: Math.floor(RICH_TEXT_MAX_BYTES / 1000) });
    }
    return sanitizeRichText(body, publicUrl).trim();
  }

  function checkBody(body: string): string {
    const clean = sanitizeBody(body);
    if (!richTextToPlain(clean) && !clean.includes('<img')) throw AppError.field('body', 'validation.required');
    return clean;
  }

  const editView = (slug: InfoSlug, locale: Locale, row: InfoPageRow | undefined): InfoPageEditView => ({
    slug,
    locale,
    title: row?.title ?? '',
    body: row?.bodyHtml ?? '',
    updated_at: row?.updatedAt.toISOString() ?? null,
    updated_by: row?.updatedBy ?? null,
  });

  /** Stores a page's new text with a version in one transaction; false when it was the same already. */
  async function write(
    current: CurrentUser,
    page: { slug: InfoSlug; locale: Locale },
    text: { title: string; bodyHtml: string },
    restoredFrom: number | null,
    meta: RequestMeta,
  ): Promise<boolean> {
    return repo.transaction(async (tx) => {
      const at = new Date();
      let before = await repo.lock(page.slug, page.locale, tx);
      let pageId = before?.id;
      if (!before) {
        pageId = await repo.insert({ ...page, ...text, userId: current.id, at }, tx);
        // Someone else wrote the page's first text a moment ago: theirs is what this save replaces.
        if (pageId === undefined) before = await repo.lock(page.slug, page.locale, tx);
      }
      if (before) {
        if (before.title === text.title && before.bodyHtml === text.bodyHtml) return false;
        pageId = before.id;
        await repo.update(pageId, { ...text, userId: current.id, at }, tx);
      }
      const versionId = await repo.addVersion({ pageId: pageId!, ...text, userId: current.id, at, restoredFrom }, tx);
      await audit(
        auditEntry(
          current,
          meta,
          restoredFrom === null ? 'info_page_updated' : 'info_page_restored',
          'info_page',
          `${page.slug}/${page.locale}`,
          {
            before: before ? { title: before.title, bytes: bytesOf(before.bodyHtml) } : null,
            after: { title: text.title, bytes: bytesOf(text.bodyHtml) },
            version_id: versionId,
            ...(restoredFrom === null ? {} : { restored_from: restoredFrom }),
          },
        ),
        tx,
      );
      return true;
    });
  }

  async function stored(slug: InfoSlug, locale: Locale): Promise<InfoPageRow> {
    const row = await repo.find(slug, locale);
    if (!row) throw new AppError('not_found');
    return row;
  }

  return {
    /** GET /info/{slug}: the page in this language, else in Finnish. */
    async publicPage(slug: string, locale: Locale): Promise<PublicInfoPageView> {
      if (!isInfoSlug(slug)) throw new AppError('not_found');
      const rows = await repo.ofSlug(slug);
      const row = rows.find((r) => r.locale === locale) ?? rows.find((r) => r.locale === DEFAULT_LOCALE);
      if (!row) throw new AppError('not_found');
      return {
        slug,
        locale: row.locale,
        title: row.title,
        body: row.bodyHtml,
        description: describe(row.bodyHtml),
        updated_at: row.updatedAt.toISOString(),
        locales: LOCALES.filter((l) => rows.some((r) => r.locale === l)),
      };
    },

    /** For the sitemap: the pages that have a text, with when they last changed. */
    async published(): Promise<{ slug: InfoSlug; updatedAt: Date }[]> {
      const rows = await repo.all();
      return INFO_SLUGS.flatMap((slug) => {
        const dates = rows.filter((r) => r.slug === slug).map((r) => r.updatedAt.getTime());
        return dates.length ? [{ slug, updatedAt: new Date(Math.max(...dates)) }] : [];
      });
    },

    /** GET /admin/info-pages: every slug in every language, written or not. */
    async list(current: CurrentUser): Promise<InfoPageSummaryView[]> {
      requireManage(current);
      const rows = await repo.all();
      return INFO_SLUGS.flatMap((slug) =>
        LOCALES.map((locale) => {
          const row = rows.find((r) => r.slug === slug && r.locale === locale);
          return {
            slug,
            locale,
            title: row?.title ?? null,
            bytes: row ? bytesOf(row.bodyHtml) : 0,
            updated_at: row?.updatedAt.toISOString() ?? null,
            updated_by: row?.updatedBy ?? null,
          };
        }),
      );
    },

    /** GET /admin/info-pages/{slug}/{locale}: the text to edit (empty when not written yet). */
    async get(current: CurrentUser, slug: string, locale: string): Promise<InfoPageEditView> {
      requireManage(current);
      const page = target(slug, locale);
      return editView(page.slug, page.locale, await repo.find(page.slug, page.locale));
    },

    /** PUT /admin/info-pages/{slug}/{locale}. */
    async save(
      current: CurrentUser,
      slug: string,
      locale: string,
      input: { title: string; body: string },
      meta: RequestMeta,
    ): Promise<{ changed: boolean; page: InfoPageEditView }> {
      requireManage(current);
      const page = target(slug, locale);
      const text = { title: checkTitle(input.title), bodyHtml: checkBody(input.body) };
      const changed = await write(current, page, text, null, meta);
      return { changed, page: editView(page.slug, page.locale, await repo.find(page.slug, page.locale)) };
    },

    /** POST /admin/info-pages/preview: the text as a save would store it, so the preview shows exactly that. */
    preview(current: CurrentUser, body: string): string {
      requireManage(current);
      return sanitizeBody(body);
    },

    /** GET …/versions: who saved the page when, the newest first. */
    async versions(current: CurrentUser, slug: string, locale: string, pageNumber: number): Promise<InfoVersionsView> {
      requireManage(current);
      const page = target(slug, locale);
      const row = await repo.find(page.slug, page.locale);
      if (!row) return { data: [], meta: { current_page: pageNumber, last_page: 1, per_page: INFO_VERSIONS_PER_PAGE, total: 0 } };
      const [{ rows, total }, latest] = await Promise.all([
        repo.versions(row.id, INFO_VERSIONS_PER_PAGE, (pageNumber - 1) * INFO_VERSIONS_PER_PAGE),
        repo.latestVersionId(row.id),
      ]);
      return {
        data: rows.map((v): InfoPageVersionView => ({
          id: v.id,
          title: v.title,
          bytes: v.bytes,
          created_at: v.createdAt.toISOString(),
          created_by: v.createdBy,
          restored_from: v.restoredFrom,
          current: v.id === latest,
        })),
        meta: {
          current_page: pageNumber,
          last_page: Math.max(1, Math.ceil(total / INFO_VERSIONS_PER_PAGE)),
          per_page: INFO_VERSIONS_PER_PAGE,
          total,
        },
      };
    },

    /** GET …/versions/{id}: one earlier text, to look at before restoring it. */
    async version(current: CurrentUser, slug: string, locale: string, id: number): Promise<InfoVersionDetailView> {
      requireManage(current);
      const page = target(slug, locale);
      const row = await stored(page.slug, page.locale);
      const [v, latest] = await Promise.all([repo.version(row.id, id), repo.latestVersionId(row.id)]);
      if (!v) throw new AppError('not_found');
      return {
        id: v.id,
        title: v.title,
        bytes: v.bytes,
        body: v.bodyHtml,
        created_at: v.createdAt.toISOString(),
        created_by: v.createdBy,
        restored_from: v.restoredFrom,
        current: v.id === latest,
      };
    },

    /** POST …/versions/{id}/restore: the page shows that version's text again, as a new version. */
    async restore(
      current: CurrentUser,
      slug: string,
      locale: string,
      id: number,
      meta: RequestMeta,
    ): Promise<{ changed: boolean; page: InfoPageEditView }> {
      requireManage(current);
      const page = target(slug, locale);
      const row = await stored(page.slug, page.locale);
      const v = await repo.version(row.id, id);
      if (!v) throw new AppError('not_found');
      // Sanitized again: a rule added to the sanitizer since applies to old texts too.
      const text = { title: v.title, bodyHtml: sanitizeRichText(v.bodyHtml, publicUrl).trim() };
      const changed = await write(current, page, text, v.id, meta);
      return { changed, page: editView(page.slug, page.locale, await repo.find(page.slug, page.locale)) };
    },
  };
}

export type PagesService = ReturnType<typeof createPagesService>;
