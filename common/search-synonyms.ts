import type { Locale } from './locales.ts';

/** The synonym groups staff edit (issue 28): limits and the shape of a word, shared by the server and the form. */
export const SYNONYM_LIMITS = {
  /** Words in one group, every language together. */
  groupMin: 2,
  groupMax: 20,
  /** Characters of a word or phrase. */
  wordMin: 2,
  wordMax: 40,
  /** Words in a phrase ("winter tyres"). */
  phraseWords: 3,
} as const;

export const SYNONYM_LANGUAGES = ['fi', 'sv', 'en', 'ru'] as const satisfies readonly Locale[];
export type SynonymLanguage = (typeof SYNONYM_LANGUAGES)[number];

/** A word as the table keeps it and queries meet it: NFC, lower case, single spaces. */
export function normalizeSynonym(word: string): string {
  return word.normalize('NFC').toLowerCase().replace(/\s+/g, ' ').trim();
}

/**
 * What is wrong with a (normalised) word, as a translation key, or undefined. A word has letters
 * (a number alone would join every ad that mentions it) and only letters, digits, spaces and
 * hyphens; a phrase has at most three words.
 */
export function synonymWordProblem(word: string): string | undefined {
  if (word.length < SYNONYM_LIMITS.wordMin) return 'admin_synonyms.errors.too_short';
  if (word.length > SYNONYM_LIMITS.wordMax) return 'admin_synonyms.errors.too_long';
  if (!/^[\p{L}\p{N}][\p{L}\p{N} -]*$/u.test(word) || /[ -]$/.test(word)) return 'admin_synonyms.errors.characters';
  if (!/\p{L}/u.test(word)) return 'admin_synonyms.errors.no_letters';
  if (word.split(/[ -]+/).length > SYNONYM_LIMITS.phraseWords) return 'admin_synonyms.errors.phrase_too_long';
  return undefined;
}

/** A single word (not a phrase): what a group needs at least one of, for its phrases to stand for. */
export const isSingleWord = (word: string) => /^[\p{L}\p{N}]+$/u.test(word);
