import type { AuditWriter } from '../../platform/audit-log.ts';
import crypto from 'node:crypto';
import { BLOG_LIMITS, slugFromTitle } from '../../../common/blog.ts';
import { AppError } from '../../../common/errors.ts';
import { type Locale, REQUIRED_NAME_LOCALES } from '../../../common/locales.ts';
import {
  type NameChanges,
  type NameField,
  nameFields,
  readNameInput,
  translatedName,
  withNameChanges,
} from '../../platform/localized-name.ts';
import type { CurrentUser, RequestMeta } from '../../platform/current-user.ts';
import { auditEntry } from '../../platform/audit-entry.ts';
import type { BlogCategoryRow, BlogRepo } from './blog.repo.ts';
import { checkSlug, plainField, raceMessage, requireBlogManage as requireManage } from './blog-rules.ts';

/** A category's names (`name_<locale>`: fi, en and ru required when created, others optional), slug and place. */
export type BlogCategoryInput = Partial<Record<NameField, string | undefined>> & {
  slug?: string | undefined;
  position?: number | undefined;
};

/**
 * The blog's categories (issue 17): names in the site's languages, a slug made from the Finnish
 * name (unique with -2, -3…) or given by hand, a place in the list; a category a post uses is not
 * deleted. Needs `blog.manage`; every change is in the audit log; nothing is half saved.
 */
export function createBlogCategoryService(deps: { repo: BlogRepo; audit: AuditWriter }) {
  const { repo, audit } = deps;

  return {
    async categories(current: CurrentUser, locale: Locale) {
      requireManage(current);
      const [rows, counts] = await Promise.all([repo.categories(), repo.postsPerCategory()]);
      return rows.map((row) => presentCategory(row, locale, counts.get(row.id) ?? 0));
    },

    async createCategory(current: CurrentUser, input: BlogCategoryInput, meta: RequestMeta) {
      requireManage(current);
      const names = withNameChanges({ nameFi: '', names: {} }, checkCategoryNames(input, true));
      const wanted = input.slug?.trim() || undefined;
      if (wanted !== undefined) checkSlug('slug', wanted);
      const row = await repo
        .transaction(async (tx) => {
          let slug = wanted ?? (slugFromTitle(names.nameFi) || `category-${crypto.randomBytes(3).toString('hex')}`);
          if (wanted !== undefined && (await repo.categorySlugTaken(slug, null, tx))) throw AppError.field('slug', 'blog.slug_taken');
          for (let n = 2; wanted === undefined && (await repo.categorySlugTaken(slug, null, tx)); n += 1)
            slug = `${slug.replace(/-\d+$/, '')}-${n}`;
          const position = input.position ?? (await repo.categories(tx)).reduce((max, c) => Math.max(max, c.position), 0) + 1;
          const created = await repo.insertCategory({ slug, ...names, position }, tx);
          await audit(
            auditEntry(current, meta, 'blog_category_created', 'blog_category', created.id, { after: categoryAudit(created) }),
            tx,
          );
          return created;
        })
        .catch(raceMessage);
      return presentCategory(row, meta.locale, 0);
    },

    async updateCategory(current: CurrentUser, id: number, input: BlogCategoryInput, meta: RequestMeta) {
      requireManage(current);
      const before = await repo.category(id);
      if (!before) throw new AppError('not_found');
      const changes = checkCategoryNames(input, false);
      const values: Partial<BlogCategoryRow> = Object.keys(changes).length ? withNameChanges(before, changes) : {};
      const wanted = input.slug?.trim();
      if (wanted && wanted !== before.slug) values.slug = checkSlug('slug', wanted);
      if (input.position !== undefined) values.position = input.position;
      const row = await repo
        .transaction(async (tx) => {
          if (values.slug && (await repo.categorySlugTaken(values.slug, id, tx))) throw AppError.field('slug', 'blog.slug_taken');
          const after = Object.keys(values).length ? await repo.updateCategory(id, values, tx) : before;
          await audit(
            auditEntry(current, meta, 'blog_category_updated', 'blog_category', id, {
              before: categoryAudit(before),
              after: categoryAudit(after),
            }),
            tx,
          );
          return after;
        })
        .catch(raceMessage);
      return presentCategory(row, meta.locale, (await repo.postsPerCategory()).get(id) ?? 0);
    },

    /** Deletes a category no post uses. */
    async deleteCategory(current: CurrentUser, id: number, meta: RequestMeta) {
      requireManage(current);
      const before = await repo.category(id);
      if (!before) throw new AppError('not_found');
      return repo.transaction(async (tx) => {
        const used = (await repo.postsPerCategory(tx)).get(id) ?? 0;
        if (used > 0) throw AppError.field('category', 'blog.category_in_use', { count: used });
        await repo.deleteCategory(id, tx);
        await audit(auditEntry(current, meta, 'blog_category_deleted', 'blog_category', id, { before: categoryAudit(before) }), tx);
        return presentCategory(before, meta.locale, 0);
      });
    },
  };
}

/** The names given: plain text; on creation the required languages must be there and not empty. */
function checkCategoryNames(input: BlogCategoryInput, creating: boolean): NameChanges {
  const given: BlogCategoryInput = { ...input };
  if (creating) for (const locale of REQUIRED_NAME_LOCALES) given[`name_${locale}`] ??= '';
  return readNameInput(
    given,
    (raw, required, field) => ({ name: plainField(field, raw, BLOG_LIMITS.categoryName, required) }),
    (locale) => REQUIRED_NAME_LOCALES.includes(locale),
    {},
  );
}

function categoryAudit(row: BlogCategoryRow) {
  return { slug: row.slug, ...nameFields(row), position: row.position };
}

function presentCategory(row: BlogCategoryRow, locale: Locale, postsCount: number) {
  return {
    id: row.id,
    slug: row.slug,
    name: translatedName(row, locale),
    ...nameFields(row),
    position: row.position,
    posts_count: postsCount,
  };
}
