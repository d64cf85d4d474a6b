import { describe, expect, it } from 'vitest';
import { createBackgroundWork } from './background.ts';

describe('background work', () => {
  it('runs after the caller moved on, logs a failure instead of throwing, and can be waited for', async () => {
    const logged: Record<string, unknown>[] = [];
    const background = createBackgroundWork((_message, detail) => logged.push(detail));
    const done: string[] = [];
    background.run('slow', async () => {
      await new Promise((resolve) => setTimeout(resolve, 20));
      done.push('slow');
    });
    background.run('broken', async () => {
      throw new Error('smtp down');
    });
    expect(done).toEqual([]);
    await background.settled();
    expect(done).toEqual(['slow']);
    expect(logged).toEqual([{ work: 'broken', error: 'Error: smtp down' }]);
  });
});
