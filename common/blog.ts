/**
 * Blog rules both sides need: the statuses a post moves through, slugs, and the limits of each
 * field (the editor shows them; the server enforces them).
 */
import { LOCALES, LOCALE_INFO, type Locale } from './locales.ts';

/** draft → scheduled (appears by itself at its time) or published → archived (gone from the public side). */
export const BLOG_STATUSES = ['draft', 'scheduled', 'published', 'archived'] as const;
export type BlogStatus = (typeof BLOG_STATUSES)[number];

export function isBlogStatus(value: unknown): value is BlogStatus {
  return typeof value === 'string' && (BLOG_STATUSES as readonly string[]).includes(value);
}

/**
 * What a post is for readers now: a scheduled post whose time has come is published, without any
 * job having to flip it.
 */
export function effectiveBlogStatus(status: BlogStatus, publishAt: Date | string | null, now = new Date()): BlogStatus {
  if (status === 'scheduled' && publishAt !== null && new Date(publishAt).getTime() <= now.getTime()) return 'published';
  return status;
}

export const BLOG_LIMITS = { title: 200, slug: 80, excerpt: 500, coverAlt: 200, categoryName: 60 } as const;

/** Posts per page on the public index and in the editors' list. */
export const BLOG_PAGE_SIZE = 12;
export const BLOG_ADMIN_PAGE_SIZE = 20;

/** Lower-case letters and digits in dash-separated parts. */
export const BLOG_SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

const CYRILLIC: Record<string, string> = {
  а: 'a',
  б: 'b',
  в: 'v',
  г: 'g',
  д: 'd',
  е: 'e',
  ё: 'e',
  ж: 'zh',
  з: 'z',
  и: 'i',
  й: 'i',
  к: 'k',
  л: 'l',
  м: 'm',
  н: 'n',
  о: 'o',
  п: 'p',
  р: 'r',
  с: 's',
  т: 't',
  у: 'u',
  ф: 'f',
  х: 'h',
  ц: 'ts',
  ч: 'ch',
  ш: 'sh',
  щ: 'shch',
  ъ: '',
  ы: 'y',
  ь: '',
  э: 'e',
  ю: 'yu',
  я: 'ya',
};

/**
 * A slug from a title: Finnish and other accented letters folded (ä → a, ö → o, å → a), Russian
 * transliterated, everything else a dash ("Kesän parhaat löydöt!" → "kesan-parhaat-loydot").
 */
export function slugFromTitle(title: string): string {
  return title
    .toLowerCase()
    .replace(/[а-яё]/g, (letter) => CYRILLIC[letter] ?? '')
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/ß/g, 'ss')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, BLOG_LIMITS.slug)
    .replace(/-+$/, '');
}

/** The language of a post, as the spec's `language` (id and code). */
export const BLOG_LANGUAGE_IDS: Readonly<Record<Locale, number>> = Object.fromEntries(
  LOCALES.map((locale) => [locale, LOCALE_INFO[locale].id]),
) as Record<Locale, number>;
