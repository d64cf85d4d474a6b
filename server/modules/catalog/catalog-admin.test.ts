import { desc, eq } from 'drizzle-orm';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RoleSlug } from '../../../common/access.ts';
import { INT32_MAX } from '../../../common/text.ts';
import { auditLog } from '../../db/schema/auth.ts';
import { catalogs } from '../../db/schema/catalog.ts';
import { products } from '../../db/schema/products.ts';
import { createUser, loginAs } from '../../test/accounts.ts';
import { createAd } from '../../test/ads.ts';
import { buildTestApp } from '../../test/app.ts';
import { createCatalogRepo } from './catalog.repo.ts';
import type { AdminCatalog } from './catalog.schemas.ts';
import { createCatalogService } from './catalog.service.ts';

let app: FastifyInstance;
let sellerId: number;
const headersOf: Partial<Record<RoleSlug, Record<string, string>>> = {};

async function as(role: RoleSlug) {
  if (!headersOf[role]) {
    const user = await createUser(app, { roles: ['user', role] });
    headersOf[role] = { ...(await loginAs(app, user)).headers, 'accept-language': 'en' };
  }
  return headersOf[role]!;
}

const call = async (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: object, role: RoleSlug = 'admin') =>
  app.inject({ method, url: `/api/admin/catalogs${url}`, headers: await as(role), ...(payload ? { payload } : {}) });

let sequence = 0;
/** A category of its own for one test: unique names and slug, under `parentId` or at the top. */
async function newCategory(parentId: number | null = null, name = 'Testi'): Promise<AdminCatalog> {
  sequence += 1;
  const res = await call('POST', '', {
    parent_id: parentId,
    name_fi: `${name} ${sequence}`,
    name_en: `${name} en ${sequence}`,
    name_ru: `${name} ru ${sequence}`,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data as AdminCatalog;
}

const list = async () => (await call('GET', '')).json().data as AdminCatalog[];
const nodeOf = async (id: number) => (await list()).find((node) => node.id === id);
const lastAudit = async () => (await app.services.database.db.select().from(auditLog).orderBy(desc(auditLog.id)).limit(1))[0]!;
const errorsOf = (res: LightMyRequestResponse) => res.json().errors as Record<string, string[]>;
const publicSlugs = async () => ((await app.inject({ url: '/api/catalogs-flatten' })).json().data as { slug: string }[]).map((c) => c.slug);

beforeAll(async () => {
  app = await buildTestApp();
  sellerId = (await createUser(app)).id;
});
afterAll(() => app.close());

describe('the staff tree', () => {
  it('lists every catalog with its depth, path and ad counts; only categories.manage may read or change it', async () => {
    await createAd(app, { userId: sellerId, name: 'Corolla', catalog: 'cars' });
    await createAd(app, { userId: sellerId, name: 'Civic', catalog: 'cars', status: 'moderate' });
    const tree = await list();
    const cars = tree.find((node) => node.slug === 'cars')!;
    expect(cars).toMatchObject({ depth: 1, path: ['transport', 'cars'], hidden: false, hidden_by_parent: false });
    expect(cars.ads_count).toBeGreaterThanOrEqual(2);
    expect(cars.active_ads_count).toBe(cars.ads_count - 1);
    const transport = tree.find((node) => node.slug === 'transport')!;
    expect(transport.subtree_ads_count).toBeGreaterThanOrEqual(cars.ads_count);
    // Parents come before their children.
    expect(tree.indexOf(transport)).toBeLessThan(tree.indexOf(cars));

    for (const role of ['moderator', 'editor', 'user'] as const) expect((await call('GET', '', undefined, role)).statusCode).toBe(403);
    expect((await app.inject({ url: '/api/admin/catalogs' })).statusCode).toBe(401);
    expect((await call('POST', '', { name_fi: 'Moderaattorin', name_en: 'Mod', name_ru: 'Мод' }, 'moderator')).statusCode).toBe(403);
    expect((await call('GET', '', undefined, 'superAdmin')).statusCode).toBe(200);
  });
});

describe('creating', () => {
  it('creates at the top or under a parent, last among its siblings, with a slug from the Finnish name; audited', async () => {
    const res = await call('POST', '', { name_fi: '  Kodinkoneet &  työkalut ', name_en: 'Appliances', name_ru: 'Бытовая техника' });
    expect(res.statusCode).toBe(201);
    const top = res.json().data as AdminCatalog;
    expect(res.json().message).toBe('Category "Appliances" created.');
    expect(top).toMatchObject({ slug: 'kodinkoneet-tyokalut', name_fi: 'Kodinkoneet & työkalut', parent_id: null, depth: 0 });
    const tops = (await list()).filter((node) => node.parent_id === null);
    expect(tops[tops.length - 1]!.id).toBe(top.id);
    expect(await lastAudit()).toMatchObject({ action: 'category_created', entity: 'catalog', entityId: String(top.id) });

    const child = await newCategory(top.id);
    expect(child).toMatchObject({ parent_id: top.id, depth: 1, position: 0, path: ['kodinkoneet-tyokalut', child.slug] });
    // The same Finnish name elsewhere gets a numbered slug.
    const again = await call('POST', '', { parent_id: child.id, name_fi: 'Kodinkoneet & työkalut', name_en: 'Other', name_ru: 'Другое' });
    expect(again.json().data.slug).toBe('kodinkoneet-tyokalut-2');
    // A public visitor sees it at once.
    expect(await publicSlugs()).toContain('kodinkoneet-tyokalut-2');
  });

  it('takes a given slug, and refuses a taken one, a badly formed one and control characters', async () => {
    const ok = await call('POST', '', { name_fi: 'Veneet', name_en: 'Boats', name_ru: 'Лодки', slug: 'veneet-2026' });
    expect(ok.json().data.slug).toBe('veneet-2026');
    const taken = await call('POST', '', { name_fi: 'Veneily', name_en: 'Boating', name_ru: 'Катание', slug: 'cars' });
    expect(taken.statusCode).toBe(422);
    expect(errorsOf(taken).slug).toEqual(['This address name is in use by another category.']);
    for (const slug of ['Isot', 'ä-kirjain', 'a--b', '-alku', 'loppu-', 'a b', 'x', 'a'.repeat(61)]) {
      const bad = await call('POST', '', { name_fi: 'Nimi ok', name_en: 'Name ok', name_ru: 'Имя', slug });
      expect(bad.statusCode, slug).toBe(422);
      expect(errorsOf(bad).slug, slug).toHaveLength(1);
    }
    const control = await call('POST', '', { name_fi: 'Nimi\u0000', name_en: 'Na\u0007me', name_ru: 'Имя', slug: 'abc\u0001' });
    expect(control.statusCode).toBe(422);
    expect(Object.keys(errorsOf(control)).sort()).toEqual(['name_en', 'name_fi', 'slug']);
    expect(errorsOf(control).name_fi).toEqual(['The text contains control characters that cannot be saved.']);
  });

  it('needs all three names, 2–60 characters, not one a sibling has in that language', async () => {
    const empty = await call('POST', '', { name_fi: '   ', name_en: '', name_ru: 'Я' });
    expect(empty.statusCode).toBe(422);
    expect(errorsOf(empty)).toEqual({
      name_fi: ['Field is required'],
      name_en: ['Field is required'],
      name_ru: ['Must be at least 2 characters.'],
    });
    const long = await call('POST', '', { name_fi: 'x'.repeat(61), name_en: 'Long', name_ru: 'Длинное' });
    expect(errorsOf(long).name_fi).toEqual(['Must be at most 60 characters.']);
    const missing = await call('POST', '', { name_fi: 'Vain suomeksi' });
    expect(missing.statusCode).toBe(422);

    const parent = await newCategory();
    await call('POST', '', { parent_id: parent.id, name_fi: 'Sisar', name_en: 'Sister', name_ru: 'Сестра' });
    const clash = await call('POST', '', { parent_id: parent.id, name_fi: 'SISAR', name_en: 'Brother', name_ru: 'Брат' });
    expect(errorsOf(clash)).toEqual({ name_fi: ['Another category at this place already has this name.'] });
    // The same name under another parent is fine.
    expect((await call('POST', '', { name_fi: 'Sisar', name_en: 'Sister', name_ru: 'Сестра' })).statusCode).toBe(201);
  });

  it('goes three levels deep at most and refuses an unknown parent, without writing anything', async () => {
    const before = (await list()).length;
    const top = await newCategory();
    const child = await newCategory(top.id);
    const grandchild = await newCategory(child.id);
    expect(grandchild.depth).toBe(2);
    const tooDeep = await call('POST', '', { parent_id: grandchild.id, name_fi: 'Neljäs', name_en: 'Fourth', name_ru: 'Четвёртый' });
    expect(tooDeep.statusCode).toBe(422);
    expect(errorsOf(tooDeep).parent_id).toEqual(['Categories go three levels deep at most.']);
    const unknown = await call('POST', '', { parent_id: 999_999, name_fi: 'Orpo', name_en: 'Orphan', name_ru: 'Сирота' });
    expect(errorsOf(unknown).parent_id).toEqual(['The chosen parent category does not exist.']);
    const overflow = await call('POST', '', { parent_id: INT32_MAX + 1, name_fi: 'Yli', name_en: 'Over', name_ru: 'Над' });
    expect(overflow.statusCode).toBe(422);
    expect((await call('POST', '', { parent_id: 'x', name_fi: 'Yli', name_en: 'Over', name_ru: 'Над' })).statusCode).toBe(422);
    expect((await call('POST', '', { name_fi: 'Lisä', name_en: 'Extra', name_ru: 'Доп', hidden: true })).statusCode).toBe(422);
    expect((await list()).length).toBe(before + 3);
  });
});

describe('renaming and slugs', () => {
  it('renames in any language and refreshes the search documents of its ads', async () => {
    const category = await newCategory();
    await createAd(app, { userId: sellerId, name: 'Zorblax 3000', catalog: category.slug });
    const res = await call('PATCH', `/${category.id}`, { name_en: 'Hovercrafts', name_ru: 'Аэросани' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ message: 'Category "Hovercrafts" saved.', data: { name_en: 'Hovercrafts', name_ru: 'Аэросани' } });
    expect(res.json().data.name_fi).toBe(category.name_fi);
    const audit = await lastAudit();
    expect(audit).toMatchObject({ action: 'category_updated', entityId: String(category.id) });
    expect(audit.data).toMatchObject({ before: { name_en: category.name_en }, after: { name_en: 'Hovercrafts' } });
    // "hovercraft" is only in the category's new English name, not in the ad.
    const found = await app.inject({ method: 'POST', url: '/api/products', payload: { name: 'hovercraft' } });
    expect(found.json().data.map((ad: { name: string }) => ad.name)).toContain('Zorblax 3000');
    const tree = (await app.inject({ url: '/api/catalogs-flatten', headers: { 'accept-language': 'en' } })).json().data as {
      id: number;
      name: string;
    }[];
    expect(tree.find((c) => c.id === category.id)!.name).toBe('Hovercrafts');
  });

  it('changes the slug; the old one answers 301 on the page path API until a live slug takes it', async () => {
    const top = await newCategory();
    const child = await newCategory(top.id);
    const oldSlug = child.slug;
    const res = await call('PATCH', `/${child.id}`, { slug: 'uusi-osoite' });
    expect(res.json().data).toMatchObject({ slug: 'uusi-osoite', old_slugs: [oldSlug] });

    const moved = await app.inject({ url: `/api/catalogs/${top.slug}/${oldSlug}` });
    expect(moved.statusCode).toBe(301);
    expect(moved.headers.location).toBe(`/api/catalogs/${top.slug}/uusi-osoite`);
    const current = await app.inject({ url: `/api/catalogs/${top.slug}/uusi-osoite` });
    expect(current.statusCode).toBe(200);
    expect(current.json().trail.map((c: { slug: string }) => c.slug)).toEqual([top.slug, 'uusi-osoite']);
    expect((await app.inject({ url: `/api/catalogs/${top.slug}/no-such-slug` })).statusCode).toBe(404);

    // A new category may take the old slug: the live slug wins and the redirect is gone.
    const taker = await call('POST', '', { name_fi: 'Ottaja', name_en: 'Taker', name_ru: 'Берущий', slug: oldSlug });
    expect(taker.statusCode).toBe(201);
    expect((await app.inject({ url: `/api/catalogs/${oldSlug}` })).statusCode).toBe(200);
    expect((await nodeOf(child.id))!.old_slugs).toEqual([]);
    // A slug in use by another category is refused.
    const clash = await call('PATCH', `/${child.id}`, { slug: 'cars' });
    expect(errorsOf(clash).slug).toEqual(['This address name is in use by another category.']);
  });

  it('refuses empty names, bad slugs, unknown ids and ids past int32; an unchanged save writes no audit entry', async () => {
    const category = await newCategory();
    expect(errorsOf(await call('PATCH', `/${category.id}`, { name_fi: ' ' })).name_fi).toEqual(['Field is required']);
    expect((await call('PATCH', `/${category.id}`, { slug: 'Ei Näin' })).statusCode).toBe(422);
    expect((await call('PATCH', '/999999', { name_fi: 'Kuka' })).statusCode).toBe(404);
    expect((await call('PATCH', `/${INT32_MAX + 1}`, { name_fi: 'Kuka' })).statusCode).toBe(422);
    expect((await call('PATCH', '/0', { name_fi: 'Kuka' })).statusCode).toBe(422);
    expect((await call('PATCH', '/abc', { name_fi: 'Kuka' })).statusCode).toBe(422);
    const auditBefore = (await lastAudit()).id;
    expect((await call('PATCH', `/${category.id}`, { name_fi: category.name_fi, slug: category.slug })).statusCode).toBe(200);
    expect((await lastAudit()).id).toBe(auditBefore);
    expect(await nodeOf(category.id)).toEqual(category);
  });
});

describe('moving and ordering', () => {
  it('moves a catalog with its subtree under another parent, last there; old links answer 301', async () => {
    const from = await newCategory();
    const to = await newCategory();
    await newCategory(to.id);
    const mover = await newCategory(from.id);
    const below = await newCategory(mover.id);
    const stays = await newCategory(from.id);
    const res = await call('POST', `/${mover.id}/move`, { parent_id: to.id });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ parent_id: to.id, depth: 1, position: 1, path: [to.slug, mover.slug] });
    expect((await nodeOf(below.id))!.path).toEqual([to.slug, mover.slug, below.slug]);
    expect((await nodeOf(stays.id))!.position).toBe(0);
    expect(await lastAudit()).toMatchObject({ action: 'category_moved', entityId: String(mover.id) });
    const old = await app.inject({ url: `/api/catalogs/${from.slug}/${mover.slug}/${below.slug}` });
    expect(old.statusCode).toBe(301);
    expect(old.headers.location).toBe(`/api/catalogs/${to.slug}/${mover.slug}/${below.slug}`);

    // To the top level.
    const top = await call('POST', `/${mover.id}/move`, { parent_id: null });
    expect(top.json().data).toMatchObject({ parent_id: null, depth: 0 });
  });

  it('refuses cycles, a fourth level, an unknown parent and a name the new siblings have', async () => {
    const top = await newCategory();
    const child = await newCategory(top.id);
    const grandchild = await newCategory(child.id);
    expect(errorsOf(await call('POST', `/${top.id}/move`, { parent_id: top.id })).parent_id).toEqual([
      'A category cannot go under itself or below itself.',
    ]);
    expect(errorsOf(await call('POST', `/${top.id}/move`, { parent_id: grandchild.id })).parent_id).toEqual([
      'A category cannot go under itself or below itself.',
    ]);
    // Child with its grandchild is two levels: under another child it would make four.
    const other = await newCategory();
    const otherChild = await newCategory(other.id);
    expect(errorsOf(await call('POST', `/${child.id}/move`, { parent_id: otherChild.id })).parent_id).toEqual([
      'Categories go three levels deep at most.',
    ]);
    expect((await call('POST', `/${child.id}/move`, { parent_id: other.id })).statusCode).toBe(200);
    expect(errorsOf(await call('POST', `/${child.id}/move`, { parent_id: 999_999 })).parent_id).toEqual([
      'The chosen parent category does not exist.',
    ]);
    expect((await call('POST', `/${child.id}/move`, { parent_id: INT32_MAX + 1 })).statusCode).toBe(422);
    expect((await call('POST', `/${child.id}/move`, {})).statusCode).toBe(422);
    expect((await call('POST', '/999999/move', { parent_id: null })).statusCode).toBe(404);

    const twin = await call('POST', '', { parent_id: top.id, name_fi: child.name_fi, name_en: 'Twin', name_ru: 'Близнец' });
    expect(twin.statusCode).toBe(201);
    const clash = await call('POST', `/${child.id}/move`, { parent_id: top.id });
    expect(errorsOf(clash).parent_id).toEqual(['A category there already has the same name. Rename one of them first.']);
    expect((await nodeOf(child.id))!.parent_id).toBe(other.id);
  });

  it('reorders among siblings and keeps positions 0, 1, 2 …', async () => {
    const parent = await newCategory();
    const [a, b, c] = [await newCategory(parent.id), await newCategory(parent.id), await newCategory(parent.id)];
    const res = await call('POST', `/${c!.id}/position`, { position: 0 });
    expect(res.statusCode).toBe(200);
    const order = async () => (await list()).filter((node) => node.parent_id === parent.id).map((node) => [node.id, node.position]);
    expect(await order()).toEqual([
      [c!.id, 0],
      [a!.id, 1],
      [b!.id, 2],
    ]);
    expect(await lastAudit()).toMatchObject({ action: 'category_moved', entityId: String(c!.id) });
    await call('POST', `/${c!.id}/position`, { position: 2 });
    expect((await order()).map(([id]) => id)).toEqual([a!.id, b!.id, c!.id]);
    const past = await call('POST', `/${c!.id}/position`, { position: 3 });
    expect(errorsOf(past).position).toEqual(['Must be at most 2.']);
    expect((await call('POST', `/${c!.id}/position`, { position: -1 })).statusCode).toBe(422);
    expect((await call('POST', `/${c!.id}/position`, { position: INT32_MAX + 1 })).statusCode).toBe(422);
    // The public tree follows the order.
    const publicOrder = ((await app.inject({ url: '/api/catalogs-flatten' })).json().data as { id: number; parent_id: number }[])
      .filter((node) => node.parent_id === parent.id)
      .map((node) => node.id);
    expect(publicOrder).toEqual([a!.id, b!.id, c!.id]);
  });
});

describe('hiding', () => {
  it('takes a catalog and its subtree out of the public tree, pages and filters; its ads stay', async () => {
    const top = await newCategory();
    const child = await newCategory(top.id);
    const owner = await createUser(app);
    const ad = await createAd(app, { userId: owner.id, name: 'Piilotettu kohde', catalog: child.slug });
    const res = await call('POST', `/${top.id}/visibility`, { hidden: true });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe(`Category "${top.name_en}" hidden.`);
    expect(await lastAudit()).toMatchObject({ action: 'category_hidden', data: { before: { hidden: false }, after: { hidden: true } } });
    expect((await nodeOf(child.id))!).toMatchObject({ hidden: false, hidden_by_parent: true });

    const slugs = await publicSlugs();
    expect(slugs).not.toContain(top.slug);
    expect(slugs).not.toContain(child.slug);
    expect((await app.inject({ url: `/api/catalogs/${top.slug}/${child.slug}` })).statusCode).toBe(404);
    // No listing under it, but the ad itself is still there.
    const filtered = await app.inject({ method: 'POST', url: '/api/products', payload: { catalogs: [top.id] } });
    expect(filtered.json().meta.total).toBe(0);
    expect((await app.inject({ url: `/api/product/${ad.uuid}` })).statusCode).toBe(200);
    // No ad can be filed there now (an edit that names it is refused).
    const edit = await app.inject({
      method: 'PATCH',
      url: '/api/product',
      headers: { ...(await loginAs(app, owner)).headers, 'accept-language': 'en' },
      payload: { productUuid: ad.uuid, catalog_id: child.id },
    });
    expect(edit.statusCode).toBe(422);
    expect(errorsOf(edit).catalog_id).toEqual(['Choose a category from the list.']);

    const shown = await call('POST', `/${top.id}/visibility`, { hidden: false });
    expect(shown.json().message).toBe(`Category "${top.name_en}" is visible again.`);
    expect(await lastAudit()).toMatchObject({ action: 'category_shown' });
    expect(await publicSlugs()).toContain(child.slug);
    expect((await app.inject({ method: 'POST', url: '/api/products', payload: { catalogs: [top.id] } })).json().meta.total).toBe(1);
    expect((await call('POST', `/${top.id}/visibility`, { hidden: 'yes' })).statusCode).toBe(422);
  });
});

describe('deleting and merging', () => {
  it('deletes only a catalog without ads and subcategories; otherwise says to hide or merge', async () => {
    const parent = await newCategory();
    const child = await newCategory(parent.id);
    const withChildren = await call('DELETE', `/${parent.id}`);
    expect(withChildren.statusCode).toBe(422);
    expect(errorsOf(withChildren).id).toEqual([
      'The category has subcategories (1). Move or delete them first, or hide the category instead.',
    ]);
    await createAd(app, { userId: sellerId, name: 'Pysyvä', catalog: child.slug, status: 'disabled' });
    const withAds = await call('DELETE', `/${child.id}`);
    expect(errorsOf(withAds).id).toEqual(['The category has ads (1). Hide it, or merge it into another category to move its ads there.']);
    const empty = await newCategory(parent.id);
    const res = await call('DELETE', `/${empty.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe('Category deleted.');
    expect(await nodeOf(empty.id)).toBeUndefined();
    expect(await lastAudit()).toMatchObject({ action: 'category_deleted', entityId: String(empty.id) });
    expect((await call('DELETE', `/${empty.id}`)).statusCode).toBe(404);
    expect((await call('DELETE', `/${INT32_MAX + 1}`)).statusCode).toBe(422);
  });

  it('merges: the ads move in one go, the catalog goes, its slugs lead to the target', async () => {
    const source = await newCategory();
    const target = await newCategory();
    const old = await call('PATCH', `/${source.id}`, { slug: `${source.slug}-b` });
    expect(old.statusCode).toBe(200);
    const ads = [
      await createAd(app, { userId: sellerId, name: 'Ensimmäinen', catalog: `${source.slug}-b` }),
      await createAd(app, { userId: sellerId, name: 'Toinen', catalog: `${source.slug}-b`, status: 'sold' }),
    ];
    const res = await call('POST', `/${source.id}/merge`, { into: target.id });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ moved: 2, message: `Ads moved to "${target.name_en}": 2. The merged category was removed.` });
    expect(res.json().data).toMatchObject({ id: target.id, ads_count: 2, old_slugs: [source.slug, `${source.slug}-b`].sort() });
    for (const ad of ads) {
      const [row] = await app.services.database.db.select().from(products).where(eq(products.id, ad.id));
      expect(row!.catalogId).toBe(target.id);
    }
    expect(await nodeOf(source.id)).toBeUndefined();
    expect((await app.inject({ url: `/api/catalogs/${source.slug}` })).headers.location).toBe(`/api/catalogs/${target.slug}`);
    expect(await lastAudit()).toMatchObject({ action: 'category_merged', entityId: String(source.id) });
  });

  it('refuses merging into itself, an unknown target, or while it has subcategories, changing nothing', async () => {
    const source = await newCategory();
    await newCategory(source.id);
    await createAd(app, { userId: sellerId, name: 'Jää paikalleen', catalog: source.slug });
    const target = await newCategory();
    expect(errorsOf(await call('POST', `/${source.id}/merge`, { into: source.id })).into).toEqual([
      'Choose a category other than the one being merged.',
    ]);
    expect(errorsOf(await call('POST', `/${source.id}/merge`, { into: 999_999 })).into).toEqual(['The chosen category does not exist.']);
    expect(errorsOf(await call('POST', `/${source.id}/merge`, { into: target.id })).into).toEqual([
      'The category has subcategories (1). Move or merge them first.',
    ]);
    expect((await call('POST', `/${source.id}/merge`, { into: INT32_MAX + 1 })).statusCode).toBe(422);
    expect((await call('POST', '/999999/merge', { into: target.id })).statusCode).toBe(404);
    expect((await nodeOf(source.id))!.ads_count).toBe(1);
  });
});

describe('the tree cache across processes', () => {
  it('another process sees a change by the stored version, without a restart', async () => {
    // Second services over the same database stand for other instances behind the load balancer.
    const other = createCatalogService(createCatalogRepo(app.services.database.db), { versionCheckMs: 0 });
    const lagging = createCatalogService(createCatalogRepo(app.services.database.db), { versionCheckMs: 60_000 });
    const category = await newCategory();
    expect((await other.flatten('fi')).some((c) => c.id === category.id)).toBe(true);
    expect((await lagging.flatten('fi')).some((c) => c.id === category.id)).toBe(true);
    await call('PATCH', `/${category.id}`, { name_fi: 'Toisen prosessin nimi' });
    expect((await other.flatten('fi')).find((c) => c.id === category.id)!.name).toBe('Toisen prosessin nimi');
    // Until its next check a process serves what it has.
    expect((await lagging.flatten('fi')).find((c) => c.id === category.id)!.name).toBe(category.name_fi);

    await call('POST', `/${category.id}/visibility`, { hidden: true });
    expect((await other.flatten('fi')).some((c) => c.id === category.id)).toBe(false);
    // It is the version that tells: a row changed around the service is not noticed.
    await app.services.database.db.update(catalogs).set({ hidden: false }).where(eq(catalogs.id, category.id));
    expect((await other.flatten('fi')).some((c) => c.id === category.id)).toBe(false);
  });
});
