import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { type ConfigError, loadConfig } from '../../config.ts';
import { resolveVapidKeys } from './push.vapid.ts';

const folders: string[] = [];
function dataDir(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'kauppis-vapid-'));
  folders.push(dir);
  return dir;
}
afterEach(() => {
  for (const dir of folders.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

const none = { publicKey: undefined, privateKey: undefined, subject: undefined };

describe('VAPID keys', () => {
  it('are made once into DATA_DIR/vapid.json and kept across restarts', () => {
    const dir = dataDir();
    const first = resolveVapidKeys({ vapid: none, dataDir: dir, publicUrl: 'https://kauppis.example' });
    expect(Buffer.from(first.publicKey, 'base64url')).toHaveLength(65);
    expect(fs.statSync(path.join(dir, 'vapid.json')).mode & 0o777).toBe(0o600);
    expect(resolveVapidKeys({ vapid: none, dataDir: dir, publicUrl: 'https://kauppis.example' })).toEqual(first);
    expect(first.subject).toBe('https://kauppis.example');
  });

  it('come from the settings when set, and a local address gets a mailto: contact', () => {
    const dir = dataDir();
    const keys = resolveVapidKeys({
      vapid: { publicKey: 'pub', privateKey: 'priv', subject: undefined },
      dataDir: dir,
      publicUrl: 'http://localhost:3000',
    });
    expect(keys).toEqual({ publicKey: 'pub', privateKey: 'priv', subject: 'mailto:no-reply@localhost.localdomain' });
    expect(fs.existsSync(path.join(dir, 'vapid.json'))).toBe(false);
  });

  it('settings: both keys or neither, and a mailto: or https: subject', () => {
    const problems = (env: Record<string, string>) => {
      try {
        loadConfig({ NODE_ENV: 'test', ...env });
        return [];
      } catch (error) {
        return (error as ConfigError).problems;
      }
    };
    expect(problems({ VAPID_PUBLIC_KEY: 'x' })).toEqual(['VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY must be set together']);
    expect(problems({ VAPID_SUBJECT: 'http://kauppis.example' })).toEqual(['VAPID_SUBJECT must use mailto: or https:, got "http:"']);
    expect(loadConfig({ NODE_ENV: 'test', VAPID_SUBJECT: 'mailto:ops@kauppis.example' }).vapid.subject).toBe('mailto:ops@kauppis.example');
  });
});
