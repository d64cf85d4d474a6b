import fs from 'node:fs';
import path from 'node:path';
import semver from 'semver';
import { describe, expect, it } from 'vitest';

const root = path.join(path.dirname(new URL(import.meta.url).pathname), '..');
const read = (file: string) => JSON.parse(fs.readFileSync(path.join(root, file), 'utf8')) as Record<string, unknown>;

describe('the Node version the README promises', () => {
  it('is one every installed package supports, so the install shows no engine warnings', () => {
    const floor = semver.minVersion((read('package.json').engines as { node: string }).node)!.version;
    expect(floor).toBe('20.19.0');
    const packages = read('package-lock.json').packages as Record<string, { engines?: { node?: string } | string[]; optional?: boolean }>;
    const refusing = Object.entries(packages)
      .filter(([, entry]) => !entry.optional && !Array.isArray(entry.engines) && entry.engines?.node)
      .filter(([, entry]) => !semver.satisfies(floor, (entry.engines as { node: string }).node))
      .map(([name, entry]) => `${name} wants node ${(entry.engines as { node: string }).node}`);
    expect(refusing).toEqual([]);
  });
});
