import { type ChildProcess, fork } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ChatMessage } from '../../../common/chat.ts';
import { buildApp } from '../../app.ts';
import { chatMembers } from '../../db/schema/chat.ts';
import { createUser, loginAs, readMails } from '../../test/accounts.ts';
import { createAd } from '../../test/ads.ts';
import { testConfig } from '../../test/app.ts';
import { createPostgresCopy } from '../../test/database.ts';
import { type TestSocket, openSocket } from '../../test/sockets.ts';

/**
 * Two real app processes on different ports, sharing the machine's PostgreSQL and Redis, deliver
 * each other's messages to their sockets, and the unread-message mail job runs once across both.
 * Runs where both servers are configured (CI's second pass: DATABASE_URL and REDIS_URL).
 */
const databaseUrl = process.env.DATABASE_URL;
const redisUrl = process.env.REDIS_URL;

/** What a send answers. */
interface Sent {
  room_id: number;
  data: ChatMessage;
}

interface AppProcess {
  child: ChildProcess;
  base: string;
  socketUrl: string;
}

const processes: AppProcess[] = [];
const sockets: TestSocket[] = [];
let drop: () => Promise<void> = async () => {};
let app: FastifyInstance;
let dataDir: string;

function start(env: Record<string, string>): Promise<AppProcess> {
  const entry = path.resolve(import.meta.dirname, '../../test/app-process.ts');
  const child = fork(entry, [], {
    execArgv: ['--import', 'tsx'],
    env: { ...process.env, ...env },
    stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
  });
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('the app process did not start within 60 s')), 60_000);
    child.once('exit', (code) => reject(new Error(`the app process exited with ${code}`)));
    child.once('message', (message: { port: number }) => {
      clearTimeout(timer);
      const process_ = { child, base: `http://127.0.0.1:${message.port}`, socketUrl: `ws://127.0.0.1:${message.port}/ws` };
      processes.push(process_);
      resolve(process_);
    });
  });
}

async function post<T = Sent>(target: AppProcess, token: string, path_: string, payload: object) {
  const response = await fetch(`${target.base}/api${path_}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', 'accept-language': 'en' },
    body: JSON.stringify(payload),
  });
  return { status: response.status, body: (await response.json()) as T };
}

async function connect(target: AppProcess, token: string) {
  const socket = await openSocket(target.socketUrl, { authorization: `Bearer ${token}` });
  sockets.push(socket);
  await socket.next('ready');
  return socket;
}

describe.runIf(databaseUrl && redisUrl)('two app processes with PostgreSQL and Redis', () => {
  let a: AppProcess;
  let b: AppProcess;

  beforeAll(async () => {
    const copy = await createPostgresCopy(databaseUrl!);
    drop = copy.drop;
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'kauppis-two-processes-'));
    const env = {
      NODE_ENV: 'test',
      DATABASE_URL: copy.url,
      REDIS_URL: redisUrl!,
      REDIS_PREFIX: `kauppis-test:${crypto.randomBytes(6).toString('hex')}:`,
      DATA_DIR: dataDir,
      SEED_DEMO_DATA: 'false',
      APP_SECRET: 'test-secret-that-is-long-enough-0123456789',
      MAP_TILE_URL: '',
      LOG_LEVEL: 'warn',
      CHAT_MAIL_POLL_SECONDS: '1',
    };
    [a, b] = await Promise.all([start(env), start(env)]);
    // The test's own app (no port) makes the accounts and ads in the same database.
    app = await buildApp(testConfig({ databaseUrl: copy.url, dataDir, redisUrl: undefined, chatMailPollSeconds: 0 }), {
      prepareDatabase: false,
    });
  }, 120_000);

  afterAll(async () => {
    for (const socket of sockets) socket.close();
    await Promise.all(
      processes.map(
        ({ child }) =>
          new Promise<void>((resolve) => {
            child.once('exit', () => resolve());
            child.kill('SIGTERM');
          }),
      ),
    );
    await app?.close();
    await drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('a message sent through one process reaches a socket held by the other, both ways', async () => {
    const seller = await createUser(app, { name: 'Myyjä' });
    const buyer = await createUser(app, { name: 'Ostaja' });
    const [sellerToken, buyerToken] = [(await loginAs(app, seller)).token, (await loginAs(app, buyer)).token];
    const ad = await createAd(app, { userId: seller.id, name: 'Sohva' });

    const sellerOnA = await connect(a, sellerToken);
    const buyerOnB = await connect(b, buyerToken);

    const first = await post(b, buyerToken, `/channel/product/${ad.uuid}/messages`, {
      text: 'Onko sohva vapaana?',
      client_id: crypto.randomUUID(),
    });
    expect(first.status).toBe(201);
    const roomId = first.body.room_id;
    expect(await sellerOnA.next('message', (event) => event.message.id === first.body.data.id)).toEqual({
      type: 'message',
      room_id: roomId,
      message: first.body.data,
    });
    expect(await sellerOnA.next('unread', (event) => event.unread_total === 1)).toBeDefined();

    const answer = await post(a, sellerToken, `/chat-room/${roomId}/messages`, {
      text: 'On, tule katsomaan',
      client_id: crypto.randomUUID(),
    });
    expect((await buyerOnB.next('message', (event) => event.message.id === answer.body.data.id)).message.text).toBe('On, tule katsomaan');

    // Typing signals and read receipts cross too.
    buyerOnB.socket.send(JSON.stringify({ type: 'typing', room_id: roomId }));
    expect(await sellerOnA.next('typing')).toEqual({ type: 'typing', room_id: roomId, user_id: buyer.id });
    await post(b, buyerToken, `/chat-room/${roomId}/read`, { last_read_id: answer.body.data.id });
    expect(await sellerOnA.next('read')).toMatchObject({ room_id: roomId, user_id: buyer.id, last_read_id: answer.body.data.id });
  });

  it('the unread-message mail goes out once, though both processes look for due mails every second', async () => {
    const seller = await createUser(app, { name: 'Myyjä' });
    const buyer = await createUser(app, { name: 'Ostaja' });
    const buyerToken = (await loginAs(app, buyer)).token;
    const ad = await createAd(app, { userId: seller.id, name: 'Nojatuoli' });
    const first = await post(a, buyerToken, `/channel/product/${ad.uuid}/messages`, { text: 'Hei!', client_id: crypto.randomUUID() });
    const roomId = first.body.room_id;
    // Make the mail due now instead of in 15 minutes.
    await app.services.database.db
      .update(chatMembers)
      .set({ mailDueAt: new Date(Date.now() - 1000) })
      .where(eq(chatMembers.userId, seller.id));
    const deadline = Date.now() + 10_000;
    const mailsToSeller = () => readMails(app).filter((mail) => mail.to.includes(seller.email) && mail.text.includes(`/channel/${roomId}`));
    while (mailsToSeller().length === 0 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 200));
    // Both processes have had several more turns since.
    await new Promise((resolve) => setTimeout(resolve, 2500));
    expect(mailsToSeller()).toHaveLength(1);
  });
});
