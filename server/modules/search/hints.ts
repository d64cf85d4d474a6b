import type { SearchTerm } from './text-query-sql.ts';
import { foldAccents, infixStem } from './search-terms.ts';
import { normalizeUnits } from './search-units.ts';
import type { WordCondition } from '../listing-index/title-words.ts';
import type { FlatCatalog } from '../catalog/catalog.schemas.ts';

/** The search hints: what a few letters typed into the search box suggest. */

export const HINT_LIMIT = 10;
/** At most this many category suggestions among the hints. */
export const HINT_CATALOGS = 3;
/**
 * How many of the newest matching ads the hints read for their titles and categories: enough for
 * ten titles and a category's share (a quarter is twelve ads), few enough that a common prefix
 * fills them from the last day's ads in one index pass (120 took two at a million ads).
 */
export const HINT_SAMPLE = 48;
/** The shortest text that gets hints, and the most of it read. */
export const HINT_MIN_CHARS = 2;
export const HINT_MAX_CHARS = 60;

/** A category as the hints see it (catalog.flatten's rows). */
export type HintCategory = Pick<FlatCatalog, 'id' | 'parent_id' | 'name' | 'depth' | 'path'>;

export interface Hint {
  type: 'catalog' | 'ad';
  text: string;
  path: string | null;
}

/** The typed text as the hints read it: one line, lower case, at most HINT_MAX_CHARS; '' when too short. */
export function hintText(text: string): string {
  const prefix = text.normalize('NFC').trim().toLowerCase().replace(/\s+/g, ' ').slice(0, HINT_MAX_CHARS);
  return prefix.length < HINT_MIN_CHARS ? '' : prefix;
}

/**
 * A title's words as the hints match them (the listing index keeps them per ad): lower case,
 * numbers with units as one token each ("256 GB" → "256gb"), as `queryWords` reads a query, and
 * folded (ä and å as a, ö as o), so that a word typed either way finds both spellings.
 */
export function titleWords(title: string): string[] {
  const { text } = normalizeUnits(title.normalize('NFC').slice(0, 500));
  const words = text.split(/[^\p{L}\p{N}]+/u).filter((word) => word.length >= 2 && word.length <= 60);
  return [...new Set(words.map(foldAccents))];
}

/**
 * What each typed word asks of a title's words (`titleWords`), the last one being typed still:
 * - the word, its synonyms, Finnish stem changes and stems, as a title word's beginning, so a word
 *   typed so far finds its endings ("polkupy" → "polkupyörä") and an inflected one its base form
 *   ("sohvat" → "sohva");
 * - the stems (and the typed part itself, for the last word) inside a longer title word: a
 *   compound's part ("pyörä" → "polkupyörä");
 * - a unit token, or a number or short token already followed by another word, whole.
 */
export function hintConditions(terms: SearchTerm[]): WordCondition[] {
  return terms.map((term, index) => termCondition(term, index === terms.length - 1));
}

/**
 * The readings of a typed text, any of which a title may meet: its words (`hintConditions`), and
 * its last two words written together, as Finnish writes compounds ("lasten pyö" → "Lastenpyörä").
 */
export function hintReadings(terms: SearchTerm[]): WordCondition[][] {
  const readings = [hintConditions(terms)];
  const [first, second] = terms.slice(-2);
  if (terms.length >= 2 && !first!.exact && !second!.exact) {
    const joined = foldAccents(`${first!.words[0] ?? ''}${second!.words[0] ?? ''}`);
    if (/^\p{L}+$/u.test(joined)) {
      const before = terms.slice(0, -2).map((term) => termCondition(term, false));
      readings.push([...before, { prefixes: [joined], infixes: [joined], exact: [] }]);
    }
  }
  return readings;
}

function termCondition(term: SearchTerm, typing: boolean): WordCondition {
  const words = [...new Set(term.words.map(foldAccents))];
  if (term.exact || (term.weight < 1 && !typing)) return { prefixes: [], infixes: [], exact: words };
  const stems = term.stems.map(foldAccents);
  const parts = typing ? [foldAccents(term.words[0] ?? ''), ...stems] : stems;
  return {
    prefixes: [...new Set([...words, ...stems])],
    infixes: [...new Set(parts.filter((part) => part.length >= 4 && /^\p{L}+$/u.test(part)))],
    exact: [],
  };
}

/**
 * Up to ten suggestions: the categories the words mean, then titles of the newest ads that have
 * the words (`found`, newest first). A category is offered for what the newest matching ads are
 * filed under ("pyörä" ads are mostly bicycles, a few motorcycles), its ancestors counting their
 * descendants' ads, and for its name containing the word or one of its synonyms; the evidence
 * decides the order.
 */
export function hintsFrom(found: { name: string; catalogId: number }[], categories: HintCategory[], terms: SearchTerm[]): Hint[] {
  const byId = new Map(categories.map((c) => [c.id, c]));
  const evidence = new Map<number, number>();
  for (const row of found) {
    for (let c = byId.get(row.catalogId); c; c = c.parent_id === null ? undefined : byId.get(c.parent_id)) {
      evidence.set(c.id, (evidence.get(c.id) ?? 0) + 1);
    }
  }
  const names = terms.flatMap((t) => t.words.filter((w) => /^\p{L}{3,}$/u.test(w)).map((w) => infixStem(w)));
  const namesIt = (name: string) =>
    name
      .toLowerCase()
      .split(/[^\p{L}\p{N}]+/u)
      .some((word) => names.some((stem) => word.startsWith(stem) || (stem.length >= 4 && word.includes(stem))));
  const scored = categories
    .map((c) => {
      const score = (evidence.get(c.id) ?? 0) / Math.max(1, found.length) + (namesIt(c.name) ? 0.3 : 0);
      return { c, score, rank: score };
    })
    .filter(({ score }) => score >= 0.25)
    .sort((a, b) => b.c.depth - a.c.depth);
  // A category that carries most of its parent's evidence says it more precisely ("sohv" → sofas
  // before home and garden): its parent ranks just below it. Deepest first, so a chain follows.
  const scoredById = new Map(scored.map((entry) => [entry.c.id, entry]));
  for (const entry of scored) {
    const parent = entry.c.parent_id === null ? undefined : scoredById.get(entry.c.parent_id);
    if (parent && entry.score >= (2 / 3) * parent.score) parent.rank = Math.min(parent.rank, entry.rank - 1e-9);
  }
  // More evidence first; among equals the more precise (deeper) category.
  scored.sort((a, b) => b.rank - a.rank || b.c.depth - a.c.depth || a.c.name.localeCompare(b.c.name));
  const chosen: typeof scored = [];
  for (const entry of scored) {
    if (chosen.length >= HINT_CATALOGS) break;
    // A parent that only repeats its single child's evidence adds nothing.
    if (chosen.some((kept) => kept.c.parent_id === entry.c.id && kept.score === entry.score)) continue;
    chosen.push(entry);
  }
  const seen = new Set<string>();
  const titles: string[] = [];
  for (const row of found) {
    const key = row.name.toLowerCase();
    if (seen.has(key)) continue;
    seen.add(key);
    titles.push(row.name);
  }
  return [
    ...chosen.map(({ c }) => ({ type: 'catalog' as const, text: c.name, path: `/catalogs/${c.path.join('/')}` })),
    ...titles.slice(0, HINT_LIMIT - chosen.length).map((title) => ({ type: 'ad' as const, text: title, path: null })),
  ];
}
