// `npm start`: serve the production build, building it first when there is none or it is stale.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { buildIsFresh, root } from './source-hash.mjs';

if (!buildIsFresh()) {
  console.log('Building the site (first start or changed sources)…');
  const result = spawnSync(process.execPath, [path.join(root, 'scripts/build.mjs')], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

process.env.NODE_ENV ??= 'production';
await import(pathToFileURL(path.join(root, 'build/server/main.js')).href);
