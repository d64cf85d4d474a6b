import { can } from '../../../common/access.ts';
import { AppError } from '../../../common/errors.ts';
import {
  SYNONYM_LANGUAGES,
  SYNONYM_LIMITS,
  type SynonymLanguage,
  isSingleWord,
  normalizeSynonym,
  synonymWordProblem,
} from '../../../common/search-synonyms.ts';
import { auditEntry } from '../../platform/audit-entry.ts';
import type { AuditWriter } from '../../platform/audit-log.ts';
import type { CurrentUser, RequestMeta } from '../../platform/current-user.ts';
import type { SynonymRow, SynonymsRepo } from './synonyms.repo.ts';
import type { Transaction } from '../../db/client.ts';

/** A group's words by language, as staff write them. */
type FieldProblems = AppError['fields'];

export type SynonymGroupInput = Partial<Record<SynonymLanguage, string[]>>;
export interface SynonymGroup {
  id: number;
  words: Record<SynonymLanguage, string[]>;
}

const emptyWords = (): Record<SynonymLanguage, string[]> => ({ fi: [], sv: [], en: [], ru: [] });

function presentGroups(rows: SynonymRow[]): SynonymGroup[] {
  const groups = new Map<number, SynonymGroup>();
  for (const row of rows) {
    const group = groups.get(row.groupId) ?? { id: row.groupId, words: emptyWords() };
    const language = (SYNONYM_LANGUAGES as readonly string[]).includes(row.language) ? (row.language as SynonymLanguage) : 'fi';
    group.words[language].push(row.word);
    groups.set(row.groupId, group);
  }
  return [...groups.values()];
}

const wordsOf = (group: SynonymGroup) => SYNONYM_LANGUAGES.flatMap((language) => group.words[language]);

/**
 * The synonym groups staff edit (issue 28): words people use for the same thing, in Finnish,
 * Swedish, English and Russian; a query with one of them finds ads with any. Rules:
 * - everything needs `categories.manage` (the search's words go with the category tree);
 * - each word is 2–40 characters of letters, digits, spaces and hyphens with a letter in it, a
 *   phrase at most three words (common/search-synonyms.ts); a group has 2–20 words, at least one of
 *   them a single word (a phrase stands for it), none twice;
 * - a word is in one group only, so groups never chain and no query widens without end (checked
 *   under the table's lock; the unique index holds it as well);
 * - every change is audited and nothing is half saved; the search reads the table again at once in
 *   this process (`onChanged`), within a minute in the others.
 */
export function createSynonymsAdminService(deps: { repo: SynonymsRepo; audit: AuditWriter; onChanged?: () => void }) {
  const { repo, audit } = deps;

  function requireManage(current: CurrentUser): void {
    if (!can(current, 'categories.manage')) throw new AppError('forbidden');
  }

  /** The words checked and normalised, by language; every problem at once (422). */
  function checkWords(input: SynonymGroupInput): { word: string; language: SynonymLanguage }[] {
    const problems: FieldProblems = {};
    const add = (field: string, key: string, params?: Record<string, string | number>) =>
      (problems[field] ??= []).push({ key, ...(params ? { params } : {}) });
    const seen = new Set<string>();
    const words: { word: string; language: SynonymLanguage }[] = [];
    for (const language of SYNONYM_LANGUAGES) {
      for (const raw of input[language] ?? []) {
        const word = normalizeSynonym(raw);
        if (!word) continue;
        const problem = synonymWordProblem(word);
        if (problem) add(language, problem, { word: word.slice(0, SYNONYM_LIMITS.wordMax) });
        else if (seen.has(word)) add(language, 'admin_synonyms.errors.repeated', { word });
        else {
          seen.add(word);
          words.push({ word, language });
        }
      }
    }
    if (!Object.keys(problems).length) {
      if (words.length < SYNONYM_LIMITS.groupMin) add('group', 'admin_synonyms.errors.too_few', { min: SYNONYM_LIMITS.groupMin });
      else if (words.length > SYNONYM_LIMITS.groupMax) add('group', 'admin_synonyms.errors.too_many', { max: SYNONYM_LIMITS.groupMax });
      else if (!words.some((w) => isSingleWord(w.word))) add('group', 'admin_synonyms.errors.needs_a_word');
    }
    if (Object.keys(problems).length) throw new AppError('validation_failed', {}, problems);
    return words;
  }

  /** Refuses words another group has, naming that group by its first word. */
  async function checkElsewhere(words: { word: string; language: SynonymLanguage }[], groupId: number | null, tx: Transaction) {
    const taken = await repo.elsewhere(
      words.map((w) => w.word),
      groupId,
      tx,
    );
    if (!taken.length) return;
    const problems: FieldProblems = {};
    for (const row of taken) {
      const { language } = words.find((w) => w.word === row.word)!;
      const other = (await repo.group(row.groupId, tx))[0]?.word ?? row.word;
      (problems[language] ??= []).push({ key: 'admin_synonyms.errors.in_other_group', params: { word: row.word, other } });
    }
    throw new AppError('validation_failed', {}, problems);
  }

  function changed<T>(value: T): T {
    deps.onChanged?.();
    return value;
  }

  return {
    async list(current: CurrentUser): Promise<SynonymGroup[]> {
      requireManage(current);
      return presentGroups(await repo.rows());
    },

    async create(current: CurrentUser, input: SynonymGroupInput, meta: RequestMeta): Promise<SynonymGroup> {
      requireManage(current);
      const words = checkWords(input);
      const group = await repo.transaction(async (tx) => {
        await repo.lock(tx);
        await checkElsewhere(words, null, tx);
        const id = await repo.nextGroupId(tx);
        await repo.replaceGroup(id, words, tx);
        const created = presentGroups(await repo.group(id, tx))[0]!;
        await audit(auditEntry(current, meta, 'synonyms_created', 'search_synonyms', id, { after: { words: wordsOf(created) } }), tx);
        return created;
      });
      return changed(group);
    },

    async update(current: CurrentUser, id: number, input: SynonymGroupInput, meta: RequestMeta): Promise<SynonymGroup> {
      requireManage(current);
      const words = checkWords(input);
      const group = await repo.transaction(async (tx) => {
        await repo.lock(tx);
        const [before] = presentGroups(await repo.group(id, tx));
        if (!before) throw new AppError('not_found');
        await checkElsewhere(words, id, tx);
        await repo.replaceGroup(id, words, tx);
        const after = presentGroups(await repo.group(id, tx))[0]!;
        await audit(
          auditEntry(current, meta, 'synonyms_updated', 'search_synonyms', id, {
            before: { words: wordsOf(before) },
            after: { words: wordsOf(after) },
          }),
          tx,
        );
        return after;
      });
      return changed(group);
    },

    async remove(current: CurrentUser, id: number, meta: RequestMeta): Promise<SynonymGroup> {
      requireManage(current);
      const group = await repo.transaction(async (tx) => {
        await repo.lock(tx);
        const [before] = presentGroups(await repo.group(id, tx));
        if (!before) throw new AppError('not_found');
        await repo.replaceGroup(id, [], tx);
        await audit(auditEntry(current, meta, 'synonyms_deleted', 'search_synonyms', id, { before: { words: wordsOf(before) } }), tx);
        return before;
      });
      return changed(group);
    },
  };
}

export type SynonymsAdminService = ReturnType<typeof createSynonymsAdminService>;
