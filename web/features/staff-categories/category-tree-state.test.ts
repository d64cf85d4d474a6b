import { describe, expect, it } from 'vitest';
import type { AdminCatalog } from '../../../server/modules/catalog/catalog.schemas';
import { deleteBlock, heightOf, matchingWithAncestors, moveTargets, siblingPlace, subtreeOf } from './category-tree-state';

function node(id: number, parent: number | null, depth: number, extra: Partial<AdminCatalog> = {}): AdminCatalog {
  return {
    id,
    parent_id: parent,
    slug: `c${id}`,
    path: [`c${id}`],
    name_fi: `Nimi ${id}`,
    name_en: `Name ${id}`,
    name_ru: `Имя ${id}`,
    name_sv: `Namn ${id}`,
    position: 0,
    depth,
    hidden: false,
    hidden_by_parent: false,
    children_count: 0,
    ads_count: 0,
    active_ads_count: 0,
    subtree_ads_count: 0,
    old_slugs: [],
    ...extra,
  };
}

// 1 > 2 > 3, 1 > 4; 5 > 6; 7
const tree = [node(1, null, 0), node(2, 1, 1), node(3, 2, 2), node(4, 1, 1), node(5, null, 0), node(6, 5, 1), node(7, null, 0)];

describe('the category tree helpers', () => {
  it('knows a subtree and how many levels it spans', () => {
    expect([...subtreeOf(tree, 1)].sort()).toEqual([1, 2, 3, 4]);
    expect(heightOf(tree, 1)).toBe(3);
    expect(heightOf(tree, 2)).toBe(2);
    expect(heightOf(tree, 7)).toBe(1);
  });

  it('offers only the moves the server allows: no cycles, three levels at most, not the present parent', () => {
    const ids = (n: AdminCatalog) => moveTargets(tree, n).parents.map((p) => p.id);
    // 2 spans two levels: only under a top-level catalog other than its own parent.
    expect(ids(tree[1]!)).toEqual([5, 7]);
    expect(moveTargets(tree, tree[1]!).top).toBe(true);
    // 1 spans three levels: nowhere but the top, where it is already.
    expect(moveTargets(tree, tree[0]!)).toEqual({ top: false, parents: [] });
    // A leaf may go under anything but a grandchild.
    expect(ids(tree[6]!)).toEqual([1, 2, 4, 5, 6]);
  });

  it('says why a catalog cannot be deleted', () => {
    expect(deleteBlock(node(9, null, 0, { children_count: 2, ads_count: 3 }))).toBe('children');
    expect(deleteBlock(node(9, null, 0, { ads_count: 3 }))).toBe('ads');
    expect(deleteBlock(node(9, null, 0))).toBeNull();
  });

  it('finds a place among siblings and search matches with their ancestors', () => {
    expect(siblingPlace(tree, tree[3]!)).toEqual({ index: 1, count: 2 });
    expect(siblingPlace(tree, tree[6]!)).toEqual({ index: 2, count: 3 });
    expect([...matchingWithAncestors(tree, 'имя 3')!].sort()).toEqual([1, 2, 3]);
    expect(matchingWithAncestors(tree, '  ')).toBeNull();
    expect(matchingWithAncestors(tree, 'nothing')!.size).toBe(0);
  });
});
