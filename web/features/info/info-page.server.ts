import type { AppLoadContext } from 'react-router';
import { AppError } from '../../../common/errors';
import type { InfoSlug } from '../../../common/info-pages';
import { notFound } from '../../lib/page.server';
import type { PageMeta } from '../../lib/meta';

/**
 * An info page for its route: the stored text in the reader's language (else Finnish), its head,
 * and schema.org WebPage data. `path` is where the page is canonical (also for /terms, which shows
 * the terms-of-use page). A page with no text is a 404 like an unknown one.
 */
export async function loadInfoPage(context: AppLoadContext, slug: InfoSlug | string, path: string) {
  let page;
  try {
    page = await context.services.pages.publicPage(slug, context.locale);
  } catch (error) {
    if (AppError.is(error) && error.code === 'not_found') throw notFound();
    throw error;
  }
  const url = `${context.site.publicUrl}${path}`;
  const meta: PageMeta = { title: page.title, description: page.description, path };
  const jsonLd = {
    '@context': 'https://schema.org',
    '@type': 'WebPage',
    name: page.title,
    description: page.description,
    url,
    inLanguage: page.locale,
    dateModified: page.updated_at,
    isPartOf: { '@type': 'WebSite', name: context.site.siteName, url: context.site.publicUrl },
  };
  return { meta, page, jsonLd };
}
