import Fastify from 'fastify';
import fastifyCookie from '@fastify/cookie';
import { describe, expect, it } from 'vitest';
import { WROTE_COOKIE } from '../../common/cookies.ts';
import { readAfterWritePlugin } from '../platform/read-after-write.ts';
import type { Database } from './client.ts';
import { CHECK_EVERY_MS, type ReadRouting, primaryOnly, replicaRouting } from './read-routing.ts';

/** A stand-in database: says who it is, and (as a replica) how far behind it is. */
function fakeDatabase(name: string, lag: () => number | null | Error = () => 0) {
  return {
    name,
    async execute() {
      const value = lag();
      if (value instanceof Error) throw value;
      return { rows: [{ lag_ms: value }] };
    },
  } as unknown as Database & { name: string };
}

const primary = fakeDatabase('primary');
const whoReads = (routing: ReadRouting) => (routing.reads as unknown as { name: string }).name;

function routed(lag: () => number | null | Error = () => 0) {
  let clock = 1_000_000;
  const routing = replicaRouting({ primary, replica: fakeDatabase('replica', lag), maxLagMs: 5_000, now: () => clock });
  return { routing, tick: (ms: number) => (clock += ms), at: () => clock };
}

describe('replicaRouting', () => {
  it('reads the primary outside a request, and in one until the replica has answered', async () => {
    const { routing } = routed();
    expect(whoReads(routing)).toBe('primary');
    expect(routing.forRequest(undefined, () => whoReads(routing))).toBe('primary');
    await routing.check();
    expect(routing.forRequest(undefined, () => whoReads(routing))).toBe('replica');
    // Jobs and timers still read the primary.
    expect(whoReads(routing)).toBe('primary');
  });

  it('keeps a client that just wrote on the primary for the lag bound plus a check, then lets it go', async () => {
    const { routing, tick, at } = routed();
    await routing.check();
    const wroteAt = at();
    expect(routing.windowMs).toBe(5_000 + CHECK_EVERY_MS);
    expect(routing.forRequest(wroteAt, () => [whoReads(routing), routing.wroteRecently()])).toEqual(['primary', true]);
    tick(routing.windowMs - 1);
    expect(routing.forRequest(wroteAt, () => whoReads(routing))).toBe('primary');
    tick(1);
    expect(routing.forRequest(wroteAt, () => [whoReads(routing), routing.wroteRecently()])).toEqual(['replica', false]);
  });

  it('turns to the primary while the replica lags past the bound, stops streaming or cannot be reached', async () => {
    let lag: number | null | Error = 0;
    const { routing, tick } = routed(() => lag);
    const reads = () => routing.forRequest(undefined, () => whoReads(routing));
    await routing.check();
    expect(reads()).toBe('replica');
    for (const bad of [5_001, null, new Error('connection refused')]) {
      lag = bad;
      await routing.check();
      expect(reads()).toBe('primary');
      expect(routing.replicaState().usable).toBe(false);
      lag = 5_000;
      await routing.check();
      expect(reads()).toBe('replica');
    }
    // The requests themselves ask again, at most once a CHECK_EVERY_MS.
    lag = 60_000;
    expect(reads()).toBe('replica');
    tick(CHECK_EVERY_MS);
    reads();
    await new Promise((resolve) => setImmediate(resolve));
    expect(reads()).toBe('primary');
  });

  it('keeps the same database for a whole call chain made inside a request', async () => {
    const { routing } = routed();
    await routing.check();
    const result = await routing.forRequest(undefined, async () => {
      await new Promise((resolve) => setTimeout(resolve, 1));
      return routing.reads.execute('select 1' as never);
    });
    expect(result).toEqual({ rows: [{ lag_ms: 0 }] });
  });
});

async function appWith(routing: ReadRouting) {
  const app = Fastify();
  await app.register(fastifyCookie);
  await app.register(readAfterWritePlugin, { routing });
  app.post('/write', async () => ({ reads: whoReads(routing) }));
  app.post('/search', { config: { readsOnly: true } }, async () => ({ reads: whoReads(routing) }));
  app.post('/refused', async (_request, reply) => reply.code(422).send({ message: 'no' }));
  app.get('/read', async () => ({ reads: whoReads(routing) }));
  return app;
}

describe('readAfterWritePlugin', () => {
  it('marks a browser that wrote, and its next reads go to the primary', async () => {
    const { routing } = routed();
    await routing.check();
    const app = await appWith(routing);
    const write = await app.inject({ method: 'POST', url: '/write' });
    const cookie = write.cookies.find((c) => c.name === WROTE_COOKIE);
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', maxAge: Math.ceil(routing.windowMs / 1000) });
    expect((await app.inject({ url: '/read', cookies: { [WROTE_COOKIE]: cookie!.value } })).json()).toEqual({ reads: 'primary' });
    expect((await app.inject({ url: '/read' })).json()).toEqual({ reads: 'replica' });
    // A forged or broken value is no write.
    expect((await app.inject({ url: '/read', cookies: { [WROTE_COOKIE]: 'soon' } })).json()).toEqual({ reads: 'replica' });
    await app.close();
  });

  it('does not mark a search sent by POST, a refused write, or anything without a replica', async () => {
    const { routing } = routed();
    const app = await appWith(routing);
    for (const url of ['/search', '/refused']) {
      expect((await app.inject({ method: 'POST', url })).cookies.map((c) => c.name)).not.toContain(WROTE_COOKIE);
    }
    await app.close();
    const plain = await appWith(primaryOnly(primary));
    expect((await plain.inject({ method: 'POST', url: '/write' })).cookies).toEqual([]);
    await plain.close();
  });
});
