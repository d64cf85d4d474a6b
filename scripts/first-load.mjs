// Prints the JavaScript a page's first load needs (entry, root, the page's route and what they import),
// from the built React Router manifest: files and bytes (raw and brotli). Usage: node scripts/first-load.mjs [routeId…]
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const client = path.join(root, 'build/web/client');
const assets = path.join(client, 'assets');
const manifestFile = fs.readdirSync(assets).find((name) => /^manifest-.*\.js$/.test(name));
if (!manifestFile) {
  console.error('No build: run npm run build first.');
  process.exit(1);
}
const source = fs.readFileSync(path.join(assets, manifestFile), 'utf8');
const manifest = JSON.parse(source.slice(source.indexOf('{'), source.lastIndexOf('}') + 1));

/** The scripts of the first load of a route: the entry, the manifest, and every route module from root down. */
function firstLoadFiles(routeId) {
  const files = new Set([manifest.entry.module, ...manifest.entry.imports, `/assets/${manifestFile}`]);
  const chain = [];
  for (let id = routeId; id; id = manifest.routes[id]?.parentId) chain.unshift(manifest.routes[id]);
  for (const route of chain) {
    files.add(route.module);
    for (const file of route.imports ?? []) files.add(file);
  }
  return [...files];
}

function size(file) {
  const full = path.join(client, file);
  const raw = fs.statSync(full).size;
  const br = fs.existsSync(`${full}.br`) ? fs.statSync(`${full}.br`).size : raw;
  return { raw, br };
}

const routes = process.argv.slice(2).length ? process.argv.slice(2) : ['routes/home', 'catalog', 'routes/single-product'];
for (const id of routes) {
  if (!manifest.routes[id]) {
    console.error(`No route ${id}`);
    process.exitCode = 1;
    continue;
  }
  const files = firstLoadFiles(id);
  const total = files.map(size).reduce((a, b) => ({ raw: a.raw + b.raw, br: a.br + b.br }), { raw: 0, br: 0 });
  console.log(`${id}: ${files.length} files, ${(total.br / 1024).toFixed(1)} KB brotli, ${(total.raw / 1024).toFixed(1)} KB raw`);
}
