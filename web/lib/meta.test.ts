import type { MetaDescriptor } from 'react-router';
import { describe, expect, it } from 'vitest';
import { type PageMeta, type SiteMeta, buildMeta, localizedUrl, pageMetaFromLoader, pageTitle, urlLocale } from './meta';
import { LOCALES } from '../../common/locales';

const site = (locale: SiteMeta['locale']): SiteMeta => ({ siteName: 'Kauppis', publicUrl: 'https://kauppis.fi', locale });
const about: PageMeta = { title: 'About', description: 'What the site is.', path: '/about' };

function find(tags: MetaDescriptor[], predicate: (tag: Record<string, unknown>) => boolean) {
  return tags.filter((tag) => predicate(tag as Record<string, unknown>)) as Record<string, unknown>[];
}
const byName = (tags: MetaDescriptor[], name: string) => find(tags, (t) => t.name === name);
const byProperty = (tags: MetaDescriptor[], property: string) => find(tags, (t) => t.property === property);
const links = (tags: MetaDescriptor[], rel: string) => find(tags, (t) => t.tagName === 'link' && t.rel === rel);

describe('pageTitle', () => {
  it("adds the ' | Site' suffix", () => {
    expect(pageTitle('About', 'Kauppis')).toBe('About | Kauppis');
  });

  it('does not double the suffix when the title equals the site name', () => {
    expect(pageTitle('Kauppis', 'Kauppis')).toBe('Kauppis');
  });
});

describe('localizedUrl', () => {
  it('keeps Finnish at the bare URL', () => {
    expect(localizedUrl(site('fi'), '/about', 'fi')).toBe('https://kauppis.fi/about');
  });

  it('adds ?lang= for en and ru', () => {
    expect(localizedUrl(site('fi'), '/about', 'en')).toBe('https://kauppis.fi/about?lang=en');
    expect(localizedUrl(site('fi'), '/about', 'ru')).toBe('https://kauppis.fi/about?lang=ru');
  });

  it('adds &lang= to a path that already has a query', () => {
    expect(localizedUrl(site('fi'), '/reset-password/abc?email=a%40b.fi', 'ru')).toBe(
      'https://kauppis.fi/reset-password/abc?email=a%40b.fi&lang=ru',
    );
  });
});

describe('buildMeta', () => {
  it('gives nothing without the site or the page', () => {
    expect(buildMeta(undefined, about)).toEqual([]);
    expect(buildMeta(site('fi'), undefined)).toEqual([]);
  });

  it("gives a title with the ' | Site' suffix and the description", () => {
    const tags = buildMeta(site('fi'), about);
    expect(find(tags, (t) => 'title' in t)).toEqual([{ title: 'About | Kauppis' }]);
    expect(byName(tags, 'description')).toEqual([{ name: 'description', content: 'What the site is.' }]);
  });

  it('does not double the suffix on the front page whose title is the site name', () => {
    const tags = buildMeta(site('fi'), { ...about, title: 'Kauppis', path: '/' });
    expect(find(tags, (t) => 'title' in t)).toEqual([{ title: 'Kauppis' }]);
  });

  it('gives a canonical link in the current language', () => {
    expect(links(buildMeta(site('fi'), about), 'canonical')).toEqual([
      { tagName: 'link', rel: 'canonical', href: 'https://kauppis.fi/about' },
    ]);
    expect(links(buildMeta(site('en'), about), 'canonical')[0].href).toBe('https://kauppis.fi/about?lang=en');
    expect(links(buildMeta(site('ru'), about), 'canonical')[0].href).toBe('https://kauppis.fi/about?lang=ru');
  });

  it("declares the asked address canonical when the visitor's language served the page in another", () => {
    // An English reader (cookie or browser) at the bare Finnish address: the canonical is that address.
    const tags = buildMeta(site('en'), about, 'fi');
    expect(links(tags, 'canonical')[0].href).toBe('https://kauppis.fi/about');
    expect(byProperty(tags, 'og:url')[0].content).toBe('https://kauppis.fi/about');
    expect(byProperty(tags, 'og:locale')[0].content).toBe('en_GB');
    expect(links(buildMeta(site('fi'), about, 'ru'), 'canonical')[0].href).toBe('https://kauppis.fi/about?lang=ru');
  });

  it('gives hreflang alternates for every language and x-default, with ?lang= for all but Finnish', () => {
    for (const locale of LOCALES) {
      const alternates = links(buildMeta(site(locale), about), 'alternate');
      expect(Object.fromEntries(alternates.map((a) => [a.hrefLang, a.href]))).toEqual({
        fi: 'https://kauppis.fi/about',
        sv: 'https://kauppis.fi/about?lang=sv',
        en: 'https://kauppis.fi/about?lang=en',
        ru: 'https://kauppis.fi/about?lang=ru',
        'x-default': 'https://kauppis.fi/about',
      });
      expect(alternates).toHaveLength(LOCALES.length + 1);
    }
  });

  it('gives Open Graph tags', () => {
    const tags = buildMeta(site('en'), about);
    const og = Object.fromEntries(find(tags, (t) => String(t.property ?? '').startsWith('og:')).map((t) => [t.property, t.content]));
    expect(og).toEqual({
      'og:type': 'website',
      'og:site_name': 'Kauppis',
      'og:title': 'About | Kauppis',
      'og:description': 'What the site is.',
      'og:url': 'https://kauppis.fi/about?lang=en',
      'og:locale': 'en_GB',
    });
  });

  it('gives the Open Graph locale of each language', () => {
    expect(byProperty(buildMeta(site('fi'), about), 'og:locale')[0].content).toBe('fi_FI');
    expect(byProperty(buildMeta(site('ru'), about), 'og:locale')[0].content).toBe('ru_RU');
  });

  it('gives a Twitter summary card without an image', () => {
    const tags = buildMeta(site('fi'), about);
    const twitter = Object.fromEntries(find(tags, (t) => String(t.name ?? '').startsWith('twitter:')).map((t) => [t.name, t.content]));
    expect(twitter).toEqual({
      'twitter:card': 'summary',
      'twitter:title': 'About | Kauppis',
      'twitter:description': 'What the site is.',
    });
    expect(byProperty(tags, 'og:image')).toEqual([]);
  });

  it('gives a large-image Twitter card and og:image when the page has an image', () => {
    const tags = buildMeta(site('fi'), { ...about, image: 'https://kauppis.fi/img/1.jpg' });
    expect(byName(tags, 'twitter:card')[0].content).toBe('summary_large_image');
    expect(byName(tags, 'twitter:image')[0].content).toBe('https://kauppis.fi/img/1.jpg');
    expect(byProperty(tags, 'og:image')[0].content).toBe('https://kauppis.fi/img/1.jpg');
  });

  it('adds noindex when asked', () => {
    expect(byName(buildMeta(site('fi'), { ...about, noindex: true }), 'robots')).toEqual([{ name: 'robots', content: 'noindex' }]);
  });

  it('leaves robots out when noindex is not asked', () => {
    expect(byName(buildMeta(site('fi'), about), 'robots')).toEqual([]);
    expect(byName(buildMeta(site('fi'), { ...about, noindex: false }), 'robots')).toEqual([]);
  });
});

describe('urlLocale', () => {
  it("reads the address's ?lang=, Finnish at the bare address or for an unknown language", () => {
    expect(urlLocale('?lang=en')).toBe('en');
    expect(urlLocale('?q=pyörä&lang=ru')).toBe('ru');
    expect(urlLocale('')).toBe('fi');
    expect(urlLocale('?lang=de')).toBe('fi');
  });
});

describe('pageMetaFromLoader', () => {
  it('takes the canonical language from the address, not from the language the page is in', () => {
    const tags = pageMetaFromLoader({
      data: { meta: about },
      matches: [{ id: 'root', data: { site: site('en') } }],
      location: { search: '' },
    });
    expect(links(tags, 'canonical')[0].href).toBe('https://kauppis.fi/about');
  });

  it("builds the meta from the root loader's site and the page loader's meta", () => {
    const tags = pageMetaFromLoader({
      data: { meta: about },
      matches: [
        { id: 'root', data: { site: site('ru') } },
        { id: 'routes/about', data: { meta: about } },
      ],
    });
    expect(tags).toEqual(buildMeta(site('ru'), about));
  });

  it('gives nothing when a loader has no data (for example on an error)', () => {
    expect(pageMetaFromLoader({ data: undefined, matches: [{ id: 'root', data: { site: site('fi') } }] })).toEqual([]);
    expect(pageMetaFromLoader({ data: { meta: about }, matches: [undefined] })).toEqual([]);
  });
});
