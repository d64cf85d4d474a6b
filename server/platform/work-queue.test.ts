import { describe, expect, it } from 'vitest';
import { createWorkQueue } from './work-queue.ts';

describe('createWorkQueue', () => {
  it('runs at most `limit` at once, in arrival order, and keeps going after a failure', async () => {
    const queue = createWorkQueue(2);
    let now = 0;
    let peak = 0;
    const order: number[] = [];
    const job = (n: number, fail = false) =>
      queue.run(async () => {
        now += 1;
        peak = Math.max(peak, now);
        await new Promise((resolve) => setTimeout(resolve, 5));
        order.push(n);
        now -= 1;
        if (fail) throw new Error(`job ${n}`);
        return n;
      });
    const results = await Promise.allSettled([job(1), job(2, true), job(3), job(4), job(5)]);
    expect(peak).toBe(2);
    expect(order).toEqual([1, 2, 3, 4, 5]);
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'fulfilled', 'fulfilled', 'fulfilled']);
    expect(queue.load).toEqual({ running: 0, waiting: 0 });
  });
});
