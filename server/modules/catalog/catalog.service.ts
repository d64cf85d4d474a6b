import type { Locale } from '../../../common/locales.ts';
import { translatedName } from '../../platform/localized-name.ts';
import { createVersionedCache } from '../../platform/versioned-cache.ts';
import type { CatalogRepo, CatalogRow } from './catalog.repo.ts';
import type { CatalogNode, FlatCatalog } from './catalog.schemas.ts';

const localName = (row: CatalogRow, locale: Locale): string => translatedName(row, locale);

/** How often a process asks whether another one changed the tree (staff changes are rare; a check is one tiny read). */
export const CATALOG_VERSION_CHECK_MS = 2_000;

/** Where a catalog URL leads: the catalog (with its trail), or the current path of a catalog whose slug or place changed. */
export type PathResolution = { kind: 'found'; trail: FlatCatalog[] } | { kind: 'moved'; path: string[] };

/** What one read of the tree holds: the rows, the public ones among them and the views built from them per language. */
interface Snapshot {
  version: number;
  rows: CatalogRow[];
  /** Visible to the public: neither hidden itself nor below a hidden catalog. */
  visible: CatalogRow[];
  /** Old slugs → catalog id. */
  redirects: Map<string, number>;
  views: Map<Locale, { tree: CatalogNode[]; flat: FlatCatalog[] }>;
}

function visibleRows(rows: CatalogRow[]): CatalogRow[] {
  const byId = new Map(rows.map((row) => [row.id, row]));
  const shown = new Map<number, boolean>();
  const isShown = (row: CatalogRow, depth = 0): boolean => {
    const known = shown.get(row.id);
    if (known !== undefined) return known;
    const parent = row.parentId === null ? undefined : byId.get(row.parentId);
    // The depth guard only protects against a corrupt table; the service never stores a cycle.
    const value = !row.hidden && (parent === undefined || (depth < 8 && isShown(parent, depth + 1)));
    shown.set(row.id, value);
    return value;
  };
  return rows.filter((row) => isShown(row));
}

/**
 * The public tree. It is small (a few hundred rows) and read on almost every page, so each
 * process keeps it in memory; staff changes clear it here at once (`invalidate`) and raise the
 * stored version, which the other processes compare every few seconds. Hidden catalogs and
 * everything below them are left out of every public answer.
 */
export function createCatalogService(repo: CatalogRepo, options: { versionCheckMs?: number } = {}) {
  const checkMs = options.versionCheckMs ?? CATALOG_VERSION_CHECK_MS;
  const read = async (): Promise<Snapshot> => {
    // The version first: a change committed between the two reads makes the next check reload once more.
    const version = await repo.version();
    const [rows, redirects] = await Promise.all([repo.listAll(), repo.listRedirects()]);
    return {
      version,
      rows,
      visible: visibleRows(rows),
      redirects: new Map(redirects.map((r) => [r.oldSlug, r.catalogId])),
      views: new Map(),
    };
  };

  const { load, invalidate } = createVersionedCache({ read, version: () => repo.version(), checkMs });

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

  // Every listing and ad page reads the tree: it is built once per language and snapshot, not per request.
  async function view(locale: Locale) {
    const snapshot = await load();
    let built = snapshot.views.get(locale);
    if (!built) {
      const tree = buildTree(snapshot.visible, locale);
      const flat: FlatCatalog[] = [];
      const walk = (nodes: CatalogNode[], depth: number) => {
        for (const { children, ...node } of nodes) {
          flat.push({ ...node, depth });
          walk(children, depth + 1);
        }
      };
      walk(tree, 0);
      built = { tree, flat };
      snapshot.views.set(locale, built);
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

    /**
     * A catalog URL as written: the catalog, or — when a slug is an old one or the catalog has
     * moved — its current path (the caller answers 301). Every step must be a slug the site knows
     * (live or old) and the catalog must be public; anything else is undefined (404).
     */
    async resolvePath(slugs: string[], locale: Locale): Promise<PathResolution | undefined> {
      if (slugs.length === 0) return undefined;
      const trail = await this.findByPath(slugs, locale);
      if (trail) return { kind: 'found', trail };
      const snapshot = await load();
      const live = new Map(snapshot.rows.map((row) => [row.slug, row.id]));
      const ids = slugs.map((slug) => live.get(slug) ?? snapshot.redirects.get(slug));
      if (ids.some((id) => id === undefined)) return undefined;
      const target = (await this.flatten(locale)).find((c) => c.id === ids[ids.length - 1]);
      if (!target || target.path.join('/') === slugs.join('/')) return undefined;
      return { kind: 'moved', path: target.path };
    },

    /** A catalog and its public ancestors, top first (breadcrumbs, the ad page); a hidden catalog's trail stops above it. */
    async trailOf(id: number, locale: Locale): Promise<FlatCatalog[]> {
      const snapshot = await load();
      const byId = new Map(snapshot.rows.map((row) => [row.id, row]));
      const path: number[] = [];
      for (let row = byId.get(id); row && path.length < 8; row = row.parentId === null ? undefined : byId.get(row.parentId)) {
        path.unshift(row.id);
      }
      const flat = await this.flatten(locale);
      const trail: FlatCatalog[] = [];
      for (const step of path) {
        const node = flat.find((c) => c.id === step);
        if (!node) break;
        trail.push(node);
      }
      return trail;
    },

    /** The given public catalogs and everything public below them; unknown and hidden ids are dropped. */
    async withDescendants(ids: number[]): Promise<number[]> {
      const { visible } = await load();
      const children = new Map<number, number[]>();
      for (const row of visible) if (row.parentId !== null) children.set(row.parentId, [...(children.get(row.parentId) ?? []), row.id]);
      const known = new Set(visible.map((r) => r.id));
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

    /** The tree changed in this process: the next read loads it again (other processes notice by the version). */
    invalidate,
  };
}

export type CatalogService = ReturnType<typeof createCatalogService>;
