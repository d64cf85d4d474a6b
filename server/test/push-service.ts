import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

/** A browser's side of a push subscription: its ECDH key pair and auth secret (RFC 8291). */
export interface TestBrowserKeys {
  ecdh: crypto.ECDH;
  /** base64url, as PushSubscription.toJSON() gives them. */
  p256dh: string;
  auth: string;
}

export function browserKeys(): TestBrowserKeys {
  const ecdh = crypto.createECDH('prime256v1');
  ecdh.generateKeys();
  return { ecdh, p256dh: ecdh.getPublicKey().toString('base64url'), auth: crypto.randomBytes(16).toString('base64url') };
}

export interface ReceivedPush {
  path: string;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

/**
 * A local HTTP server playing the push service: it keeps what it receives and answers with the
 * status `answer` gives for each request (or never answers, to play a timeout).
 */
export async function fakePushService(answer: (request: ReceivedPush) => number | 'hang' = () => 201) {
  const received: ReceivedPush[] = [];
  const hanging = new Set<http.ServerResponse>();
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const push = { path: request.url ?? '/', headers: request.headers, body: Buffer.concat(chunks) };
      received.push(push);
      const status = answer(push);
      if (status === 'hang') {
        hanging.add(response);
        return;
      }
      response.writeHead(status).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    received,
    url: (path: string) => `http://127.0.0.1:${port}${path}`,
    async close() {
      for (const response of hanging) response.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

function hmac(key: Buffer, ...data: Buffer[]): Buffer {
  const h = crypto.createHmac('sha256', key);
  for (const part of data) h.update(part);
  return h.digest();
}

/**
 * Decrypts an aes128gcm push body (RFC 8188 framing, RFC 8291 keys) as the browser would, with
 * the browser's private key and auth secret. Throws when anything does not check out.
 */
export function decryptPush(body: Buffer, keys: TestBrowserKeys): string {
  const salt = body.subarray(0, 16);
  const recordSize = body.readUInt32BE(16);
  const idLength = body[20]!;
  const serverPublicKey = body.subarray(21, 21 + idLength);
  const ciphertext = body.subarray(21 + idLength);
  if (ciphertext.length > recordSize) throw new Error('more than one record');
  const sharedSecret = keys.ecdh.computeSecret(serverPublicKey);
  const authSecret = Buffer.from(keys.auth, 'base64url');
  const browserPublicKey = keys.ecdh.getPublicKey();
  // RFC 8291 section 3.4: HKDF with the auth secret as salt, then RFC 8188's CEK and nonce.
  const prkKey = hmac(authSecret, sharedSecret);
  const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), browserPublicKey, serverPublicKey, Buffer.from([1])]);
  const ikm = hmac(prkKey, keyInfo);
  const prk = hmac(salt, ikm);
  const cek = hmac(prk, Buffer.from('Content-Encoding: aes128gcm\0'), Buffer.from([1])).subarray(0, 16);
  const nonce = hmac(prk, Buffer.from('Content-Encoding: nonce\0'), Buffer.from([1])).subarray(0, 12);
  const decipher = crypto.createDecipheriv('aes-128-gcm', cek, nonce);
  decipher.setAuthTag(ciphertext.subarray(ciphertext.length - 16));
  const padded = Buffer.concat([decipher.update(ciphertext.subarray(0, ciphertext.length - 16)), decipher.final()]);
  // The last record ends with the delimiter 2, then any zero padding.
  let end = padded.length - 1;
  while (end >= 0 && padded[end] === 0) end -= 1;
  if (padded[end] !== 2) throw new Error('bad padding delimiter');
  return padded.subarray(0, end).toString('utf8');
}

/** Checks a `vapid t=<JWT>, k=<key>` header (RFC 8292): an ES256 JWT signed by the key; answers its claims and key. */
export function verifyVapid(header: string | undefined): { claims: { aud: string; exp: number; sub: string }; publicKey: string } {
  const match = /^vapid t=([\w-]+\.[\w-]+\.[\w-]+), k=([\w-]+)$/.exec(header ?? '');
  if (!match) throw new Error(`not a vapid authorization: ${header}`);
  const [, token, key] = match as unknown as [string, string, string];
  const [head, payload, signature] = token.split('.') as [string, string, string];
  const point = Buffer.from(key, 'base64url');
  const publicKey = crypto.createPublicKey({
    key: { kty: 'EC', crv: 'P-256', x: point.subarray(1, 33).toString('base64url'), y: point.subarray(33).toString('base64url') },
    format: 'jwk',
  });
  const ok = crypto.verify(
    'sha256',
    Buffer.from(`${head}.${payload}`),
    { key: publicKey, dsaEncoding: 'ieee-p1363' },
    Buffer.from(signature, 'base64url'),
  );
  if (!ok) throw new Error('vapid signature does not verify');
  const parsedHead = JSON.parse(Buffer.from(head, 'base64url').toString()) as { alg: string; typ: string };
  if (parsedHead.alg !== 'ES256') throw new Error(`vapid alg ${parsedHead.alg}`);
  return { claims: JSON.parse(Buffer.from(payload, 'base64url').toString()), publicKey: key };
}
