import { afterAll, describe, expect, it } from 'vitest';
import { type Counters, createMemoryCounters, createRedisCounters } from './counters.ts';

async function behavesAsCounters(counters: Counters, prefix: string) {
  const key = `${prefix}:${Date.now()}:${Math.random()}`;
  expect(await counters.peek(key)).toEqual({ count: 0, resetSeconds: 0 });
  expect((await counters.hit(key, 60)).count).toBe(1);
  const second = await counters.hit(key, 60);
  expect(second.count).toBe(2);
  expect(second.resetSeconds).toBeGreaterThan(0);
  expect(second.resetSeconds).toBeLessThanOrEqual(60);
  expect((await counters.peek(key)).count).toBe(2);
  await counters.release(key);
  expect((await counters.peek(key)).count).toBe(1);
  await counters.reset(key);
  expect((await counters.peek(key)).count).toBe(0);
  // Releasing what is not counted changes nothing (and never revives a window).
  await counters.release(key);
  expect(await counters.peek(key)).toEqual({ count: 0, resetSeconds: 0 });
  // A burst in parallel: every hit gets its own number.
  const burst = await Promise.all(Array.from({ length: 50 }, () => counters.hit(`${key}:burst`, 60)));
  expect(burst.map((b) => b.count).sort((a, b) => a - b)).toEqual(Array.from({ length: 50 }, (_, i) => i + 1));
}

describe('in-process counters', () => {
  it('count within a window, reset, and forget after the window', async () => {
    let now = 1_000_000;
    const counters = createMemoryCounters(() => now);
    await behavesAsCounters(counters, 'memory');
    await counters.hit('w', 10);
    now += 11_000;
    expect((await counters.peek('w')).count).toBe(0);
    expect((await counters.hit('w', 10)).count).toBe(1);
    await counters.close();
  });
});

// Runs against the machine's Redis when REDIS_URL is set (CI sets it).
describe.runIf(!!process.env.REDIS_URL)('Redis counters', () => {
  let close: () => Promise<void> = async () => {};
  afterAll(() => close());

  it('share counts between two clients, as two app instances would', async () => {
    const { Redis } = await import('ioredis');
    const a = new Redis(process.env.REDIS_URL!);
    const b = new Redis(process.env.REDIS_URL!);
    close = async () => {
      await a.quit();
      await b.quit();
    };
    const first = createRedisCounters(a, 'kauppis-test:');
    const second = createRedisCounters(b, 'kauppis-test:');
    await behavesAsCounters(first, 'redis');
    const key = `shared:${Date.now()}`;
    await first.hit(key, 30);
    expect((await second.hit(key, 30)).count).toBe(2);
    await first.reset(key);
  });
});
