import fs from 'node:fs';
import path from 'node:path';
import webpush from 'web-push';
import type { Config } from '../../config.ts';

export interface VapidKeys {
  publicKey: string;
  privateKey: string;
  /** Who the push services may contact about our pushes: mailto: or https:. */
  subject: string;
}

/**
 * The VAPID keys from the settings, else a pair made once and kept under DATA_DIR (like the app
 * secret): the browsers' subscriptions are bound to the public key, so it must survive restarts.
 */
export function resolveVapidKeys(config: Pick<Config, 'vapid' | 'dataDir' | 'publicUrl'>): VapidKeys {
  const subject = config.vapid.subject ?? defaultSubject(config.publicUrl);
  if (config.vapid.publicKey && config.vapid.privateKey) {
    return { publicKey: config.vapid.publicKey, privateKey: config.vapid.privateKey, subject };
  }
  const file = path.join(config.dataDir, 'vapid.json');
  try {
    return { ...readKeys(file), subject };
  } catch {
    fs.mkdirSync(config.dataDir, { recursive: true });
    try {
      fs.writeFileSync(file, JSON.stringify(webpush.generateVAPIDKeys()), { mode: 0o600, flag: 'wx' });
    } catch (error) {
      // Another process made it first: its pair is the one to use.
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    return { ...readKeys(file), subject };
  }
}

function readKeys(file: string): { publicKey: string; privateKey: string } {
  const parsed = JSON.parse(fs.readFileSync(file, 'utf8')) as { publicKey?: unknown; privateKey?: unknown };
  if (typeof parsed.publicKey !== 'string' || typeof parsed.privateKey !== 'string') throw new Error(`${file} holds no VAPID keys`);
  return { publicKey: parsed.publicKey, privateKey: parsed.privateKey };
}

/** https: public URLs are a fine contact; a local http one is not accepted by push services, a mailto: is. */
function defaultSubject(publicUrl: string): string {
  const url = new URL(publicUrl);
  if (url.protocol === 'https:' && url.hostname !== 'localhost') return url.origin;
  return `mailto:no-reply@${url.hostname === 'localhost' ? 'localhost.localdomain' : url.hostname}`;
}
