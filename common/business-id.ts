/**
 * Finnish business ids (Y-tunnus, "FO-nummer"): seven digits, a hyphen and a check digit. The
 * check digit is the sum of the digits times 7, 9, 10, 5, 8, 4, 2 modulo 11: remainder 0 gives 0,
 * any other remainder r gives 11 − r, and remainder 1 is never issued (no such id exists).
 */
const WEIGHTS = [7, 9, 10, 5, 8, 4, 2] as const;

/** The longest business id a person may type (spaces, an "FI" prefix and all). */
export const BUSINESS_ID_INPUT_MAX = 20;

/** The check digit of seven digits, or null for the remainder 1 no business id has. */
export function businessIdCheckDigit(digits: string): number | null {
  if (!/^\d{7}$/.test(digits)) return null;
  const sum = [...digits].reduce((total, digit, i) => total + Number(digit) * WEIGHTS[i]!, 0);
  const remainder = sum % 11;
  if (remainder === 0) return 0;
  if (remainder === 1) return null;
  return 11 - remainder;
}

/**
 * A business id as people write it, in the one form we store ("0112038-9"), or null when it is no
 * business id at all (wrong shape or wrong check digit). Accepted: spaces anywhere, an en dash or
 * minus sign for the hyphen, the old six-digit form ("112038-9", written today with a leading 0),
 * and the VAT number's form ("FI01120389", "01120389": eight digits without a hyphen).
 */
export function normalizeBusinessId(input: string): string | null {
  const compact = input
    .normalize('NFKC')
    .replace(/\s+/g, '')
    .replace(/[\u2010-\u2015\u2212]/g, '-')
    .toUpperCase();
  if (compact.length > BUSINESS_ID_INPUT_MAX) return null;
  const match = /^(\d{6,7})-(\d)$/.exec(compact) ?? /^(?:FI)?(\d{7})(\d)$/.exec(compact);
  if (!match) return null;
  const digits = match[1]!.padStart(7, '0');
  return businessIdCheckDigit(digits) === Number(match[2]) ? `${digits}-${match[2]}` : null;
}

/** Whether the text is a real business id (its check digit right), in any form normalizeBusinessId accepts. */
export function isValidBusinessId(input: string): boolean {
  return normalizeBusinessId(input) !== null;
}
