import fs from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import type { Config } from '../config.ts';

/**
 * Where pictures live: files under DATA_DIR/media by default, an S3-compatible bucket when
 * configured. Keys look like `avatars/<uuid>.webp`; their content never changes, so browsers may
 * cache them for a year.
 */
export interface Storage {
  driver: 'files' | 's3';
  put(key: string, body: Buffer, contentType: string): Promise<void>;
  delete(key: string): Promise<void>;
  /** The stored bytes as a stream, or undefined when there is no such key. */
  read(key: string): Promise<{ body: Readable; contentType: string | undefined } | undefined>;
  /** The address browsers use: `/media/<key>` or the bucket's public URL. */
  publicUrl(key: string): string;
}

export const KEY_PATTERN = /^[a-z0-9-]+(\/[a-z0-9-]+)*\.[a-z0-9]+$/;

/** Keys come from our own code, but a wrong one must never escape the media folder. */
export function assertStorageKey(key: string): void {
  if (!KEY_PATTERN.test(key) || key.includes('..')) throw new Error(`invalid storage key: ${key}`);
}

const CONTENT_TYPES: Record<string, string> = {
  webp: 'image/webp',
  jpg: 'image/jpeg',
  png: 'image/png',
  avif: 'image/avif',
  zip: 'application/zip',
};

/** The content type of a stored key, by its extension. */
export function contentTypeOf(key: string): string {
  return CONTENT_TYPES[key.split('.').pop() ?? ''] ?? 'application/octet-stream';
}

export function createFileStorage(root: string): Storage {
  return {
    driver: 'files',
    async put(key, body) {
      assertStorageKey(key);
      const file = path.join(root, key);
      await fs.mkdir(path.dirname(file), { recursive: true });
      // Write then rename, so a reader never sees half a file.
      const temporary = `${file}.${process.pid}.tmp`;
      await fs.writeFile(temporary, body);
      await fs.rename(temporary, file);
    },
    async delete(key) {
      assertStorageKey(key);
      await fs.rm(path.join(root, key), { force: true });
    },
    async read(key) {
      assertStorageKey(key);
      const { createReadStream } = await import('node:fs');
      try {
        await fs.access(path.join(root, key));
      } catch {
        return undefined;
      }
      return { body: createReadStream(path.join(root, key)), contentType: CONTENT_TYPES[key.split('.').pop() ?? ''] };
    },
    publicUrl: (key) => `/media/${key}`,
  };
}

export async function createS3Storage(s3: NonNullable<Config['s3']>): Promise<Storage> {
  const { S3Client, PutObjectCommand, DeleteObjectCommand, GetObjectCommand } = await import('@aws-sdk/client-s3');
  const client = new S3Client({
    region: s3.region,
    ...(s3.endpoint ? { endpoint: s3.endpoint } : {}),
    forcePathStyle: s3.forcePathStyle,
    ...(s3.accessKeyId && s3.secretAccessKey ? { credentials: { accessKeyId: s3.accessKeyId, secretAccessKey: s3.secretAccessKey } } : {}),
  });
  return {
    driver: 's3',
    async put(key, body, contentType) {
      assertStorageKey(key);
      await client.send(
        new PutObjectCommand({
          Bucket: s3.bucket,
          Key: key,
          Body: body,
          ContentType: contentType,
          CacheControl: 'public, max-age=31536000, immutable',
        }),
      );
    },
    async delete(key) {
      assertStorageKey(key);
      await client.send(new DeleteObjectCommand({ Bucket: s3.bucket, Key: key }));
    },
    async read(key) {
      assertStorageKey(key);
      try {
        const object = await client.send(new GetObjectCommand({ Bucket: s3.bucket, Key: key }));
        return { body: object.Body as Readable, contentType: object.ContentType };
      } catch (error) {
        if ((error as { name?: string }).name === 'NoSuchKey') return undefined;
        throw error;
      }
    },
    publicUrl: (key) => (s3.publicUrl ? `${s3.publicUrl}/${key}` : `/media/${key}`),
  };
}

export async function createStorage(config: Config): Promise<Storage> {
  return config.s3 ? createS3Storage(config.s3) : createFileStorage(path.join(config.dataDir, 'media'));
}
