import fs from 'node:fs';
import path from 'node:path';

/** The search's SQL functions (`search-functions.sql`), one per statement, with their bodies. */
export interface SearchFunction {
  name: string;
  /** The whole `CREATE OR REPLACE FUNCTION … $$;` statement. */
  statement: string;
  /** What PostgreSQL keeps as the function's source (`pg_proc.prosrc`): the text between the `$$`. */
  body: string;
}

export const SEARCH_FUNCTIONS_FILE = path.join(import.meta.dirname, 'search-functions.sql');

export function searchFunctions(text = fs.readFileSync(SEARCH_FUNCTIONS_FILE, 'utf8')): SearchFunction[] {
  return [...text.matchAll(/CREATE OR REPLACE FUNCTION ([a-z_]+)\([^]*?AS \$\$([^]*?)\$\$;/g)].map((match) => ({
    name: match[1]!,
    statement: match[0],
    body: match[2]!,
  }));
}
