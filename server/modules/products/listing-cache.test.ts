import { describe, expect, it } from 'vitest';
import { createListingCache } from './listing-cache.ts';

function clock() {
  let t = 0;
  return { now: () => t, advance: (ms: number) => (t += ms) };
}

describe('listing cache', () => {
  it('answers a repeated query from memory until the TTL passes', async () => {
    const time = clock();
    const cache = createListingCache<number>({ ttlMs: 1000, maxEntries: 10, now: time.now });
    let calls = 0;
    const load = async () => ++calls;
    expect(await cache.get('a', load)).toBe(1);
    expect(await cache.get('a', load)).toBe(1);
    time.advance(1001);
    expect(await cache.get('a', load)).toBe(2);
  });

  it('runs identical concurrent queries once', async () => {
    const cache = createListingCache<string>({ ttlMs: 1000, maxEntries: 10 });
    let calls = 0;
    const load = () => new Promise<string>((resolve) => setTimeout(() => resolve(`r${++calls}`), 5));
    const answers = await Promise.all(Array.from({ length: 16 }, () => cache.get('q', load)));
    expect(new Set(answers)).toEqual(new Set(['r1']));
    expect(calls).toBe(1);
  });

  it('forgets failures, keeps at most maxEntries, and clear() drops everything', async () => {
    const cache = createListingCache<number>({ ttlMs: 1000, maxEntries: 2 });
    await expect(cache.get('bad', () => Promise.reject(new Error('db down')))).rejects.toThrow('db down');
    expect(await cache.get('bad', async () => 7)).toBe(7);
    await cache.get('b', async () => 1);
    await cache.get('c', async () => 1);
    expect(cache.size).toBe(2);
    cache.clear();
    expect(cache.size).toBe(0);
  });

  it('does not keep an answer that was loading while the cache was cleared', async () => {
    const cache = createListingCache<number>({ ttlMs: 1000, maxEntries: 10 });
    let release!: (n: number) => void;
    const pending = cache.get('k', () => new Promise<number>((resolve) => (release = resolve)));
    cache.clear();
    release(1);
    await pending;
    expect(await cache.get('k', async () => 2)).toBe(2);
  });

  it('is off with a TTL of 0', async () => {
    const cache = createListingCache<number>({ ttlMs: 0, maxEntries: 10 });
    let calls = 0;
    await cache.get('a', async () => ++calls);
    await cache.get('a', async () => ++calls);
    expect(calls).toBe(2);
  });
});
