import { AppError } from '../../../common/errors';
import { LOCALES, isLocale } from '../../../common/locales';
import { PostEditor } from '../../features/staff-blog/components/post-editor';
import { editorChoices } from '../../features/staff-blog/editor-choices.server';
import { pageMetaFromLoader } from '../../lib/meta';
import { pageMeta, requireAccess } from '../../lib/page.server';
import type { Route } from './+types/blog-new';

/** A new post (blog.manage); `?translation_of=<id>&language=en` starts a translation of a post. */
export async function loader({ context, request }: Route.LoaderArgs) {
  requireAccess(context, request, 'blog.manage');
  const url = new URL(request.url);
  const originId = Number.parseInt(url.searchParams.get('translation_of') ?? '', 10);
  let translationOf: { id: number; title: string; taken: string[] } | null = null;
  if (Number.isInteger(originId) && originId > 0 && originId < 2_147_483_647) {
    try {
      const origin = await context.services.blog.single(context.user!, originId, context.locale);
      translationOf = { id: origin.id, title: origin.title, taken: origin.translations.map((tr) => tr.locale) };
    } catch (error) {
      if (!(AppError.is(error) && error.code === 'not_found')) throw error;
    }
  }
  const wanted = url.searchParams.get('language');
  const free = LOCALES.filter((code) => !translationOf?.taken.includes(code));
  const defaultLanguage = isLocale(wanted) && free.includes(wanted) ? wanted : (free[0] ?? context.locale);
  return {
    meta: pageMeta(context, 'admin_blog_new', '/admin/blog/blog-new', { noindex: true }),
    ...(await editorChoices(context)),
    translationOf,
    defaultLanguage,
  };
}

export const meta = pageMetaFromLoader;

export default function AdminBlogNew({ loaderData }: Route.ComponentProps) {
  const { categories, statuses, languages, translationOf, defaultLanguage } = loaderData;
  return (
    <PostEditor
      key={`new-${translationOf?.id ?? ''}-${defaultLanguage}`}
      post={null}
      categories={categories}
      statuses={statuses}
      languages={languages}
      translationOf={translationOf}
      defaultLanguage={defaultLanguage}
    />
  );
}
