import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PARENT_CATALOG_SLUGS } from '../../db/schema/catalog.ts';
import { catalogTree } from '../../db/seed/catalog-tree.ts';
import { buildTestApp } from '../../test/app.ts';

interface Node {
  id: number;
  slug: string;
  name: string;
  parent_id: number | null;
  path: string[];
  children: Node[];
}

let app: FastifyInstance;
beforeAll(async () => {
  app = await buildTestApp();
});
afterAll(() => app.close());

describe('GET /api/catalogs-tree', () => {
  it('has the ten parents of the spec in order, with children and grandchildren', async () => {
    const res = await app.inject({ url: '/api/catalogs-tree', headers: { 'accept-language': 'en' } });
    expect(res.statusCode).toBe(200);
    const tree = res.json().data as Node[];
    expect(tree.map((n) => n.slug)).toEqual(PARENT_CATALOG_SLUGS);
    for (const parent of tree) expect(parent.children.length).toBeGreaterThan(0);
    const transport = tree[0]!;
    expect(transport.name).toBe(catalogTree[0]!.name.en);
    const withGrandchildren = tree.flatMap((p) => p.children).filter((c) => c.children.length > 0);
    expect(withGrandchildren.length).toBeGreaterThan(5);
    const grandchild = withGrandchildren[0]!.children[0]!;
    expect(grandchild.path).toHaveLength(3);
    expect(grandchild.children).toEqual([]);
  });

  it('names the catalogs in Finnish by default and in Russian on request', async () => {
    const fi = (await app.inject({ url: '/api/catalogs-tree' })).json().data as Node[];
    expect(fi[0]!.name).toBe(catalogTree[0]!.name.fi);
    const ru = (await app.inject({ url: '/api/catalogs-tree', headers: { 'accept-language': 'ru' } })).json().data as Node[];
    expect(ru[0]!.name).toBe(catalogTree[0]!.name.ru);
  });
});

describe('GET /api/catalogs-flatten', () => {
  it('lists every catalog once, parents before children, with unique slugs', async () => {
    const res = await app.inject({ url: '/api/catalogs-flatten' });
    expect(res.statusCode).toBe(200);
    const flat = res.json().data as (Omit<Node, 'children'> & { depth: number })[];
    const count = (nodes: typeof catalogTree): number => nodes.reduce((n, c) => n + 1 + count(c.children ?? []), 0);
    expect(flat).toHaveLength(count(catalogTree));
    expect(new Set(flat.map((c) => c.slug)).size).toBe(flat.length);
    const seen = new Set<number>();
    for (const catalog of flat) {
      if (catalog.parent_id !== null) expect(seen.has(catalog.parent_id)).toBe(true);
      expect(catalog.depth).toBe(catalog.path.length - 1);
      seen.add(catalog.id);
    }
  });
});
