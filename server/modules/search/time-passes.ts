import { type SQL, and, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { products } from '../../db/schema/products.ts';
import { type TimePass, nextPass, passDays } from './search-plan.ts';

/**
 * The newest matches of a text search, read from the GIN index in bounded time passes: each ad's
 * document holds its time blocks (`§<days>:<block>`, search-functions.sql), so a pass over the last
 * few blocks is one more lexeme every match must have, and a common word never makes the index
 * read its whole match list.
 */

/** The document has the words and every one of the lexeme groups (place, category, time, choices): one GIN condition. */
export function textMatch(words: SQL, narrowing: string[]): SQL {
  const tsquery = narrowing.length ? sql`(${words}) && ${narrowing.join(' & ')}::tsquery` : words;
  return sql`${products.searchVector} @@ (${tsquery})`;
}

export interface PassesAsked {
  /** The words' tsquery (text-query-sql.ts). */
  words: SQL;
  /** The listing's other conditions, tested on the rows. */
  conditions: SQL[];
  limit: number;
  /** Lexemes every match has besides the words (place, category, choices: listing-conditions.ts). */
  extraLexemes?: string[];
  /** The time blocks (days) asked first; empty: one pass without a time limit. */
  blocks: readonly number[];
  /** Now, in days since 1970 (UTC), as the trigger counts the time blocks. */
  nowDays: number;
}

/**
 * The newest `limit` ads whose document matches the words, in bounded GIN passes: first the last
 * two blocks of the smallest size (the ad's block and the one before), then passes over the last
 * few time blocks sized by the rate of matches found (nextPass), last without a time limit. Each
 * pass covers everything from its first block's start to now, so its newest `limit` are the newest
 * of all. `complete`: every match was seen.
 */
export async function newestMatches(tx: Db, asked: PassesAsked) {
  const { words, conditions, limit, extraLexemes = [], blocks, nowDays } = asked;
  // Each time block of a pass is its own index condition: GIN skips through the long word lists
  // only to a lexeme every match must have (a single time lexeme), not to either of two; the
  // blocks' bitmaps are OR-ed.
  const timeLexemes = (pass: TimePass) =>
    Array.from({ length: pass.count }, (_, back) => `§${pass.size}:${Math.floor(nowDays / pass.size) - back}`);
  async function run(time: string[] | undefined) {
    const match = (lexeme: string | undefined) => textMatch(words, [...extraLexemes, ...(lexeme ? [`'${lexeme}'`] : [])]);
    const textCondition = time ? or(...time.map(match))! : match(undefined);
    return tx
      .select({
        id: products.id,
        createdAt: products.createdAt,
        priceCents: products.priceCents,
        imageCount: products.imageCount,
        name: products.name,
        catalogId: products.catalogId,
      })
      .from(products)
      .where(and(...conditions, textCondition))
      .orderBy(sql`${products.createdAt} desc, ${products.id} desc`)
      .limit(limit + 1);
  }
  // First today and yesterday (the smallest block and the one before); then, while too few are
  // found, the pass expected to hold `limit` at the rate found; last without a time limit.
  for (let pass: TimePass | undefined = blocks.length ? { size: blocks[0]!, count: 2 } : undefined; pass;) {
    const rows = await run(timeLexemes(pass));
    if (rows.length > limit) return { rows: rows.slice(0, limit), complete: false };
    if (rows.length === limit) return { rows, complete: false };
    // Sparse matches (a rare word, or a common one in a small town or an unlikely category):
    // the next pass is sized by the rate this one found; nothing in the last days goes
    // straight to the pass without a time limit.
    pass = nextPass(blocks, nowDays, passDays(pass, nowDays), rows.length, limit);
  }
  const rows = await run(undefined);
  return rows.length > limit ? { rows: rows.slice(0, limit), complete: false } : { rows, complete: true };
}
