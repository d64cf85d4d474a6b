import { describe, expect, it, vi } from 'vitest';
import { Translator } from './translator';

const fi = {
  greeting: 'Hei {{name}}!',
  results: 'Ilmoituksia: {{count}}',
  only_fi: 'Vain suomeksi',
  ads_one: '{{count}} ilmoitus',
  ads_other: '{{count}} ilmoitusta',
  nav: { home: 'Etusivu', deep: { down: 'Syvällä' } },
  friend: 'Ystävä',
  friend_male: 'Poikaystävä',
  friend_male_one: '{{count}} poikaystävä',
  friend_male_other: '{{count}} poikaystävää',
  empty: '',
};
const en = {
  greeting: 'Hello {{name}}!',
  pair: '{{a}} and {{ b }}, {{a}} again',
  ads_zero: 'No ads',
  ads_one: '{{count}} ad',
  ads_other: '{{count}} ads',
  nav: { home: 'Home' },
  friend: 'A friend',
  friend_female: 'A girlfriend',
};
const ru = {
  ads_one: '{{count}} объявление',
  ads_few: '{{count}} объявления',
  ads_many: '{{count}} объявлений',
  ads_other: '{{count}} объявления (дробь)',
};

const translator = new Translator({ language: 'fi', fallbackLanguage: 'fi', resources: { fi, en, ru } });
const tFi = translator.getFixedT('fi');
const tEn = translator.getFixedT('en');
const tRu = translator.getFixedT('ru');

describe('the translator', () => {
  it('fills in {{names}} as they are, without HTML escaping', () => {
    expect(tEn('greeting', { name: '<b>Tom & Jerry</b>' })).toBe('Hello <b>Tom & Jerry</b>!');
    expect(tEn('pair', { a: 1, b: 'two' })).toBe('1 and two, 1 again');
    expect(tFi('results', { count: 0 })).toBe('Ilmoituksia: 0');
  });

  it('keeps {{name}} for a value not given, and writes nothing for one given as undefined or null', () => {
    expect(tEn('greeting')).toBe('Hello {{name}}!');
    expect(tEn('greeting', { other: 'x' })).toBe('Hello {{name}}!');
    expect(tEn('greeting', { name: undefined })).toBe('Hello !');
    expect(tEn('greeting', { name: null })).toBe('Hello !');
  });

  it('picks the plural form by count in Finnish and English, with _zero for 0 where there is one', () => {
    expect(tFi('ads', { count: 1 })).toBe('1 ilmoitus');
    expect(tFi('ads', { count: 0 })).toBe('0 ilmoitusta');
    expect(tFi('ads', { count: 5 })).toBe('5 ilmoitusta');
    expect(tEn('ads', { count: 0 })).toBe('No ads');
    expect(tEn('ads', { count: 1 })).toBe('1 ad');
    expect(tEn('ads', { count: 2 })).toBe('2 ads');
  });

  it('picks the Russian forms one, few and many as Intl.PluralRules says', () => {
    expect([1, 2, 5, 21, 22, 25, 11, 12, 111].map((count) => tRu('ads', { count }))).toEqual([
      '1 объявление',
      '2 объявления',
      '5 объявлений',
      '21 объявление',
      '22 объявления',
      '25 объявлений',
      '11 объявлений',
      '12 объявлений',
      '111 объявлений',
    ]);
    expect(tRu('ads', { count: 1.5 })).toBe('1.5 объявления (дробь)');
  });

  it('uses the key itself when it has no plural forms, and no plural form for a count given as text', () => {
    expect(tFi('results', { count: 3 })).toBe('Ilmoituksia: 3');
    expect(tEn('ads', { count: '1' })).toBe('ads');
  });

  it('looks up key_context (and its plural forms) first and falls back to the key', () => {
    expect(tEn('friend', { context: 'female' })).toBe('A girlfriend');
    expect(tEn('friend', { context: 'other' })).toBe('A friend');
    expect(tEn('friend', { context: '' })).toBe('A friend');
    expect(tFi('friend', { context: 'male' })).toBe('Poikaystävä');
    expect(tFi('friend', { context: 'male', count: 2 })).toBe('2 poikaystävää');
    expect(tFi('friend', { context: 'female', count: 2 })).toBe('Ystävä');
  });

  it('falls back to Finnish for a key the language does not have, with Finnish plural rules', () => {
    expect(tEn('only_fi')).toBe('Vain suomeksi');
    expect(tRu('nav.home')).toBe('Etusivu');
    expect(tRu('friend', { context: 'male', count: 1 })).toBe('1 poikaystävä');
  });

  it('uses defaultValue (filled in) when no language has the key, and the key itself last', () => {
    expect(tEn('status.nope', { defaultValue: 'nope {{n}}', n: 3 })).toBe('nope 3');
    expect(tEn('nav.home', { defaultValue: 'unused' })).toBe('Home');
    expect(tEn('no.such.key')).toBe('no.such.key');
    expect(tRu('no.such.key', { count: 2 })).toBe('no.such.key');
  });

  it('reads nested objects by dotted keys; a key naming an object is missing', () => {
    expect(tFi('nav.deep.down')).toBe('Syvällä');
    expect(tEn('nav.deep.down')).toBe('Syvällä');
    expect(tFi('nav')).toBe('nav');
    expect(tFi('nav.deep', { defaultValue: 'group' })).toBe('group');
    expect(translator.exists('nav.deep')).toBe(false);
    expect(translator.exists('nav.home')).toBe(true);
  });

  it('returns an empty text as it is', () => {
    expect(tFi('empty', { defaultValue: 'x' })).toBe('');
  });

  it('gives the same t for a language until its texts change', () => {
    expect(translator.getFixedT('en')).toBe(tEn);
    const own = new Translator({ language: 'en', fallbackLanguage: 'fi', resources: { fi, en } });
    const before = own.getFixedT('en');
    const listener = vi.fn();
    own.subscribe(listener);
    own.addResourceBundle('en', { later: { text: 'Arrived later' } });
    const after = own.getFixedT('en');
    expect(after).not.toBe(before);
    expect(after('later.text')).toBe('Arrived later');
    expect(after('nav.home')).toBe('Home');
    expect(listener).toHaveBeenCalledTimes(1);
  });

  it('adds texts quietly when nothing missed one: the same t reads them, and nobody is told', () => {
    const own = new Translator({ language: 'en', fallbackLanguage: 'fi', resources: { fi, en } });
    const before = own.getFixedT('en');
    const listener = vi.fn();
    own.subscribe(listener);
    expect(before('nav.home')).toBe('Home');
    own.addResourceBundle('en', { later: { text: 'Arrived later' } }, { quiet: true });
    expect(own.getFixedT('en')).toBe(before);
    expect(before('later.text')).toBe('Arrived later');
    expect(listener).not.toHaveBeenCalled();
  });

  it('tells of a missed text, and a quiet add after it re-renders (a page reached before the rest of the texts)', () => {
    const onMissing = vi.fn();
    const own = new Translator({ language: 'en', fallbackLanguage: 'fi', resources: { fi, en }, onMissing });
    const before = own.getFixedT('en');
    const listener = vi.fn();
    own.subscribe(listener);
    expect(before('later.text')).toBe('later.text');
    expect(onMissing).toHaveBeenCalledWith('later.text', 'en');
    expect(own.exists('later.other')).toBe(false);
    expect(onMissing).toHaveBeenCalledTimes(1);
    own.addResourceBundle('en', { later: { text: 'Arrived later' } }, { quiet: true });
    expect(listener).toHaveBeenCalledTimes(1);
    const after = own.getFixedT('en');
    expect(after).not.toBe(before);
    expect(after('later.text')).toBe('Arrived later');
    // The miss is answered: the next quiet add is quiet again.
    own.addResourceBundle('en', { later: { more: 'More' } }, { quiet: true });
    expect(listener).toHaveBeenCalledTimes(1);
    expect(own.getFixedT('en')).toBe(after);
  });

  it('switches language, tells the subscribers, and translates i18n.t in the current one', () => {
    const own = new Translator({ language: 'fi', fallbackLanguage: 'fi', resources: { fi } });
    const listener = vi.fn();
    const unsubscribe = own.subscribe(listener);
    expect(own.hasResourceBundle('en')).toBe(false);
    own.addResourceBundle('en', en);
    own.changeLanguage('en');
    expect(own.language).toBe('en');
    expect(own.t('nav.home')).toBe('Home');
    own.changeLanguage('en');
    expect(listener).toHaveBeenCalledTimes(2);
    unsubscribe();
    own.changeLanguage('fi');
    expect(listener).toHaveBeenCalledTimes(2);
    expect(own.t('nav.home')).toBe('Etusivu');
  });
});
