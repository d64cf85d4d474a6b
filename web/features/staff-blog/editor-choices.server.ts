import type { AppLoadContext } from 'react-router';
import { languageName } from '../../../common/locales';
import { BLOG_STATUSES } from '../../../common/blog';

/** What the post editor offers to choose from: categories, statuses and languages, in the reader's language. */
export async function editorChoices(context: AppLoadContext) {
  const categories = await context.services.blog.categories(context.user!, context.locale);
  return {
    categories: categories.map((category) => ({ id: category.id, name: category.name })),
    statuses: BLOG_STATUSES.map((value) => ({ value, label: context.t(`admin_blog.status.${value}`) })),
    languages: context.services.blog.languages().map((language) => ({ code: language.code, name: languageName(language.code) })),
  };
}
