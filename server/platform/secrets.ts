import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

/**
 * The app secret from the setting, else one made once and kept under DATA_DIR, so signed links
 * and encrypted two-factor secrets survive a restart of a single instance.
 */
export function resolveAppSecret(configured: string | undefined, dataDir: string): string {
  if (configured) return configured;
  const file = path.join(dataDir, 'app-secret');
  try {
    return fs.readFileSync(file, 'utf8').trim();
  } catch {
    fs.mkdirSync(dataDir, { recursive: true });
    const secret = crypto.randomBytes(48).toString('base64url');
    fs.writeFileSync(file, secret, { mode: 0o600, flag: 'wx' });
    return fs.readFileSync(file, 'utf8').trim();
  }
}

/** A random token for a browser to hold: 256 bits, URL-safe. */
export function randomToken(bytes = 32): string {
  return crypto.randomBytes(bytes).toString('base64url');
}

/** How tokens are stored: only their SHA-256, so the table alone opens nothing. */
export function hashToken(token: string): string {
  return crypto.createHash('sha256').update(token).digest('hex');
}

/** Compares two strings in time independent of where they differ. */
export function safeEqual(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  if (left.length !== right.length) {
    crypto.timingSafeEqual(left, left);
    return false;
  }
  return crypto.timingSafeEqual(left, right);
}

export interface Sealer {
  /** HMAC-SHA256 of the value, hex: for signed links and state. */
  sign(value: string): string;
  verify(value: string, signature: string): boolean;
  /** AES-256-GCM; the output carries its IV and tag. */
  encrypt(plaintext: string): string;
  /** Throws when the value was not made by `encrypt` with this secret. */
  decrypt(sealed: string): string;
}

export function createSealer(secret: string): Sealer {
  const signingKey = crypto.createHash('sha256').update(`sign:${secret}`).digest();
  const encryptionKey = crypto.createHash('sha256').update(`encrypt:${secret}`).digest();
  const sign = (value: string) => crypto.createHmac('sha256', signingKey).update(value).digest('hex');
  return {
    sign,
    verify: (value, signature) => safeEqual(sign(value), signature),
    encrypt(plaintext) {
      const iv = crypto.randomBytes(12);
      const cipher = crypto.createCipheriv('aes-256-gcm', encryptionKey, iv);
      const body = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
      return [iv, cipher.getAuthTag(), body].map((b) => b.toString('base64url')).join('.');
    },
    decrypt(sealed) {
      const [iv, tag, body] = sealed.split('.').map((part) => Buffer.from(part, 'base64url'));
      if (!iv || !tag || !body) throw new Error('malformed sealed value');
      const decipher = crypto.createDecipheriv('aes-256-gcm', encryptionKey, iv);
      decipher.setAuthTag(tag);
      return Buffer.concat([decipher.update(body), decipher.final()]).toString('utf8');
    },
  };
}
