import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { GetObjectCommand, ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import S3rver from 's3rver';
import type { Config } from '../config.ts';

const BUCKET = 'kauppis-media';
// s3rver's one pair of credentials; it checks every request's signature against them.
const CREDENTIALS = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };

export interface TestBucket {
  /** The settings that point an app at this bucket (S3_* in the environment). */
  s3: NonNullable<Config['s3']>;
  /** Where the bucket answers anonymous path-style GETs, as a public bucket URL would. */
  url: string;
  /** Keys of the stored objects under a prefix, sorted. */
  keys(prefix?: string): Promise<string[]>;
  object(key: string): Promise<{ body: Buffer; contentType: string | undefined; cacheControl: string | undefined }>;
  close(): Promise<void>;
}

/**
 * A real S3-compatible server (s3rver: the S3 REST API over files in a temporary folder) on a
 * free port of 127.0.0.1, with one empty bucket. The app talks to it through its own S3 driver;
 * the test reads the bucket through a client of its own.
 */
export async function startTestBucket(): Promise<TestBucket> {
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'kauppis-s3-'));
  const server = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory, configureBuckets: [{ name: BUCKET, configs: [] }] });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  const s3: NonNullable<Config['s3']> = {
    bucket: BUCKET,
    region: 'us-east-1',
    endpoint,
    ...CREDENTIALS,
    forcePathStyle: true,
    publicUrl: undefined,
  };
  const client = new S3Client({ region: s3.region, endpoint, forcePathStyle: true, credentials: CREDENTIALS });

  return {
    s3,
    url: `${endpoint}/${BUCKET}`,
    async keys(prefix = '') {
      const listed = await client.send(new ListObjectsV2Command({ Bucket: BUCKET, Prefix: prefix }));
      return (listed.Contents ?? []).map((object) => object.Key!).sort();
    },
    async object(key) {
      const object = await client.send(new GetObjectCommand({ Bucket: BUCKET, Key: key }));
      return {
        body: Buffer.from(await object.Body!.transformToByteArray()),
        contentType: object.ContentType,
        cacheControl: object.CacheControl,
      };
    },
    async close() {
      client.destroy();
      await server.close();
      fs.rmSync(directory, { recursive: true, force: true });
    },
  };
}
