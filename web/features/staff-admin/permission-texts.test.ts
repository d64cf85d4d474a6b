import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { PERMISSIONS, ROLE_SLUGS } from '../../../common/access';
import { LOCALES } from '../../../common/locales';
import { permissionKey } from './role-rules';

const root = path.resolve(import.meta.dirname, '../../..');
const texts = Object.fromEntries(
  LOCALES.map((code) => [
    code,
    JSON.parse(fs.readFileSync(path.join(root, 'web/i18n', `${code}.json`), 'utf8')) as Record<string, unknown>,
  ]),
);

function leaf(messages: unknown, dotted: string): unknown {
  return dotted
    .split('.')
    .reduce<unknown>((node, part) => (node && typeof node === 'object' ? (node as Record<string, unknown>)[part] : undefined), messages);
}

/** Every permission name a migration writes into the permissions table (the server's definitions). */
function migratedPermissions(): string[] {
  const dir = path.join(root, 'server/db/migrations');
  const names = new Set<string>();
  for (const file of fs.readdirSync(dir).filter((f) => f.endsWith('.sql'))) {
    const sql = fs.readFileSync(path.join(dir, file), 'utf8');
    for (const insert of sql.matchAll(/INSERT INTO "permissions"[^;]*?VALUES([\s\S]*?)(?:ON CONFLICT|;)/g)) {
      for (const row of insert[1]!.matchAll(/\(\s*'([a-z_.]+)'/g)) names.add(row[1]!);
    }
  }
  return [...names];
}

describe('permission and role texts', () => {
  const names = [...new Set([...PERMISSIONS, ...migratedPermissions()])];

  it('finds the permissions the migrations write, and the code knows each of them', () => {
    expect(names.length).toBeGreaterThanOrEqual(PERMISSIONS.length);
    expect(names.filter((name) => !(PERMISSIONS as readonly string[]).includes(name))).toEqual([]);
  });

  it.each(LOCALES)('%s.json has a label and a description of every permission, its own and not the English one', (code) => {
    const missing: string[] = [];
    for (const name of names) {
      for (const part of ['label', 'description']) {
        const text = leaf(texts[code], `roles.permission.${permissionKey(name)}.${part}`);
        if (typeof text !== 'string' || !text.trim()) missing.push(`${name} ${part}`);
        else if (code !== 'en' && part === 'description' && text === leaf(texts.en, `roles.permission.${permissionKey(name)}.${part}`)) {
          missing.push(`${name} ${part} is the English text`);
        }
      }
    }
    expect(missing).toEqual([]);
  });

  it.each(LOCALES)('%s.json names every built-in role', (code) => {
    const missing = ROLE_SLUGS.filter((slug) => typeof leaf(texts[code], `admin_users.role_names.${slug}`) !== 'string');
    expect(missing).toEqual([]);
  });
});
