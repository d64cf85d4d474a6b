import { useEffect, useRef } from 'react';
import { Link, useNavigate } from 'react-router';
import { AppError } from '../../common/errors';
import { isLocale, languageName, type Locale } from '../../common/locales';
import { Breadcrumbs } from '../components/breadcrumbs';
import { RichTextView } from '../components/rich-text-view';
import { useLanguage } from '../hooks/use-language';
import { formatDate } from '../lib/format';
import { type SiteMeta, localizedUrl, pageMetaFromLoader } from '../lib/meta';
import { notFound } from '../lib/page.server';
import { useTranslation } from '../lib/use-translation';
import type { Route } from './+types/blog-post';

/** One published post; a draft, an archived, a not-yet-due or an unknown one is a real 404. */
export async function loader({ context, params }: Route.LoaderArgs) {
  let post;
  try {
    post = await context.services.blog.publicPost(params.slug, context.locale);
  } catch (error) {
    if (AppError.is(error) && error.code === 'not_found') throw notFound();
    throw error;
  }
  const absolute = (url: string) => (url.startsWith('http') ? url : `${context.site.publicUrl}${url}`);
  const path = `/blog/${post.slug}`;
  const image = post.cover ? absolute(post.cover.url) : undefined;
  const postUrl = (slug: string, locale: string) =>
    localizedUrl({ ...context.site, locale: context.locale }, `/blog/${slug}`, locale as Locale);
  const jsonLd = {
    '@context': 'https://schema.org',
    '@type': 'Article',
    headline: post.title,
    description: post.description,
    inLanguage: post.locale,
    datePublished: post.publish_at,
    dateModified: post.updated_at,
    mainEntityOfPage: postUrl(post.slug, post.locale),
    ...(image ? { image: [image] } : {}),
    ...(post.author_name ? { author: { '@type': 'Person', name: post.author_name } } : {}),
    ...(post.category ? { articleSection: post.category.name } : {}),
    publisher: { '@type': 'Organization', name: context.site.siteName, url: context.site.publicUrl },
  };
  return {
    meta: { title: post.title, description: post.description, path, ...(image ? { image } : {}) },
    post,
    jsonLd,
  };
}

/**
 * The page's head: the common tags, but the canonical is the post in its own language and the
 * hreflang alternates are its translations (each has a slug of its own).
 */
export function meta(args: Route.MetaArgs) {
  const tags = pageMetaFromLoader(args);
  if (!args.data) return tags;
  const site = (args.matches.find((m) => m?.id === 'root')?.data as { site?: SiteMeta } | undefined)?.site;
  if (!site) return tags;
  const { post } = args.data;
  const href = (slug: string, locale: string) => localizedUrl(site, `/blog/${slug}`, isLocale(locale) ? locale : 'fi');
  const canonical = href(post.slug, post.locale);
  const fallback = post.translations.find((t) => t.locale === 'fi') ?? post;
  return [
    ...tags
      .filter((tag) => !('rel' in tag && (tag.rel === 'alternate' || tag.rel === 'canonical')))
      .map((tag) => {
        if ('property' in tag && tag.property === 'og:type') return { property: 'og:type', content: 'article' };
        if ('property' in tag && tag.property === 'og:url') return { property: 'og:url', content: canonical };
        return tag;
      }),
    { tagName: 'link', rel: 'canonical', href: canonical },
    ...post.translations.map((t) => ({ tagName: 'link', rel: 'alternate', hrefLang: t.locale, href: href(t.slug, t.locale) })),
    { tagName: 'link', rel: 'alternate', hrefLang: 'x-default', href: href(fallback.slug, fallback.locale) },
    { property: 'article:published_time', content: post.publish_at },
    { property: 'article:modified_time', content: post.updated_at },
    { 'script:ld+json': args.data.jsonLd },
  ];
}

/** When the reader switches the site's language, the post follows to its translation in that language. */
function useFollowLanguage(translations: { locale: string; slug: string }[]) {
  const { locale } = useLanguage();
  const navigate = useNavigate();
  const previous = useRef(locale);
  useEffect(() => {
    if (previous.current === locale) return;
    previous.current = locale;
    const translation = translations.find((t) => t.locale === locale);
    if (translation) void navigate(`/blog/${translation.slug}`, { replace: true });
  }, [locale, translations, navigate]);
}

export default function BlogPost({ loaderData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation();
  const { post } = loaderData;
  useFollowLanguage(post.translations);
  const others = post.translations.filter((translation) => translation.locale !== post.locale);
  return (
    <>
      <Breadcrumbs
        crumbs={[
          { name: t('blog.heading'), href: '/blog' },
          ...(post.category ? [{ name: post.category.name, href: `/blog?category=${post.category.slug}` }] : []),
        ]}
      />
      <article lang={post.locale} className="mx-auto max-w-3xl">
        <header className="mb-6 space-y-3">
          <h1 className="text-3xl leading-tight font-bold sm:text-4xl">{post.title}</h1>
          <p className="flex flex-wrap gap-x-3 text-sm text-muted">
            <span>
              {t('blog.published_on')} <time dateTime={post.publish_at}>{formatDate(post.publish_at, i18n.language)}</time>
            </span>
            {post.author_name && <span>{t('blog.by_author', { name: post.author_name })}</span>}
          </p>
          {post.excerpt && <p className="text-lg text-muted">{post.excerpt}</p>}
        </header>
        {post.cover && (
          <img
            src={post.cover.url}
            alt={post.cover.alt}
            width={post.cover.width ?? undefined}
            height={post.cover.height ?? undefined}
            className="mb-8 aspect-[16/9] w-full rounded-xl bg-sunken object-cover"
          />
        )}
        <RichTextView html={post.body_html} />
        <footer className="mt-10 flex flex-wrap items-center justify-between gap-4 border-t border-line pt-6 text-sm">
          <Link to="/blog" className="font-medium text-brand hover:underline">
            {t('blog.back_to_blog')}
          </Link>
          {others.length > 0 && (
            <p className="flex flex-wrap gap-2">
              <span className="text-muted">{t('blog.other_languages')}</span>
              {others.map((translation) => (
                <Link
                  key={translation.locale}
                  to={`/blog/${translation.slug}${translation.locale === 'fi' ? '?lang=fi' : `?lang=${translation.locale}`}`}
                  hrefLang={translation.locale}
                  lang={translation.locale}
                  className="font-medium text-brand hover:underline"
                >
                  {languageName(translation.locale)}
                </Link>
              ))}
            </p>
          )}
        </footer>
      </article>
    </>
  );
}
