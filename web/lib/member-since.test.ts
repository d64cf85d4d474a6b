import { describe, expect, it } from 'vitest';
import { monthSince } from '../../common/month-forms';
import en from '../i18n/en.json';
import fi from '../i18n/fi.json';
import ru from '../i18n/ru.json';
import { createI18n } from './i18n';

/** The seller's "member since" line as the ad page and the seller page write it. */
const memberSince = (locale: 'fi' | 'en' | 'ru') =>
  createI18n(locale, { fi, en, ru }).t('ad.member_since', { date: monthSince('2026-11-03T10:00:00Z', locale) });

describe('member since', () => {
  it('reads as Finnish, English and Russian grammar wants it', () => {
    expect(memberSince('fi')).toBe('Jäsen marraskuusta 2026');
    expect(memberSince('en')).toBe('Member since November 2026');
    expect(memberSince('ru')).toBe('На сайте с ноября 2026 г.');
  });
});
