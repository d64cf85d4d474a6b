import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The folder holding package.json, found from this file whether it runs from source or from the bundle. */
function findProjectRoot(from: string): string {
  let dir = from;
  for (;;) {
    if (fs.existsSync(path.join(dir, 'package.json'))) return dir;
    const parent = path.dirname(dir);
    if (parent === dir) throw new Error(`package.json not found above ${from}`);
    dir = parent;
  }
}

export const projectRoot = findProjectRoot(path.dirname(fileURLToPath(import.meta.url)));
export const migrationsDir = path.join(projectRoot, 'server/db/migrations');
export const referenceDataDir = path.join(projectRoot, 'server/db/seed/reference');
/** The info pages' first texts: `<slug>.<locale>.html` and `titles.json`. */
export const infoPagesSeedDir = path.join(projectRoot, 'server/db/seed/info-pages');
export const webBuildDir = path.join(projectRoot, 'build/web');
