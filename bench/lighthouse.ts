// Lighthouse mobile (its defaults: a mid-range phone, slow 4G, 4× CPU slowdown, simulated) for
// home, a catalog page and an ad page, in Finnish and English, against a running site:
//   npm run build && npm start                      (the demo data on the embedded defaults)
//   LIGHTHOUSE_BASE_URL=http://localhost:3000 npm run bench:lighthouse
// Lighthouse is not a dependency: this runs `npx lighthouse@12` (fetched from the npm registry
// once), with the Chromium at CHROME_PATH (default /usr/bin/chromium). Each page runs
// LIGHTHOUSE_RUNS times (default 3); the table shows the run with the median performance score.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const base = (process.env.LIGHTHOUSE_BASE_URL ?? 'http://localhost:3000').replace(/\/$/, '');
const RUNS = Number(process.env.LIGHTHOUSE_RUNS ?? 3);
const chrome = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const FLAGS =
  '--headless --no-sandbox --disable-gpu --disable-quic --no-first-run --disable-background-networking --disable-component-update --disable-sync';

const listing = (await (
  await fetch(`${base}/api/products`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' })
).json()) as {
  data: { uuid: string; image: unknown }[];
};
const ad = listing.data.find((a) => a.image) ?? listing.data[0];
if (!ad) throw new Error('no ads on the site');
const pages = [
  { name: 'home', path: '/' },
  { name: 'catalog', path: '/catalogs/transport' },
  { name: 'ad page', path: `/${ad.uuid}` },
];

interface Result {
  performance: number;
  accessibility: number;
  bestPractices: number;
  seo: number;
  fcp: string;
  lcp: string;
  tbt: string;
  cls: string;
}
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lighthouse-'));
function run(url: string): Result {
  const out = path.join(dir, 'report.json');
  // Lighthouse now and then loses the trace of a load (NO_NAVSTART): such a run is repeated.
  for (let attempt = 1; ; attempt++) {
    try {
      execFileSync('npx', ['-y', 'lighthouse@12', url, '--quiet', '--output=json', `--output-path=${out}`, `--chrome-flags=${FLAGS}`], {
        env: { ...process.env, CHROME_PATH: chrome },
        stdio: ['ignore', 'ignore', 'ignore'],
      });
      break;
    } catch (error) {
      if (attempt >= 3) throw error;
    }
  }
  const report = JSON.parse(fs.readFileSync(out, 'utf8'));
  const score = (id: string) => Math.round(report.categories[id].score * 100);
  const value = (id: string) => String(report.audits[id].displayValue).replace(/\u00a0/g, ' ');
  return {
    performance: score('performance'),
    accessibility: score('accessibility'),
    bestPractices: score('best-practices'),
    seo: score('seo'),
    fcp: value('first-contentful-paint'),
    lcp: value('largest-contentful-paint'),
    tbt: value('total-blocking-time'),
    cls: value('cumulative-layout-shift'),
  };
}

const rows: string[] = [];
for (const language of ['fi', 'en']) {
  for (const page of pages) {
    const url = `${base}${page.path}${language === 'fi' ? '' : `?lang=${language}`}`;
    const results = Array.from({ length: RUNS }, () => run(url)).sort((a, b) => a.performance - b.performance);
    const median = results[Math.floor(results.length / 2)]!;
    const all = results.map((r) => r.performance).join(', ');
    rows.push(
      `| ${page.name} (${language}) | ${median.performance} (${all}) | ${median.fcp} | ${median.lcp} | ${median.tbt} | ${median.cls} | ${median.accessibility} | ${median.bestPractices} | ${median.seo} |`,
    );
    console.error(rows.at(-1));
  }
}
console.log(
  [
    '| page | performance (runs) | first paint | largest paint | blocking time | layout shift | accessibility | best practices | SEO |',
    '|---|---|---|---|---|---|---|---|---|',
    ...rows,
  ].join('\n'),
);
