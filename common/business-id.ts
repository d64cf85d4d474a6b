/**
 * Finnish business ids (Y-tunnus, "FO-nummer"): seven digits, a hyphen and a check digit. The
 * check digit is the sum of the digits times 7, 9, 10, 5, 8, 4, 2 modulo 11: remainder 0 gives 0,
 * any other remainder r gives 11 − r, and remainder 1 is never issued (no such id exists).
 */
const WEIGHTS = [7, 9, 10, 5, 8, 4, 2] as const;

/** The longest company name and address a trader's profile keeps (the trade register's longest names fit). */
export const COMPANY_NAME_MAX = 200;
export const COMPANY_ADDRESS_MAX = 300;

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
 * A business id as people write it, read: its one stored form ("0112038-9"), or what is wrong with
 * it ("format": not shaped like a business id; "check": shaped like one, but the check digit is
 * wrong). Accepted: spaces anywhere, an en dash or minus sign for the hyphen, the old six-digit form
 * ("112038-9", written today with a leading 0), and the VAT number's form ("FI01120389",
 * "01120389": eight digits without a hyphen).
 */
export function readBusinessId(input: string): { id: string } | { problem: 'format' | 'check' } {
  const compact = input
    .normalize('NFKC')
    .replace(/\s+/g, '')
    .replace(/[\u2010-\u2015\u2212]/g, '-')
    .toUpperCase();
  const match = compact.length <= BUSINESS_ID_INPUT_MAX ? (/^(\d{6,7})-(\d)$/.exec(compact) ?? /^(?:FI)?(\d{7})(\d)$/.exec(compact)) : null;
  if (!match) return { problem: 'format' };
  const digits = match[1]!.padStart(7, '0');
  return businessIdCheckDigit(digits) === Number(match[2]) ? { id: `${digits}-${match[2]}` } : { problem: 'check' };
}

/** The stored form of a business id ("0112038-9"), or null when it is none (see readBusinessId). */
export function normalizeBusinessId(input: string): string | null {
  const read = readBusinessId(input);
  return 'id' in read ? read.id : null;
}

/** Whether the text is a real business id (its check digit right), in any form readBusinessId accepts. */
export function isValidBusinessId(input: string): boolean {
  return normalizeBusinessId(input) !== null;
}
