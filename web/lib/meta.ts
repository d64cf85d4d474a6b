import type { MetaDescriptor } from 'react-router';
import type { Locale } from '../../common/locales';
import { DEFAULT_LOCALE, INTL_LOCALE, LOCALES, isLocale } from '../../common/locales';

/** What each page loader returns for its head: already translated on the server. */
export interface PageMeta {
  title: string;
  description: string;
  /** Path of the page without the language parameter, e.g. "/about". */
  path: string;
  /** Leave out of search engines (private or not-yet-built screens). */
  noindex?: boolean;
  image?: string;
}

/** What the root loader gives every page for its head. */
export interface SiteMeta {
  siteName: string;
  publicUrl: string;
  locale: Locale;
}

/** Finnish lives at the bare URL; the other languages add `?lang=`. */
export function localizedUrl(site: SiteMeta, path: string, locale: Locale): string {
  const url = `${site.publicUrl}${path}`;
  if (locale === 'fi') return url;
  return `${url}${url.includes('?') ? '&' : '?'}lang=${locale}`;
}

export function pageTitle(title: string, siteName: string): string {
  return title === siteName ? title : `${title} | ${siteName}`;
}

/** The language an address names: its `?lang=`, or Finnish at the bare URL. */
export function urlLocale(search: string): Locale {
  const lang = new URLSearchParams(search).get('lang');
  return isLocale(lang) ? lang : DEFAULT_LOCALE;
}

/**
 * Title with the site-name suffix, description, canonical, hreflang alternates, Open Graph and Twitter card.
 * The canonical (and og:url) is the address the page was asked at, in that address's language
 * (`addressLocale`), even when the visitor's stored or browser language served the page in another:
 * a page never declares another language's address its original (docs/decisions.md, "Which
 * language an address is").
 */
export function buildMeta(
  site: SiteMeta | undefined,
  page: PageMeta | undefined,
  addressLocale: Locale = site?.locale ?? DEFAULT_LOCALE,
): MetaDescriptor[] {
  if (!site || !page) return [];
  const title = pageTitle(page.title, site.siteName);
  const canonical = localizedUrl(site, page.path, addressLocale);
  const tags: MetaDescriptor[] = [
    { title },
    { name: 'description', content: page.description },
    { tagName: 'link', rel: 'canonical', href: canonical },
    ...LOCALES.map((locale) => ({ tagName: 'link', rel: 'alternate', hrefLang: locale, href: localizedUrl(site, page.path, locale) })),
    { tagName: 'link', rel: 'alternate', hrefLang: 'x-default', href: localizedUrl(site, page.path, 'fi') },
    { property: 'og:type', content: 'website' },
    { property: 'og:site_name', content: site.siteName },
    { property: 'og:title', content: title },
    { property: 'og:description', content: page.description },
    { property: 'og:url', content: canonical },
    { property: 'og:locale', content: INTL_LOCALE[site.locale].replace('-', '_') },
    { name: 'twitter:card', content: page.image ? 'summary_large_image' : 'summary' },
    { name: 'twitter:title', content: title },
    { name: 'twitter:description', content: page.description },
  ];
  if (page.image) tags.push({ property: 'og:image', content: page.image }, { name: 'twitter:image', content: page.image });
  if (page.noindex) tags.push({ name: 'robots', content: 'noindex' });
  return tags;
}

interface MetaArgsLike {
  data?: unknown;
  matches: ({ id: string; data?: unknown } | undefined)[];
  /** The address asked for: its `?lang=` decides the canonical's language. */
  location?: { search: string };
}

/** The `meta` export of a page whose loader returns `{ meta: PageMeta }`. */
export function pageMetaFromLoader({ data, matches, location }: MetaArgsLike): MetaDescriptor[] {
  const root = matches.find((m) => m?.id === 'root')?.data as { site?: SiteMeta } | undefined;
  return buildMeta(root?.site, (data as { meta?: PageMeta } | undefined)?.meta, location ? urlLocale(location.search) : undefined);
}
