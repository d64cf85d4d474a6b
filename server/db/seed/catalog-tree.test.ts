import { PARENT_CATALOG_SLUGS } from '../schema/catalog.ts';
import { describe, expect, it } from 'vitest';
import { type CatalogSeed, catalogTree } from './catalog-tree';

const LANGUAGES = ['fi', 'en', 'ru'] as const;
const SLUG_PATTERN = /^[a-z0-9]+(-[a-z0-9]+)*$/;

interface Visited {
  node: CatalogSeed;
  depth: number;
  path: string;
}

/** Every node of the tree, depth-first, with its depth (top level = 1) and slug path. */
function walk(nodes: CatalogSeed[], depth = 1, prefix = ''): Visited[] {
  return nodes.flatMap((node) => {
    const path = prefix ? `${prefix} > ${node.slug}` : node.slug;
    return [{ node, depth, path }, ...walk(node.children ?? [], depth + 1, path)];
  });
}

/** Every list of siblings in the tree, the top level included. */
function siblingGroups(nodes: CatalogSeed[], parent = '(root)'): { parent: string; nodes: CatalogSeed[] }[] {
  return [{ parent, nodes }, ...nodes.flatMap((node) => siblingGroups(node.children ?? [], node.slug))];
}

const all = walk(catalogTree);

describe('catalogTree', () => {
  it('has the ten top-level categories in order', () => {
    expect(catalogTree.map((node) => node.slug)).toEqual(PARENT_CATALOG_SLUGS);
  });

  it('uses unique kebab-case slugs of at most 60 characters', () => {
    const slugs = all.map(({ node }) => node.slug);
    const duplicates = slugs.filter((slug, i) => slugs.indexOf(slug) !== i);
    expect(duplicates).toEqual([]);
    for (const slug of slugs) {
      expect(slug, slug).toMatch(SLUG_PATTERN);
      expect(slug.length, slug).toBeLessThanOrEqual(60);
    }
  });

  it('is at most three levels deep', () => {
    const tooDeep = all.filter(({ depth }) => depth > 3).map(({ path }) => path);
    expect(tooDeep).toEqual([]);
  });

  it('has no empty children arrays', () => {
    const empty = all.filter(({ node }) => node.children !== undefined && node.children.length === 0).map(({ path }) => path);
    expect(empty).toEqual([]);
  });

  it('names every node in Finnish, English and Russian', () => {
    for (const { node, path } of all) {
      for (const lang of LANGUAGES) {
        const name = node.name[lang];
        expect(typeof name, `${path} ${lang}`).toBe('string');
        expect(name.length, `${path} ${lang}`).toBeGreaterThan(0);
        expect(name, `${path} ${lang}`).toBe(name.trim());
        expect(name, `${path} ${lang}`).not.toMatch(/\s{2}/);
      }
      expect(node.name.ru, `${path} ru`).toMatch(/[А-Яа-яЁё]|^[A-Za-z]+$/);
    }
  });

  it('has no duplicate names among siblings in any language', () => {
    for (const { parent, nodes } of siblingGroups(catalogTree)) {
      for (const lang of LANGUAGES) {
        const names = nodes.map((node) => node.name[lang].toLocaleLowerCase(lang));
        const duplicates = names.filter((name, i) => names.indexOf(name) !== i);
        expect(duplicates, `${parent} ${lang}`).toEqual([]);
      }
    }
  });

  it('gives every top-level category between 5 and 12 children', () => {
    for (const parent of catalogTree) {
      const count = parent.children?.length ?? 0;
      expect(count, parent.slug).toBeGreaterThanOrEqual(5);
      expect(count, parent.slug).toBeLessThanOrEqual(12);
    }
  });

  it('has between 150 and 400 nodes in total', () => {
    expect(all.length).toBeGreaterThanOrEqual(150);
    expect(all.length).toBeLessThanOrEqual(400);
  });
});
