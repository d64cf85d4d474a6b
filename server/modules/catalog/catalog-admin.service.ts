import type { AuditWriter } from '../../platform/audit-log.ts';
import { can } from '../../../common/access.ts';
import {
  CATALOG_MAX_LEVELS,
  CATALOG_NAME_MAX,
  CATALOG_NAME_MIN,
  CATALOG_SLUG_MAX,
  CATALOG_SLUG_MIN,
  catalogSlugProblem,
  slugFromName,
  tidyCatalogName,
} from '../../../common/catalog-rules.ts';
import { AppError } from '../../../common/errors.ts';
import { hasControlCharacter } from '../../../common/text.ts';
import { LOCALES, REQUIRED_NAME_LOCALES } from '../../../common/locales.ts';
import type { Transaction } from '../../db/client.ts';
import {
  type NameChanges,
  type NameField,
  nameFields,
  nameIn,
  readNameInput,
  sameNames,
  withNameChanges,
} from '../../platform/localized-name.ts';
import type { CurrentUser, RequestMeta } from '../../platform/current-user.ts';
import { auditEntry } from '../../platform/audit-entry.ts';
import type { AdCount, CatalogNames, CatalogRepo, CatalogRow, RedirectRow } from './catalog.repo.ts';
import type { AdminCatalog } from './catalog.schemas.ts';
import type { CatalogService } from './catalog.service.ts';

type FieldProblems = Record<string, { key: string; params?: Record<string, string | number> }[]>;

/** The tree as staff see it: every catalog with its place, visibility, old slugs and ads. */
function present(rows: CatalogRow[], counts: AdCount[], redirects: RedirectRow[]): AdminCatalog[] {
  const byParent = new Map<number | null, CatalogRow[]>();
  for (const row of rows) byParent.set(row.parentId, [...(byParent.get(row.parentId) ?? []), row]);
  const countOf = new Map(counts.map((c) => [c.catalogId, c]));
  const oldSlugs = new Map<number, string[]>();
  for (const r of redirects) oldSlugs.set(r.catalogId, [...(oldSlugs.get(r.catalogId) ?? []), r.oldSlug]);
  const out: AdminCatalog[] = [];
  const walk = (parentId: number | null, path: string[], depth: number, parentHidden: boolean): number => {
    let total = 0;
    for (const row of byParent.get(parentId) ?? []) {
      const own = countOf.get(row.id);
      const node: AdminCatalog = {
        id: row.id,
        parent_id: row.parentId,
        slug: row.slug,
        path: [...path, row.slug],
        ...nameFields(row),
        position: row.position,
        depth,
        hidden: row.hidden,
        hidden_by_parent: parentHidden,
        children_count: byParent.get(row.id)?.length ?? 0,
        ads_count: own?.total ?? 0,
        active_ads_count: own?.active ?? 0,
        subtree_ads_count: 0,
        old_slugs: oldSlugs.get(row.id) ?? [],
      };
      out.push(node);
      node.subtree_ads_count = node.ads_count + walk(row.id, node.path, depth + 1, parentHidden || row.hidden);
      total += node.subtree_ads_count;
    }
    return total;
  };
  walk(null, [], 0, false);
  return out;
}

/** Facts about one catalog within the rows of the tree: its level (1 = top), how many levels it and its subtree span, its ancestors. */
function shape(rows: CatalogRow[]) {
  const byId = new Map(rows.map((row) => [row.id, row]));
  const ancestors = (id: number): number[] => {
    const out: number[] = [];
    for (let row = byId.get(id); row?.parentId != null && out.length < 8; row = byId.get(row.parentId)) out.push(row.parentId);
    return out;
  };
  const height = (id: number): number => 1 + Math.max(0, ...rows.filter((row) => row.parentId === id).map((row) => height(row.id)));
  return { byId, ancestors, level: (id: number) => ancestors(id).length + 1, height };
}

/**
 * Staff manage the category tree (issue 14, scope 7). Rules:
 * - everything needs `categories.manage`;
 * - names in Finnish, English and Russian, 2–60 characters, no control characters, not the same as
 *   a sibling's name in that language;
 * - a slug is lowercase a–z, 0–9 and single dashes, unique across the tree; left out, it comes
 *   from the Finnish name. A changed slug (and a merged catalog's) keeps answering: the old slug
 *   is remembered and redirects (301), unless a live slug takes the name;
 * - three levels at most, also after a move with everything below; no move under itself;
 * - a hidden catalog and everything below it leave the public tree, the filters and the new-ad
 *   choice; its ads stay as they are, reachable on their own pages and in the unfiltered listing;
 * - delete only when it has no ads and no subcategories (otherwise hide or merge); merge moves
 *   its ads to another catalog and removes it, and refuses while it has subcategories;
 * - every change runs in one transaction under a table lock, is audited with before and after,
 *   and clears the tree cache here (other processes notice the raised version).
 */
export function createCatalogAdminService(deps: {
  repo: CatalogRepo;
  audit: AuditWriter;
  catalog: CatalogService;
  /** Ads changed their catalog or their catalog's visibility: the listing cache must not serve them as before. */
  onAdsChanged: () => void;
  /** Any change of the tree: every process reads it again and forgets the pages that show it. */
  onTreeChanged?: () => void;
}) {
  const { repo, audit, catalog } = deps;

  function requireManage(current: CurrentUser): void {
    if (!can(current, 'categories.manage')) throw new AppError('forbidden');
  }

  /** Names in the required languages (fi, en, ru) and optional others: 2–60 characters, no control characters. */
  function checkNames(input: Partial<Record<NameField, string | undefined>>, problems: FieldProblems): NameChanges {
    return readNameInput(
      input,
      (raw, required) => {
        const name = tidyCatalogName(raw);
        if (name.length === 0) return required ? { problem: { key: 'validation.required' } } : { name };
        if (hasControlCharacter(name)) return { problem: { key: 'validation.control_characters' } };
        if (name.length < CATALOG_NAME_MIN) return { problem: { key: 'validation.min_length', params: { limit: CATALOG_NAME_MIN } } };
        if (name.length > CATALOG_NAME_MAX) return { problem: { key: 'validation.max_length', params: { limit: CATALOG_NAME_MAX } } };
        return { name };
      },
      (locale) => REQUIRED_NAME_LOCALES.includes(locale),
      problems,
    );
  }

  function checkSlug(raw: string | undefined, problems: FieldProblems): string | undefined {
    if (raw === undefined) return undefined;
    const slug = raw.trim();
    if (hasControlCharacter(slug)) {
      problems.slug = [{ key: 'validation.control_characters' }];
      return undefined;
    }
    const problem = catalogSlugProblem(slug);
    if (problem === 'format') problems.slug = [{ key: 'admin_categories.errors.slug_format' }];
    else if (problem)
      problems.slug = [{ key: `validation.${problem}`, params: { limit: problem === 'min_length' ? CATALOG_SLUG_MIN : CATALOG_SLUG_MAX } }];
    return problem ? undefined : slug;
  }

  const fail = (problems: FieldProblems) => {
    if (Object.keys(problems).length) throw new AppError('validation_failed', {}, problems);
  };

  /** Names a sibling already has in the same language (case-insensitive), as field problems. */
  function siblingClashes(
    rows: CatalogRow[],
    parentId: number | null,
    exceptId: number | null,
    names: CatalogNames,
    problems: FieldProblems,
  ) {
    const siblings = rows.filter((row) => row.parentId === parentId && row.id !== exceptId);
    for (const locale of LOCALES) {
      const wanted = nameIn(names, locale)?.toLocaleLowerCase();
      if (wanted && siblings.some((row) => nameIn(row, locale)?.toLocaleLowerCase() === wanted))
        problems[`name_${locale}`] = [{ key: 'admin_categories.errors.name_taken' }];
    }
  }

  const snapshotOf = (row: CatalogRow) => ({
    parent_id: row.parentId,
    slug: row.slug,
    ...nameFields(row),
    position: row.position,
    hidden: row.hidden,
  });

  async function listIn(tx?: Transaction): Promise<AdminCatalog[]> {
    const [rows, counts, redirects] = await Promise.all([repo.listAll(tx), repo.adCounts(tx), repo.listRedirects(tx)]);
    return present(rows, counts, redirects);
  }

  async function viewOf(id: number, tx: Transaction): Promise<AdminCatalog> {
    return (await listIn(tx)).find((node) => node.id === id)!;
  }

  /** Runs one change under the tree's lock with the rows as they are now; afterwards every reader sees it. */
  async function change<T>(work: (tx: Transaction, rows: CatalogRow[]) => Promise<T>, adsChanged = false): Promise<T> {
    const result = await repo.transaction(async (tx) => {
      await repo.lockForChange(tx);
      return work(tx, await repo.listAll(tx));
    });
    catalog.invalidate();
    deps.onTreeChanged?.();
    if (adsChanged) deps.onAdsChanged();
    return result;
  }

  function findIn(rows: CatalogRow[], id: number): CatalogRow {
    const row = rows.find((r) => r.id === id);
    if (!row) throw new AppError('not_found');
    return row;
  }

  /** Renumbers a parent's children 0, 1, 2 … in their current order, leaving one out or putting one at an index. */
  async function renumber(rows: CatalogRow[], parentId: number | null, tx: Transaction, place?: { id: number; at: number }) {
    const ids = rows.filter((row) => row.parentId === parentId && row.id !== place?.id).map((row) => row.id);
    if (place) ids.splice(place.at, 0, place.id);
    await repo.setPositions(ids, tx);
  }

  return {
    async list(current: CurrentUser): Promise<AdminCatalog[]> {
      requireManage(current);
      return listIn();
    },

    async create(
      current: CurrentUser,
      input: Partial<Record<NameField, string | undefined>> & {
        parent_id?: number | null | undefined;
        slug?: string | undefined;
      },
      meta: RequestMeta,
    ): Promise<AdminCatalog> {
      requireManage(current);
      const problems: FieldProblems = {};
      const missing = REQUIRED_NAME_LOCALES.filter((locale) => input[`name_${locale}`] === undefined);
      for (const locale of missing) problems[`name_${locale}`] = [{ key: 'validation.required' }];
      const names = withNameChanges({ nameFi: '', names: {} }, checkNames(input, problems));
      const given = input.slug === undefined || input.slug.trim() === '' ? undefined : checkSlug(input.slug, problems);
      fail(problems);
      const parentId = input.parent_id ?? null;
      return change(async (tx, rows) => {
        if (parentId !== null) {
          if (!rows.some((row) => row.id === parentId)) throw AppError.field('parent_id', 'admin_categories.errors.parent_unknown');
          if (shape(rows).level(parentId) >= CATALOG_MAX_LEVELS) {
            throw AppError.field('parent_id', 'admin_categories.errors.too_deep', { levels: CATALOG_MAX_LEVELS });
          }
        }
        siblingClashes(rows, parentId, null, names, problems);
        let slug = given;
        if (slug !== undefined && rows.some((row) => row.slug === slug)) problems.slug = [{ key: 'admin_categories.errors.slug_taken' }];
        fail(problems);
        if (slug === undefined) {
          const base = slugFromName(names.nameFi);
          const stem = base.length >= 2 ? base : 'kategoria';
          slug = stem;
          for (let n = 2; rows.some((row) => row.slug === slug); n += 1) slug = `${stem.slice(0, CATALOG_SLUG_MAX - 6)}-${n}`;
        }
        const position = rows.filter((row) => row.parentId === parentId).length;
        const row = await repo.insert({ parentId, slug, position, ...names }, tx);
        await repo.dropRedirects([slug], tx);
        await audit(auditEntry(current, meta, 'category_created', 'catalog', row.id, { after: snapshotOf(row) }), tx);
        return viewOf(row.id, tx);
      });
    },

    /** Renames in any of the languages and/or changes the slug (the old one keeps redirecting). */
    async update(
      current: CurrentUser,
      id: number,
      input: Partial<Record<NameField, string | undefined>> & { slug?: string | undefined },
      meta: RequestMeta,
    ): Promise<AdminCatalog> {
      requireManage(current);
      const problems: FieldProblems = {};
      const changes = checkNames(input, problems);
      const slug = checkSlug(input.slug, problems);
      fail(problems);
      return change(async (tx, rows) => {
        const before = findIn(rows, id);
        const next: CatalogNames = withNameChanges(before, changes);
        siblingClashes(rows, before.parentId, id, next, problems);
        const slugChanges = slug !== undefined && slug !== before.slug;
        if (slugChanges && rows.some((row) => row.slug === slug)) problems.slug = [{ key: 'admin_categories.errors.slug_taken' }];
        fail(problems);
        const renamed = !sameNames(next, before);
        if (!renamed && !slugChanges) return viewOf(id, tx);
        await repo.update(id, { ...next, ...(slugChanges ? { slug: slug! } : {}) }, tx);
        if (slugChanges) {
          await repo.dropRedirects([slug], tx);
          await repo.addRedirect(before.slug, id, tx);
        }
        // The ads' search documents carry their category's names.
        if (renamed) await repo.refreshSearchDocuments(id, tx);
        const after = findIn(await repo.listAll(tx), id);
        await audit(
          auditEntry(current, meta, 'category_updated', 'catalog', id, { before: snapshotOf(before), after: snapshotOf(after) }),
          tx,
        );
        return viewOf(id, tx);
      });
    },

    /** Moves a catalog (with everything below it) under another parent, or to the top (null); it goes last there. */
    async move(current: CurrentUser, id: number, parentId: number | null, meta: RequestMeta): Promise<AdminCatalog> {
      requireManage(current);
      return change(async (tx, rows) => {
        const before = findIn(rows, id);
        if (parentId === before.parentId) return viewOf(id, tx);
        const tree = shape(rows);
        if (parentId !== null) {
          if (!tree.byId.has(parentId)) throw AppError.field('parent_id', 'admin_categories.errors.parent_unknown');
          if (parentId === id || tree.ancestors(parentId).includes(id)) throw AppError.field('parent_id', 'admin_categories.errors.cycle');
        }
        const levels = (parentId === null ? 0 : tree.level(parentId)) + tree.height(id);
        if (levels > CATALOG_MAX_LEVELS)
          throw AppError.field('parent_id', 'admin_categories.errors.too_deep', { levels: CATALOG_MAX_LEVELS });
        const problems: FieldProblems = {};
        siblingClashes(rows, parentId, id, before, problems);
        if (Object.keys(problems).length) throw AppError.field('parent_id', 'admin_categories.errors.name_taken_there');
        const position = rows.filter((row) => row.parentId === parentId).length;
        await repo.update(id, { parentId }, tx);
        await renumber(
          rows.filter((row) => row.id !== id),
          before.parentId,
          tx,
        );
        await renumber(
          rows.map((row) => (row.id === id ? { ...row, parentId } : row)),
          parentId,
          tx,
          { id, at: position },
        );
        const after = findIn(await repo.listAll(tx), id);
        await audit(
          auditEntry(current, meta, 'category_moved', 'catalog', id, { before: snapshotOf(before), after: snapshotOf(after) }),
          tx,
        );
        return viewOf(id, tx);
      }, true);
    },

    /** Puts a catalog at this index among its siblings (0 first); the others keep their order. */
    async reorder(current: CurrentUser, id: number, position: number, meta: RequestMeta): Promise<AdminCatalog> {
      requireManage(current);
      return change(async (tx, rows) => {
        const before = findIn(rows, id);
        const siblings = rows.filter((row) => row.parentId === before.parentId);
        if (position > siblings.length - 1) throw AppError.field('position', 'validation.maximum', { limit: siblings.length - 1 });
        if (siblings[position]?.id === id) return viewOf(id, tx);
        await renumber(rows, before.parentId, tx, { id, at: position });
        const after = findIn(await repo.listAll(tx), id);
        await audit(
          auditEntry(current, meta, 'category_moved', 'catalog', id, { before: snapshotOf(before), after: snapshotOf(after) }),
          tx,
        );
        return viewOf(id, tx);
      });
    },

    async setHidden(current: CurrentUser, id: number, hidden: boolean, meta: RequestMeta): Promise<AdminCatalog> {
      requireManage(current);
      return change(async (tx, rows) => {
        const before = findIn(rows, id);
        if (before.hidden === hidden) return viewOf(id, tx);
        await repo.update(id, { hidden }, tx);
        await audit(
          auditEntry(current, meta, hidden ? 'category_hidden' : 'category_shown', 'catalog', id, {
            before: { hidden: before.hidden },
            after: { hidden },
          }),
          tx,
        );
        return viewOf(id, tx);
      }, true);
    },

    /**
     * Moves every ad of a catalog to another and removes it; its slug (and its old slugs) then
     * lead to the other one. Refused while it has subcategories: move or merge those first.
     */
    async merge(current: CurrentUser, id: number, intoId: number, meta: RequestMeta): Promise<{ moved: number; target: AdminCatalog }> {
      requireManage(current);
      return change(async (tx, rows) => {
        const source = findIn(rows, id);
        if (intoId === id) throw AppError.field('into', 'admin_categories.errors.merge_self');
        const target = rows.find((row) => row.id === intoId);
        if (!target) throw AppError.field('into', 'admin_categories.errors.merge_unknown');
        const children = rows.filter((row) => row.parentId === id).length;
        if (children > 0) throw AppError.field('into', 'admin_categories.errors.merge_has_children', { count: children });
        const moved = await repo.moveAds(id, intoId, tx);
        await repo.repointRedirects(id, intoId, tx);
        await repo.remove(id, tx);
        await repo.addRedirect(source.slug, intoId, tx);
        await renumber(
          rows.filter((row) => row.id !== id),
          source.parentId,
          tx,
        );
        await audit(
          auditEntry(current, meta, 'category_merged', 'catalog', id, {
            before: snapshotOf(source),
            after: { into: intoId, into_slug: target.slug, moved_ads: moved },
          }),
          tx,
        );
        return { moved, target: await viewOf(intoId, tx) };
      }, true);
    },

    /** Deletes a catalog without ads and subcategories; anything else is refused with what to do instead. */
    async remove(current: CurrentUser, id: number, meta: RequestMeta): Promise<void> {
      requireManage(current);
      await change(async (tx, rows) => {
        const row = findIn(rows, id);
        const children = rows.filter((r) => r.parentId === id).length;
        if (children > 0) throw AppError.field('id', 'admin_categories.errors.delete_has_children', { count: children });
        const ads = await repo.countAds(id, tx);
        if (ads > 0) throw AppError.field('id', 'admin_categories.errors.delete_has_ads', { count: ads });
        await repo.remove(id, tx);
        await renumber(
          rows.filter((r) => r.id !== id),
          row.parentId,
          tx,
        );
        await audit(auditEntry(current, meta, 'category_deleted', 'catalog', id, { before: snapshotOf(row) }), tx);
      });
    },
  };
}

export type CatalogAdminService = ReturnType<typeof createCatalogAdminService>;
