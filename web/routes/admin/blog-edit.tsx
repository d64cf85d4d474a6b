import { AppError } from '../../../common/errors';
import { PostEditor } from '../../features/staff-blog/components/post-editor';
import { editorChoices } from '../../features/staff-blog/editor-choices.server';
import { pageMetaFromLoader } from '../../lib/meta';
import { notFound, pageMeta, requireAccess } from '../../lib/page.server';
import type { Route } from './+types/blog-edit';

/** Editing a post (blog.manage); an unknown id is NotFound. */
export async function loader({ context, request, params }: Route.LoaderArgs) {
  requireAccess(context, request, 'blog.manage');
  const id = Number(params.blogId);
  if (!Number.isInteger(id) || id < 1 || id > 2_147_483_647) throw notFound();
  let post;
  try {
    post = await context.services.blog.single(context.user!, id, context.locale);
  } catch (error) {
    if (AppError.is(error) && error.code === 'not_found') throw notFound();
    throw error;
  }
  return {
    meta: pageMeta(context, 'admin_blog_edit', `/admin/blog/edit/${id}`, { noindex: true }),
    ...(await editorChoices(context)),
    post,
  };
}

export const meta = pageMetaFromLoader;

export default function AdminBlogEdit({ loaderData }: Route.ComponentProps) {
  const { post, categories, statuses, languages } = loaderData;
  return (
    <PostEditor
      key={post.id}
      post={post}
      categories={categories}
      statuses={statuses}
      languages={languages}
      translationOf={null}
      defaultLanguage={post.locale}
    />
  );
}
