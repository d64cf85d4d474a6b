import type { SearchTerm } from './text-query-sql.ts';

/** A leaf category as the suggestion sees it: its own names in every language, lowercased. */
export interface LeafNames {
  id: number;
  names: string[];
}

/** At most this many suggestions; the picker shows them above the tree. */
export const SUGGESTION_LIMIT = 3;
/** How many of the best-matching active ads vote for their category. */
export const SUGGESTION_EVIDENCE = 30;

/**
 * The categories a new ad's title points at, best first. Two kinds of evidence, both from the
 * search's own machinery:
 * - the title's words (their stems, as the search matches them inside compounds) in the leaf's
 *   names, in any language: "lasten pyörä" meets both words of "Lasten pyörät" but only one of
 *   "Moottoripyörät" (2 points a word);
 * - where the active ads that best match the title are filed (the search's relevance order):
 *   the category of the first ad weighs most, and all of them together at most 3 points, so a
 *   category no title word names can still win on the ads ("Toyota Corolla" → passenger cars).
 *   Only an ad whose title holds at least half of the title's words speaks: when no ad has all
 *   of them the search also lists ads with any one, and a colour alone ("sininen" of "Helkama
 *   Jopo 24 tuumaa sininen") must not vote for the blue sofas' category.
 */
export function rankCategories(leaves: LeafNames[], terms: SearchTerm[], evidence: { catalogId: number; name: string }[]): number[] {
  const score = new Map<number, number>();
  const add = (id: number, points: number) => score.set(id, (score.get(id) ?? 0) + points);
  const strong = terms.filter((term) => term.weight >= 1);
  /** How many of the title's words a text holds (their stems, also inside compounds). */
  const matchedIn = (texts: string[]) =>
    strong.filter((term) =>
      texts.some((text) => term.stems.some((stem) => text.includes(stem)) || term.words.some((word) => text.includes(word))),
    ).length;
  for (const leaf of leaves) {
    // Names also written together: a phrase the search reads as one word ("lasten pyörä" →
    // "lastenpyörä") is found in "Lasten pyörät".
    const matched = matchedIn(leaf.names.flatMap((name) => [name, name.replace(/\s+/g, '')]));
    if (matched > 0) add(leaf.id, 2 * matched);
  }
  const speaking = evidence.filter((ad) => {
    const title = ad.name.toLowerCase();
    return 2 * matchedIn([title, title.replace(/\s+/g, '')]) >= strong.length;
  });
  if (speaking.length > 0) {
    const weights = speaking.map((_, rank) => 1 / (rank + 1));
    const total = weights.reduce((a, b) => a + b, 0);
    speaking.forEach((ad, rank) => add(ad.catalogId, (3 * weights[rank]!) / total));
  }
  const leafIds = new Set(leaves.map((leaf) => leaf.id));
  return [...score]
    .filter(([id]) => leafIds.has(id))
    .sort((a, b) => b[1] - a[1] || a[0] - b[0])
    .slice(0, SUGGESTION_LIMIT)
    .map(([id]) => id);
}
