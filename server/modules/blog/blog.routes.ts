import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { languageName } from '../../../common/locales.ts';
import { translate } from '../../platform/i18n.ts';
import { requireUser } from '../../platform/session.ts';
import { readSingleUpload } from '../../platform/uploads.ts';
import { requestMeta } from '../../platform/current-user.ts';
import {
  AdminBlogListBody,
  AdminBlogListReply,
  AdminBlogPostReply,
  AdminBlogPostSavedReply,
  BlogCategoriesReply,
  BlogCategoryParams,
  BlogCategoryReply,
  BlogPostIdParams,
  BlogPreviewBody,
  BlogPreviewReply,
  BlogStatusesReply,
  ContentImageReply,
  LanguagesReply,
  MessageReply,
  NewBlogCategoryBody,
  NewBlogPostBody,
  PublicBlogListReply,
  PublicBlogPostParams,
  PublicBlogPostReply,
  PublicBlogQuery,
  UpdateBlogCategoryBody,
  UpdateBlogPostBody,
} from './blog.schemas.ts';

/**
 * A post's body may be up to RICH_TEXT_MAX_BYTES; the request may be larger than the app's
 * default limit so that an oversize body gets the field's own message (a 422), not a bare 413.
 */
const POST_BODY_LIMIT = 4 * 1024 * 1024;

/** The blog (spec section 7, Blog; issue 17): editors' calls under /admin/blog, readers' under /blog. */
const blogRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const blog = app.services.blog;

  app.get(
    '/languages',
    { schema: { tags: ['blog'], summary: 'The languages of the site and of its posts', response: { 200: LanguagesReply } } },
    async () => ({
      languages: blog.languages().map((language) => ({ ...language, name: languageName(language.code) })),
    }),
  );

  app.get(
    '/admin/blog/statuses',
    { schema: { tags: ['blog'], summary: 'The statuses a post can have', response: { 200: BlogStatusesReply } } },
    async (request) => ({
      statuses: blog
        .statuses(requireUser(request))
        .map((value) => ({ value, label: translate(request.locale, `admin_blog.status.${value}`) })),
    }),
  );

  app.post(
    '/admin/blog/list',
    {
      schema: {
        tags: ['blog'],
        summary: 'A page of posts, latest change first, optionally of one status',
        body: AdminBlogListBody,
        response: { 200: AdminBlogListReply },
      },
    },
    async (request) => blog.adminList(requireUser(request), request.body ?? {}, request.locale),
  );

  app.get(
    '/admin/blog/single/:id',
    {
      schema: {
        tags: ['blog'],
        summary: 'One post with its translations',
        params: BlogPostIdParams,
        response: { 200: AdminBlogPostReply },
      },
    },
    async (request) => ({ data: await blog.single(requireUser(request), request.params.id, request.locale) }),
  );

  app.post(
    '/admin/blog/new-post',
    {
      bodyLimit: POST_BODY_LIMIT,
      schema: {
        tags: ['blog'],
        summary: 'Writes a new post (or a translation of one)',
        body: NewBlogPostBody,
        response: { 201: AdminBlogPostSavedReply },
      },
    },
    async (request, reply) => {
      const post = await blog.create(requireUser(request), request.body, requestMeta(request));
      return reply.status(201).send({ message: translate(request.locale, 'admin_blog.created'), data: post });
    },
  );

  app.patch(
    '/admin/blog/update-post',
    {
      bodyLimit: POST_BODY_LIMIT,
      schema: { tags: ['blog'], summary: 'Changes a post', body: UpdateBlogPostBody, response: { 200: AdminBlogPostSavedReply } },
    },
    async (request) => {
      const { id, ...input } = request.body;
      const post = await blog.update(requireUser(request), id, input, requestMeta(request));
      return { message: translate(request.locale, 'admin_blog.saved'), data: post };
    },
  );

  app.post(
    '/admin/blog/preview',
    {
      bodyLimit: POST_BODY_LIMIT,
      schema: {
        tags: ['blog'],
        summary: 'A body as it would be published (sanitized), for the preview',
        body: BlogPreviewBody,
        response: { 200: BlogPreviewReply },
      },
    },
    async (request) => ({ body_html: blog.preview(requireUser(request), request.body.body_html) }),
  );

  app.get(
    '/admin/blog/categories',
    { schema: { tags: ['blog'], summary: 'The blog’s categories with how many posts each has', response: { 200: BlogCategoriesReply } } },
    async (request) => ({ data: await blog.categories(requireUser(request), request.locale) }),
  );

  app.post(
    '/admin/blog/categories',
    { schema: { tags: ['blog'], summary: 'Creates a blog category', body: NewBlogCategoryBody, response: { 201: BlogCategoryReply } } },
    async (request, reply) => {
      const category = await blog.createCategory(requireUser(request), request.body, requestMeta(request));
      return reply
        .status(201)
        .send({ message: translate(request.locale, 'admin_blog.category_created', { name: category.name }), data: category });
    },
  );

  app.patch(
    '/admin/blog/categories/:id',
    {
      schema: {
        tags: ['blog'],
        summary: 'Renames or moves a blog category',
        params: BlogCategoryParams,
        body: UpdateBlogCategoryBody,
        response: { 200: BlogCategoryReply },
      },
    },
    async (request) => {
      const category = await blog.updateCategory(requireUser(request), request.params.id, request.body, requestMeta(request));
      return { message: translate(request.locale, 'admin_blog.category_saved', { name: category.name }), data: category };
    },
  );

  app.delete(
    '/admin/blog/categories/:id',
    {
      schema: {
        tags: ['blog'],
        summary: 'Deletes a blog category no post uses',
        params: BlogCategoryParams,
        response: { 200: MessageReply },
      },
    },
    async (request) => {
      const deleted = await blog.deleteCategory(requireUser(request), request.params.id, requestMeta(request));
      return { message: translate(request.locale, 'admin_blog.category_deleted', { name: deleted.name }) };
    },
  );

  app.post(
    '/admin/content-images',
    {
      schema: {
        tags: ['blog'],
        summary: 'Stores a picture for a post or an info page (multipart field `file`)',
        consumes: ['multipart/form-data'],
        response: { 201: ContentImageReply },
      },
    },
    async (request, reply) => {
      const picture = await blog.uploadContentImage(requireUser(request), () => readSingleUpload(request, 'file'));
      return reply.status(201).send({ data: picture });
    },
  );

  app.get(
    '/blog',
    {
      schema: {
        tags: ['blog'],
        summary: 'A page of published posts in one language',
        querystring: PublicBlogQuery,
        response: { 200: PublicBlogListReply },
      },
    },
    async (request) => blog.publicList(request.query, request.locale),
  );

  app.get(
    '/blog/:slug',
    {
      schema: {
        tags: ['blog'],
        summary: 'One published post with its translations',
        params: PublicBlogPostParams,
        response: { 200: PublicBlogPostReply },
      },
    },
    async (request) => ({ data: await blog.publicPost(request.params.slug, request.locale) }),
  );
};

export default blogRoutes;
