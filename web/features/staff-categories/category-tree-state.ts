import { CATALOG_MAX_LEVELS } from '../../../common/catalog-rules';
import { LOCALES, isLocale } from '../../../common/locales';
import type { AdminCatalog } from '../../../server/modules/catalog/catalog.schemas';

/** The category's name in the page's language (Finnish for any other, or where it has none). */
export function nameIn(node: AdminCatalog, locale: string): string {
  return (isLocale(locale) && node[`name_${locale}`]) || node.name_fi;
}

/** Each parent's children in display order (the list comes depth-first, siblings by position); `null` holds the top level. */
export function childrenByParent(nodes: readonly AdminCatalog[]): Map<number | null, AdminCatalog[]> {
  const out = new Map<number | null, AdminCatalog[]>();
  for (const node of nodes) out.set(node.parent_id, [...(out.get(node.parent_id) ?? []), node]);
  return out;
}

/** The catalog and everything below it. */
export function subtreeOf(nodes: readonly AdminCatalog[], id: number): Set<number> {
  const children = childrenByParent(nodes);
  const out = new Set<number>();
  const stack = [id];
  while (stack.length) {
    const next = stack.pop()!;
    if (out.has(next)) continue;
    out.add(next);
    stack.push(...(children.get(next) ?? []).map((child) => child.id));
  }
  return out;
}

/** How many levels the catalog and its subtree span (1 for a catalog without subcategories). */
export function heightOf(nodes: readonly AdminCatalog[], id: number): number {
  const below = [...subtreeOf(nodes, id)].map((other) => nodes.find((node) => node.id === other)!.depth);
  const own = nodes.find((node) => node.id === id)!.depth;
  return Math.max(...below) - own + 1;
}

/**
 * Where a catalog may move: the top level (unless it is there already) and every catalog outside
 * its own subtree, other than its present parent, under which it and its subtree stay within three levels.
 */
export function moveTargets(nodes: readonly AdminCatalog[], node: AdminCatalog): { top: boolean; parents: AdminCatalog[] } {
  const own = subtreeOf(nodes, node.id);
  const height = heightOf(nodes, node.id);
  return {
    top: node.parent_id !== null,
    parents: nodes.filter(
      (target) => !own.has(target.id) && target.id !== node.parent_id && target.depth + 1 + height <= CATALOG_MAX_LEVELS,
    ),
  };
}

/** Why a catalog cannot be deleted, if it cannot. */
export function deleteBlock(node: AdminCatalog): 'children' | 'ads' | null {
  if (node.children_count > 0) return 'children';
  if (node.ads_count > 0) return 'ads';
  return null;
}

/** A catalog's place among its siblings, for the up and down buttons. */
export function siblingPlace(nodes: readonly AdminCatalog[], node: AdminCatalog): { index: number; count: number } {
  const siblings = childrenByParent(nodes).get(node.parent_id) ?? [];
  return { index: siblings.findIndex((sibling) => sibling.id === node.id), count: siblings.length };
}

/**
 * The catalogs a search shows: those whose name (in any language) or address contains the
 * words, with their ancestors so that each stays in its place in the tree. Empty query: null (all).
 */
export function matchingWithAncestors(nodes: readonly AdminCatalog[], query: string): Set<number> | null {
  const wanted = query.trim().toLocaleLowerCase();
  if (!wanted) return null;
  const byId = new Map(nodes.map((node) => [node.id, node]));
  const out = new Set<number>();
  for (const node of nodes) {
    const haystack = [...LOCALES.map((locale) => node[`name_${locale}`]), node.path.join('/')].join(' ').toLocaleLowerCase();
    if (!haystack.includes(wanted)) continue;
    for (let at: AdminCatalog | undefined = node; at && !out.has(at.id); at = at.parent_id === null ? undefined : byId.get(at.parent_id)) {
      out.add(at.id);
    }
  }
  return out;
}

/** An option's label in a place picker: indented by its depth, so the tree shows in a plain select. */
export function optionLabel(node: AdminCatalog, locale: string): string {
  return `${'\u00a0\u00a0\u00a0'.repeat(node.depth)}${node.depth > 0 ? '– ' : ''}${nameIn(node, locale)}`;
}
