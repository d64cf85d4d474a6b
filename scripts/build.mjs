// Production build: the React Router app (client assets + server render bundle) and the server bundle.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
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
  outfile: path.join(root, 'build/server/server.js'),
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  packages: 'external',
  sourcemap: true,
  logLevel: 'warning',
});

// `node build/server/main.js` runs in production mode unless told otherwise (`--dev`, or NODE_ENV set):
// React and React Router pick their development builds when their modules load, before any code of
// ours could set NODE_ENV, so this small entry sets it first and then loads the server.
fs.writeFileSync(
  path.join(root, 'build/server/main.js'),
  [
    '// Written by scripts/build.mjs: production mode unless --dev or NODE_ENV says otherwise.',
    "if (!process.argv.includes('--dev')) process.env.NODE_ENV ??= 'production';",
    "await import('./server.js');",
    '',
  ].join('\n'),
);

// Brotli and gzip copies of the client assets at the highest levels, once, so the server sends
// them without compressing anything per request (@fastify/static's preCompressed).
const assetsDir = path.join(root, 'build/web/client');
const compressible = /\.(js|mjs|css|svg|json|txt|xml|webmanifest|map)$/;
let compressed = 0;
for (const entry of fs.readdirSync(assetsDir, { recursive: true, withFileTypes: true })) {
  if (!entry.isFile() || !compressible.test(entry.name)) continue;
  const file = path.join(entry.parentPath, entry.name);
  const bytes = fs.readFileSync(file);
  if (bytes.length < 1024) continue;
  fs.writeFileSync(`${file}.br`, zlib.brotliCompressSync(bytes, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } }));
  fs.writeFileSync(`${file}.gz`, zlib.gzipSync(bytes, { level: 9 }));
  compressed++;
}
console.log(`Compressed ${compressed} client assets (brotli and gzip)`);

// Each public page's first-load JavaScript against its budget: the build fails above it.
const budget = spawnSync(process.execPath, [path.join(root, 'scripts/js-budget.mjs')], { cwd: root, stdio: 'inherit' });
if (budget.status !== 0) process.exit(budget.status ?? 1);

fs.writeFileSync(stampFile, JSON.stringify({ hash, builtAt: new Date().toISOString() }));
console.log(`Built in ${((Date.now() - started) / 1000).toFixed(1)} s`);
