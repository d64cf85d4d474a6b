import autocannon from 'autocannon';
import fs from 'node:fs';
const uuids = fs.readFileSync('/tmp/uuids.txt','utf8').trim().split('\n');
let i = 0;
const r = await autocannon({ url: 'http://127.0.0.1:' + process.argv[2], connections: 8, duration: Number(process.argv[3] ?? 10), requests: [{ method: 'GET', setupRequest: (req) => ({ ...req, path: (process.argv[4] ?? '/') + (process.argv[4] === '/api/product/' || !process.argv[4] ? uuids[i++ % uuids.length] : '') }) }] });
console.log('rps', r.requests.average, 'p50', r.latency.p50, 'p97.5', r.latency.p97_5, 'non2xx', r.non2xx);
