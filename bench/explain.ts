// Shared by run.ts and plans.ts: record the statements the listing sends, then explain them.
import pg from 'pg';

export interface Statement {
  text: string;
  values: unknown[];
}

/**
 * Records every statement on products (and every set_config the repository makes in its
 * transaction) that any pg client sends, until `stop`. `paused` lets the explaining itself go by.
 */
export function recordStatements() {
  const statements: Statement[] = [];
  const state = { paused: false };
  const prototype = pg.Client.prototype as unknown as { query: (...args: unknown[]) => Promise<unknown> };
  const original = prototype.query;
  prototype.query = function (this: pg.Client, config: unknown, values?: unknown, ...rest: unknown[]) {
    const c = typeof config === 'string' ? { text: config, values } : (config as { text?: string; values?: unknown[] });
    if (!state.paused && c.text && /from "products"|set_config/.test(c.text))
      statements.push({ text: c.text, values: ((c.values ?? values) as unknown[]) ?? [] });
    return original.call(this, config, values, ...rest);
  };
  return {
    statements,
    state,
    stop: () => {
      prototype.query = original;
    },
  };
}

/**
 * EXPLAIN ANALYZE of each statement in one rolled-back transaction, the recorded set_config calls
 * replayed in order so each plan sees the settings the repository had made. One plan per statement.
 */
export async function explainStatements(client: pg.ClientBase, statements: readonly Statement[], setup: string[] = []): Promise<string[]> {
  const plans: string[] = [];
  await client.query('begin');
  try {
    await client.query('set local jit = off');
    for (const sql of setup) await client.query(sql);
    for (const statement of statements) {
      if (/^select set_config/.test(statement.text)) {
        await client.query(statement.text, statement.values);
        continue;
      }
      const rows = await client.query(`explain (analyze, costs off, timing off) ${statement.text}`, statement.values);
      plans.push(rows.rows.map((r: Record<string, string>) => r['QUERY PLAN']!).join('\n'));
    }
  } finally {
    await client.query('rollback');
  }
  return plans;
}
