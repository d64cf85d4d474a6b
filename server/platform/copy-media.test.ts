import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestBucket, startTestBucket } from '../test/s3.ts';
import { copyMediaFolder } from './copy-media.ts';
import { createS3Storage } from './storage.ts';

// Moving a site's pictures from DATA_DIR/media into the bucket (README, "Pictures on S3"), against
// a real S3-compatible server started here.
let bucket: TestBucket;
let folder: string;

beforeAll(async () => {
  bucket = await startTestBucket();
  folder = fs.mkdtempSync(path.join(os.tmpdir(), 'kauppis-media-'));
  const put = (key: string, bytes: string) => {
    fs.mkdirSync(path.dirname(path.join(folder, key)), { recursive: true });
    fs.writeFileSync(path.join(folder, key), bytes);
  };
  put('ads/1f2e/picture-1.webp', 'one');
  put('ads/1f2e/picture-2.webp', 'two');
  put('content/cover.webp', 'cover');
  put('ads/1f2e/picture-3.webp.123.tmp', 'half written');
  put('Notes by hand.txt', 'not a picture');
});
afterAll(async () => {
  await bucket?.close();
  fs.rmSync(folder, { recursive: true, force: true });
});

const text = async (stream: NodeJS.ReadableStream) => {
  let out = '';
  for await (const chunk of stream) out += String(chunk);
  return out;
};

describe('copying the media folder into the bucket', () => {
  it('puts every picture under its key, leaves what is no key alone, and skips what is there on a second run', async () => {
    const s3 = await createS3Storage(bucket.s3);
    const first = await copyMediaFolder(folder, s3);
    expect(first).toEqual({
      copied: 3,
      present: 0,
      ignored: expect.arrayContaining(['ads/1f2e/picture-3.webp.123.tmp', 'Notes by hand.txt']),
    });
    const stored = await s3.read('ads/1f2e/picture-2.webp');
    expect(stored?.contentType).toBe('image/webp');
    expect(await text(stored!.body)).toBe('two');
    expect(await s3.read('ads/1f2e/picture-3.webp')).toBeUndefined();

    const again = await copyMediaFolder(folder, s3);
    expect(again).toMatchObject({ copied: 0, present: 3 });
  });

  it('copies nothing from a site that has no media folder', async () => {
    expect(await copyMediaFolder(path.join(folder, 'missing'), await createS3Storage(bucket.s3))).toEqual({
      copied: 0,
      present: 0,
      ignored: [],
    });
  });
});
