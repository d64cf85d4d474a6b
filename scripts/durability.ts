/**
 * `npm run test:durability`: the SIGKILL soak. Starts the real app process on a database of its
 * own, drives mixed writes over HTTP from several clients (sign-up with the mailed verification
 * link, log-in, ad with a picture, price edits, chat messages, wish toggles), records every write
 * the server acknowledged (2xx), kills the process with SIGKILL at a random moment (busy, idle,
 * or while it is still starting and recovering), then checks every acknowledged write with SQL.
 *
 * Embedded PGlite by default (DURABILITY_ROUNDS, default 20); with DATABASE_URL a new database
 * `durability_<random>` on that server (default 10 rounds), dropped afterwards. The picture files
 * are checked under DATA_DIR/media either way.
 */
import { type ChildProcess, fork } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq, inArray, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { type DatabaseHandle, openDatabase } from '../server/db/client.ts';
import { appSettings, catalogs, chatMessages, municipalities, productImages, products, users, wishes } from '../server/db/schema/index.ts';
import { seedReferenceData } from '../server/db/seed/reference.ts';
import { createUsersRepo } from '../server/modules/users/users.repo.ts';
import { hashPassword } from '../server/platform/passwords.ts';
import { migrationsDir } from '../server/paths.ts';

const baseUrl = process.env.DATABASE_URL;
const rounds = Number(process.env.DURABILITY_ROUNDS ?? (baseUrl ? 10 : 20));
const clientCount = Number(process.env.DURABILITY_CLIENTS ?? 4);
const PASSWORD = 'Kestävä#Salasana42';
const root = path.resolve(import.meta.dirname, '..');

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'kauppis-durability-'));
const mailDir = path.join(dataDir, 'mail');
const random = (min: number, max: number) => min + Math.random() * (max - min);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

// ---------------------------------------------------------------- the database under test

let database: { url?: string; drop(): Promise<void> } = { drop: async () => {} };
if (baseUrl) {
  const { default: pg } = await import('pg');
  const name = `durability_${crypto.randomBytes(5).toString('hex')}`;
  const adminUrl = new URL(baseUrl);
  adminUrl.pathname = '/postgres';
  const admin = new pg.Client({ connectionString: adminUrl.toString() });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  database = {
    url: url.toString(),
    async drop() {
      const dropper = new pg.Client({ connectionString: adminUrl.toString() });
      await dropper.connect();
      await dropper.query(`drop database if exists ${name} with (force)`);
      await dropper.end();
    },
  };
}

const open = (): Promise<DatabaseHandle> =>
  openDatabase({ url: database.url, dataDir: path.join(dataDir, 'db'), migrationsFolder: migrationsDir });

// Prepared before the first start: schema, reference data, and ads published without review, so
// buyers can write about them and wish for them at once.
const accounts: Account[] = [];
let cityId: number;
let catalogId: number;
{
  const handle = await open();
  await handle.migrate();
  await seedReferenceData(handle.db);
  await handle.db
    .insert(appSettings)
    .values({ key: 'ads_moderation', value: false })
    .onConflictDoUpdate({ target: appSettings.key, set: { value: false } });
  cityId = (await handle.db.select().from(municipalities).where(eq(municipalities.code, '091')))[0]!.id;
  catalogId = (await handle.db.select().from(catalogs).where(eq(catalogs.slug, 'passenger-cars')))[0]!.id;
  // The clients start with verified accounts; sign-ups (with the mailed link) happen among the writes.
  const repo = createUsersRepo(handle.db);
  const passwordHash = await hashPassword(PASSWORD);
  for (let i = 0; i < clientCount; i++) {
    const email = `soak-start-${i}@example.com`;
    const user = await repo.insert({ name: 'Kestävä Testaaja', email, passwordHash, emailVerifiedAt: new Date() });
    await repo.setRoles(user.id, ['user']);
    accounts.push({ email });
  }
  await handle.close();
}
const picture = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#2a6' } })
  .jpeg()
  .toBuffer();

// ---------------------------------------------------------------- the app process

interface Server {
  child: ChildProcess;
  base: string;
}

function spawnServer(): { child: ChildProcess; ready: Promise<Server> } {
  const child = fork(path.join(root, 'server/test/app-process.ts'), [], {
    cwd: root,
    execArgv: ['--import', 'tsx'],
    env: {
      ...process.env,
      NODE_ENV: 'production',
      DATA_DIR: dataDir,
      ...(database.url ? { DATABASE_URL: database.url } : {}),
      SEED_DEMO_DATA: 'false',
      LOG_LEVEL: 'warn',
      MAP_TILE_URL: '',
      // Each sign-up comes from an address of its own (X-Forwarded-For), as from many people.
      TRUST_PROXY: 'true',
      CHAT_MAIL_POLL_SECONDS: '0',
      REDIS_URL: '',
    },
    stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
  });
  const ready = new Promise<Server>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('the app did not start within 90 s')), 90_000);
    child.once('exit', (code, signal) => {
      clearTimeout(timer);
      reject(new Error(`the app exited while starting (${signal ?? code})`));
    });
    child.once('message', (message: { port: number }) => {
      clearTimeout(timer);
      resolve({ child, base: `http://127.0.0.1:${message.port}` });
    });
  });
  ready.catch(() => {});
  return { child, ready };
}

function kill(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    child.once('exit', () => resolve());
    child.kill('SIGKILL');
  });
}

// ---------------------------------------------------------------- what was acknowledged

interface Account {
  email: string;
  token?: string;
}
interface AdRecord {
  owner: string;
  /** The prices it may have: the last acknowledged one, and any sent after it (a kill may cut the answer off). */
  prices: Set<number>;
  lastSentPrice: number;
}
const acked = {
  signUps: new Set<string>(),
  verified: new Set<string>(),
  ads: new Map<string, AdRecord>(),
  messages: new Set<string>(),
  /** `email uuid` → on the list or not, by the last acknowledged toggle; undefined while one is in flight. */
  wishes: new Map<string, boolean | undefined>(),
};
let writes = 0;
let refusals = 0;
let writeMs = 0;

async function call(
  server: Server,
  method: string,
  url: string,
  options: { token?: string; json?: object; form?: FormData; ip?: string } = {},
) {
  const headers: Record<string, string> = { 'accept-language': 'en' };
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  if (options.ip) headers['x-forwarded-for'] = options.ip;
  let body: BodyInit | undefined;
  if (options.json) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(options.json);
  } else if (options.form) body = options.form;
  const response = await fetch(`${server.base}/api${url}`, { method, headers, body, signal: AbortSignal.timeout(20_000) });
  const text = await response.text();
  return { status: response.status, headers: response.headers, body: text ? (JSON.parse(text) as Record<string, unknown>) : {} };
}

const ok = (status: number) => status >= 200 && status < 300;
const randomIp = () => `10.${crypto.randomInt(256)}.${crypto.randomInt(256)}.${crypto.randomInt(1, 255)}`;

/** The verification link of the mail to `email`, read from the .eml files the app writes. */
async function verificationPath(email: string): Promise<string> {
  for (let attempt = 0; attempt < 50; attempt++) {
    for (const file of fs.existsSync(mailDir) ? fs.readdirSync(mailDir) : []) {
      const raw = fs.readFileSync(path.join(mailDir, file), 'utf8');
      if (!raw.includes(`To: ${email}`)) continue;
      const text = raw.replace(/=\r?\n/g, '').replace(/=3D/gi, '=');
      const link = /\/verify-email\/(\d+)\/([0-9a-f]+)\?expires=(\d+)&(?:amp;)?signature=([\w-]+)/.exec(text);
      if (link) return `/verify-email/${link[1]}/${link[2]}?expires=${link[3]}&signature=${link[4]}`;
    }
    await sleep(40);
  }
  throw new Error(`no verification mail for ${email}`);
}

/** One client: signs up when it has no account (now and then anyway), then writes in a loop. */
async function client(server: Server, account: Account, stop: { now: boolean }): Promise<void> {
  const count = (status: number) => {
    if (ok(status)) writes++;
    else refusals++;
    return ok(status);
  };
  while (!stop.now) {
    if (Math.random() < 0.08) {
      // A sign-up; the client carries on with the new account once it is verified and logged in.
      const email = `soak-${crypto.randomBytes(6).toString('hex')}@example.com`;
      const ip = randomIp();
      const registered = await call(server, 'POST', '/register', {
        ip,
        json: { name: 'Kestävä Testaaja', email, password: PASSWORD, password_confirmation: PASSWORD, terms: true },
      });
      if (!count(registered.status)) continue;
      acked.signUps.add(email);
      const verified = await call(server, 'POST', await verificationPath(email), { ip });
      if (!count(verified.status)) continue;
      acked.verified.add(email);
      account.email = email;
      account.token = undefined;
    }
    if (!account.token) {
      const login = await call(server, 'POST', '/login', { ip: randomIp(), json: { email: account.email, password: PASSWORD } });
      if (!count(login.status)) continue;
      account.token = /session=([^;]+)/.exec(login.headers.get('set-cookie') ?? '')?.[1];
      continue;
    }
    const token = account.token;

    // A new ad with a picture.
    const form = new FormData();
    const price = crypto.randomInt(1, 10_000);
    for (const [key, value] of Object.entries({
      name: `Kestävä polkupyörä ${crypto.randomBytes(3).toString('hex')}`,
      description: 'Hyvässä kunnossa, uudet renkaat ja ketju.',
      price: String(price),
      city_id: String(cityId),
      catalog_id: String(catalogId),
    }))
      form.append(key, value);
    form.append('files', new Blob([new Uint8Array(picture)], { type: 'image/jpeg' }), 'photo.jpg');
    const created = await call(server, 'POST', '/product', { token, form });
    if (count(created.status)) {
      const uuid = (created.body.data as { uuid: string }).uuid;
      acked.ads.set(uuid, { owner: account.email, prices: new Set([price * 100]), lastSentPrice: price * 100 });
    }

    // A price edit of one of my ads.
    const mine = [...acked.ads].filter(([, ad]) => ad.owner === account.email);
    const editable = mine[crypto.randomInt(Math.max(mine.length, 1))];
    if (editable) {
      const [uuid, ad] = editable;
      const newPrice = crypto.randomInt(1, 10_000);
      ad.prices.add(newPrice * 100);
      ad.lastSentPrice = newPrice * 100;
      const edited = await call(server, 'PATCH', '/product', { token, json: { productUuid: uuid, price: String(newPrice) } });
      if (count(edited.status) && ad.lastSentPrice === newPrice * 100) ad.prices = new Set([newPrice * 100]);
    }

    // A message and a wish about someone else's ad.
    const others = [...acked.ads].filter(([, ad]) => ad.owner !== account.email);
    const other = others[crypto.randomInt(Math.max(others.length, 1))];
    if (other) {
      const [uuid] = other;
      const clientId = crypto.randomUUID();
      const sent = await call(server, 'POST', `/channel/product/${uuid}/messages`, {
        token,
        json: { text: 'Onko vielä myynnissä?', client_id: clientId },
      });
      if (count(sent.status)) acked.messages.add(clientId);

      const key = `${account.email} ${uuid}`;
      const before = acked.wishes.get(key);
      acked.wishes.set(key, undefined);
      const toggled = await call(server, 'POST', '/update-user-wishes', { token, json: { product_id: uuid } });
      if (count(toggled.status)) acked.wishes.set(key, toggled.body.added as boolean);
      else if (!ok(toggled.status)) acked.wishes.set(key, before);
    }
  }
}

// ---------------------------------------------------------------- the check

async function checkAcknowledged(): Promise<string[]> {
  const handle = await open();
  const problems: string[] = [];
  try {
    const { db } = handle;
    // Every account the writes name: signed up here, or prepared before the first start.
    const emails = [...new Set([...acked.signUps, ...[...acked.wishes.keys()].map((key) => key.split(' ')[0]!)])];
    const found = new Map<string, { id: number; verified: boolean }>();
    for (let i = 0; i < emails.length; i += 500) {
      const rows = await db
        .select({ id: users.id, email: users.email, verifiedAt: users.emailVerifiedAt })
        .from(users)
        .where(inArray(users.email, emails.slice(i, i + 500)));
      for (const row of rows) found.set(row.email, { id: row.id, verified: row.verifiedAt !== null });
    }
    for (const email of acked.signUps) if (!found.has(email)) problems.push(`sign-up of ${email} is gone`);
    for (const email of acked.verified) if (!found.get(email)?.verified) problems.push(`verification of ${email} is gone`);

    const uuids = [...acked.ads.keys()];
    const ads = new Map<string, { id: number; priceCents: number; pictures: number }>();
    for (let i = 0; i < uuids.length; i += 500) {
      const rows = await db
        .select({
          id: products.id,
          uuid: products.uuid,
          priceCents: products.priceCents,
          pictures: sql<number>`count(${productImages.id})::int`,
        })
        .from(products)
        .leftJoin(productImages, eq(productImages.productId, products.id))
        .where(inArray(products.uuid, uuids.slice(i, i + 500)))
        .groupBy(products.id);
      for (const row of rows) ads.set(row.uuid, row);
    }
    for (const [uuid, ad] of acked.ads) {
      const row = ads.get(uuid);
      if (!row) problems.push(`ad ${uuid} is gone`);
      else {
        if (row.pictures < 1) problems.push(`the picture of ad ${uuid} is gone`);
        if (!ad.prices.has(row.priceCents))
          problems.push(`ad ${uuid} costs ${row.priceCents}, acknowledged ${[...ad.prices].join(' or ')}`);
        const folder = path.join(dataDir, 'media', 'ads', uuid);
        if (!fs.existsSync(folder) || !fs.readdirSync(folder).some((f) => f.endsWith('-full.webp')))
          problems.push(`picture file of ad ${uuid} is gone`);
      }
    }

    const clientIds = [...acked.messages];
    const messages = new Set<string>();
    for (let i = 0; i < clientIds.length; i += 500) {
      const rows = await db
        .select({ clientId: chatMessages.clientId })
        .from(chatMessages)
        .where(inArray(chatMessages.clientId, clientIds.slice(i, i + 500)));
      for (const row of rows) messages.add(row.clientId);
    }
    for (const clientId of clientIds) if (!messages.has(clientId)) problems.push(`message ${clientId} is gone`);

    const wished = new Set(
      (await db.select({ userId: wishes.userId, productId: wishes.productId }).from(wishes)).map((w) => `${w.userId} ${w.productId}`),
    );
    for (const [key, on] of acked.wishes) {
      if (on === undefined) continue;
      const [email, uuid] = key.split(' ') as [string, string];
      const user = found.get(email);
      const ad = ads.get(uuid);
      if (!user || !ad) {
        problems.push(`wish of ${email} for ${uuid}: the account or the ad is gone`);
        continue;
      }
      if (wished.has(`${user.id} ${ad.id}`) !== on) problems.push(`wish of ${email} for ${uuid} should be ${on ? 'on' : 'off'}`);
    }
  } finally {
    await handle.close();
  }
  return problems;
}

// ---------------------------------------------------------------- the rounds

const started = performance.now();
let failed = false;
try {
  for (let round = 1; round <= rounds; round++) {
    // Now and then the first start is killed while it starts up (and recovers from the last kill).
    if (round % 5 === 3) {
      const early = spawnServer();
      await sleep(random(150, 1500));
      await kill(early.child);
    }
    const spawned = performance.now();
    const { child, ready } = spawnServer();
    const server = await ready;
    const startMs = performance.now() - spawned;
    const stop = { now: false };
    const roundStart = performance.now();
    const clients = accounts.map((account) => client(server, account, stop).catch(() => {}));
    const idle = round % 4 === 0;
    if (idle) {
      // Killed at rest: the writes stop, a pause, then the kill.
      await sleep(random(1500, 3500));
      stop.now = true;
      await Promise.all(clients);
      writeMs += performance.now() - roundStart;
      await sleep(random(0, 1500));
      await kill(child);
    } else {
      await sleep(random(1000, 4500));
      writeMs += performance.now() - roundStart;
      await kill(child);
      stop.now = true;
      await Promise.all(clients);
    }
    const checking = performance.now();
    const problems = await checkAcknowledged();
    const checkMs = performance.now() - checking;
    console.log(
      `round ${String(round).padStart(2)}: ${idle ? 'idle' : 'busy'} kill, acknowledged so far: ${acked.signUps.size} sign-ups, ` +
        `${acked.ads.size} ads, ${acked.messages.size} messages, ${acked.wishes.size} wishes; ${problems.length ? `${problems.length} LOST` : 'all there'} (start ${(startMs / 1000).toFixed(1)} s, check ${(checkMs / 1000).toFixed(1)} s)`,
    );
    if (problems.length) {
      for (const problem of problems.slice(0, 20)) console.error(`  ${problem}`);
      failed = true;
      break;
    }
  }
  // A last clean start after the last kill must answer.
  const { child, ready } = spawnServer();
  const server = await ready;
  const health = await fetch(`${server.base}/readyz`);
  await kill(child);
  if (health.status !== 200) throw new Error(`/readyz answered ${health.status} after the last kill`);
} finally {
  await database.drop();
  fs.rmSync(dataDir, { recursive: true, force: true });
}

const seconds = (performance.now() - started) / 1000;
console.log(
  `\n${baseUrl ? 'PostgreSQL' : 'PGlite'}: ${rounds} rounds in ${seconds.toFixed(0)} s, ${writes} acknowledged writes ` +
    `(${(writes / (writeMs / 1000)).toFixed(0)}/s while writing), ${refusals} refused or cut off; ${failed ? 'WRITES WERE LOST' : 'none lost'}.`,
);
process.exit(failed ? 1 : 0);
