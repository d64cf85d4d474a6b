/**
 * The site's translator: what this codebase used of i18next, in under a kilobyte (brotli), for the
 * server (mails, API messages, page renders) and the browser alike. No React, no DOM.
 *
 * A text is found by its dotted key ("ad.views") in the language, then in the fallback language,
 * and is the key itself when neither has it. Options:
 * - `{{name}}` is replaced by `options.name` as it is, with no HTML escaping (React escapes); a name
 *   the options do not have stays `{{name}}`, one they hold as `undefined` or `null` becomes "".
 * - `count` (a number) picks the plural form with i18next's JSON v4 suffixes: `key_zero` for 0 when
 *   there is one, then `key_<Intl.PluralRules category>` (`_one`, `_few`, `_many`, `_other`…), then
 *   `key`.
 * - `context` looks up `key_<context>` (and its plural forms) before `key`.
 * - `defaultValue` is used (interpolated) when no language has the key.
 * Not supported, and unused by web/i18n/*.json (web/i18n/translations.test.ts checks): `$t()`
 * nesting, `{{name, format}}` formatters, `{{a.b}}` paths. A key naming a group of texts (an object)
 * is missing, as for i18next 27.
 */

/** A language's texts as in web/i18n/<locale>.json: nested objects of strings. */
export type Messages = { readonly [key: string]: unknown };
export type TOptions = { readonly [name: string]: unknown };
export type TFunction = (key: string, options?: TOptions) => string;

/** A text with `{{names}}`: `parts[0] value(names[0]) parts[1] … parts[n]`. */
interface Template {
  readonly parts: readonly string[];
  readonly names: readonly string[];
  /** Each `{{name}}` as written, kept when the options do not have the name. */
  readonly placeholders: readonly string[];
}
type Text = string | Template;

const PLACEHOLDER = /\{\{(.+?)\}\}/g;

function compileText(text: string): Text {
  if (!text.includes('{{')) return text;
  const parts: string[] = [];
  const names: string[] = [];
  const placeholders: string[] = [];
  let last = 0;
  for (const match of text.matchAll(PLACEHOLDER)) {
    parts.push(text.slice(last, match.index));
    names.push(match[1]!.trim());
    placeholders.push(match[0]);
    last = match.index + match[0].length;
  }
  if (names.length === 0) return text;
  parts.push(text.slice(last));
  return { parts, names, placeholders };
}

const NO_OPTIONS: TOptions = {};

function fill(text: Text, options: TOptions | undefined): string {
  if (typeof text === 'string') return text;
  const values = options ?? NO_OPTIONS;
  let out = text.parts[0]!;
  for (let i = 0; i < text.names.length; i++) {
    const name = text.names[i]!;
    const value = values[name];
    if (value === undefined && !Object.hasOwn(values, name)) out += text.placeholders[i]!;
    else if (value !== undefined && value !== null) out += typeof value === 'string' ? value : String(value);
    out += text.parts[i + 1]!;
  }
  return out;
}

type PluralForm = Intl.LDMLPluralRule;
const PLURAL_KEY = /^(.+)_(zero|one|two|few|many|other)$/;

/** One language's texts, flattened once: dotted key → text, and plural forms by their base key. */
class Dictionary {
  readonly plurals = new Map<string, Partial<Record<PluralForm, Text>>>();

  readonly texts: ReadonlyMap<string, Text>;

  constructor(texts: ReadonlyMap<string, Text>) {
    this.texts = texts;
    for (const [key, text] of texts) {
      const plural = PLURAL_KEY.exec(key);
      if (!plural) continue;
      const forms = this.plurals.get(plural[1]!) ?? {};
      forms[plural[2] as PluralForm] = text;
      this.plurals.set(plural[1]!, forms);
    }
  }

  /** The key's text for `count` (plural forms first), or undefined. */
  find(key: string, count: number | undefined, rules: Intl.PluralRules): Text | undefined {
    if (count !== undefined) {
      const forms = this.plurals.get(key);
      if (forms) {
        const form = (count === 0 ? forms.zero : undefined) ?? forms[rules.select(count)];
        if (form !== undefined) return form;
      }
    }
    return this.texts.get(key);
  }

  merge(other: Dictionary): Dictionary {
    return new Dictionary(new Map([...this.texts, ...other.texts]));
  }
}

// Built once per messages object: the server's translators and every page render share them.
const compiled = new WeakMap<Messages, Dictionary>();

function dictionaryOf(messages: Messages): Dictionary {
  let dictionary = compiled.get(messages);
  if (!dictionary) {
    const texts = new Map<string, Text>();
    const walk = (node: Messages, prefix: string) => {
      for (const [key, value] of Object.entries(node)) {
        const path = prefix ? `${prefix}.${key}` : key;
        if (typeof value === 'string') texts.set(path, compileText(value));
        else if (value && typeof value === 'object' && !Array.isArray(value)) walk(value as Messages, path);
      }
    };
    walk(messages, '');
    compiled.set(messages, (dictionary = new Dictionary(texts)));
  }
  return dictionary;
}

function find(
  dictionary: Dictionary,
  key: string,
  contextKey: string | undefined,
  count: number | undefined,
  rules: Intl.PluralRules,
): Text | undefined {
  return (contextKey === undefined ? undefined : dictionary.find(contextKey, count, rules)) ?? dictionary.find(key, count, rules);
}

const pluralRules = new Map<string, Intl.PluralRules>();
function pluralRulesOf(language: string): Intl.PluralRules {
  let rules = pluralRules.get(language);
  if (!rules) pluralRules.set(language, (rules = new Intl.PluralRules(language)));
  return rules;
}

/**
 * The texts of several languages and the current one. `getFixedT(language)` gives the same
 * function until that language's (or the fallback's) texts change, so memoised components keep it;
 * `subscribe` tells of a change of language or texts (web/lib/use-translation.ts re-renders on it).
 */
export class Translator {
  #language: string;
  readonly #fallbackLanguage: string;
  readonly #dictionaries = new Map<string, Dictionary>();
  readonly #fixedTs = new Map<string, TFunction>();
  readonly #listeners = new Set<() => void>();
  readonly #onMissing: ((key: string, language: string) => void) | undefined;
  /** Whether a `t` was asked for a text no language had, since texts were last added. */
  #missed = false;

  constructor(options: {
    language: string;
    fallbackLanguage: string;
    resources?: { readonly [language: string]: Messages | undefined };
    /** Told of each text a `t` did not find (the browser then loads the rest of the texts at once). */
    onMissing?: (key: string, language: string) => void;
  }) {
    this.#language = options.language;
    this.#fallbackLanguage = options.fallbackLanguage;
    this.#onMissing = options.onMissing;
    for (const [language, messages] of Object.entries(options.resources ?? {})) {
      if (messages) this.#dictionaries.set(language, dictionaryOf(messages));
    }
  }

  get language(): string {
    return this.#language;
  }

  /** A text in the current language. */
  t(key: string, options?: TOptions): string {
    return this.getFixedT(this.#language)(key, options);
  }

  /** The `t` of one language: the same function for as long as the texts it reads stay the same. */
  getFixedT(language: string): TFunction {
    let t = this.#fixedTs.get(language);
    if (!t) this.#fixedTs.set(language, (t = this.#makeT(language)));
    return t;
  }

  /** Whether the current language or the fallback has a text under the key. */
  exists(key: string): boolean {
    const rules = pluralRulesOf(this.#language);
    return this.#lookup(key, undefined, undefined, this.#language, rules, rules) !== undefined;
  }

  hasResourceBundle(language: string): boolean {
    return this.#dictionaries.has(language);
  }

  /**
   * Adds texts to a language (a key it had is replaced), and tells the subscribers, whose `t`
   * changes so that they render again. `quiet`: only when a `t` has missed a text since texts were
   * last added (the rest of a public page's texts, web/lib/client-messages.ts: the page on screen
   * normally has all its texts, and a whole page's render in the phone's busiest second is saved;
   * a page reached before the rest arrived renders again with them).
   */
  addResourceBundle(language: string, messages: Messages, { quiet = false }: { quiet?: boolean } = {}): void {
    const added = dictionaryOf(messages);
    const had = this.#dictionaries.get(language);
    this.#dictionaries.set(language, had ? had.merge(added) : added);
    if (quiet && !this.#missed) return;
    this.#missed = false;
    if (language === this.#fallbackLanguage) this.#fixedTs.clear();
    else this.#fixedTs.delete(language);
    this.#emit();
  }

  changeLanguage(language: string): void {
    if (language === this.#language) return;
    this.#language = language;
    this.#emit();
  }

  /** Calls `listener` after a change of language or texts; returns the unsubscribe. */
  subscribe = (listener: () => void): (() => void) => {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  };

  #emit(): void {
    for (const listener of [...this.#listeners]) listener();
  }

  #makeT(language: string): TFunction {
    const rules = pluralRulesOf(language);
    const fallbackRules = pluralRulesOf(this.#fallbackLanguage);
    return (key, options) => {
      const text = options
        ? this.#lookup(key, options.count, options.context, language, rules, fallbackRules)
        : this.#lookup(key, undefined, undefined, language, rules, fallbackRules);
      if (text !== undefined) return fill(text, options);
      this.#missed = true;
      this.#onMissing?.(key, language);
      const defaultValue = options?.defaultValue;
      if (typeof defaultValue === 'string') return fill(compileText(defaultValue), options);
      return key;
    };
  }

  /** The text in the language, else in the fallback language, as i18next resolves them. */
  #lookup(
    key: string,
    count: unknown,
    context: unknown,
    language: string,
    rules: Intl.PluralRules,
    fallbackRules: Intl.PluralRules,
  ): Text | undefined {
    const plural = typeof count === 'number' ? count : undefined;
    const contextKey = (typeof context === 'string' && context !== '') || typeof context === 'number' ? `${key}_${context}` : undefined;
    const own = this.#dictionaries.get(language);
    const found = own && find(own, key, contextKey, plural, rules);
    if (found !== undefined || language === this.#fallbackLanguage) return found;
    const fallback = this.#dictionaries.get(this.#fallbackLanguage);
    return fallback && find(fallback, key, contextKey, plural, fallbackRules);
  }
}
