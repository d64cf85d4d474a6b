import { sql } from 'drizzle-orm';
import { index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

/**
 * Words people use for the same thing, in groups, across Finnish, Swedish, English and Russian
 * ("fillari" = "polkupyörä" = "cykel" = "bike" = "велосипед"). Seeded by the migration; staff edit
 * them under the admin's search words (search/synonyms-admin.service.ts; the search reads them again
 * within a minute). A word of several words
 * ("winter tyres") stands for its group when a query contains it.
 */
export const searchSynonyms = pgTable(
  'search_synonyms',
  {
    id: serial('id').primaryKey(),
    /** Rows with the same group are synonyms of each other. */
    groupId: integer('group_id').notNull(),
    /** Lowercase, as people type it. */
    word: text('word').notNull(),
    /** fi, sv, en or ru: for staff reading the table; the search matches every language. */
    language: text('language').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  // A word is in one group only (migration 0036): a group never chains into another.
  (t) => [uniqueIndex('search_synonyms_word_unique').on(t.word), index('search_synonyms_group_idx').on(t.groupId)],
);

/**
 * Every word (letters only, 4–30 of them) that any ad's title or description has used, kept by
 * the ads' search trigger and never pruned: the vocabulary a misspelt query word is corrected
 * against (a trigram lookup in a few ten thousand words instead of a million titles), and the
 * proof that a word exists at all before a search pass is run for it.
 */
export const searchWords = pgTable(
  'search_words',
  {
    word: text('word').primaryKey(),
  },
  (t) => [
    index('search_words_prefix_idx').on(sql`${t.word} text_pattern_ops`),
    index('search_words_trgm_idx').using('gin', sql`${t.word} gin_trgm_ops`),
    // The word without ä, ö, å (search-terms.ts `foldAccents`): accent-free queries and hints.
    index('search_words_folded_idx').on(sql`translate(${t.word}, 'äöå', 'aoa') text_pattern_ops`),
  ],
);
