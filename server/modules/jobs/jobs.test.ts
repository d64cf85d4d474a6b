import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../test/app.ts';
import { createJobsRepo } from './jobs.repo.ts';
import { JOB_MAX_ATTEMPTS, createJobsService, retryDelaySeconds } from './jobs.service.ts';

let app: FastifyInstance;
const logged: { message: string; detail: Record<string, unknown> }[] = [];
let jobs: ReturnType<typeof createJobsService>;

beforeAll(async () => {
  app = await buildTestApp();
  jobs = createJobsService({ repo: createJobsRepo(app.services.database.db), log: (message, detail) => logged.push({ message, detail }) });
});
afterAll(() => app.close());

const at = (iso: string) => new Date(iso);

describe('the job queue', () => {
  it('runs a job once when it is due, with its payload, and removes it', async () => {
    const seen: unknown[] = [];
    jobs.register('test-once', async (payload) => void seen.push(payload));
    await jobs.enqueue('test-once', { n: 1 }, { runAt: at('2030-01-01T10:00:00Z') });
    expect(await jobs.runDue(at('2030-01-01T09:59:59Z'))).toBe(0);
    expect(await jobs.runDue(at('2030-01-01T10:00:00Z'))).toBe(1);
    expect(await jobs.runDue(at('2030-01-01T10:00:00Z'))).toBe(0);
    expect(seen).toEqual([{ n: 1 }]);
    expect(await jobs.repo.list('test-once')).toEqual([]);
  });

  it('keeps one job per kind and key while it waits', async () => {
    expect(await jobs.enqueue('test-keyed', {}, { key: 'k', runAt: at('2030-02-01T00:00:00Z') })).toBe(true);
    expect(await jobs.enqueue('test-keyed', {}, { key: 'k', runAt: at('2030-02-01T00:00:00Z') })).toBe(false);
    expect(await jobs.enqueue('test-keyed', {}, { key: 'other', runAt: at('2030-02-01T00:00:00Z') })).toBe(true);
    expect(await jobs.repo.list('test-keyed')).toHaveLength(2);
  });

  it('two runs at once claim each job once (SKIP LOCKED)', async () => {
    let runs = 0;
    jobs.register('test-parallel', async () => void (runs += 1));
    for (let i = 0; i < 30; i++) await jobs.enqueue('test-parallel', { i }, { runAt: at('2030-03-01T00:00:00Z') });
    const done = await Promise.all([jobs.runDue(at('2030-03-01T00:00:00Z')), jobs.runDue(at('2030-03-01T00:00:00Z'))]);
    expect(done[0] + done[1]).toBe(30);
    expect(runs).toBe(30);
  });

  it('retries a job whose handler throws, later, with the error kept; never blocks the others', async () => {
    let calls = 0;
    jobs.register('test-flaky', async () => {
      calls += 1;
      if (calls === 1) throw new Error('push service answered 500');
    });
    let fine = 0;
    jobs.register('test-fine', async () => void (fine += 1));
    const now = at('2030-04-01T00:00:00Z');
    await jobs.enqueue('test-flaky', {}, { runAt: now });
    await jobs.enqueue('test-fine', {}, { runAt: now });
    expect(await jobs.runDue(now)).toBe(1);
    expect(fine).toBe(1);
    const [waiting] = await jobs.repo.list('test-flaky');
    expect(waiting).toMatchObject({ attempts: 1, lastError: 'push service answered 500' });
    expect(waiting!.runAt.getTime()).toBe(now.getTime() + retryDelaySeconds(1) * 1000);
    expect(await jobs.runDue(new Date(now.getTime() + 1000))).toBe(0);
    expect(await jobs.runDue(waiting!.runAt)).toBe(1);
    expect(calls).toBe(2);
    expect(await jobs.repo.list('test-flaky')).toEqual([]);
  });

  it('gives a job up after the last attempt, and logs it', async () => {
    jobs.register('test-broken', async () => {
      throw new Error('always');
    });
    let now = at('2030-05-01T00:00:00Z');
    await jobs.enqueue('test-broken', {}, { runAt: now });
    for (let i = 0; i < JOB_MAX_ATTEMPTS; i++) {
      await jobs.runDue(now);
      now = new Date(now.getTime() + 3_600_000);
    }
    expect(await jobs.repo.list('test-broken')).toEqual([]);
    expect(logged.some((entry) => entry.message === 'job given up' && entry.detail.kind === 'test-broken')).toBe(true);
  });

  it('a job claimed by a process that died is claimed again after its lease', async () => {
    let runs = 0;
    jobs.register('test-lease', async () => void (runs += 1));
    const now = at('2030-06-01T00:00:00Z');
    await jobs.enqueue('test-lease', {}, { runAt: now });
    const [claimed] = await jobs.repo.claim(now, 1, 120);
    expect(claimed?.kind).toBe('test-lease');
    expect(await jobs.runDue(new Date(now.getTime() + 60_000))).toBe(0);
    expect(await jobs.runDue(new Date(now.getTime() + 120_000))).toBe(1);
    expect(runs).toBe(1);
  });

  it('an hourly job is queued once for the next hour, however many processes ask', async () => {
    let runs = 0;
    jobs.register('test-hourly', async () => void (runs += 1));
    const now = at('2030-07-01T10:20:00Z');
    const asked = await Promise.all([
      jobs.enqueueHourly('test-hourly', now),
      jobs.enqueueHourly('test-hourly', at('2030-07-01T10:59:59Z')),
    ]);
    expect(asked.filter(Boolean)).toHaveLength(1);
    expect(await jobs.runDue(at('2030-07-01T10:59:59Z'))).toBe(0);
    expect(await jobs.runDue(at('2030-07-01T11:00:00Z'))).toBe(1);
    expect(runs).toBe(1);
  });
});
