import { type BlogStatus, slugFromTitle } from '../../../common/blog';

/** The editor's form as it is typed: strings for the inputs, the cover as the upload answered it. */
export interface PostForm {
  title: string;
  slug: string;
  /** False while the slug follows the title (a new post whose slug nobody has touched). */
  slugTouched: boolean;
  language: string;
  translationOf: number | null;
  /** '' for none. */
  categoryId: string;
  status: BlogStatus;
  /** A `datetime-local` value in the browser's time zone; '' for none. */
  publishAt: string;
  excerpt: string;
  bodyHtml: string;
  cover: { url: string; width: number | null; height: number | null } | null;
  coverAlt: string;
}

/** The post as the editor screen receives it from the server. */
export interface EditablePost {
  id: number;
  slug: string;
  status: BlogStatus;
  locale: string;
  category: { id: number } | null;
  publish_at: string | null;
  title: string;
  excerpt: string;
  body_html: string;
  cover: { url: string; width: number | null; height: number | null; alt: string } | null;
}

const pad = (n: number) => String(n).padStart(2, '0');

/** An ISO moment as a `datetime-local` value in the browser's time zone. */
export function toLocalInput(iso: string | null): string {
  if (!iso) return '';
  const d = new Date(iso);
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

/** A `datetime-local` value (browser time zone) as an ISO moment; null when empty or unreadable. */
export function fromLocalInput(value: string): string | null {
  if (!value) return null;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? null : date.toISOString();
}

export function emptyForm(language: string, translationOf: number | null = null): PostForm {
  return {
    title: '',
    slug: '',
    slugTouched: false,
    language,
    translationOf,
    categoryId: '',
    status: 'draft',
    publishAt: '',
    excerpt: '',
    bodyHtml: '',
    cover: null,
    coverAlt: '',
  };
}

export function formFromPost(post: EditablePost): PostForm {
  return {
    title: post.title,
    slug: post.slug,
    slugTouched: true,
    language: post.locale,
    translationOf: null,
    categoryId: post.category ? String(post.category.id) : '',
    status: post.status,
    publishAt: toLocalInput(post.publish_at),
    excerpt: post.excerpt,
    bodyHtml: post.body_html,
    cover: post.cover ? { url: post.cover.url, width: post.cover.width, height: post.cover.height } : null,
    coverAlt: post.cover?.alt ?? '',
  };
}

/** A new title: the slug follows it until someone edits the slug by hand. */
export function withTitle(form: PostForm, title: string): PostForm {
  return { ...form, title, slug: form.slugTouched ? form.slug : slugFromTitle(title) };
}

/** What is sent to new-post / update-post for this form. */
export function toPayload(form: PostForm) {
  return {
    title: form.title,
    slug: form.slug.trim(),
    language: form.language,
    category_id: form.categoryId ? Number(form.categoryId) : null,
    status: form.status,
    publish_at: fromLocalInput(form.publishAt),
    excerpt: form.excerpt,
    body_html: form.bodyHtml,
    cover_url: form.cover?.url ?? null,
    cover_width: form.cover?.width ?? null,
    cover_height: form.cover?.height ?? null,
    cover_alt: form.coverAlt,
  };
}

/** Has the form changed since it was last saved (or opened)? */
export function isDirty(form: PostForm, saved: PostForm): boolean {
  return JSON.stringify(toPayload(form)) !== JSON.stringify(toPayload(saved));
}

/**
 * Autosave writes a draft that has been saved once and is still a draft (on the server and in the
 * form): a post that is out, or is about to be, changes only when its editor says so.
 */
export function shouldAutosave(state: {
  postId: number | null;
  dirty: boolean;
  saving: boolean;
  savedStatus: BlogStatus;
  formStatus: BlogStatus;
}): boolean {
  return state.postId !== null && state.dirty && !state.saving && state.savedStatus === 'draft' && state.formStatus === 'draft';
}
