import { describe, expect, it } from 'vitest';
import { AD_STATUSES } from './ad-rules.ts';
import {
  AD_PRICE_MAX_CENTS,
  OWNER_STATUSES,
  guessAdLanguage,
  lengthProblem,
  ownerChoices,
  ownerMayMove,
  parsePriceCents,
  priceProblem,
} from './ad-rules.ts';

describe('parsePriceCents', () => {
  it.each([
    ['0', 0],
    ['25', 2500],
    ['12,5', 1250],
    ['12.50', 1250],
    ['1 200', 120_000],
    ['1\u00a0200,00 €', 120_000],
    ['99999999,99', 9_999_999_999],
  ])('reads %s as %i cents', (text, cents) => {
    expect(parsePriceCents(text)).toBe(cents);
  });

  it.each(['', 'abc', '-5', '1,234', '1.2.3', '12e3', '0x10', '123456789'])('refuses %j', (text) => {
    expect(parsePriceCents(text)).toBeUndefined();
  });
});

describe('the field rules both sides apply', () => {
  it('checks a length as required, then at least, then at most', () => {
    expect(lengthProblem('', 3, 5)).toEqual({ key: 'validation.required' });
    expect(lengthProblem('ab', 3, 5)).toEqual({ key: 'validation.min_length', params: { limit: 3 } });
    expect(lengthProblem('abc', 3, 5)).toBeUndefined();
    expect(lengthProblem('abcdef', 3, 5)).toEqual({ key: 'validation.max_length', params: { limit: 5 } });
  });

  it('checks a price as required, not negative, a price, and within the maximum', () => {
    expect(priceProblem('', undefined)).toEqual({ key: 'validation.required' });
    expect(priceProblem('-5', undefined)).toEqual({ key: 'ads.price_negative' });
    expect(priceProblem('abc', undefined)).toEqual({ key: 'ads.price_format' });
    expect(priceProblem('12,50', 1250)).toBeUndefined();
    expect(priceProblem('0', 0)).toBeUndefined();
    expect(priceProblem('x', AD_PRICE_MAX_CENTS + 1)).toEqual({ key: 'ads.price_max', params: { limit: AD_PRICE_MAX_CENTS / 100 } });
  });
});

describe('the owner transition table', () => {
  it('only ever offers the statuses a seller may pick, and active only after an approval', () => {
    for (const from of AD_STATUSES) {
      for (const approved of [true, false]) {
        const choices = ownerChoices(from, approved);
        expect(choices.every((to) => (OWNER_STATUSES as readonly string[]).includes(to))).toBe(true);
        expect(choices.includes('active')).toBe(approved && ['sold', 'reserved', 'disabled'].includes(from));
      }
    }
  });

  it('keeps ads in review, rejected or new out of the owner’s hands', () => {
    for (const from of ['new', 'moderate', 'canceled'] as const) {
      for (const to of AD_STATUSES) expect(ownerMayMove(from, to, true)).toBe(false);
    }
  });

  it('never allows a move to the same status', () => {
    for (const status of AD_STATUSES) expect(ownerMayMove(status, status, true)).toBe(false);
  });
});

describe('guessAdLanguage', () => {
  it.each([
    ['Myydään polkupyörä, hyvä kunto. Nouto Tampereelta.', 'fi'],
    ['Kulmasohva', 'fi'],
    ['Cykel säljes, bra skick, hämtas i Vasa', 'sv'],
    ['Bike for sale, very good condition, pick up in Espoo', 'en'],
    ['Продаю велосипед в хорошем состоянии', 'ru'],
    ['', 'fi'],
  ])('%s → %s', (text, language) => {
    expect(guessAdLanguage(text)).toBe(language);
  });
});
