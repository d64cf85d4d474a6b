// A CPU profile of the built server under one listing scenario (issue 26): starts the server with
// --cpu-prof on DATABASE_URL, waits for the listing index, loads it with BENCH_PROFILE bodies
// ('car' or 'radius') at 16 connections for BENCH_SECONDS, stops it, and prints the functions with
// the most time of their own (self time), and the files they are in.
import fs from 'node:fs';
import path from 'node:path';
import os from 'node:os';
import { httpBenchSettings, loadRounds, startServer, waitForListingIndex } from './lib/http-load.ts';

const { url, connections, seconds } = httpBenchSettings('postgres://postgres@127.0.0.1:5432/kauppis_bench_fields');
const which = process.env.BENCH_PROFILE ?? 'radius';
const pool = await import('pg').then((pg) => new pg.default.Pool({ connectionString: url, max: 1 }));
const id = async (slug: string) => (await pool.query<{ id: number }>(`select id from catalogs where slug = $1`, [slug])).rows[0]!.id;
const bodies =
  which === 'car'
    ? [
        { catalogs: [await id('passenger-cars')], attributes: { make: ['toyota'], year: { min: 2012, max: 2018 }, fuel: ['hybrid'] } },
        { catalogs: [await id('passenger-cars')], attributes: { make: ['volkswagen'], year: { min: 2015, max: 2022 }, fuel: ['diesel'] } },
        { catalogs: [await id('cars')], attributes: { make: ['skoda'], year: { min: 2010, max: 2020 }, fuel: ['petrol', 'diesel'] } },
        {
          catalogs: [await id('cars')],
          attributes: { make: ['volvo', 'bmw'], year: { min: 2016 }, fuel: ['plug_in_hybrid'], mileage_km: { max: 150_000 } },
        },
      ]
    : [
        { near: { postal_code: '00100' }, radius_km: 25 },
        { near: { postal_code: '02100' }, radius_km: 25 },
        { near: { postal_code: '01300' }, radius_km: 25, sort: 'distance_asc' },
        { near: { postal_code: '00100' }, radius_km: 25, catalogs: [await id('flats-for-sale')] },
      ];
await pool.end();

const profiles = fs.mkdtempSync(path.join(os.tmpdir(), 'kauppis-profile-'));
const server = await startServer({ LISTING_CACHE_SECONDS: '0' }, ['--cpu-prof', `--cpu-prof-dir=${profiles}`]);
console.error(await waitForListingIndex(server.base));
await loadRounds(server.base, [{ name: which, bodies }], { connections, seconds, repeat: 1 });
server.process.kill('SIGTERM');
await new Promise((resolve) => server.process.once('exit', resolve));

interface Node {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}
const file = fs.readdirSync(profiles).find((f) => f.endsWith('.cpuprofile'));
if (!file) throw new Error('no profile written');
const profile = JSON.parse(fs.readFileSync(path.join(profiles, file), 'utf8')) as {
  nodes: Node[];
  samples: number[];
  timeDeltas: number[];
};
// Only the samples of the load's seconds (and the shutdown just after): not the index's own load.
const times: number[] = [];
profile.timeDeltas.reduce((t, delta, i) => (times[i] = t + delta), 0);
const from = times.at(-1)! - (seconds + 1.5) * 1e6;
const self = new Map<number, number>();
profile.samples.forEach((nodeId, i) => {
  if (times[i]! >= from) self.set(nodeId, (self.get(nodeId) ?? 0) + (profile.timeDeltas[i] ?? 0));
});
const byFunction = new Map<string, number>();
const byFile = new Map<string, number>();
let total = 0;
for (const node of profile.nodes) {
  const us = self.get(node.id) ?? 0;
  total += us;
  const where = node.callFrame.url.replace(/^file:\/\//, '').replace(process.cwd() + '/', '');
  const name = `${node.callFrame.functionName || '(anonymous)'} ${where}:${node.callFrame.lineNumber + 1}`;
  byFunction.set(name, (byFunction.get(name) ?? 0) + us);
  byFile.set(where || node.callFrame.functionName, (byFile.get(where || node.callFrame.functionName) ?? 0) + us);
}
const top = (map: Map<string, number>, n: number) =>
  [...map]
    .sort((a, b) => b[1] - a[1])
    .slice(0, n)
    .map(([name, us]) => `${((100 * us) / total).toFixed(1).padStart(5)} %  ${name}`)
    .join('\n');
console.log(`self time by function (of ${(total / 1e6).toFixed(1)} s sampled):\n${top(byFunction, 40)}\n\nby file:\n${top(byFile, 25)}`);
console.log(`profile: ${path.join(profiles, file)}`);
server.stop();
