// `npm run test:e2e`: build when stale, start the production server on a free port with an empty
// data folder, run the browser journeys in e2e/ against it, then stop it and clean up.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { buildIsFresh, root } from './source-hash.mjs';

const READY_TIMEOUT_MS = 120_000;
const STOP_GRACE_MS = 10_000;
const HOST = '127.0.0.1';

const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
if (!fs.existsSync(chromium)) {
  console.error(
    `Chromium was not found at ${chromium}.\n` +
      'Install it (e.g. `apt-get install chromium`) or set CHROMIUM_PATH to a Chromium or Chrome executable.\n' +
      'The end-to-end tests never download browsers.',
  );
  process.exit(1);
}

const started = Date.now();
const seconds = () => `${((Date.now() - started) / 1000).toFixed(1)} s`;

if (!buildIsFresh()) {
  console.log('e2e: building the site (no build, or sources changed)…');
  const result = spawnSync(process.execPath, [path.join(root, 'scripts/build.mjs')], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

/** A port the system has just handed out, so free at this moment. */
function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, HOST, () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

const port = await freePort();
const baseUrl = `http://${HOST}:${port}`;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'kauppis-e2e-'));

const server = spawn(process.execPath, [path.join(root, 'build/server/main.js')], {
  cwd: root,
  stdio: ['ignore', 'inherit', 'inherit'],
  env: {
    ...process.env,
    NODE_ENV: 'production',
    LOG_LEVEL: 'warn',
    HOST,
    PORT: String(port),
    PUBLIC_URL: baseUrl,
    DATA_DIR: dataDir,
    // The map shows no tiles: journeys never reach the internet.
    MAP_TILE_URL: '',
  },
});
let serverExited = false;
let stopping = false;
server.on('exit', (code, signal) => {
  serverExited = true;
  if (!stopping) console.error(`e2e: the server stopped unexpectedly (code ${code}, signal ${signal})`);
});

async function stopServer() {
  stopping = true;
  if (serverExited) return;
  const exited = new Promise((resolve) => server.once('exit', resolve));
  server.kill('SIGTERM');
  const killTimer = setTimeout(() => {
    if (!serverExited) {
      console.error(`e2e: the server did not stop within ${STOP_GRACE_MS / 1000} s, killing it`);
      server.kill('SIGKILL');
    }
  }, STOP_GRACE_MS);
  await exited;
  clearTimeout(killTimer);
}

function cleanUp() {
  fs.rmSync(dataDir, { recursive: true, force: true });
}

async function waitUntilReady() {
  const deadline = Date.now() + READY_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (serverExited) return false;
    try {
      const response = await globalThis.fetch(`${baseUrl}/readyz`, { signal: globalThis.AbortSignal.timeout(5_000) });
      if (response.status === 200) return true;
    } catch {
      // Not listening yet.
    }
    await sleep(250);
  }
  return false;
}

let exitCode = 1;
// Ctrl+C: let vitest end, then stop the server in `finally`.
process.on('SIGINT', () => {});
try {
  console.log(`e2e: starting the server at ${baseUrl} (data in ${dataDir})`);
  if (!(await waitUntilReady())) {
    console.error(`e2e: the server did not answer 200 on /readyz within ${READY_TIMEOUT_MS / 1000} s`);
  } else {
    console.log(`e2e: server ready after ${seconds()}`);
    // CI asks for a JSON report (E2E_REPORT) to add up the totals of all its test runs.
    const report = process.env.E2E_REPORT ? ['--reporter=default', '--reporter=json', `--outputFile.json=${process.env.E2E_REPORT}`] : [];
    const vitest = spawn(
      process.execPath,
      // Extra arguments pick journeys: `npm run test:e2e -- messenger`.
      [path.join(root, 'node_modules/vitest/vitest.mjs'), 'run', '--config', 'e2e/vitest.config.ts', ...report, ...process.argv.slice(2)],
      {
        cwd: root,
        stdio: 'inherit',
        // Journeys read the mails the server wrote (the file mailer) from its data folder.
        env: { ...process.env, E2E_BASE_URL: baseUrl, E2E_DATA_DIR: dataDir, CHROMIUM_PATH: chromium },
      },
    );
    exitCode = await new Promise((resolve) => vitest.on('exit', (code) => resolve(code ?? 1)));
  }
} finally {
  await stopServer();
  cleanUp();
}
console.log(`e2e: done in ${seconds()}`);
process.exit(exitCode);
