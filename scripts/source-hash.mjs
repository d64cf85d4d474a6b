import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const stampFile = path.join(root, 'build/stamp.json');

const INPUTS = [
  'common',
  'server',
  'web',
  'package.json',
  'package-lock.json',
  'vite.config.ts',
  'react-router.config.ts',
  'tsconfig.json',
];

function* files(entry) {
  const full = path.join(root, entry);
  if (!fs.existsSync(full)) return;
  if (fs.statSync(full).isFile()) {
    yield entry;
    return;
  }
  for (const name of fs.readdirSync(full).sort()) {
    if (name === 'node_modules' || name.startsWith('.')) continue;
    yield* files(path.join(entry, name));
  }
}

/** A hash of everything the build is made from: a changed file means a stale build. */
export function sourceHash() {
  const hash = createHash('sha256');
  for (const input of INPUTS) {
    for (const file of files(input)) {
      hash.update(file);
      hash.update(fs.readFileSync(path.join(root, file)));
    }
  }
  return hash.digest('hex');
}

export function buildIsFresh() {
  try {
    const stamp = JSON.parse(fs.readFileSync(stampFile, 'utf8'));
    return stamp.hash === sourceHash() && fs.existsSync(path.join(root, 'build/server/main.js'));
  } catch {
    return false;
  }
}
