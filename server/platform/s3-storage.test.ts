import fs from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { catalogs } from '../db/schema/catalog.ts';
import { municipalities } from '../db/schema/geo.ts';
import { products } from '../db/schema/products.ts';
import { createUser, loginAs } from '../test/accounts.ts';
import { picturesOf } from '../test/ads.ts';
import { buildTestApp } from '../test/app.ts';
import { multipart } from '../test/multipart.ts';
import { type TestBucket, startTestBucket } from '../test/s3.ts';

// The picture store and /media on the S3 driver, against a real S3-compatible server started here.
let bucket: TestBucket;
let app: FastifyInstance;
let seller: Record<string, string>;

beforeAll(async () => {
  bucket = await startTestBucket();
  app = await buildTestApp({ s3: bucket.s3 });
  seller = (await loginAs(app, await createUser(app))).headers;
});
afterAll(async () => {
  await app?.close();
  await bucket?.close();
});

const photo = (colour: string) =>
  sharp({ create: { width: 1200, height: 900, channels: 3, background: colour } })
    .jpeg()
    .toBuffer();

async function postAd(on: FastifyInstance, headers: Record<string, string>, colours: string[]) {
  const db = on.services.database.db;
  const [catalog] = await db.select().from(catalogs).where(eq(catalogs.slug, 'passenger-cars'));
  const [city] = await db.select().from(municipalities).where(eq(municipalities.code, '091'));
  const files = await Promise.all(
    colours.map(async (colour) => ({ field: 'files', name: 'car.jpg', type: 'image/jpeg', data: await photo(colour) })),
  );
  const body = await multipart(files, {
    name: 'Toyota Corolla 2012',
    description: 'Hyvin pidetty, katsastettu juuri, talvirenkaat mukana.',
    price: '4500',
    city_id: String(city!.id),
    catalog_id: String(catalog!.id),
  });
  const res = await on.inject({ method: 'POST', url: '/api/product', payload: body.payload, headers: { ...headers, ...body.headers } });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data as { id: number; uuid: string; image: { thumb: string; card: string; full: string } };
}

describe('pictures in an S3 bucket', () => {
  it('stores every variant of an uploaded ad picture as an object in the bucket, nothing on disk', async () => {
    const ad = await postAd(app, seller, ['#3a7', '#a37']);
    const [first, second] = await picturesOf(app, ad.id);
    const variants = (uuid: string) => ['card', 'full', 'thumb'].map((variant) => `ads/${ad.uuid}/${uuid}-${variant}.webp`);
    expect(await bucket.keys(`ads/${ad.uuid}/`)).toEqual([...variants(first!.uuid), ...variants(second!.uuid)].sort());

    const full = await bucket.object(`ads/${ad.uuid}/${first!.uuid}-full.webp`);
    expect(full.contentType).toBe('image/webp');
    expect(full.cacheControl).toBe('public, max-age=31536000, immutable');
    expect(await sharp(full.body).metadata()).toMatchObject({ format: 'webp', width: 1200, height: 900 });
    expect(fs.existsSync(path.join(app.config.dataDir, 'media'))).toBe(false);
  });

  it('streams a stored picture through /media/<key>, and answers 404 for a key the bucket does not have', async () => {
    const ad = await postAd(app, seller, ['#37a']);
    expect(ad.image.card).toMatch(new RegExp(`^/media/ads/${ad.uuid}/[0-9a-f-]+-card\\.webp$`));

    const served = await app.inject({ url: ad.image.card });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/webp');
    expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(served.rawPayload.equals((await bucket.object(ad.image.card.replace('/media/', ''))).body)).toBe(true);

    expect((await app.inject({ url: `/media/ads/${ad.uuid}/missing-card.webp` })).statusCode).toBe(404);
    expect((await app.inject({ url: '/media/ads/..%2F..%2Fsecret.webp' })).statusCode).toBe(404);
  });

  it('deletes the objects of a deleted picture, and of every picture when the ad is deleted', async () => {
    const ad = await postAd(app, seller, ['#711', '#171', '#117']);
    const [cover, ...rest] = await picturesOf(app, ad.id);
    expect(await bucket.keys(`ads/${ad.uuid}/`)).toHaveLength(9);

    const deleted = await app.inject({
      method: 'POST',
      url: '/api/delete-product-images',
      headers: seller,
      payload: { productUuid: ad.uuid, imageUuid: cover!.uuid },
    });
    expect(deleted.statusCode).toBe(200);
    const left = await bucket.keys(`ads/${ad.uuid}/`);
    expect(left).toHaveLength(6);
    expect(left.filter((key) => key.includes(cover!.uuid))).toEqual([]);
    expect(left.every((key) => rest.some((picture) => key.includes(picture.uuid)))).toBe(true);
    expect((await app.inject({ url: `/media/ads/${ad.uuid}/${cover!.uuid}-card.webp` })).statusCode).toBe(404);

    expect((await app.inject({ method: 'DELETE', url: `/api/product/${ad.uuid}`, headers: seller })).statusCode).toBe(200);
    expect(await bucket.keys(`ads/${ad.uuid}/`)).toEqual([]);
    expect(await app.services.database.db.select().from(products).where(eq(products.id, ad.id))).toEqual([]);
  });

  it('keeps avatars in the bucket too, and a new one replaces the old object', async () => {
    const upload = async () => {
      const body = await multipart([{ field: 'avatar', name: 'me.jpg', type: 'image/jpeg', data: await photo('#777') }]);
      const res = await app.inject({ method: 'POST', url: '/api/avatar', payload: body.payload, headers: { ...seller, ...body.headers } });
      expect(res.statusCode).toBe(200);
      return (res.json().user.avatar as string).replace('/media/', '');
    };
    const first = await upload();
    expect(await bucket.keys('avatars/')).toEqual([first]);
    const second = await upload();
    expect(await bucket.keys('avatars/')).toEqual([second]);
  });
});

describe('pictures in an S3 bucket with a public URL (S3_PUBLIC_URL)', () => {
  let publicApp: FastifyInstance;
  beforeAll(async () => {
    publicApp = await buildTestApp({ s3: { ...bucket.s3, publicUrl: bucket.url } });
  });
  afterAll(() => publicApp?.close());

  it('hands out the bucket address and redirects /media/<key> there, where the picture is', async () => {
    const headers = (await loginAs(publicApp, await createUser(publicApp))).headers;
    const ad = await postAd(publicApp, headers, ['#a73']);
    expect(ad.image.card.startsWith(`${bucket.url}/ads/${ad.uuid}/`)).toBe(true);
    const key = ad.image.card.slice(bucket.url.length + 1);

    const redirect = await publicApp.inject({ url: `/media/${key}` });
    expect(redirect.statusCode).toBe(301);
    expect(redirect.headers.location).toBe(ad.image.card);

    // The browser follows the redirect to the bucket itself.
    const fetched = await fetch(redirect.headers.location!);
    expect(fetched.status).toBe(200);
    expect(Buffer.from(await fetched.arrayBuffer()).equals((await bucket.object(key)).body)).toBe(true);
  });
});
