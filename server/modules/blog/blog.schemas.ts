import { Type } from 'typebox';
import { BLOG_LIMITS, BLOG_STATUSES } from '../../../common/blog.ts';
import { REQUIRED_NAME_LOCALES } from '../../../common/locales.ts';
import { nameInputProperties, nameProperties } from '../../platform/localized-name.ts';

const Nullable = <T extends Parameters<typeof Type.Union>[0][number]>(schema: T) => Type.Union([schema, Type.Null()]);

export const BlogCategory = Type.Object({
  id: Type.Integer(),
  slug: Type.String(),
  name: Type.String({ description: 'In the language of the request' }),
  ...nameProperties((locale) => Type.String(locale === 'fi' ? {} : { description: 'Empty until given (the Finnish name is shown)' })),
  position: Type.Integer(),
  posts_count: Type.Integer(),
});

const CategoryRef = Type.Object({ id: Type.Integer(), slug: Type.String(), name: Type.String() });
const Cover = Type.Object({ url: Type.String(), width: Nullable(Type.Integer()), height: Nullable(Type.Integer()), alt: Type.String() });
const Language = Type.Object({ id: Type.Integer(), code: Type.String() });
const Status = Type.Enum(BLOG_STATUSES);

/** A post as its editors see it. */
export const AdminBlogPost = Type.Object({
  id: Type.Integer(),
  slug: Type.String(),
  status: Status,
  effective_status: Type.String({ description: 'What readers see now: a scheduled post past its time is published' }),
  locale: Type.String(),
  language: Language,
  translation_group: Type.String(),
  translations: Type.Array(Type.Object({ id: Type.Integer(), slug: Type.String(), locale: Type.String(), status: Type.String() })),
  category: Nullable(CategoryRef),
  publish_at: Nullable(Type.String()),
  title: Type.String(),
  excerpt: Type.String(),
  body_html: Type.String({ description: 'Sanitized HTML' }),
  cover: Nullable(Cover),
  author: Nullable(Type.Object({ id: Type.Integer(), name: Type.String() })),
  created_at: Type.String(),
  updated_at: Type.String(),
});

export const AdminBlogListItem = Type.Object({
  id: Type.Integer(),
  slug: Type.String(),
  title: Type.String(),
  status: Status,
  effective_status: Type.String(),
  locale: Type.String(),
  language: Language,
  category: Nullable(CategoryRef),
  publish_at: Nullable(Type.String()),
  updated_at: Type.String(),
  author: Nullable(Type.Object({ id: Type.Integer(), name: Type.String() })),
});

const PageMeta = Type.Object({ current_page: Type.Integer(), last_page: Type.Integer(), per_page: Type.Integer(), total: Type.Integer() });

export const AdminBlogListBody = Type.Object(
  {
    status: Type.Optional(
      Nullable(Type.String({ maxLength: 20, description: 'One of GET /admin/blog/statuses; empty or null: every status' })),
    ),
    page: Type.Optional(Type.Integer({ minimum: 1, maximum: 10_000 })),
  },
  { additionalProperties: false },
);
export const AdminBlogListReply = Type.Object({ data: Type.Array(AdminBlogListItem), meta: PageMeta });

export const BlogPostIdParams = Type.Object({ id: Type.Integer({ minimum: 1 }) });
export const AdminBlogPostReply = Type.Object({ data: AdminBlogPost });
export const AdminBlogPostSavedReply = Type.Object({ message: Type.String(), data: AdminBlogPost });

export const BlogStatusesReply = Type.Object({
  statuses: Type.Array(Type.Object({ value: Type.String(), label: Type.String() })),
});
export const LanguagesReply = Type.Object({
  languages: Type.Array(Type.Object({ id: Type.Integer(), code: Type.String(), name: Type.String() })),
});

/** The fields a post is written with; text limits are checked by the service, with messages per field. */
const postFields = {
  title: Type.String({ maxLength: 2000 }),
  slug: Type.Optional(Type.String({ maxLength: 500, description: 'Made from the title when left out or empty' })),
  language: Type.String({ maxLength: 10, description: 'A language code of GET /languages' }),
  translation_of: Type.Optional(Nullable(Type.Integer({ minimum: 1, description: 'A post of the translation group this one joins' }))),
  category_id: Type.Optional(Nullable(Type.Integer({ minimum: 1 }))),
  status: Type.String({ maxLength: 20 }),
  publish_at: Type.Optional(Nullable(Type.String({ format: 'date-time' }))),
  excerpt: Type.Optional(Type.String({ maxLength: 5000 })),
  body_html: Type.Optional(Type.String({ description: 'HTML from the editor; sanitized before it is stored' })),
  cover_url: Type.Optional(Nullable(Type.String({ maxLength: 300, description: 'From POST /admin/content-images' }))),
  cover_width: Type.Optional(Nullable(Type.Integer({ minimum: 1, maximum: 20_000 }))),
  cover_height: Type.Optional(Nullable(Type.Integer({ minimum: 1, maximum: 20_000 }))),
  cover_alt: Type.Optional(Type.String({ maxLength: 2000 })),
};

export const NewBlogPostBody = Type.Object(postFields, { additionalProperties: false });

export const UpdateBlogPostBody = Type.Object(
  {
    id: Type.Integer({ minimum: 1 }),
    title: Type.Optional(postFields.title),
    slug: postFields.slug,
    language: Type.Optional(postFields.language),
    category_id: postFields.category_id,
    status: Type.Optional(postFields.status),
    publish_at: postFields.publish_at,
    excerpt: postFields.excerpt,
    body_html: postFields.body_html,
    cover_url: postFields.cover_url,
    cover_width: postFields.cover_width,
    cover_height: postFields.cover_height,
    cover_alt: postFields.cover_alt,
    autosave: Type.Optional(Type.Boolean({ description: 'Saved by the editor on its own (a draft): not a separate audit entry' })),
  },
  { additionalProperties: false },
);

// Categories

export const BlogCategoriesReply = Type.Object({ data: Type.Array(BlogCategory) });
export const BlogCategoryReply = Type.Object({ message: Type.String(), data: BlogCategory });
export const BlogCategoryParams = Type.Object({ id: Type.Integer({ minimum: 1 }) });

const categoryName = Type.String({ maxLength: 500 });
export const NewBlogCategoryBody = Type.Object(
  {
    slug: Type.Optional(Type.String({ maxLength: 500, description: 'Made from the Finnish name when left out or empty' })),
    ...nameInputProperties(categoryName, (locale) => REQUIRED_NAME_LOCALES.includes(locale)),
    position: Type.Optional(Type.Integer({ minimum: 0, maximum: 10_000 })),
  },
  { additionalProperties: false },
);
export const UpdateBlogCategoryBody = Type.Partial(NewBlogCategoryBody, { additionalProperties: false });
export const MessageReply = Type.Object({ message: Type.String() });

// Public side

const PublicCard = Type.Object({
  slug: Type.String(),
  locale: Type.String(),
  title: Type.String(),
  excerpt: Type.String(),
  cover: Nullable(Cover),
  category: Nullable(CategoryRef),
  publish_at: Type.String(),
});

export const PublicBlogQuery = Type.Object({
  locale: Type.Optional(Type.String({ maxLength: 10, description: 'Posts in this language; the request’s language when left out' })),
  category: Type.Optional(Type.String({ maxLength: BLOG_LIMITS.slug })),
  page: Type.Optional(Type.Integer({ minimum: 1, maximum: 10_000 })),
});
export const PublicBlogListReply = Type.Object({
  data: Type.Array(PublicCard),
  meta: PageMeta,
  categories: Type.Array(CategoryRef),
});

export const PublicBlogPost = Type.Object({
  slug: Type.String(),
  locale: Type.String(),
  title: Type.String(),
  excerpt: Type.String(),
  description: Type.String({ description: 'The excerpt, or the start of the text without one' }),
  body_html: Type.String({ description: 'Sanitized HTML' }),
  cover: Nullable(Cover),
  category: Nullable(CategoryRef),
  author_name: Nullable(Type.String()),
  publish_at: Type.String(),
  updated_at: Type.String(),
  translations: Type.Array(Type.Object({ locale: Type.String(), slug: Type.String() }), {
    description: 'Every public language of the post, itself included',
  }),
});
export const PublicBlogPostParams = Type.Object({ slug: Type.String({ maxLength: 200 }) });
export const PublicBlogPostReply = Type.Object({ data: PublicBlogPost });

export const ContentImageReply = Type.Object({
  data: Type.Object({ url: Type.String(), width: Type.Integer(), height: Type.Integer() }),
});

export const BlogPreviewBody = Type.Object(
  { body_html: Type.String({ description: 'HTML from the editor' }) },
  { additionalProperties: false },
);
export const BlogPreviewReply = Type.Object({ body_html: Type.String({ description: 'As it would be stored and shown' }) });
