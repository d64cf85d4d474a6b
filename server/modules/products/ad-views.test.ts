import { describe, expect, it } from 'vitest';
import { createMemoryCounters } from '../../platform/counters.ts';
import { type AdVisit, countsAsView, createAdViewCounter } from './ad-views.ts';

const BROWSER =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Mobile Safari/604.1';
const visit = (patch: Partial<AdVisit> = {}): AdVisit => ({
  ad: { id: 1, userId: 10, status: 'active' },
  viewerId: null,
  ip: '10.0.0.1',
  userAgent: BROWSER,
  ...patch,
});

describe('countsAsView', () => {
  it('counts a person’s view of a public ad', () => {
    expect(countsAsView(visit())).toBe(true);
    expect(countsAsView(visit({ ad: { id: 1, userId: 10, status: 'sold' }, viewerId: 11 }))).toBe(true);
  });

  it('leaves out the seller, robots by user agent, scripts without one, and ads the public cannot open', () => {
    expect(countsAsView(visit({ viewerId: 10 }))).toBe(false);
    expect(countsAsView(visit({ userAgent: 'Mozilla/5.0 (compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm)' }))).toBe(false);
    expect(countsAsView(visit({ userAgent: 'TelegramBot (like TwitterBot)' }))).toBe(false);
    expect(countsAsView(visit({ userAgent: undefined }))).toBe(false);
    expect(countsAsView(visit({ ad: { id: 1, userId: 10, status: 'moderate' } }))).toBe(false);
  });
});

describe('createAdViewCounter', () => {
  it('adds up the views of many visitors and writes them in one batch, each visitor once', async () => {
    const writes: [number, number][][] = [];
    const counter = createAdViewCounter({
      counters: createMemoryCounters(),
      addViews: async (views) => void writes.push([...views]),
      flushMs: 60_000,
    });
    for (let n = 0; n < 5; n++) counter.record(visit({ ip: `10.0.0.${n}` }));
    counter.record(visit({ ip: '10.0.0.1' }));
    counter.record(visit({ ad: { id: 2, userId: 10, status: 'active' }, viewerId: 12 }));
    counter.record(visit({ ad: { id: 2, userId: 10, status: 'active' }, viewerId: 12 }));
    expect(writes).toEqual([]);
    await counter.flush();
    expect(writes).toEqual([
      [
        [1, 5],
        [2, 1],
      ],
    ]);
    // Nothing new: no statement at all.
    await counter.flush();
    expect(writes).toHaveLength(1);
    await counter.stop();
  });

  it('keeps the views for the next write when a write fails, and writes the rest when it stops', async () => {
    let fail = true;
    const written = new Map<number, number>();
    const counter = createAdViewCounter({
      counters: createMemoryCounters(),
      addViews: async (views) => {
        if (fail) throw new Error('database restarting');
        for (const [id, n] of views) written.set(id, (written.get(id) ?? 0) + n);
      },
      flushMs: 60_000,
    });
    counter.record(visit({ ip: '10.1.0.1' }));
    await counter.flush();
    expect(written.size).toBe(0);
    fail = false;
    counter.record(visit({ ip: '10.1.0.2' }));
    await counter.stop();
    expect(written.get(1)).toBe(2);
  });

  it('never throws into the page when the shared counters fail', async () => {
    const problems: string[] = [];
    const counters = { ...createMemoryCounters(), hit: async () => Promise.reject(new Error('redis down')) };
    const counter = createAdViewCounter({ counters, addViews: async () => {}, log: (message) => void problems.push(message) });
    expect(() => counter.record(visit())).not.toThrow();
    await counter.stop();
    expect(problems).toEqual(['could not count an ad view']);
  });
});
