import fs from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { catalogs } from '../../db/schema/catalog.ts';
import { municipalities } from '../../db/schema/geo.ts';
import { productImages, products } from '../../db/schema/products.ts';
import { AD_STATUSES, OWNER_TRANSITIONS, ownerMayMove } from '../../../common/ad-rules.ts';
import { createUser, loginAs } from '../../test/accounts.ts';
import { createAd, picturesOf } from '../../test/ads.ts';
import { buildTestApp } from '../../test/app.ts';
import { multipart } from '../../test/multipart.ts';

let app: FastifyInstance;
let seller: { id: number; headers: Record<string, string> };
let stranger: { id: number; headers: Record<string, string> };
let leafCatalogId: number;
let parentCatalogId: number;
let helsinkiId: number;

async function account(options: Parameters<typeof createUser>[1] = {}) {
  const user = await createUser(app, options);
  return { id: user.id, headers: (await loginAs(app, user)).headers };
}

beforeAll(async () => {
  app = await buildTestApp();
  seller = await account();
  stranger = await account();
  const db = app.services.database.db;
  leafCatalogId = (await db.select().from(catalogs).where(eq(catalogs.slug, 'passenger-cars')))[0]!.id;
  parentCatalogId = (await db.select().from(catalogs).where(eq(catalogs.slug, 'transport')))[0]!.id;
  helsinkiId = (await db.select().from(municipalities).where(eq(municipalities.code, '091')))[0]!.id;
});
afterAll(() => app.close());

/** A phone photo: 1200×900 JPEG carrying GPS coordinates and camera data in its EXIF. */
async function photoWithGps(colour = '#3a7'): Promise<Buffer> {
  return sharp({ create: { width: 1200, height: 900, channels: 3, background: colour } })
    .jpeg()
    .withExif({
      IFD0: { Make: 'PhoneCo', Model: 'X1', Copyright: 'Secret Photographer' },
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '60/1 10/1 0/1', GPSLongitudeRef: 'E', GPSLongitude: '24/1 56/1 0/1' },
    })
    .toBuffer();
}

const jpeg = (data: Buffer, name = 'photo.jpg') => ({ field: 'files', name, type: 'image/jpeg', data });

function adFields(overrides: Record<string, string> = {}): Record<string, string> {
  return {
    name: 'Polkupyörä Helkama',
    description: 'Hyvässä kunnossa oleva kaupunkipyörä, uudet renkaat.',
    price: '120,50',
    city_id: String(helsinkiId),
    catalog_id: String(leafCatalogId),
    ...overrides,
  };
}

async function postAd(headers: Record<string, string>, fields: Record<string, string>, files: ReturnType<typeof jpeg>[] = []) {
  const body = await multipart(files, fields);
  return app.inject({ method: 'POST', url: '/api/product', payload: body.payload, headers: { ...headers, ...body.headers } });
}

const mediaDir = () => path.join(app.config.dataDir, 'media');
function storedFilesOf(uuid: string): string[] {
  const dir = path.join(mediaDir(), 'ads', uuid);
  return fs.existsSync(dir) ? fs.readdirSync(dir) : [];
}
async function adsOf(userId: number) {
  return app.services.database.db.select().from(products).where(eq(products.userId, userId));
}
function allStoredAdFolders(): string[] {
  const dir = path.join(mediaDir(), 'ads');
  return fs.existsSync(dir) ? fs.readdirSync(dir) : [];
}

async function approvedAd(userId: number, status: (typeof AD_STATUSES)[number] = 'active', approved = true) {
  const ad = await createAd(app, { userId, name: 'Kulmasohva', status });
  if (approved) await app.services.database.db.update(products).set({ approvedAt: new Date() }).where(eq(products.id, ad.id));
  return ad;
}

describe('POST /api/product (create)', () => {
  it('creates an ad with two pictures waiting for the moderator, every stored variant free of EXIF and GPS', async () => {
    const res = await postAd(seller.headers, adFields({ address: '  Mannerheimintie   1 ' }), [
      jpeg(await photoWithGps()),
      jpeg(await photoWithGps('#a37')),
    ]);
    expect(res.statusCode, res.body).toBe(201);
    const { data, message } = res.json();
    expect(message).toMatch(/tarkast/);
    expect(data).toMatchObject({ status: 'moderate', price: 120.5, images_count: 2, address: 'Mannerheimintie 1', approved: false });
    expect(data.image.card).toMatch(/^\/media\/ads\/.+-card\.webp$/);

    const files = storedFilesOf(data.uuid);
    expect(files).toHaveLength(6);
    for (const file of files) {
      const stored = fs.readFileSync(path.join(mediaDir(), 'ads', data.uuid, file));
      const meta = await sharp(stored).metadata();
      expect(meta.format).toBe('webp');
      expect(meta.exif).toBeUndefined();
      expect(meta.xmp).toBeUndefined();
      expect(stored.includes(Buffer.from('PhoneCo'))).toBe(false);
      expect(stored.includes(Buffer.from('Secret Photographer'))).toBe(false);
    }

    // Waiting for review: not in the public listing, NotFound for others, visible to the owner.
    const listing = await app.inject({ method: 'POST', url: '/api/products', payload: { name: 'Helkama' } });
    expect(listing.json().data.map((a: { uuid: string }) => a.uuid)).not.toContain(data.uuid);
    expect((await app.inject({ url: `/api/product/${data.uuid}`, headers: stranger.headers })).statusCode).toBe(404);
    const own = await app.inject({ url: `/api/product/${data.uuid}`, headers: seller.headers });
    expect(own.json().data).toMatchObject({ status: 'moderate', is_owner: true });
    expect(own.json().data.images).toHaveLength(2);
  });

  it('needs an account (401) and a verified address (403)', async () => {
    expect((await postAd({}, adFields())).statusCode).toBe(401);
    const unverified = await account({ verified: false });
    const res = await postAd(unverified.headers, adFields());
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('email_unverified');
    expect(await adsOf(unverified.id)).toHaveLength(0);
  });

  it('reports every missing field at once with "Field is required"', async () => {
    const res = await postAd({ ...seller.headers, 'accept-language': 'en' }, { name: '  ' });
    expect(res.statusCode).toBe(422);
    const errors = res.json().errors;
    for (const field of ['name', 'description', 'price', 'city_id', 'catalog_id']) expect(errors[field]).toEqual(['Field is required']);
  });

  it.each([
    [{ name: 'ab' }, 'name', 'Vähintään 3'],
    [{ name: 'x'.repeat(121) }, 'name', 'Enintään 120'],
    [{ description: 'lyhyt' }, 'description', 'Vähintään 10'],
    [{ description: 'x'.repeat(5001) }, 'description', 'Enintään 5000'],
    [{ price: '-5' }, 'price', 'negatiivinen'],
    [{ price: 'halpa' }, 'price', 'esimerkiksi'],
    [{ price: '12,345' }, 'price', 'esimerkiksi'],
    [{ price: '10000000,01' }, 'price', 'enintään'],
    [{ city_id: '999999' }, 'city_id', 'Kaupunkia ei löytynyt'],
    [{ city_id: 'Helsinki' }, 'city_id', 'Kaupunkia ei löytynyt'],
    [{ catalog_id: '999999' }, 'catalog_id', 'Valitse osasto'],
    [{ address: 'x'.repeat(201) }, 'address', 'Enintään 200'],
  ])('refuses a bad value with a message on its field and saves nothing (%#)', async (override, field, text) => {
    const before = (await adsOf(seller.id)).length;
    const res = await postAd(seller.headers, adFields(override as Record<string, string>));
    expect(res.statusCode).toBe(422);
    expect(Object.keys(res.json().errors)).toEqual([field]);
    expect(res.json().errors[field][0]).toContain(text);
    expect(await adsOf(seller.id)).toHaveLength(before);
  });

  it('wants the most precise catalog, not a parent', async () => {
    const res = await postAd(seller.headers, adFields({ catalog_id: String(parentCatalogId) }));
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.catalog_id[0]).toContain('tarkin');
  });

  it('reads prices the way people write them', async () => {
    for (const [written, cents] of [
      ['0', 0],
      ['1 200', 120_000],
      ['12.5', 1250],
      ['99,99 €', 9999],
      ['10000000', 1_000_000_000],
    ] as const) {
      const res = await postAd(seller.headers, adFields({ price: written }));
      expect(res.statusCode, written).toBe(201);
      expect(res.json().data.price * 100).toBeCloseTo(cents);
    }
  });

  it('judges pictures by their bytes and leaves neither rows nor files behind when one is refused', async () => {
    const foldersBefore = allStoredAdFolders().length;
    const before = (await adsOf(seller.id)).length;
    const good = await photoWithGps();
    const pdf = Buffer.from('%PDF-1.4\n1 0 obj\n<<>>\nendobj\n'.repeat(20));
    const cases: [ReturnType<typeof jpeg>[], string][] = [
      [[jpeg(good), jpeg(pdf, 'holiday.jpg')], 'JPEG'],
      [[jpeg(good), jpeg(good.subarray(0, Math.floor(good.length / 3)))], 'lukea'],
      [[jpeg(Buffer.alloc(16 * 1024 * 1024, 1))], 'enintään 15 Mt'],
      [[jpeg(await hugePng(), 'huge.png')], 'megapikseliä'],
      [Array.from({ length: 11 }, () => jpeg(good)), 'enintään 10 kuvaa'],
    ];
    for (const [files, text] of cases) {
      const res = await postAd(seller.headers, adFields(), files);
      expect(res.statusCode, text).toBe(422);
      expect(res.json().errors.files[0]).toContain(text);
    }
    expect(await adsOf(seller.id)).toHaveLength(before);
    expect(allStoredAdFolders().length).toBe(foldersBefore);
  });
});

/** A PNG whose header claims 12,000 × 10,000 pixels: refused from the header, never decoded. */
async function hugePng(): Promise<Buffer> {
  const png = Buffer.from(
    await sharp({ create: { width: 4, height: 4, channels: 3, background: '#000' } })
      .png()
      .toBuffer(),
  );
  png.writeUInt32BE(12_000, 16);
  png.writeUInt32BE(10_000, 20);
  png.writeUInt32BE(crc32(png.subarray(12, 29)), 29);
  return png;
}

function crc32(bytes: Buffer): number {
  let crc = 0xffffffff;
  for (const byte of bytes) {
    crc ^= byte;
    for (let k = 0; k < 8; k++) crc = crc & 1 ? (crc >>> 1) ^ 0xedb88320 : crc >>> 1;
  }
  return (crc ^ 0xffffffff) >>> 0;
}

describe('PATCH /api/product (edit)', () => {
  it('sends an active ad back to review when its name changes, but not for a new price', async () => {
    const ad = await approvedAd(seller.id);
    const price = await app.inject({
      method: 'PATCH',
      url: '/api/product',
      headers: seller.headers,
      payload: { productUuid: ad.uuid, price: '80' },
    });
    expect(price.statusCode).toBe(200);
    expect(price.json().data).toMatchObject({ status: 'active', price: 80, approved: true });

    // Form-encoded, as the spec has it.
    const name = await app.inject({
      method: 'PATCH',
      url: '/api/product',
      headers: { ...seller.headers, 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ productUuid: ad.uuid, name: 'Kulmasohva, harmaa' }).toString(),
    });
    expect(name.statusCode).toBe(200);
    expect(name.json().data).toMatchObject({ status: 'moderate', name: 'Kulmasohva, harmaa', approved: false });
    // The old approval no longer covers the new text: the owner cannot simply switch it back on.
    const reactivate = await app.inject({
      method: 'PATCH',
      url: '/api/product/change-status',
      headers: seller.headers,
      payload: { id: ad.id, status: 'active' },
    });
    expect(reactivate.statusCode).toBe(422);
  });

  it('sends an active ad back to review for every change a buyer sees but the price: address, city, catalog', async () => {
    const cities = (await app.inject({ url: '/api/cities' })).json().data as { id: number; code: string }[];
    const tampere = cities.find((c) => c.code === '837')!;
    const catalogs = (await app.inject({ url: '/api/catalogs-flatten' })).json().data as { id: number; parent_id: number | null }[];
    const leaves = catalogs.filter((c) => !catalogs.some((other) => other.parent_id === c.id));
    const changes: Record<string, unknown>[] = [
      { address: 'Hämeenkatu 1, Tampere' },
      { city_id: tampere.id },
      { catalog_id: leaves.at(-1)!.id },
    ];
    for (const change of changes) {
      const ad = await approvedAd(seller.id);
      const res = await app.inject({
        method: 'PATCH',
        url: '/api/product',
        headers: seller.headers,
        payload: { productUuid: ad.uuid, ...change },
      });
      expect(res.statusCode, JSON.stringify(change)).toBe(200);
      expect(res.json().data, JSON.stringify(change)).toMatchObject({ status: 'moderate', approved: false });
      // Until a moderator approves it again, the new text is not public.
      expect((await app.inject({ url: `/api/product/${ad.uuid}` })).statusCode).toBe(404);
    }
  });

  it('sends a rejected ad back to review after a correction', async () => {
    const ad = await createAd(app, { userId: seller.id, name: 'Hylätty ilmoitus', status: 'canceled' });
    const res = await app.inject({
      method: 'PATCH',
      url: '/api/product',
      headers: seller.headers,
      payload: { productUuid: ad.uuid, description: 'Nyt kuvaus on kunnossa ja asiallinen.' },
    });
    expect(res.json().data.status).toBe('moderate');
  });

  it('checks the fields it is given and changes nothing on a bad one', async () => {
    const ad = await approvedAd(seller.id);
    const res = await app.inject({
      method: 'PATCH',
      url: '/api/product',
      headers: seller.headers,
      payload: { productUuid: ad.uuid, name: 'Uusi nimi', price: '-1' },
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.price).toBeDefined();
    const [row] = await app.services.database.db.select().from(products).where(eq(products.id, ad.id));
    expect(row).toMatchObject({ name: 'Kulmasohva', status: 'active' });
  });
});

describe('the kind of ad (for sale, wanted, giving away, for rent)', () => {
  it('creates an ad for sale when no kind is given, and an ad of each kind when one is', async () => {
    const plain = await postAd(seller.headers, adFields());
    expect(plain.json().data).toMatchObject({ kind: 'sell', price: 120.5 });
    for (const kind of ['wanted', 'rent'] as const) {
      const res = await postAd(seller.headers, adFields({ kind, price: '850' }));
      expect(res.statusCode, res.body).toBe(201);
      expect(res.json().data).toMatchObject({ kind, price: 850 });
    }
  });

  it('makes a give-away free: no price needed, 0 accepted, any other price refused with a translated 422', async () => {
    const { price: _price, ...withoutPrice } = adFields({ kind: 'give' });
    const free = await postAd(seller.headers, withoutPrice);
    expect(free.statusCode, free.body).toBe(201);
    expect(free.json().data).toMatchObject({ kind: 'give', price: 0, price_unit: null });
    expect((await postAd(seller.headers, adFields({ kind: 'give', price: '0' }))).statusCode).toBe(201);
    const before = (await adsOf(seller.id)).length;
    for (const lang of ['fi', 'en']) {
      const priced = await postAd({ ...seller.headers, 'accept-language': lang }, adFields({ kind: 'give', price: '15' }));
      expect(priced.statusCode).toBe(422);
      expect(priced.json().errors.price[0]).toMatch(lang === 'fi' ? /ilmainen/ : /free/);
    }
    expect(await adsOf(seller.id)).toHaveLength(before);
  });

  it('refuses an unknown kind with 422 on the field and saves nothing', async () => {
    const before = (await adsOf(seller.id)).length;
    for (const kind of ['free', '', 'SELL', 'x'.repeat(50)]) {
      const res = await postAd(seller.headers, adFields({ kind }));
      expect(res.statusCode, kind).toBe(422);
      expect(res.json().errors.kind, kind).toHaveLength(1);
    }
    expect(await adsOf(seller.id)).toHaveLength(before);
  });

  it('changes the kind in an edit: giving away makes the ad free, a price with it is refused, and buyers see it again only after review', async () => {
    const ad = await approvedAd(seller.id);
    const patch = (payload: Record<string, unknown>) =>
      app.inject({ method: 'PATCH', url: '/api/product', headers: seller.headers, payload: { productUuid: ad.uuid, ...payload } });
    const refused = await patch({ kind: 'give', price: '20' });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors.price).toHaveLength(1);
    const given = await patch({ kind: 'give' });
    expect(given.statusCode).toBe(200);
    expect(given.json().data).toMatchObject({ kind: 'give', price: 0, status: 'moderate' });
    expect((await patch({ price: '5' })).statusCode).toBe(422);
    const rented = await patch({ kind: 'rent', price: '700' });
    expect(rented.json().data).toMatchObject({ kind: 'rent', price: 700 });
    expect((await patch({ kind: 'lend' })).json().errors.kind).toHaveLength(1);
  });

  it('shows the kind and the price unit on the ad page', async () => {
    const ad = await createAd(app, {
      userId: seller.id,
      name: 'Vuokrataan kaksio',
      kind: 'rent',
      catalog: 'flats-for-rent',
      priceCents: 90_000,
    });
    const page = (await app.inject({ url: `/api/product/${ad.uuid}` })).json().data;
    expect(page).toMatchObject({ kind: 'rent', price: 900, price_unit: 'month' });
    const job = await createAd(app, { userId: seller.id, name: 'Siivoaja', catalog: 'part-time-jobs', priceCents: 1_500 });
    expect((await app.inject({ url: `/api/product/${job.uuid}` })).json().data).toMatchObject({ kind: 'sell', price_unit: 'hour' });
  });
});

describe('pictures of an ad', () => {
  async function adWithPictures(count: number) {
    const res = await postAd(
      seller.headers,
      adFields(),
      await Promise.all(Array.from({ length: count }, async (_, i) => jpeg(await photoWithGps(`#${i}${i}${i}`)))),
    );
    expect(res.statusCode).toBe(201);
    return res.json().data as { id: number; uuid: string };
  }

  it('adds, reorders and deletes pictures; a new picture sends an active ad back to review, and deleting removes the stored files', async () => {
    const ad = await adWithPictures(1);
    await app.services.database.db.update(products).set({ status: 'active', approvedAt: new Date() }).where(eq(products.id, ad.id));

    const body = await multipart([jpeg(await photoWithGps('#123')), jpeg(await photoWithGps('#456'))], { productUuid: ad.uuid });
    const added = await app.inject({
      method: 'POST',
      url: '/api/product-images',
      payload: body.payload,
      headers: { ...seller.headers, ...body.headers },
    });
    expect(added.statusCode).toBe(200);
    expect(added.json().data).toHaveLength(3);
    expect((await adsOf(seller.id)).find((a) => a.id === ad.id)).toMatchObject({ status: 'moderate', imageCount: 3 });

    const uuids = (await picturesOf(app, ad.id)).map((p) => p.uuid);
    const reordered = await app.inject({
      method: 'POST',
      url: '/api/product-images/order',
      headers: seller.headers,
      payload: { productUuid: ad.uuid, order: [uuids[2], uuids[0], uuids[1]] },
    });
    expect(reordered.statusCode).toBe(200);
    expect((await picturesOf(app, ad.id)).map((p) => p.uuid)).toEqual([uuids[2], uuids[0], uuids[1]]);

    const cover = (await picturesOf(app, ad.id))[0]!;
    const deleted = await app.inject({
      method: 'POST',
      url: '/api/delete-product-images',
      headers: seller.headers,
      payload: { productUuid: ad.uuid, imageUuid: cover.uuid },
    });
    expect(deleted.statusCode).toBe(200);
    const left = await picturesOf(app, ad.id);
    expect(left.map((p) => [p.uuid, p.position])).toEqual([
      [uuids[0], 0],
      [uuids[1], 1],
    ]);
    expect(storedFilesOf(ad.uuid).filter((f) => f.startsWith(cover.uuid))).toEqual([]);
    expect(storedFilesOf(ad.uuid)).toHaveLength(6);
    expect((await adsOf(seller.id)).find((a) => a.id === ad.id)?.imageCount).toBe(2);
  });

  it('keeps a live ad live when one of its pictures is deleted: taking a picture away shows nothing new to review', async () => {
    const ad = await adWithPictures(2);
    const approvedAt = new Date(Date.now() - 86_400_000);
    await app.services.database.db.update(products).set({ status: 'active', approvedAt }).where(eq(products.id, ad.id));
    const [first] = await picturesOf(app, ad.id);
    const deleted = await app.inject({
      method: 'POST',
      url: '/api/delete-product-images',
      headers: seller.headers,
      payload: { productUuid: ad.uuid, imageUuid: first!.uuid },
    });
    expect(deleted.statusCode).toBe(200);
    const [row] = await app.services.database.db.select().from(products).where(eq(products.id, ad.id));
    expect(row).toMatchObject({ status: 'active', approvedAt });
    expect(await picturesOf(app, ad.id)).toHaveLength(1);
  });

  it('keeps to ten pictures in all, and answers an unknown picture with 404', async () => {
    const ad = await adWithPictures(9);
    const photo = await photoWithGps();
    const body = await multipart([jpeg(photo), jpeg(photo)], { productUuid: ad.uuid });
    const res = await app.inject({
      method: 'POST',
      url: '/api/product-images',
      payload: body.payload,
      headers: { ...seller.headers, ...body.headers },
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.files[0]).toContain('10');
    expect(storedFilesOf(ad.uuid)).toHaveLength(27);
    const unknown = await app.inject({
      method: 'POST',
      url: '/api/delete-product-images',
      headers: seller.headers,
      payload: { productUuid: ad.uuid, imageUuid: '00000000-0000-4000-8000-000000000000' },
    });
    expect(unknown.statusCode).toBe(404);
  });
});

describe("someone else's ad", () => {
  it('answers 403 to every seller call and changes nothing', async () => {
    const ad = await approvedAd(seller.id);
    const [picture] = await app.services.database.db
      .insert(productImages)
      .values({ productId: ad.id, position: 0, width: 1, height: 1, storagePrefix: `ads/${ad.uuid}/x` })
      .returning();
    const body = await multipart([jpeg(await photoWithGps())], { productUuid: ad.uuid });
    const calls = [
      { method: 'PATCH' as const, url: '/api/product', payload: { productUuid: ad.uuid, name: 'Varastettu' } },
      { method: 'PATCH' as const, url: '/api/product/change-status', payload: { id: ad.id, status: 'sold' } },
      { method: 'PATCH' as const, url: '/api/product/change-status', payload: { id: ad.uuid, status: 'disabled' } },
      { method: 'POST' as const, url: '/api/delete-product-images', payload: { productUuid: ad.uuid, imageUuid: picture!.uuid } },
      { method: 'POST' as const, url: '/api/product-images/order', payload: { productUuid: ad.uuid, order: [picture!.uuid] } },
      { method: 'DELETE' as const, url: `/api/product/${ad.uuid}` },
      { method: 'GET' as const, url: `/api/product/${ad.uuid}/edit` },
    ];
    for (const call of calls) {
      const res = await app.inject({ ...call, headers: stranger.headers });
      expect(res.statusCode, `${call.method} ${call.url}`).toBe(403);
    }
    const upload = await app.inject({
      method: 'POST',
      url: '/api/product-images',
      payload: body.payload,
      headers: { ...stranger.headers, ...body.headers },
    });
    expect(upload.statusCode).toBe(403);
    const [row] = await app.services.database.db.select().from(products).where(eq(products.id, ad.id));
    expect(row).toMatchObject({ name: 'Kulmasohva', status: 'active', imageCount: 0 });
    expect(await app.services.database.db.select().from(productImages).where(eq(productImages.productId, ad.id))).toHaveLength(1);
    expect(storedFilesOf(ad.uuid)).toEqual([]);
  });
});

describe('PATCH /api/product/change-status (the transition table)', () => {
  const pairs = AD_STATUSES.flatMap((from) => AD_STATUSES.flatMap((to) => [true, false].map((approved) => [from, to, approved] as const)));

  it(`answers every one of the ${pairs.length} (from, to, approved) cases as the table says`, async () => {
    for (const [from, to, approved] of pairs) {
      const ad = await approvedAd(seller.id, from, approved);
      const res = await app.inject({
        method: 'PATCH',
        url: '/api/product/change-status',
        headers: seller.headers,
        payload: { id: ad.id, status: to },
      });
      const allowed = ownerMayMove(from, to, approved);
      expect(res.statusCode, `${from} → ${to} (approved: ${approved})`).toBe(allowed ? 200 : 422);
      const [row] = await app.services.database.db.select().from(products).where(eq(products.id, ad.id));
      expect(row!.status).toBe(allowed ? to : from);
    }
  });

  it('never lets the owner pick new, moderate or canceled', () => {
    for (const targets of Object.values(OWNER_TRANSITIONS)) {
      expect(targets.some((s) => (['new', 'moderate', 'canceled'] as string[]).includes(s))).toBe(false);
    }
  });

  it('answers an unknown status with 422 and an unknown ad with 404', async () => {
    const ad = await approvedAd(seller.id);
    expect(
      (
        await app.inject({
          method: 'PATCH',
          url: '/api/product/change-status',
          headers: seller.headers,
          payload: { id: ad.id, status: 'gone' },
        })
      ).statusCode,
    ).toBe(422);
    expect(
      (
        await app.inject({
          method: 'PATCH',
          url: '/api/product/change-status',
          headers: seller.headers,
          payload: { id: 99_999_999, status: 'sold' },
        })
      ).statusCode,
    ).toBe(404);
  });
});

describe('my showcase and deleting', () => {
  it('lists own ads of every status with counts per status and what may come next', async () => {
    const owner = await account();
    await createAd(app, { userId: owner.id, name: 'Odottaa', status: 'moderate' });
    await approvedAd(owner.id, 'active');
    await approvedAd(owner.id, 'sold');
    await createAd(app, { userId: stranger.id, name: 'Toisen ilmoitus' });
    const res = await app.inject({ url: '/api/user-products', headers: owner.headers });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.data).toHaveLength(3);
    expect(body.counts).toMatchObject({ moderate: 1, active: 1, sold: 1, canceled: 0 });
    expect(body.data.find((a: { status: string }) => a.status === 'active').next_statuses).toEqual(['sold', 'reserved', 'disabled']);
    expect(body.data.find((a: { status: string }) => a.status === 'moderate').next_statuses).toEqual([]);
    const sold = await app.inject({ url: '/api/user-products?status=sold', headers: owner.headers });
    expect(sold.json().data.map((a: { status: string }) => a.status)).toEqual(['sold']);
    expect((await app.inject({ url: '/api/user-products' })).statusCode).toBe(401);
  });

  it('deletes an own ad with its stored pictures', async () => {
    const res = await postAd(seller.headers, adFields(), [jpeg(await photoWithGps())]);
    const { uuid } = res.json().data;
    expect(storedFilesOf(uuid)).toHaveLength(3);
    const deleted = await app.inject({ method: 'DELETE', url: `/api/product/${uuid}`, headers: seller.headers });
    expect(deleted.statusCode).toBe(200);
    expect(storedFilesOf(uuid)).toEqual([]);
    expect((await app.inject({ url: `/api/product/${uuid}`, headers: seller.headers })).statusCode).toBe(404);
  });
});
