import crypto from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { municipalities } from '../../db/schema/geo.ts';
import { catalogs } from '../../db/schema/catalog.ts';
import { productImages, products } from '../../db/schema/products.ts';
import { pictureHashes } from '../../db/schema/trust.ts';
import { demoPictureSvg } from '../../db/seed/demo-pictures.ts';
import { createUser, loginAs } from '../../test/accounts.ts';
import { buildTestApp } from '../../test/app.ts';
import { multipart } from '../../test/multipart.ts';
import { createCustomStaff } from '../../test/roles.ts';
import { adPictureKey } from '../images/image-processing.ts';
import type * as PictureHash from './picture-hash.ts';
import { perceptualHash } from './picture-hash.ts';
import { HASH_PICTURE_JOB } from './picture-hash.service.ts';

// The real hash, which a test makes fail once (a decoder crash at upload).
vi.mock('./picture-hash.ts', async (importOriginal) => {
  const real = await importOriginal<typeof PictureHash>();
  return { ...real, perceptualHash: vi.fn(real.perceptualHash) };
});

let app: FastifyInstance;
let admin: Record<string, string>;
let moderator: Record<string, string>;
let catalogId: number;
let cityId: number;

type Person = { id: number; headers: Record<string, string> };

async function person(): Promise<Person> {
  const user = await createUser(app);
  return { id: user.id, headers: (await loginAs(app, user)).headers };
}

/** A photo-like picture (a demo drawing of a scene) as a phone would send it: 1200 px JPEG. */
async function photo(slugs: string[], colour: string, seed: number): Promise<Buffer> {
  return sharp(Buffer.from(demoPictureSvg(slugs, colour, seed)))
    .resize({ width: 1200 })
    .jpeg({ quality: 90 })
    .toBuffer();
}

/** The copy a scammer makes of someone's picture: half the size, JPEG quality 60. */
const copyOf = async (picture: Buffer) => sharp(picture).resize({ width: 600 }).jpeg({ quality: 60 }).toBuffer();

async function postAd(seller: Person, name: string, pictures: Buffer[]) {
  const body = await multipart(
    pictures.map((data, index) => ({ field: 'files', name: `kuva${index}.jpg`, type: 'image/jpeg', data })),
    {
      name,
      description: `${name}, hyvässä kunnossa ja heti noudettavissa.`,
      price: '120',
      city_id: String(cityId),
      catalog_id: String(catalogId),
    },
  );
  const reply = await app.inject({
    method: 'POST',
    url: '/api/product',
    payload: body.payload,
    headers: { ...seller.headers, ...body.headers },
  });
  expect(reply.statusCode, reply.body).toBe(201);
  const data = reply.json().data as { uuid: string; status: string };
  const [row] = await app.services.database.db.select().from(products).where(eq(products.uuid, data.uuid));
  return row!;
}

const adById = async (id: number) => (await app.services.database.db.select().from(products).where(eq(products.id, id)))[0]!;

async function moderationOff<T>(work: () => Promise<T>): Promise<T> {
  const set = (on: boolean) =>
    app.inject({ method: 'PATCH', url: '/api/admin/app-settings', headers: admin, payload: { ads_moderation: on } });
  expect((await set(false)).statusCode).toBe(200);
  try {
    return await work();
  } finally {
    await set(true);
  }
}

/** Dates an ad's picture hashes `days` back. */
async function ageHashes(productId: number, days: number) {
  await app.services.database.db
    .update(pictureHashes)
    .set({ createdAt: new Date(Date.now() - days * 86_400_000) })
    .where(eq(pictureHashes.productId, productId));
}

const bike = () => photo(['bicycles'], '#c0392b', 101);
const sofa = () => photo(['sofas-and-armchairs'], '#2e86c1', 202);
const boat = () => photo(['sailboats'], '#f4d03f', 303);
const tractor = () => photo(['tractors'], '#27ae60', 404);
const guitar = () => photo(['guitars-and-basses'], '#8e44ad', 505);

beforeAll(async () => {
  app = await buildTestApp();
  admin = (await loginAs(app, await createUser(app, { roles: ['user', 'admin'] }))).headers;
  // The moderator's list needs only ads.moderate.
  moderator = (await loginAs(app, await createCustomStaff(app, ['ads.moderate']))).headers;
  const db = app.services.database.db;
  catalogId = (await db.select().from(catalogs).where(eq(catalogs.slug, 'city-bikes')))[0]!.id;
  cityId = (await db.select().from(municipalities).where(eq(municipalities.code, '091')))[0]!.id;
});
afterAll(() => app.close());

describe('duplicate pictures on new ads', () => {
  it("another seller's picture, resized and re-encoded, sends a new ad to review with the flag even with moderation off; the moderator sees the other ad; approving clears it", async () => {
    const original = await bike();
    const [owner, copier] = [await person(), await person()];
    const { first, copy } = await moderationOff(async () => ({
      first: await postAd(owner, 'Helkama kaupunkipyörä', [original]),
      copy: await postAd(copier, 'Halpa pyörä', [await sofa(), await copyOf(original)]),
    }));
    expect(first.status).toBe('active');
    expect(first.flags).toEqual([]);
    expect(await app.services.pictureHashes.hashesOfAd(first.id)).toHaveLength(1);
    expect(copy.status).toBe('moderate');
    expect(copy.approvedAt).toBeNull();
    expect(copy.flags).toEqual([{ kind: 'duplicate_picture', product_id: first.id }]);

    const list = await app.inject({ method: 'POST', url: '/api/admin/products', headers: moderator, payload: { status: 'moderate' } });
    expect(list.statusCode).toBe(200);
    const item = (list.json().data as { uuid: string; flags: unknown[] }[]).find((entry) => entry.uuid === copy.uuid);
    expect(item?.flags).toEqual([
      { kind: 'duplicate_picture', product_id: first.id, product: { uuid: first.uuid, name: 'Helkama kaupunkipyörä' } },
    ]);
    const approve = await app.inject({ method: 'POST', url: `/api/admin/products/${copy.uuid}/approve`, headers: moderator });
    expect(approve.statusCode).toBe(200);
    expect((await adById(copy.id)).flags).toEqual([]);
    const active = await app.inject({ method: 'POST', url: '/api/admin/products', headers: moderator, payload: { status: 'active' } });
    const approved = (active.json().data as { uuid: string; flags: unknown[] }[]).find((entry) => entry.uuid === copy.uuid);
    expect(approved?.flags).toEqual([]);
  });

  it('two sellers posting one picture at the same moment: the second look after both are stored flags the later, not the earlier', async () => {
    const original = await photo(['sauna'], '#5a7d9a', 4242);
    const [first, second] = [await person(), await person()];
    const copy = await copyOf(original);
    const [a, b] = await moderationOff(async () => {
      const earlier = await postAd(first, 'Saunan kiuas A', [original]);
      // The first look of the later post ran while the earlier one was not yet stored.
      vi.spyOn(app.services.pictureHashes, 'duplicateFlags').mockResolvedValueOnce([]);
      return [earlier, await postAd(second, 'Saunan kiuas B', [copy])];
    });
    expect(b.flags).toEqual([]);
    expect(b.status).toBe('active');
    await app.services.jobs.runDue(new Date(Date.now() + 1000));
    const [afterA, afterB] = [await adById(a.id), await adById(b.id)];
    expect(afterB.status).toBe('moderate');
    expect(afterB.flags).toEqual([{ kind: 'duplicate_picture', product_id: a.id }]);
    expect(afterA.flags).toEqual([]);
    expect(afterA.status).toBe('active');
  });

  it('rejecting a flagged ad clears its flags too', async () => {
    const original = await guitar();
    const [owner, copier] = [await person(), await person()];
    await postAd(owner, 'Fender Stratocaster', [original]);
    const copy = await postAd(copier, 'Sähkökitara', [await copyOf(original)]);
    expect(copy.flags).toHaveLength(1);
    const reject = await app.inject({
      method: 'POST',
      url: `/api/admin/products/${copy.uuid}/reject`,
      headers: moderator,
      payload: { reason: 'Kuva on toisen myyjän ilmoituksesta.' },
    });
    expect(reject.statusCode).toBe(200);
    expect(await adById(copy.id)).toMatchObject({ status: 'canceled', flags: [] });
  });

  it("the seller's own picture again, a different photo, or a plain colour picture never flags", async () => {
    const original = await boat();
    const [owner, other] = [await person(), await person()];
    const plain = await sharp({ create: { width: 800, height: 600, channels: 3, background: '#3a7' } })
      .jpeg()
      .toBuffer();
    const ads = await moderationOff(async () => [
      await postAd(owner, 'Purjevene', [original, plain]),
      await postAd(owner, 'Purjevene, uusi ilmoitus', [await copyOf(original)]),
      await postAd(other, 'Traktori', [await tractor()]),
      await postAd(other, 'Vihreä taulu', [plain]),
    ]);
    for (const ad of ads) expect(ad).toMatchObject({ status: 'active', flags: [] });
    // A plain picture has nothing to compare: it is not hashed at all.
    expect(await app.services.pictureHashes.hashesOfAd(ads[0]!.id)).toHaveLength(1);
    expect(await app.services.pictureHashes.hashesOfAd(ads[3]!.id)).toHaveLength(0);
  });

  it('a picture of another seller from more than 180 days ago does not flag; one from 179 days ago does', async () => {
    const original = await photo(['dogs'], '#a0522d', 606);
    const [owner, late, later] = [await person(), await person(), await person()];
    const old = await postAd(owner, 'Koiranpentu', [original]);
    await ageHashes(old.id, 181);
    const afterWindow = await moderationOff(async () => postAd(late, 'Pentu', [await copyOf(original)]));
    expect(afterWindow).toMatchObject({ status: 'active', flags: [] });
    await ageHashes(old.id, 179);
    await ageHashes(afterWindow.id, 200);
    const inWindow = await moderationOff(async () => postAd(later, 'Pentu myytävänä', [await copyOf(original)]));
    expect(inWindow).toMatchObject({ status: 'moderate', flags: [{ kind: 'duplicate_picture', product_id: old.id }] });
  });

  it("adding another seller's picture to an approved ad sends it back to review with the flag", async () => {
    const original = await photo(['televisions'], '#34495e', 707);
    const [owner, copier] = [await person(), await person()];
    const { first, mine } = await moderationOff(async () => ({
      first: await postAd(owner, 'Samsung 55" TV', [original]),
      mine: await postAd(copier, 'Televisio', [await photo(['laptops'], '#7f8c8d', 808)]),
    }));
    expect(mine.status).toBe('active');
    const form = await multipart([{ field: 'files', name: 'tv.jpg', type: 'image/jpeg', data: await copyOf(original) }], {
      productUuid: mine.uuid,
    });
    const added = await moderationOff(() =>
      app.inject({ method: 'POST', url: '/api/product-images', payload: form.payload, headers: { ...copier.headers, ...form.headers } }),
    );
    expect(added.statusCode).toBe(200);
    expect(await adById(mine.id)).toMatchObject({
      status: 'moderate',
      approvedAt: null,
      flags: [{ kind: 'duplicate_picture', product_id: first.id }],
    });
  });
});

describe('pictures that cannot be hashed at upload', () => {
  it('do not block the upload; the queue hashes them later from storage and flags the ad then', async () => {
    const original = await photo(['drones'], '#2c3e50', 909);
    const [owner, copier] = [await person(), await person()];
    const first = await postAd(owner, 'DJI Mini 2', [original]);
    vi.mocked(perceptualHash).mockRejectedValueOnce(new Error('decoder crashed'));
    const copy = await moderationOff(async () => postAd(copier, 'Drooni', [await copyOf(original)]));
    expect(copy).toMatchObject({ status: 'active', flags: [] });
    expect(await app.services.pictureHashes.hashesOfAd(copy.id)).toHaveLength(0);
    const queued = await app.services.jobs.repo.list(HASH_PICTURE_JOB);
    expect(queued).toHaveLength(1);

    await app.services.jobs.runDue(new Date());
    expect(await app.services.jobs.repo.list(HASH_PICTURE_JOB)).toHaveLength(0);
    expect(await app.services.pictureHashes.hashesOfAd(copy.id)).toHaveLength(1);
    expect(await adById(copy.id)).toMatchObject({
      status: 'moderate',
      approvedAt: null,
      flags: [{ kind: 'duplicate_picture', product_id: first.id }],
    });
  });

  it('one that is truly unreadable in storage stays unhashed, without an error or a retry', async () => {
    const seller = await person();
    vi.mocked(perceptualHash).mockRejectedValueOnce(new Error('decoder crashed'));
    const picture = await photo(['tableware-and-kitchenware'], '#d35400', 111);
    const ad = await moderationOff(async () => postAd(seller, 'Kahvinkeitin', [picture]));
    expect(ad.status).toBe('active');
    const [image] = await app.services.database.db.select().from(productImages).where(eq(productImages.productId, ad.id));
    await app.services.platform.storage.put(adPictureKey(image!.storagePrefix, 'full'), Buffer.from('not a picture at all'), 'image/webp');
    expect(await app.services.jobs.repo.list(HASH_PICTURE_JOB)).toHaveLength(1);
    await app.services.jobs.runDue(new Date());
    // Done, not failed: a failed job would wait for its retry with an error.
    expect(await app.services.jobs.repo.list(HASH_PICTURE_JOB)).toHaveLength(0);
    expect(await app.services.pictureHashes.hashesOfAd(ad.id)).toHaveLength(0);
    expect(await adById(ad.id)).toMatchObject({ status: 'active', flags: [] });
  });
});

describe('chat pictures', () => {
  it('a picture sent in a chat is hashed; one whose hash fails is hashed later by the queue', async () => {
    const seller = await person();
    const buyer = await person();
    const ad = await moderationOff(async () => postAd(seller, 'Nojatuoli', [await photo(['sofas-and-armchairs'], '#16a085', 222)]));
    const send = async (data: Buffer) => {
      const form = await multipart([{ field: 'picture', name: 'kuva.jpg', type: 'image/jpeg', data }], {
        text: 'Tällainen löytyy',
        client_id: crypto.randomUUID(),
      });
      const reply = await app.inject({
        method: 'POST',
        url: `/api/channel/product/${ad.uuid}/messages`,
        headers: { ...buyer.headers, ...form.headers },
        payload: form.payload,
      });
      expect(reply.statusCode, reply.body).toBe(201);
      return reply.json().data as { id: number; picture: unknown };
    };
    const sent = await send(await photo(['birds'], '#f39c12', 333));
    expect(sent.picture).not.toBeNull();
    const hash = await app.services.pictureHashes.chatMessageHash(sent.id);
    expect(typeof hash).toBe('bigint');

    vi.mocked(perceptualHash).mockRejectedValueOnce(new Error('decoder crashed'));
    const later = await send(await photo(['cats'], '#95a5a6', 444));
    expect(await app.services.pictureHashes.chatMessageHash(later.id)).toBeUndefined();
    await app.services.jobs.runDue(new Date());
    expect(typeof (await app.services.pictureHashes.chatMessageHash(later.id))).toBe('bigint');
    // Chat pictures are kept, never compared with ads: the hash rows name no ad.
    const [row] = await app.services.database.db
      .select({ productId: pictureHashes.productId, userId: pictureHashes.userId })
      .from(pictureHashes)
      .where(sql`${pictureHashes.chatMessageId} = ${later.id}`);
    expect(row).toEqual({ productId: null, userId: buyer.id });
  });
});
