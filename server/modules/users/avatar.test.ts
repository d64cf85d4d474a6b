import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, loginAs } from '../../test/accounts.ts';
import { buildTestApp } from '../../test/app.ts';
import { multipart } from '../../test/multipart.ts';

let app: FastifyInstance;
let headers: Record<string, string>;

beforeAll(async () => {
  app = await buildTestApp();
  headers = (await loginAs(app, await createUser(app))).headers;
});
afterAll(() => app.close());

async function photoWithExif(): Promise<Buffer> {
  return sharp({ create: { width: 800, height: 600, channels: 3, background: '#3a7' } })
    .jpeg()
    .withExif({ IFD0: { Copyright: 'Secret Photographer', Make: 'PhoneCo', Model: 'X1' } })
    .toBuffer();
}

async function upload(data: Buffer, name = 'me.jpg', type = 'image/jpeg') {
  const body = await multipart([{ field: 'avatar', name, type, data }]);
  return app.inject({ method: 'POST', url: '/api/avatar', payload: body.payload, headers: { ...headers, ...body.headers } });
}

describe('avatar upload', () => {
  it('stores a 256 px WebP without any metadata and serves it with a year-long cache', async () => {
    const input = await photoWithExif();
    expect((await sharp(input).metadata()).exif).toBeDefined();
    const res = await upload(input);
    expect(res.statusCode).toBe(200);
    const avatar = res.json().user.avatar as string;
    expect(avatar).toMatch(/^\/media\/avatars\/[0-9a-f-]+\.webp$/);

    const stored = fs.readFileSync(path.join(app.config.dataDir, avatar.replace('/media/', 'media/')));
    const meta = await sharp(stored).metadata();
    expect(meta).toMatchObject({ format: 'webp', width: 256, height: 256 });
    expect(meta.exif).toBeUndefined();
    expect(meta.icc).toBeUndefined();
    expect(stored.includes(Buffer.from('Secret Photographer'))).toBe(false);

    const served = await app.inject({ url: avatar });
    expect(served.statusCode).toBe(200);
    expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('removes the previous picture when a new one arrives', async () => {
    const first = (await upload(await photoWithExif())).json().user.avatar as string;
    const second = (await upload(await photoWithExif())).json().user.avatar as string;
    expect(second).not.toBe(first);
    expect((await app.inject({ url: first })).statusCode).toBe(404);
    expect((await app.inject({ url: second })).statusCode).toBe(200);
  });

  it('judges the type by the bytes: a PDF named .jpg is refused', async () => {
    const res = await upload(Buffer.from('%PDF-1.4\n1 0 obj\n<<>>\nendobj\n'.repeat(20)), 'photo.jpg', 'image/jpeg');
    expect(res.statusCode).toBe(422);
    expect(Object.keys(res.json().errors)).toEqual(['avatar']);
  });

  it('refuses a truncated JPEG', async () => {
    const photo = await photoWithExif();
    const res = await upload(photo.subarray(0, Math.floor(photo.length / 3)));
    expect(res.statusCode).toBe(422);
  });

  it('refuses a picture over the pixel limit before decoding it', async () => {
    const huge = await sharp({ create: { width: 10_000, height: 6_000, channels: 3, background: '#fff' } })
      .png({ compressionLevel: 9 })
      .toBuffer();
    const res = await upload(huge, 'huge.png', 'image/png');
    expect(res.statusCode).toBe(422);
  });

  it('refuses a file over 15 MB with 413', async () => {
    const photo = await photoWithExif();
    const big = Buffer.concat([photo, Buffer.alloc(16 * 1024 * 1024)]);
    const res = await upload(big);
    expect(res.statusCode).toBe(413);
  });

  it('answers a broken or non-multipart body with a 4xx, not a crash', async () => {
    const body = await multipart([{ field: 'avatar', name: 'a.jpg', type: 'image/jpeg', data: await photoWithExif() }]);
    const cut = await app.inject({
      method: 'POST',
      url: '/api/avatar',
      payload: body.payload.subarray(0, 200),
      headers: { ...headers, ...body.headers },
    });
    expect(cut.statusCode).toBe(400);
    const json = await app.inject({ method: 'POST', url: '/api/avatar', payload: { avatar: 'x' }, headers });
    expect(json.statusCode).toBe(415);
    const wrongField = await multipart([{ field: 'picture', name: 'a.jpg', type: 'image/jpeg', data: await photoWithExif() }]);
    const missing = await app.inject({
      method: 'POST',
      url: '/api/avatar',
      payload: wrongField.payload,
      headers: { ...headers, ...wrongField.headers },
    });
    expect(missing.statusCode).toBe(422);
  });

  it('needs an account', async () => {
    const body = await multipart([{ field: 'avatar', name: 'a.jpg', type: 'image/jpeg', data: await photoWithExif() }]);
    const res = await app.inject({ method: 'POST', url: '/api/avatar', ...body });
    expect(res.statusCode).toBe(401);
  });
});
