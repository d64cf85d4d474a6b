// Production build: the React Router app (client assets + server render bundle) and the server bundle.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { build } from 'esbuild';
import { root, sourceHash, stampFile } from './source-hash.mjs';

const started = Date.now();
const hash = sourceHash();

const web = spawnSync(process.execPath, [path.join(root, 'node_modules/@react-router/dev/bin.js'), 'build'], {
  cwd: root,
  stdio: 'inherit',
  env: { ...process.env, NODE_ENV: 'production' },
});
if (web.status !== 0) process.exit(web.status ?? 1);

await build({
  entryPoints: [path.join(root, 'server/main.ts')],
  outfile: path.join(root, 'build/server/main.js'),
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  packages: 'external',
  sourcemap: true,
  logLevel: 'warning',
});

fs.writeFileSync(stampFile, JSON.stringify({ hash, builtAt: new Date().toISOString() }));
console.log(`Built in ${((Date.now() - started) / 1000).toFixed(1)} s`);
