import { describe, expect, it } from 'vitest';
import en from './en.json';
import fi from './fi.json';
import ru from './ru.json';

const languages = { fi, en, ru } as Record<string, Record<string, unknown>>;

/** Every leaf of a nested messages object, keyed by its dotted path. */
function flatten(messages: Record<string, unknown>, prefix = ''): Map<string, unknown> {
  const leaves = new Map<string, unknown>();
  for (const [key, value] of Object.entries(messages)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (value !== null && typeof value === 'object' && !Array.isArray(value)) {
      for (const [k, v] of flatten(value as Record<string, unknown>, path)) leaves.set(k, v);
    } else {
      leaves.set(path, value);
    }
  }
  return leaves;
}

function placeholders(text: string): string[] {
  return [...new Set([...text.matchAll(/\{\{\s*([^}\s,]+)[^}]*\}\}/g)].map((m) => m[1]))].sort();
}

const flat = Object.fromEntries(Object.entries(languages).map(([code, messages]) => [code, flatten(messages)]));
const allKeys = [...new Set(Object.values(flat).flatMap((m) => [...m.keys()]))].sort();

describe('translations', () => {
  it('has messages in every language', () => {
    for (const code of ['fi', 'en', 'ru']) expect(flat[code].size).toBeGreaterThan(0);
  });

  it.each(['en', 'ru'])('fi.json and %s.json have exactly the same set of nested keys', (code) => {
    const missing = [...flat.fi.keys()].filter((key) => !flat[code].has(key));
    const extra = [...flat[code].keys()].filter((key) => !flat.fi.has(key));
    expect({ missing, extra }).toEqual({ missing: [], extra: [] });
  });

  it('has only non-empty strings as values', () => {
    const bad: string[] = [];
    for (const [code, messages] of Object.entries(flat)) {
      for (const [key, value] of messages) {
        if (typeof value !== 'string' || value.trim() === '') bad.push(`${code}:${key}`);
      }
    }
    expect(bad).toEqual([]);
  });

  it('uses the same {{placeholders}} in each key across fi, en and ru', () => {
    const mismatched: Record<string, Record<string, string[]>> = {};
    for (const key of allKeys) {
      const found = Object.fromEntries(
        Object.entries(flat).map(([code, messages]) => [code, placeholders(String(messages.get(key) ?? ''))]),
      );
      if (new Set(Object.values(found).map((p) => p.join(','))).size > 1) mismatched[key] = found;
    }
    expect(mismatched).toEqual({});
  });

  it('has no unbalanced interpolation braces', () => {
    const bad: string[] = [];
    for (const [code, messages] of Object.entries(flat)) {
      for (const [key, value] of messages) {
        const text = String(value);
        if (text.split('{{').length !== text.split('}}').length) bad.push(`${code}:${key}`);
      }
    }
    expect(bad).toEqual([]);
  });

  it('uses only what common/translator.ts knows: plain {{name}} placeholders, no $t() nesting or formats', () => {
    const bad: string[] = [];
    for (const [code, messages] of Object.entries(flat)) {
      for (const [key, value] of messages) {
        const text = String(value);
        const odd = [...text.matchAll(/\{\{(.*?)\}\}/g)].some((m) => !/^\s*\w+\s*$/.test(m[1]!));
        if (odd || text.includes('$t(')) bad.push(`${code}:${key}`);
      }
    }
    expect(bad).toEqual([]);
  });

  it('names each language in its own tongue, the same in every file (language selector)', () => {
    expect(fi.languages).toEqual(en.languages);
    expect(ru.languages).toEqual(en.languages);
  });

  it('keeps the spec wording of the English error texts', () => {
    expect(en.errors.unauthenticated).toBe('Session has expired. Please log in again.');
    expect(en.errors.http_status).toBe('Error {{status}}');
    expect(en.errors.too_many_requests).toBe('Too many attempts. Please wait before retrying.');
    expect(en.theme.save_failed).toBe('Error Updating Theme');
    expect(en.validation.required).toBe('Field is required');
    expect(en.validation.email).toBe('The email must be a valid email address.');
    expect(en.not_found.back).toBe('Back to the main page');
  });

  it('has the three greetings of the front page', () => {
    for (const messages of [fi, en, ru]) expect(Object.keys(messages.greeting).sort()).toEqual(['afternoon', 'evening', 'morning']);
  });
});
