/**
 * How hard a password is to guess, by zxcvbn with English and Finnish dictionaries, plus the
 * Finnish and Swedish words of the calendar that passwords like "Kesä2024!" are made of. The same
 * function gives the browser's hint and the server's verdict.
 *
 * Bounded: l33t substitutions off and only the first 32 characters judged, which keeps a check
 * under about 10 ms even for long repetitive input (the default settings took up to a second), so
 * the server can afford it on the request's thread. A longer password is judged by its start.
 */
import type { ZxcvbnFactory } from '@zxcvbn-ts/core';

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

let estimator: Promise<ZxcvbnFactory> | undefined;

/**
 * Loaded and built on first use: the dictionaries take about 0.1 s to load, which no process
 * start and no page should pay before someone chooses a password.
 */
function zxcvbn(): Promise<ZxcvbnFactory> {
  estimator ??= (async () => {
    const [{ ZxcvbnFactory }, common, en, fi] = await Promise.all([
      import('@zxcvbn-ts/core'),
      import('@zxcvbn-ts/language-common'),
      import('@zxcvbn-ts/language-en'),
      import('@zxcvbn-ts/language-fi'),
    ]);
    return new ZxcvbnFactory({
      dictionary: { ...common.dictionary, ...en.dictionary, ...fi.dictionary, calendar: CALENDAR_WORDS },
      graphs: common.adjacencyGraphs,
      l33tMaxSubstitutions: 0,
      maxLength: 32,
    });
  })();
  return estimator;
}

/** 0–4; the person's own name and address count as known words. */
export async function passwordScore(password: string, personalWords: readonly string[] = []): Promise<number> {
  const inputs = personalWords.flatMap((word) => word.toLowerCase().split(/[^\p{L}\p{N}]+/u)).filter((word) => word.length >= 3);
  return (await zxcvbn()).check(password, inputs).score;
}

export async function isGuessablePassword(password: string, personalWords: readonly string[] = []): Promise<boolean> {
  return (await passwordScore(password, personalWords)) < MIN_PASSWORD_SCORE;
}
