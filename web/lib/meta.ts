import type { MetaDescriptor } from 'react-router';
import type { Locale } from '../../common/locales';
import { LOCALES } from '../../common/locales';

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

const OG_LOCALE: Record<Locale, string> = { fi: 'fi_FI', en: 'en_GB', ru: 'ru_RU' };

/** Finnish lives at the bare URL; the other languages add `?lang=`. */
export function localizedUrl(site: SiteMeta, path: string, locale: Locale): string {
  const url = `${site.publicUrl}${path}`;
  if (locale === 'fi') return url;
  return `${url}${url.includes('?') ? '&' : '?'}lang=${locale}`;
}

export function pageTitle(title: string, siteName: string): string {
  return title === siteName ? title : `${title} | ${siteName}`;
}

/** Title with the site-name suffix, description, canonical, hreflang alternates, Open Graph and Twitter card. */
export function buildMeta(site: SiteMeta | undefined, page: PageMeta | undefined): MetaDescriptor[] {
  if (!site || !page) return [];
  const title = pageTitle(page.title, site.siteName);
  const canonical = localizedUrl(site, page.path, site.locale);
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
    { property: 'og:locale', content: OG_LOCALE[site.locale] },
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
}

/** The `meta` export of a page whose loader returns `{ meta: PageMeta }`. */
export function pageMetaFromLoader({ data, matches }: MetaArgsLike): MetaDescriptor[] {
  const root = matches.find((m) => m?.id === 'root')?.data as { site?: SiteMeta } | undefined;
  return buildMeta(root?.site, (data as { meta?: PageMeta } | undefined)?.meta);
}
