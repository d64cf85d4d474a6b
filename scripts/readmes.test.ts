import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const root = path.join(path.dirname(new URL(import.meta.url).pathname), '..');
const folders = (dir: string) =>
  fs
    .readdirSync(path.join(root, dir), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);

describe('the folder READMEs', () => {
  it('list every web feature, and only the ones that exist', () => {
    const readme = fs.readFileSync(path.join(root, 'web/features/README.md'), 'utf8');
    const listed = [...readme.matchAll(/^\| `([a-z-]+)`/gm)].map((match) => match[1]);
    expect(listed.sort()).toEqual(folders('web/features').sort());
  });

  it('the root README names the package and no screen as coming', () => {
    const readme = fs.readFileSync(path.join(root, 'README.md'), 'utf8');
    expect(readme).not.toMatch(/coming soon/i);
    expect(JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')).name).toBe('kauppis');
  });
});
