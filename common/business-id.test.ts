import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { businessIdCheckDigit, isValidBusinessId, normalizeBusinessId, readBusinessId } from './business-id.ts';

/** Public companies' business ids as the trade register shows them (each passes the check below). */
const REAL = {
  Nokia: '0112038-9',
  'Posti Group': '0109357-9',
  Kesko: '0109862-8',
  Valio: '0116297-6',
  Finnair: '0108023-3',
  Sanoma: '1524361-1',
};

describe('business id check digit', () => {
  it('accepts real companies’ ids', () => {
    for (const [company, id] of Object.entries(REAL)) expect(isValidBusinessId(id), company).toBe(true);
  });

  it('computes the digit with weights 7, 9, 10, 5, 8, 4, 2 modulo 11', () => {
    // Nokia: 0·7 + 1·9 + 1·10 + 2·5 + 0·8 + 3·4 + 8·2 = 57; 57 mod 11 = 2; 11 − 2 = 9.
    expect(businessIdCheckDigit('0112038')).toBe(9);
    // 1572860: 7 + 45 + 70 + 10 + 64 + 24 + 0 = 220 = 11·20, remainder 0 gives 0.
    expect(businessIdCheckDigit('1572860')).toBe(0);
    // 1000008: 1·7 + 8·2 = 23, remainder 1: no id has it.
    expect(businessIdCheckDigit('1000008')).toBeNull();
    expect(businessIdCheckDigit('123456')).toBeNull();
  });

  it('refuses every other check digit of a real id', () => {
    for (const id of Object.values(REAL)) {
      for (let digit = 0; digit <= 9; digit += 1) {
        if (String(digit) === id[8]) continue;
        expect(isValidBusinessId(`${id.slice(0, 8)}${digit}`), `${id.slice(0, 8)}${digit}`).toBe(false);
      }
    }
  });

  it('refuses seven digits whose remainder is 1, whatever the check digit', () => {
    for (let digit = 0; digit <= 9; digit += 1) expect(isValidBusinessId(`1000008-${digit}`)).toBe(false);
  });

  it('gives each base at most one valid check digit (none for remainder 1)', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^\d{7}$/), (digits) => {
        const valid = Array.from({ length: 10 }, (_, d) => d).filter((d) => isValidBusinessId(`${digits}-${d}`));
        const expected = businessIdCheckDigit(digits);
        expect(valid).toEqual(expected === null ? [] : [expected]);
      }),
    );
  });
});

describe('normalizeBusinessId', () => {
  it('stores one form: seven digits, a hyphen, the check digit', () => {
    expect(normalizeBusinessId('0112038-9')).toBe('0112038-9');
    expect(normalizeBusinessId(' 0112038 - 9 ')).toBe('0112038-9');
    expect(normalizeBusinessId('0112038–9')).toBe('0112038-9'); // en dash
    expect(normalizeBusinessId('0112038−9')).toBe('0112038-9'); // minus sign
    expect(normalizeBusinessId('０１１２０３８-９')).toBe('0112038-9'); // full-width digits
  });

  it('writes the old six-digit form with its leading zero', () => {
    expect(normalizeBusinessId('112038-9')).toBe('0112038-9');
    expect(normalizeBusinessId('109357-9')).toBe('0109357-9');
  });

  it('reads the VAT number’s form (FI and eight digits)', () => {
    expect(normalizeBusinessId('FI01120389')).toBe('0112038-9');
    expect(normalizeBusinessId('fi 0112 0389')).toBe('0112038-9');
    expect(normalizeBusinessId('01120389')).toBe('0112038-9');
  });

  it('refuses what is no business id', () => {
    for (const bad of [
      '',
      '-',
      '0112038-8', // wrong check digit
      '1234567-8',
      '0112038', // no check digit
      '1120389', // seven digits without a hyphen: ambiguous
      '12345-6',
      '12345678-9',
      '0112038-98',
      'FI0112038-9',
      'SE01120389',
      'abcdefg-h',
      '0112038_9',
      `${'0'.repeat(30)}112038-9`,
    ]) {
      expect(normalizeBusinessId(bad), bad).toBeNull();
    }
  });
});

describe('readBusinessId', () => {
  it('tells a wrong shape from a wrong check digit', () => {
    expect(readBusinessId('112038-9')).toEqual({ id: '0112038-9' });
    for (const check of ['0112038-8', 'FI01120388', '1000008-0', '112038-1'])
      expect(readBusinessId(check), check).toEqual({ problem: 'check' });
    for (const format of ['0112038', '12345', 'Y-tunnus', '0112038-', '', `${'1'.repeat(25)}-1`])
      expect(readBusinessId(format), format).toEqual({ problem: 'format' });
  });
});
