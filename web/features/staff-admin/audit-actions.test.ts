import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { AD_STATUSES } from '../../../common/ad-rules';
import { LOCALES } from '../../../common/locales';
import { AUDIT_ACTIONS, auditActionKeys } from './audit-actions';

const root = path.resolve(import.meta.dirname, '../../..');

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'test' ? [] : sourceFiles(full);
    return entry.name.endsWith('.ts') && !entry.name.includes('.test.') ? [full] : [];
  });
}

/** The retention tasks (server/modules/privacy): each writes `retention_<task>`; read from the source, as web code imports no server values. */
function retentionTasks(): string[] {
  const source = fs.readFileSync(path.join(root, 'server/modules/privacy/retention.service.ts'), 'utf8');
  const body = /export const RETENTION_JOBS = \{([\s\S]*?)\} as const/.exec(source)?.[1] ?? '';
  return [...body.matchAll(/^\s*(\w+):/gm)].map((m) => m[1]!).filter((task) => task !== 'daily');
}

/** The text of a call from its opening parenthesis to the matching closing one. */
function callText(source: string, open: number): string {
  let depth = 0;
  for (let i = open; i < source.length; i++) {
    if (source[i] === '(') depth++;
    else if (source[i] === ')' && --depth === 0) return source.slice(open, i + 1);
  }
  return source.slice(open);
}

/** The first argument-level expression of `text` (up to a comma at depth 0). */
function firstArgument(text: string): string {
  let depth = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if ('([{'.includes(c)) depth++;
    else if (')]}'.includes(c)) depth--;
    else if (c === ',' && depth === 0) return text.slice(0, i);
  }
  return text;
}

/** An action expression's possible values: a literal, the branches of a ternary, or a template's family. */
function actionsOf(expression: string): string[] {
  const branches = expression.includes('?') ? expression.slice(expression.indexOf('?')) : expression;
  const literals = [...branches.matchAll(/'([A-Za-z_]+)'/g)].map((m) => m[1]!);
  const template = /`([a-z_]+)\$\{(\w+)\}`/.exec(expression);
  if (template) {
    const family = template[1]!;
    if (family === 'ad_status_') return AD_STATUSES.map((status) => `${family}${status}`);
    if (family === 'retention_') return retentionTasks().map((task) => `${family}${task}`);
    throw new Error(`an audit action template this test does not know: ${expression}`);
  }
  return literals;
}

/** Helpers that build an audit entry from an action passed in, and which argument it is. */
const HELPERS: Record<string, number> = { auditEntry: 2, storeNewRecoveryCodes: 1 };

/**
 * Every action the server writes to the audit log, read from its source: the `action` of each
 * entry handed to the audit writer (`audit(…)`, `repo.audit(…)`), and the action argument of the
 * helpers that build entries. An entry whose action comes from anywhere else fails the test, so
 * a new kind of call site is added here rather than missed.
 */
function writtenActions(): Set<string> {
  const found = new Set<string>();
  for (const file of sourceFiles(path.join(root, 'server'))) {
    const source = fs.readFileSync(file, 'utf8');
    for (const call of source.matchAll(/\baudit\??\.?\(/g)) {
      const text = callText(source, call.index + call[0].length - 1);
      const action = /\baction\s*:\s*/.exec(text);
      if (action) {
        const values = actionsOf(firstArgument(text.slice(action.index + action[0].length)));
        if (values.length === 0) throw new Error(`${path.relative(root, file)}: an audit action that is no literal: ${text.slice(0, 200)}`);
        values.forEach((value) => found.add(value));
      } else if (/\baction\s*[,}]/.test(text)) {
        if (!Object.keys(HELPERS).some((helper) => new RegExp(`\\b${helper}\\b`).test(source))) {
          throw new Error(`${path.relative(root, file)}: an audit entry's action comes from a helper this test does not know`);
        }
      }
    }
    for (const [helper, index] of Object.entries(HELPERS)) {
      for (const call of source.matchAll(new RegExp(`\\b${helper}\\(`, 'g'))) {
        if (/(function|const)\s+$/.test(source.slice(Math.max(0, call.index - 16), call.index))) continue;
        let rest = callText(source, call.index + helper.length).slice(1);
        for (let i = 0; i < index; i++) rest = rest.slice(firstArgument(rest).length + 1);
        actionsOf(firstArgument(rest)).forEach((value) => found.add(value));
      }
    }
  }
  return found;
}

function leaf(messages: unknown, dotted: string): unknown {
  return dotted
    .split('.')
    .reduce<unknown>((node, part) => (node && typeof node === 'object' ? (node as Record<string, unknown>)[part] : undefined), messages);
}

describe('audit actions', () => {
  const written = writtenActions();

  it('finds the actions the server writes, and the log knows every one of them', () => {
    expect(written.size).toBeGreaterThan(40);
    expect(written).toContain('report_resolved');
    expect(written).toContain('enable_two_factor');
    expect(written).toContain('category_hidden');
    expect(written).toContain('retention_sessions');
    expect([...written].filter((action) => !(AUDIT_ACTIONS as readonly string[]).includes(action)).sort()).toEqual([]);
    // And no action is listed that nothing writes any more (the filter would offer it for nothing).
    expect(AUDIT_ACTIONS.filter((action) => !written.has(action))).toEqual([]);
  });

  it.each(LOCALES)('%s.json has a label for every audit action', (code) => {
    const messages = JSON.parse(fs.readFileSync(path.join(root, 'web/i18n', `${code}.json`), 'utf8'));
    const missing = AUDIT_ACTIONS.filter((action) => auditActionKeys(action).some((key) => typeof leaf(messages, key) !== 'string'));
    expect(missing).toEqual([]);
  });
});
