/**
 * How hard a password is to guess, by zxcvbn with English and Finnish dictionaries, plus the
 * Finnish and Swedish words of the calendar that passwords like "Kesä2024!" are made of. The same
 * function gives the browser's hint and the server's verdict.
 *
 * Bounded: l33t substitutions off and only the first 32 characters judged, which keeps a check
 * under about 10 ms even for long repetitive input (the default settings took up to a second), so
 * the server can afford it on the request's thread. A longer password is judged by its start.
 */
import { ZxcvbnFactory } from '@zxcvbn-ts/core';
import * as common from '@zxcvbn-ts/language-common';
import * as en from '@zxcvbn-ts/language-en';
import * as fi from '@zxcvbn-ts/language-fi';

/** zxcvbn scores 0–4; 3 is "safely unguessable" (about 10^8 guesses or more). */
export const MIN_PASSWORD_SCORE = 3;

const CALENDAR_WORDS = [
  ...['kevät', 'kesä', 'syksy', 'talvi', 'joulu', 'juhannus', 'vappu', 'pääsiäinen'],
  ...[
    'tammikuu',
    'helmikuu',
    'maaliskuu',
    'huhtikuu',
    'toukokuu',
    'kesäkuu',
    'heinäkuu',
    'elokuu',
    'syyskuu',
    'lokakuu',
    'marraskuu',
    'joulukuu',
  ],
  ...['maanantai', 'tiistai', 'keskiviikko', 'torstai', 'perjantai', 'lauantai', 'sunnuntai'],
  ...['vår', 'sommar', 'höst', 'vinter', 'jul', 'midsommar'],
  ...['salasana', 'lösenord', 'suomi', 'finland', 'helsinki', 'tampere', 'turku', 'oulu'],
];

let estimator: ZxcvbnFactory | undefined;

function zxcvbn(): ZxcvbnFactory {
  // Built on first use: the dictionaries take a moment to load, and most pages never need them.
  estimator ??= new ZxcvbnFactory({
    dictionary: { ...common.dictionary, ...en.dictionary, ...fi.dictionary, calendar: CALENDAR_WORDS },
    graphs: common.adjacencyGraphs,
    l33tMaxSubstitutions: 0,
    maxLength: 32,
  });
  return estimator;
}

/** 0–4; the person's own name and address count as known words. */
export function passwordScore(password: string, personalWords: readonly string[] = []): number {
  const inputs = personalWords.flatMap((word) => word.toLowerCase().split(/[^\p{L}\p{N}]+/u)).filter((word) => word.length >= 3);
  return zxcvbn().check(password, inputs).score;
}

export function isGuessablePassword(password: string, personalWords: readonly string[] = []): boolean {
  return passwordScore(password, personalWords) < MIN_PASSWORD_SCORE;
}
