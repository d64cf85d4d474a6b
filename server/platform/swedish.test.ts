import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { catalogs } from '../db/schema/catalog.ts';
import { users } from '../db/schema/users.ts';
import { seedDatabase } from '../db/seed/index.ts';
import sv from '../../web/i18n/sv.json' with { type: 'json' };
import { createUser, loginAs, readMails } from '../test/accounts.ts';
import { createAd } from '../test/ads.ts';
import { buildTestApp } from '../test/app.ts';
import { localeFromAcceptLanguage } from './i18n.ts';

// Swedish, the fourth language (issue 27): chosen like the others, and the data's own Swedish names.
let app: FastifyInstance;
const swedish = { 'accept-language': 'sv-FI,sv;q=0.9,fi;q=0.8' };

beforeAll(async () => {
  app = await buildTestApp();
});
afterAll(() => app.close());

type Named = { slug?: string; code?: string; name: string; children?: Named[] };

describe('choosing Swedish', () => {
  it('takes sv from Accept-Language as it takes the other languages, by quality', () => {
    expect(localeFromAcceptLanguage('sv-FI,sv;q=0.9,fi;q=0.8')).toBe('sv');
    expect(localeFromAcceptLanguage('de-DE,fi;q=0.5,sv-SE;q=0.7')).toBe('sv');
    expect(localeFromAcceptLanguage('fi;q=0.9,sv;q=0.8')).toBe('fi');
  });

  it('answers API errors in Swedish', async () => {
    const res = await app.inject({ method: 'POST', url: '/api/login', headers: swedish, payload: {} });
    expect(res.statusCode).toBe(422);
    const { message } = res.json() as { message: string };
    const finnish = (await app.inject({ method: 'POST', url: '/api/login', payload: {} })).json().message as string;
    expect(message).toBeTruthy();
    expect(message).not.toBe(finnish);
  });

  it('stores sv as the language of an account made in Swedish, and lets staff give it', async () => {
    const email = `svenska-${Date.now()}@example.com`;
    const res = await app.inject({
      method: 'POST',
      url: '/api/register',
      headers: swedish,
      payload: { name: 'Sven', email, password: 'Kelpo#Salasana42', password_confirmation: 'Kelpo#Salasana42', terms: true },
    });
    expect(res.statusCode, res.body).toBeLessThan(300);
    const [row] = await app.services.database.db.select({ locale: users.locale }).from(users).where(eq(users.email, email));
    expect(row?.locale).toBe('sv');
    // The account's mails are written in its language.
    const mail = readMails(app).find((m) => m.to.includes(email));
    expect(mail?.subject).toContain(sv.mail.verify.subject);

    const admin = await loginAs(app, await createUser(app, { roles: ['user', 'admin'] }));
    const created = await app.inject({
      method: 'POST',
      url: '/api/users/create-user',
      headers: admin.headers,
      payload: { name: 'Stina', email: `stina-${Date.now()}@example.com`, locale: 'sv' },
    });
    expect(created.statusCode, created.body).toBe(201);
  });
});

describe('Swedish names from the data', () => {
  it('names the categories in Swedish, every seeded one', async () => {
    const tree = (await app.inject({ url: '/api/catalogs-tree', headers: swedish })).json().data as Named[];
    expect(tree.find((n) => n.slug === 'transport')?.name).toBe('Fordon');
    const bikes = tree.find((n) => n.slug === 'transport')?.children?.find((n) => n.slug === 'bicycles');
    expect(bikes?.name).toBe('Cyklar');
    const finnish = new Map(((await app.inject({ url: '/api/catalogs-flatten' })).json().data as Named[]).map((n) => [n.slug, n.name]));
    const inSwedish = (await app.inject({ url: '/api/catalogs-flatten', headers: swedish })).json().data as Named[];
    // Only brand names stay as in Finnish.
    const same = inSwedish.filter((n) => n.name === finnish.get(n.slug)).map((n) => n.slug);
    expect(same.sort()).toEqual(['nintendo', 'playstation', 'xbox']);
  });

  it('names regions and municipalities by their Swedish names, sorted the Swedish way', async () => {
    const regions = (await app.inject({ url: '/api/regions', headers: swedish })).json().data as Named[];
    expect(regions.find((r) => r.code === '01')?.name).toBe('Nyland');
    expect(regions.find((r) => r.code === '02')?.name).toBe('Egentliga Finland');
    const cities = (await app.inject({ url: '/api/cities', headers: swedish })).json().data as Named[];
    expect(cities.find((c) => c.code === '091')?.name).toBe('Helsingfors');
    expect(cities.find((c) => c.code === '049')?.name).toBe('Esbo');
    expect(cities.find((c) => c.code === '050')?.name).toBe('Eura');
    const names = cities.map((c) => c.name);
    expect(names).toEqual([...names].sort(new Intl.Collator('sv-FI').compare));
  });

  it('shows an ad with its Swedish category trail and town', async () => {
    const seller = await createUser(app, { name: 'Sara Säljare' });
    const ad = await createAd(app, { userId: seller.id, name: 'Cykel Helkama', catalog: 'city-bikes', city: '049' });
    const res = await app.inject({ url: `/api/product/${ad.uuid}`, headers: swedish });
    expect(res.statusCode).toBe(200);
    const data = res.json().data as { city: { name: string }; catalog: { path: { name: string }[] } };
    expect(data.city.name).toBe('Esbo');
    expect(data.catalog.path.map((c) => c.name)).toEqual(['Fordon', 'Cyklar', 'Stadscyklar']);
  });

  it('finds an ad by its category’s Swedish name, also after staff rename the category in Swedish', async () => {
    const seller = await createUser(app, { name: 'Sven Segel' });
    const ad = await createAd(app, { userId: seller.id, name: 'Finngulf 33', description: 'Bra skick.', catalog: 'sailboats' });
    const search = async (name: string) => {
      const res = await app.inject({ method: 'POST', url: '/api/products', headers: swedish, payload: { name } });
      expect(res.statusCode, res.body).toBe(200);
      return (res.json().data as { uuid: string }[]).map((p) => p.uuid);
    };
    expect(await search('segelbåtar')).toContain(ad.uuid);
    const admin = (await loginAs(app, await createUser(app, { roles: ['user', 'admin'] }))).headers;
    const [row] = await app.services.database.db.select().from(catalogs).where(eq(catalogs.slug, 'sailboats'));
    const renamed = await app.inject({
      method: 'PATCH',
      url: `/api/admin/catalogs/${row!.id}`,
      headers: admin,
      payload: { name_sv: 'Kölbåtar' },
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    await expect.poll(() => search('kölbåtar'), { timeout: 10_000 }).toContain(ad.uuid);
  });

  it('labels the seeded category fields and their options in Swedish', async () => {
    const [cars] = await app.services.database.db.select({ id: catalogs.id }).from(catalogs).where(eq(catalogs.slug, 'cars'));
    const fields = (await app.inject({ url: `/api/catalogs/${cars!.id}/attributes`, headers: swedish })).json().data as {
      key: string;
      label: string;
      options?: { value: string; label: string }[];
    }[];
    const fuel = fields.find((f) => f.key === 'fuel');
    expect(fields.find((f) => f.key === 'make')?.label).toBe('Märke');
    expect(fuel?.label).toBe('Drivkraft');
    expect(fuel?.options?.find((o) => o.value === 'petrol')?.label).toBe('Bensin');
  });

  it('names the blog categories in Swedish', async () => {
    const res = await app.inject({ url: '/api/blog?locale=sv', headers: swedish });
    expect(res.statusCode).toBe(200);
    const categories = res.json().categories as Named[];
    expect(categories.find((c) => c.slug === 'news')?.name).toBe('Nyheter');
    expect(categories.find((c) => c.slug === 'safety')?.name).toBe('Säkerhet');
  });

  it('lets staff name a category in Swedish, leave it empty (read as Finnish) and refuses a bad Swedish name', async () => {
    const admin = { ...(await loginAs(app, await createUser(app, { roles: ['user', 'admin'] }))).headers, ...swedish };
    const stamp = Date.now().toString(36);
    const created = await app.inject({
      method: 'POST',
      url: '/api/admin/catalogs',
      headers: admin,
      payload: { name_fi: `Leijualukset ${stamp}`, name_en: `Hovercraft ${stamp}`, name_ru: `Суда ${stamp}`, name_sv: `Svävare ${stamp}` },
    });
    expect(created.statusCode, created.body).toBe(201);
    const { id, slug } = created.json().data as { id: number; slug: string };
    expect(created.json().data.name_sv).toBe(`Svävare ${stamp}`);
    const named = async () =>
      ((await app.inject({ url: '/api/catalogs-flatten', headers: swedish })).json().data as Named[]).find((n) => n.slug === slug)?.name;
    expect(await named()).toBe(`Svävare ${stamp}`);

    const bad = await app.inject({ method: 'PATCH', url: `/api/admin/catalogs/${id}`, headers: admin, payload: { name_sv: 'x\u0007' } });
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json().errors)).toEqual(['name_sv']);
    expect(await named()).toBe(`Svävare ${stamp}`);

    const cleared = await app.inject({ method: 'PATCH', url: `/api/admin/catalogs/${id}`, headers: admin, payload: { name_sv: '' } });
    expect(cleared.statusCode, cleared.body).toBe(200);
    expect(cleared.json().data.name_sv).toBe('');
    await expect.poll(named, { timeout: 10_000 }).toBe(`Leijualukset ${stamp}`);
  });

  it('keeps category names in a map per row, so a new language needs no new column', async () => {
    const result = await app.services.database.db.execute(sql`
      select table_name, column_name from information_schema.columns
      where table_name in ('catalogs', 'blog_categories') and column_name like 'name%' order by 1, 2`);
    const columns = (result as unknown as { rows: { table_name: string; column_name: string }[] }).rows;
    expect(columns.map((c) => `${c.table_name}.${c.column_name}`)).toEqual([
      'blog_categories.name_fi',
      'blog_categories.names',
      'catalogs.name_fi',
      'catalogs.names',
    ]);
  });

  it('fills the seed’s Swedish names into a tree seeded before them, leaving staff’s own names alone', async () => {
    const db = app.services.database.db;
    const withoutSwedish = sql`${catalogs.names} - 'sv'`;
    await db.update(catalogs).set({ names: withoutSwedish }).where(eq(catalogs.slug, 'boats'));
    await db.update(catalogs).set({ names: withoutSwedish, nameFi: 'Veneet ja jollat' }).where(eq(catalogs.slug, 'sailboats'));
    await db
      .update(catalogs)
      .set({ names: sql`${catalogs.names} || '{"sv": "Kanoter"}'::jsonb` })
      .where(eq(catalogs.slug, 'canoes-and-kayaks'));
    // What a later start of the site runs (the reference data is there already).
    await seedDatabase(db, { demo: false, demoPassword: '', storage: app.services.platform.storage });
    const names = new Map((await db.select().from(catalogs)).map((c) => [c.slug, c.names]));
    expect(names.get('boats')).toMatchObject({ sv: 'Båtar', en: 'Boats', ru: 'Лодки и катера' });
    expect(names.get('sailboats')?.sv).toBeUndefined();
    expect(names.get('canoes-and-kayaks')?.sv).toBe('Kanoter');
  });
});

describe('Swedish info pages', () => {
  it('serves each seeded info page in real Swedish', async () => {
    for (const [slug, title] of [
      ['terms-of-use', 'Användarvillkor'],
      ['privacy-policy', 'Dataskyddsbeskrivning'],
      ['contacts', 'Kontaktuppgifter'],
      ['safe-shops', 'Trygg handel'],
    ]) {
      const res = await app.inject({ url: `/api/info/${slug}`, headers: swedish });
      expect(res.statusCode, slug).toBe(200);
      const page = res.json().data as { locale: string; title: string; body: string; locales: string[] };
      expect(page).toMatchObject({ locale: 'sv', title });
      expect(page.locales).toContain('sv');
      expect(page.body).not.toMatch(/että|ilmoituks|käyttäj| tai /);
    }
    const terms = (await app.inject({ url: '/api/info/terms-of-use', headers: swedish })).json().data.body as string;
    expect(terms).toContain('finsk lag');
  });
});
