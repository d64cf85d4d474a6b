import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config.ts';
import { type Storage, assertStorageKey } from './storage.ts';

/** Stored files that are not pictures for everyone (data exports): `private/…`, case and encoding aside. */
export function isPrivateKey(key: string): boolean {
  let decoded: string;
  try {
    decoded = decodeURIComponent(key);
  } catch {
    return true;
  }
  return /^private(\/|$)/i.test(decoded.replace(/^[/.]+/, ''));
}

const IMMUTABLE = 'public, max-age=31536000, immutable';

/**
 * Serves stored pictures under /media: straight from disk with the files driver; from a bucket
 * either by redirect to its public URL or, without one, streamed through this process.
 */
export async function registerMedia(app: FastifyInstance, config: Config, storage: Storage): Promise<void> {
  if (storage.driver === 'files') {
    await app.register(fastifyStatic, {
      root: path.join(config.dataDir, 'media'),
      prefix: '/media/',
      decorateReply: false,
      index: false,
      // Keys under private/ (data exports, issue 27) are never served here: their own route checks who asks.
      allowedPath: (pathName) => !isPrivateKey(pathName.replace(/^\/+/, '')),
      cacheControl: false,
      setHeaders: (reply) => void reply.header('cache-control', IMMUTABLE),
    });
    return;
  }
  app.get('/media/*', { schema: { hide: true } }, async (request, reply) => {
    const key = (request.params as { '*': string })['*'];
    try {
      assertStorageKey(key);
      if (isPrivateKey(key)) throw new Error('private key');
    } catch {
      return reply.status(404).send();
    }
    if (config.s3?.publicUrl) return reply.redirect(storage.publicUrl(key), 301);
    const object = await storage.read(key);
    if (!object) return reply.status(404).send();
    return reply
      .header('cache-control', IMMUTABLE)
      .type(object.contentType ?? 'application/octet-stream')
      .send(object.body);
  });
}
