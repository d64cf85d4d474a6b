import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { DEFAULT_LOCALE, INTL_LOCALE, LOCALES, LOCALE_INFO } from '../../common/locales';
import en from './en.json';

// Every language's file, read the way the server reads them (server/platform/messages.ts): by the codes in LOCALES.
const here = path.dirname(new URL(import.meta.url).pathname);
const languages = Object.fromEntries(
  LOCALES.map((code) => [code, JSON.parse(fs.readFileSync(path.join(here, `${code}.json`), 'utf8')) as Record<string, unknown>]),
);
const OTHERS = LOCALES.filter((code) => code !== DEFAULT_LOCALE);

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

const PLURAL_FORM = /_(zero|one|two|few|many|other)$/;

/** A plural form Finnish does not use but the language's own rules do (Russian's few and many). */
function ownPluralForm(code: string, key: string): boolean {
  const form = PLURAL_FORM.exec(key);
  if (!form || !flat.fi!.has(`${key.slice(0, -form[0].length)}_other`)) return false;
  const categories = new Intl.PluralRules(INTL_LOCALE[code as keyof typeof INTL_LOCALE]).resolvedOptions().pluralCategories;
  return (categories as string[]).includes(form[1]!);
}

const flat = Object.fromEntries(Object.entries(languages).map(([code, messages]) => [code, flatten(messages)]));
const allKeys = [...new Set(Object.values(flat).flatMap((m) => [...m.keys()]))].sort();

describe('translations', () => {
  it('has a file for every language of common/locales.ts and no other, each with messages', () => {
    const files = fs.readdirSync(path.dirname(new URL(import.meta.url).pathname)).filter((f) => f.endsWith('.json'));
    expect(files.map((f) => f.replace(/\.json$/, '')).sort()).toEqual([...LOCALES].sort());
    for (const code of LOCALES) expect(flat[code]!.size, code).toBeGreaterThan(0);
  });

  it.each(OTHERS)('fi.json and %s.json have exactly the same set of nested keys (plural forms included)', (code) => {
    const missing = [...flat.fi!.keys()].filter((key) => !flat[code]!.has(key));
    const extra = [...flat[code]!.keys()].filter((key) => !flat.fi!.has(key) && !ownPluralForm(code, key));
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

  it('uses the same {{placeholders}} in each key across every language', () => {
    const mismatched: Record<string, Record<string, string[]>> = {};
    for (const key of allKeys) {
      const found = Object.fromEntries(
        Object.entries(flat)
          .filter(([, messages]) => messages.has(key))
          .map(([code, messages]) => [code, placeholders(String(messages.get(key)))]),
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

  it('names each language in its own tongue in one place (common/locales.ts), not in the text files', () => {
    expect(LOCALES.map((code) => LOCALE_INFO[code].name)).toEqual(['Suomi', 'Svenska', 'English', 'Русский']);
    for (const code of LOCALES) expect(languages[code]!.languages, code).toBeUndefined();
  });

  it('has a general per-language label beside each family of per-language labels, for a language the files do not name yet', () => {
    for (const [code, texts] of Object.entries(flat)) {
      const families = new Set(
        [...texts.keys()]
          .map((key) => /^(.+)_(fi|sv|en|ru)$/.exec(key)?.[1])
          .filter((base) => base && LOCALES.every((l) => texts.has(`${base}_${l}`))),
      );
      for (const base of families) expect(texts.has(`${base}_other`), `${code}: ${base}_other`).toBe(true);
    }
  });

  it('has every language translated, not the Finnish left in place (names, units and formats aside)', () => {
    for (const code of OTHERS) {
      const same = [...flat[code]!].filter(([key, value]) => value === flat.fi!.get(key)).length;
      expect(same / flat.fi!.size, code).toBeLessThan(0.03);
    }
  });

  it('formats each language with its own Intl locale (Swedish as written in Finland)', () => {
    expect(INTL_LOCALE).toEqual({ fi: 'fi-FI', sv: 'sv-FI', en: 'en-GB', ru: 'ru-RU' });
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

  it('has the three greetings of the front page in every language, Swedish with God morgon, God dag and God kväll', () => {
    for (const code of LOCALES) {
      expect(Object.keys(languages[code]!.greeting as object).sort(), code).toEqual(['afternoon', 'evening', 'morning']);
    }
    const sv = languages.sv!.greeting as Record<string, string>;
    expect(sv.morning).toMatch(/^God morgon/);
    expect(sv.afternoon).toMatch(/^God dag/);
    expect(sv.evening).toMatch(/^God kväll/);
  });
});
