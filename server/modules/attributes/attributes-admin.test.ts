import { desc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ATTRIBUTES_PER_CATALOG_MAX, ATTRIBUTE_OPTIONS_MAX, type AttributeValues } from '../../../common/attributes.ts';
import { auditLog } from '../../db/schema/auth.ts';
import { catalogAttributes } from '../../db/schema/attributes.ts';
import { catalogVersion, catalogs } from '../../db/schema/catalog.ts';
import { products } from '../../db/schema/products.ts';
import { createUser, loginAs } from '../../test/accounts.ts';
import { createAd } from '../../test/ads.ts';
import { buildTestApp } from '../../test/app.ts';
import { createCustomStaff } from '../../test/roles.ts';
import { choiceBody, errorsOf, fieldBody, newCatalog, staffCalls } from './attributes-test-kit.ts';

let app: FastifyInstance;
let staff: ReturnType<typeof staffCalls>;
let headers: Record<string, string> = {};
let sellerId: number;

beforeAll(async () => {
  app = await buildTestApp();
  // Only the category tree's permission: nothing else of an admin's.
  const person = await createCustomStaff(app, ['categories.manage']);
  headers = (await loginAs(app, person)).headers;
  staff = staffCalls(app, () => headers);
  sellerId = (await createUser(app)).id;
});
afterAll(() => app.close());

const call = (...args: Parameters<ReturnType<typeof staffCalls>['call']>) => staff.call(...args);
const lastAudit = async () => (await app.services.database.db.select().from(auditLog).orderBy(desc(auditLog.id)).limit(1))[0]!;
const treeVersion = async () => (await app.services.database.db.select().from(catalogVersion))[0]?.version ?? 0;

/** An ad in the catalog holding these values (straight in the database, as the selling module stores them). */
async function adWith(catalogId: number, values: AttributeValues) {
  const [slug] = await app.services.database.db.select({ slug: catalogs.slug }).from(catalogs).where(eq(catalogs.id, catalogId));
  const ad = await createAd(app, { userId: sellerId, name: 'Arvoja', catalog: slug!.slug });
  await app.services.database.db.update(products).set({ attributes: values }).where(eq(products.id, ad.id));
  return ad;
}

describe('who may define fields', () => {
  it('a role holding only categories.manage may; a user, a moderator and a visitor may not', async () => {
    const catalog = await newCatalog(app);
    await staff.add(catalog, fieldBody('allowed'));
    const user = (await loginAs(app, await createUser(app))).headers;
    const moderator = (await loginAs(app, await createUser(app, { roles: ['user', 'moderator'] }))).headers;
    for (const who of [user, moderator]) {
      expect((await app.inject({ url: `/api/admin/catalogs/${catalog}/attributes`, headers: who })).statusCode).toBe(403);
      const add = await app.inject({
        method: 'POST',
        url: `/api/admin/catalogs/${catalog}/attributes`,
        headers: who,
        payload: fieldBody('refused'),
      });
      expect(add.statusCode).toBe(403);
    }
    expect((await app.inject({ url: `/api/admin/catalogs/${catalog}/attributes` })).statusCode).toBe(401);
    expect((await staff.list(catalog)).map((d) => d.key)).toEqual(['allowed']);
  });
});

describe('listing for staff', () => {
  it("lists the catalog's inherited and own fields in every language, retired ones too; 404 for an unknown catalog", async () => {
    const top = await newCatalog(app);
    const leaf = await newCatalog(app, top);
    await staff.add(top, fieldBody('from_top', { labels: { fi: 'Ylhäältä', en: 'From above', ru: 'Сверху', sv: 'Uppifrån' } }));
    const own = await staff.add(leaf, fieldBody('own'));
    await call('POST', `/admin/attributes/${own.id}/retire`);
    const list = await staff.list(leaf);
    expect(list.map((d) => [d.key, d.inherited, d.retired, d.catalog_id])).toEqual([
      ['from_top', true, false, top],
      ['own', false, true, leaf],
    ]);
    expect(list[0]!.labels).toEqual({ fi: 'Ylhäältä', en: 'From above', ru: 'Сверху', sv: 'Uppifrån' });
    expect((await call('GET', '/admin/catalogs/99999999/attributes')).statusCode).toBe(404);
  });
});

describe('adding a field', () => {
  it('stores it last among its own, audited, raising the tree version', async () => {
    const catalog = await newCatalog(app);
    await staff.add(catalog, fieldBody('one'));
    const before = await app.services.attributes.all();
    const versionBefore = await treeVersion();
    const res = await call(
      'POST',
      `/admin/catalogs/${catalog}/attributes`,
      fieldBody('two', { unit: 'km', min: 0, max: 10, filter: true }),
    );
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().message).toBe('Field "In English two" added.');
    const created = res.json().data;
    expect(created).toMatchObject({ key: 'two', unit: 'km', min: 0, max: 10, filter: true, position: 1, inherited: false, card: null });
    expect(await lastAudit()).toMatchObject({ action: 'attribute_created', entity: 'catalog_attribute', entityId: String(created.id) });
    // This process sees it at once (the cache was cleared), the others by the raised version.
    expect((await app.services.attributes.all()).length).toBe(before.length + 1);
    expect(await treeVersion()).toBeGreaterThan(versionBefore);
  });

  it('refuses a bad key, a bad type, missing or bad labels, with the problem under each input', async () => {
    const catalog = await newCatalog(app);
    const res = await call('POST', `/admin/catalogs/${catalog}/attributes`, {
      key: 'Bad Key',
      type: 'number',
      labels: { fi: '  ', en: 'x'.repeat(61), ru: 'Ок' },
    });
    expect(res.statusCode).toBe(422);
    expect(errorsOf(res)).toEqual({
      key: [expect.stringContaining('lower-case')],
      'labels.fi': ['Field is required'],
      'labels.en': [expect.stringContaining('60')],
    });
    const control = await call(
      'POST',
      `/admin/catalogs/${catalog}/attributes`,
      fieldBody('bell', { labels: { fi: 'Ok', en: 'Ok', ru: 'Ок\u0007' } }),
    );
    expect(errorsOf(control)).toEqual({ 'labels.ru': [expect.stringContaining('control')] });
    const badType = await call('POST', `/admin/catalogs/${catalog}/attributes`, fieldBody('typed', { type: 'colour' }));
    expect(badType.statusCode).toBe(422);
    expect(Object.keys(errorsOf(badType))).toEqual(['type']);
    // Swedish is optional.
    await staff.add(catalog, fieldBody('no_swedish'));
  });

  it('checks options, bounds, unit, decimals, card and filter against the type', async () => {
    const catalog = await newCatalog(app);
    const options = await call('POST', `/admin/catalogs/${catalog}/attributes`, {
      ...choiceBody('colour', ['red', 'Red!', 'red']),
    });
    expect(options.statusCode).toBe(422);
    expect(errorsOf(options)).toEqual({
      'options.1.value': [expect.stringContaining('lower-case')],
      'options.2.value': ['Another option already has this value.'],
    });
    const none = await call('POST', `/admin/catalogs/${catalog}/attributes`, choiceBody('empty', []));
    expect(errorsOf(none)).toEqual({ options: ['Add at least one option.'] });
    const many = Array.from({ length: ATTRIBUTE_OPTIONS_MAX + 1 }, (_, i) => `o${i}`);
    expect(errorsOf(await call('POST', `/admin/catalogs/${catalog}/attributes`, choiceBody('many', many)))).toEqual({
      options: [`A field may have at most ${ATTRIBUTE_OPTIONS_MAX} options.`],
    });
    const bounds = await call('POST', `/admin/catalogs/${catalog}/attributes`, fieldBody('span', { min: 10, max: 1, decimals: 4 }));
    expect(errorsOf(bounds)).toEqual({ max: ['The largest value must be at least the smallest.'], decimals: ['Must be at most 3.'] });
    const wrongType = await call(
      'POST',
      `/admin/catalogs/${catalog}/attributes`,
      fieldBody('note', {
        type: 'text',
        unit: 'km',
        min: 1,
        decimals: 1,
        filter: true,
        options: [{ value: 'a', labels: { fi: 'a', en: 'a', ru: 'a' } }],
      }),
    );
    expect(Object.keys(errorsOf(wrongType)).sort()).toEqual(['decimals', 'filter', 'min', 'options', 'unit']);
    const date = await call('POST', `/admin/catalogs/${catalog}/attributes`, fieldBody('day', { type: 'date', min: 1800, max: 2040.5 }));
    expect(Object.keys(errorsOf(date)).sort()).toEqual(['max', 'min']);
    const card = await call('POST', `/admin/catalogs/${catalog}/attributes`, fieldBody('carded', { card: 3 }));
    expect(Object.keys(errorsOf(card))).toEqual(['card']);
  });

  it('keeps a key unique along every path: an ancestor or a descendant holding it is a 409; a sibling branch may reuse it', async () => {
    const top = await newCatalog(app);
    const left = await newCatalog(app, top);
    const right = await newCatalog(app, top);
    await staff.add(left, fieldBody('shared'));
    const fromTop = await call('POST', `/admin/catalogs/${top}/attributes`, fieldBody('shared'));
    expect(fromTop.statusCode).toBe(409);
    expect(errorsOf(fromTop).key![0]).toMatch(/already used on the same category path: in "Kentät/);
    await staff.add(right, fieldBody('shared'));
    await staff.add(top, fieldBody('topmost'));
    expect((await call('POST', `/admin/catalogs/${left}/attributes`, fieldBody('topmost'))).statusCode).toBe(409);
    // A retired field keeps its key: the ads' values under it stay.
    const retired = await staff.add(left, fieldBody('old'));
    await call('POST', `/admin/attributes/${retired.id}/retire`);
    expect((await call('POST', `/admin/catalogs/${left}/attributes`, fieldBody('old'))).statusCode).toBe(409);
  });

  it('lets one of two simultaneous adds of a key win; the other gets a 409', async () => {
    const catalog = await newCatalog(app);
    const replies = await Promise.all([1, 2, 3].map(() => call('POST', `/admin/catalogs/${catalog}/attributes`, fieldBody('raced'))));
    expect(replies.map((r) => r.statusCode).sort()).toEqual([201, 409, 409]);
    const rows = await app.services.database.db.select().from(catalogAttributes).where(eq(catalogAttributes.catalogId, catalog));
    expect(rows).toHaveLength(1);
  });

  it('allows each card place once along a path, and at most the limit of fields in use on a path', async () => {
    const top = await newCatalog(app);
    const leaf = await newCatalog(app, top);
    await staff.add(top, fieldBody('first_card', { card: 1 }));
    const clash = await call('POST', `/admin/catalogs/${leaf}/attributes`, fieldBody('also_first', { card: 1 }));
    expect(clash.statusCode).toBe(422);
    expect(errorsOf(clash).card![0]).toMatch(/Card place 1 is already taken by "first_card"/);
    await staff.add(leaf, fieldBody('second_card', { card: 2 }));

    // Fill the path up to the limit straight in the database, then one more is refused at the top too.
    const existing = (await staff.list(leaf)).length;
    const rows = Array.from({ length: ATTRIBUTES_PER_CATALOG_MAX - existing }, (_, i) => ({
      catalogId: leaf,
      key: `filler_${i}`,
      type: 'boolean' as const,
      labels: { fi: 'T', en: 'T', ru: 'T' },
      position: 10 + i,
    }));
    await app.services.database.db.insert(catalogAttributes).values(rows);
    app.services.attributes.invalidate();
    const over = await call('POST', `/admin/catalogs/${top}/attributes`, fieldBody('one_too_many'));
    expect(over.statusCode).toBe(422);
    expect(errorsOf(over)).toEqual({ catalog: [`A category path may have at most ${ATTRIBUTES_PER_CATALOG_MAX} fields in use.`] });
    // A retired field does not count.
    const filler = (await staff.list(leaf)).find((d) => d.key === 'filler_0')!;
    await call('POST', `/admin/attributes/${filler.id}/retire`);
    await staff.add(top, fieldBody('fits_now'));
    expect((await call('POST', `/admin/attributes/${filler.id}/restore`)).statusCode).toBe(422);
  });
});

describe('changing a field', () => {
  it('changes labels, bounds and flags, audited with before and after; the key never changes', async () => {
    const catalog = await newCatalog(app);
    const field = await staff.add(catalog, fieldBody('speed', { unit: 'km' }));
    const res = await call('PATCH', `/admin/attributes/${field.id}`, {
      labels: { en: 'Top speed', sv: 'Fart' },
      min: 0,
      max: 300,
      unit: null,
      required: true,
      filter: true,
      card: 2,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({
      labels: { fi: 'Suomeksi speed', en: 'Top speed', ru: 'По-русски speed', sv: 'Fart' },
      unit: null,
      min: 0,
      max: 300,
      required: true,
      filter: true,
      card: 2,
    });
    expect(await lastAudit()).toMatchObject({ action: 'attribute_updated', entityId: String(field.id) });
    const renamed = await call('PATCH', `/admin/attributes/${field.id}`, { key: 'velocity' });
    expect(renamed.statusCode).toBe(422);
    expect(errorsOf(renamed).key![0]).toMatch(/cannot change/);
    expect((await call('PATCH', '/admin/attributes/99999999', { required: false })).statusCode).toBe(404);
  });

  it('changes the type only while no ad holds a value under the key', async () => {
    const catalog = await newCatalog(app);
    const free = await staff.add(catalog, fieldBody('free'));
    const changed = await call('PATCH', `/admin/attributes/${free.id}`, { type: 'boolean' });
    expect(changed.statusCode, changed.body).toBe(200);
    const held = await staff.add(catalog, fieldBody('held'));
    await adWith(catalog, { held: 12 });
    const refused = await call('PATCH', `/admin/attributes/${held.id}`, { type: 'text' });
    expect(refused.statusCode).toBe(409);
    expect(errorsOf(refused)).toEqual({ type: ['The type cannot change: ads already hold values for this field.'] });
  });

  it('adds and relabels options freely, and removes one only while no ad holds it (409 with what to do)', async () => {
    const top = await newCatalog(app);
    const leaf = await newCatalog(app, top);
    const field = await staff.add(top, choiceBody('tone', ['red', 'green', 'blue'], { type: 'choices' }));
    // An ad in a subcategory holds "green" among its choices.
    await adWith(leaf, { tone: ['green', 'blue'] });
    const option = (value: string, en = `${value} en`) => ({ value, labels: { fi: `${value} fi`, en, ru: `${value} ru` } });
    const relabel = await call('PATCH', `/admin/attributes/${field.id}`, {
      options: [option('red'), option('green', 'Leaf green'), option('blue'), option('black')],
    });
    expect(relabel.statusCode, relabel.body).toBe(200);
    expect(relabel.json().data.options.map((o: { value: string }) => o.value)).toEqual(['red', 'green', 'blue', 'black']);
    const remove = await call('PATCH', `/admin/attributes/${field.id}`, { options: [option('red'), option('blue')] });
    expect(remove.statusCode).toBe(409);
    expect(errorsOf(remove)).toEqual({ options: ['Option "green" is used in ads, so it cannot be removed. You can rename it.'] });
    const unused = await call('PATCH', `/admin/attributes/${field.id}`, { options: [option('green'), option('blue'), option('black')] });
    expect(unused.statusCode, unused.body).toBe(200);
  });
});

describe('ordering, retiring and restoring', () => {
  it("takes the catalog's own fields in a new order, every one once", async () => {
    const catalog = await newCatalog(app);
    const a = await staff.add(catalog, fieldBody('a_field'));
    const b = await staff.add(catalog, fieldBody('b_field'));
    const c = await staff.add(catalog, fieldBody('c_field'));
    for (const ids of [
      [a.id, b.id],
      [a.id, b.id, c.id, c.id],
      [a.id, b.id, 99999999],
    ]) {
      const res = await call('POST', `/admin/catalogs/${catalog}/attributes/order`, { ids });
      expect(res.statusCode).toBe(422);
      expect(Object.keys(errorsOf(res))).toEqual(['ids']);
    }
    const res = await call('POST', `/admin/catalogs/${catalog}/attributes/order`, { ids: [c.id, a.id, b.id] });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.map((d: { key: string }) => d.key)).toEqual(['c_field', 'a_field', 'b_field']);
    expect(await lastAudit()).toMatchObject({ action: 'attributes_reordered', entity: 'catalog', entityId: String(catalog) });
  });

  it('retires and restores, audited; restoring is refused while its card place is taken', async () => {
    const catalog = await newCatalog(app);
    const field = await staff.add(catalog, fieldBody('shown', { card: 1 }));
    const retired = await call('POST', `/admin/attributes/${field.id}/retire`);
    expect(retired.statusCode).toBe(200);
    expect(retired.json()).toMatchObject({
      message: 'Field "In English shown" retired. The values in ads are kept.',
      data: { retired: true },
    });
    expect(await lastAudit()).toMatchObject({ action: 'attribute_retired', entityId: String(field.id) });
    // Its card place is free while it is retired.
    await staff.add(catalog, fieldBody('successor', { card: 1 }));
    const restore = await call('POST', `/admin/attributes/${field.id}/restore`);
    expect(restore.statusCode).toBe(422);
    expect(Object.keys(errorsOf(restore))).toEqual(['card']);
    await call('PATCH', `/admin/attributes/${field.id}`, { card: null });
    const restored = await call('POST', `/admin/attributes/${field.id}/restore`);
    expect(restored.statusCode).toBe(200);
    expect(restored.json().data.retired).toBe(false);
  });
});
