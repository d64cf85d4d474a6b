import type { Locale } from '../../../common/locales.ts';
import type { CatalogRepo, CatalogRow } from './catalog.repo.ts';
import type { CatalogNode, FlatCatalog } from './catalog.schemas.ts';

function localName(row: CatalogRow, locale: Locale): string {
  if (locale === 'en') return row.nameEn;
  if (locale === 'ru') return row.nameRu;
  return row.nameFi;
}

/** The tree is small (a few hundred rows) and read on almost every page, so it is kept in memory. */
export function createCatalogService(repo: CatalogRepo) {
  let cache: Promise<CatalogRow[]> | undefined;
  const load = () => {
    cache ??= repo.listAll().catch((error: unknown) => {
      cache = undefined;
      throw error;
    });
    return cache;
  };

  function buildTree(rows: CatalogRow[], locale: Locale): CatalogNode[] {
    const byParent = new Map<number | null, CatalogRow[]>();
    for (const row of rows) {
      const siblings = byParent.get(row.parentId) ?? [];
      siblings.push(row);
      byParent.set(row.parentId, siblings);
    }
    const build = (parentId: number | null, parentPath: string[]): CatalogNode[] =>
      (byParent.get(parentId) ?? []).map((row) => {
        const path = [...parentPath, row.slug];
        return { id: row.id, slug: row.slug, name: localName(row, locale), parent_id: row.parentId, path, children: build(row.id, path) };
      });
    return build(null, []);
  }

  // Every listing and ad page reads the tree: it is built once per language, not per request.
  const views = new Map<Locale, { tree: CatalogNode[]; flat: FlatCatalog[] }>();
  async function view(locale: Locale) {
    const rows = await load();
    let built = views.get(locale);
    if (!built) {
      const tree = buildTree(rows, locale);
      const flat: FlatCatalog[] = [];
      const walk = (nodes: CatalogNode[], depth: number) => {
        for (const { children, ...node } of nodes) {
          flat.push({ ...node, depth });
          walk(children, depth + 1);
        }
      };
      walk(tree, 0);
      built = { tree, flat };
      views.set(locale, built);
    }
    return built;
  }

  return {
    async tree(locale: Locale): Promise<CatalogNode[]> {
      return (await view(locale)).tree;
    },

    /** Depth-first, parents before their children, in display order. */
    async flatten(locale: Locale): Promise<FlatCatalog[]> {
      return (await view(locale)).flat;
    },

    /** Finds the catalog a URL path names (`['transport', 'cars']`), checking each step is the parent of the next. */
    async findByPath(slugs: string[], locale: Locale): Promise<FlatCatalog[] | undefined> {
      const flat = await this.flatten(locale);
      const trail: FlatCatalog[] = [];
      let parentId: number | null = null;
      for (const slug of slugs) {
        const node = flat.find((c) => c.slug === slug && c.parent_id === parentId);
        if (!node) return undefined;
        trail.push(node);
        parentId = node.id;
      }
      return trail;
    },

    /** A catalog and its ancestors, top first (breadcrumbs, the ad page). */
    async trailOf(id: number, locale: Locale): Promise<FlatCatalog[]> {
      const flat = await this.flatten(locale);
      const trail: FlatCatalog[] = [];
      let node = flat.find((c) => c.id === id);
      while (node) {
        trail.unshift(node);
        const parentId: number | null = node.parent_id;
        node = parentId === null ? undefined : flat.find((c) => c.id === parentId);
      }
      return trail;
    },

    /** The given catalogs and everything below them; unknown ids are dropped. */
    async withDescendants(ids: number[]): Promise<number[]> {
      const rows = await load();
      const children = new Map<number, number[]>();
      for (const row of rows) if (row.parentId !== null) children.set(row.parentId, [...(children.get(row.parentId) ?? []), row.id]);
      const known = new Set(rows.map((r) => r.id));
      const out = new Set<number>();
      const stack = ids.filter((id) => known.has(id));
      while (stack.length) {
        const id = stack.pop()!;
        if (out.has(id)) continue;
        out.add(id);
        stack.push(...(children.get(id) ?? []));
      }
      return [...out];
    },

    invalidate(): void {
      cache = undefined;
      views.clear();
    },
  };
}

export type CatalogService = ReturnType<typeof createCatalogService>;
