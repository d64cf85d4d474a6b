import { Eye, ExternalLink, Languages, Pencil, Save } from 'lucide-react';
import { useCallback, useEffect, useRef, useState } from 'react';
import { Link, useNavigate, useRevalidator } from 'react-router';
import type { BlogStatus } from '../../../../common/blog';
import {
  FieldErrors,
  FormAlert,
  SelectField,
  TextAreaField,
  TextField,
  primaryButton,
  secondaryButton,
} from '../../../components/form-controls';
import { ApiError, api } from '../../../lib/api-client';
import { formatTime } from '../../../lib/format';
import { showToast } from '../../../lib/toasts';
import { useTranslation } from '../../../lib/use-translation';
import { type EditablePost, type PostForm, emptyForm, formFromPost, isDirty, shouldAutosave, toPayload, withTitle } from '../post-form';
import { BodyField } from './body-field';
import { CoverField } from './cover-field';
import { PostPreview } from './post-preview';
import { PostStatusBadge } from './post-status-badge';
import { UnsavedChangesGuard } from './unsaved-changes-guard';

/** How often a changed draft is saved on its own. */
export const AUTOSAVE_MS = 10_000;

export interface EditorPost extends EditablePost {
  effective_status: BlogStatus;
  translations: { id: number; slug: string; locale: string; status: string }[];
}

export interface EditorProps {
  /** Null for a new post. */
  post: EditorPost | null;
  categories: { id: number; name: string }[];
  statuses: { value: BlogStatus; label: string }[];
  languages: { code: string; name: string }[];
  /** For a new translation: the post it translates and the languages its group already has. */
  translationOf: { id: number; title: string; taken: string[] } | null;
  defaultLanguage: string;
}

type Errors = Record<string, string[]>;

/**
 * Writing a post: title and address, text, excerpt, cover, language, category, status and time.
 * A saved draft saves itself every ten seconds when changed; leaving with unsaved changes asks
 * first; the preview shows the text as readers will get it (sanitized by the server).
 */
export function PostEditor({ post, categories, statuses, languages, translationOf, defaultLanguage }: EditorProps) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const revalidator = useRevalidator();
  const initial = post ? formFromPost(post) : emptyForm(defaultLanguage, translationOf?.id ?? null);
  const [form, setForm] = useState<PostForm>(initial);
  const [saved, setSaved] = useState<PostForm>(initial);
  const [savedStatus, setSavedStatus] = useState<BlogStatus>(post?.status ?? 'draft');
  const [postId, setPostId] = useState<number | null>(post?.id ?? null);
  const [saving, setSaving] = useState(false);
  const [errors, setErrors] = useState<Errors>({});
  const [failure, setFailure] = useState<string>();
  const [autosaved, setAutosaved] = useState<{ at: string } | { failed: string } | null>(null);
  const [preview, setPreview] = useState(false);
  const [created, setCreated] = useState<number | null>(null);
  const dirty = isDirty(form, saved);

  const update = (changes: Partial<PostForm>) => setForm((current) => ({ ...current, ...changes }));

  // The interval reads the latest state through a ref, so it is set up once.
  const latest = useRef({ form, dirty, saving, savedStatus, postId });
  useEffect(() => {
    latest.current = { form, dirty, saving, savedStatus, postId };
  });

  const autosave = useCallback(async () => {
    const state = latest.current;
    if (!shouldAutosave({ ...state, formStatus: state.form.status })) return;
    const snapshot = state.form;
    setSaving(true);
    try {
      await api.updateBlogPost({ id: state.postId!, ...toPayload(snapshot), autosave: true });
      setSaved(snapshot);
      setAutosaved({ at: new Date().toISOString() });
    } catch (error) {
      setAutosaved({ failed: (error as Error).message });
    } finally {
      setSaving(false);
    }
  }, []);

  useEffect(() => {
    const timer = window.setInterval(() => void autosave(), AUTOSAVE_MS);
    return () => window.clearInterval(timer);
  }, [autosave]);

  // A new post, once created, continues at its own address (after the form counts as saved).
  useEffect(() => {
    if (created !== null && !dirty) void navigate(`/admin/blog/edit/${created}`, { replace: true });
  }, [created, dirty, navigate]);

  async function save(event: React.FormEvent) {
    event.preventDefault();
    const snapshot = form;
    setSaving(true);
    setErrors({});
    setFailure(undefined);
    try {
      if (postId === null) {
        const reply = await api.createBlogPost({ ...toPayload(snapshot), translation_of: snapshot.translationOf });
        showToast({ icon: 'success', message: reply.message });
        setSaved(snapshot);
        setPostId(reply.data.id);
        setCreated(reply.data.id);
      } else {
        const reply = await api.updateBlogPost({ id: postId, ...toPayload(snapshot) });
        showToast({ icon: 'success', message: reply.message });
        setSaved(snapshot);
        setSavedStatus(reply.data.status);
        setAutosaved(null);
        void revalidator.revalidate();
      }
    } catch (error) {
      const fields = error instanceof ApiError ? error.data?.errors : undefined;
      if (fields && Object.keys(fields).length) setErrors(fields);
      setFailure((error as Error).message);
    } finally {
      setSaving(false);
    }
  }

  const language = languages.find((l) => l.code === form.language);
  const availableLanguages = translationOf ? languages.filter((l) => !translationOf.taken.includes(l.code)) : languages;
  const effective = post?.effective_status ?? 'draft';
  const missing = post ? languages.filter((l) => !post.translations.some((tr) => tr.locale === l.code)) : [];

  const statusLine = saving
    ? t('admin_blog.editor.saving')
    : dirty
      ? t('admin_blog.editor.unsaved')
      : autosaved && 'at' in autosaved
        ? t('admin_blog.editor.autosaved', { time: formatTime(autosaved.at, i18n.language) })
        : t('admin_blog.editor.saved');

  return (
    <form noValidate onSubmit={(event) => void save(event)} className="space-y-5">
      <UnsavedChangesGuard when={dirty} />
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div className="min-w-0">
          <h1 className="text-2xl font-bold">{post ? t('admin_blog.editor.edit_title') : t('admin_blog.editor.new_title')}</h1>
          <p className="mt-1 flex flex-wrap items-center gap-2 text-sm text-muted">
            {post && <PostStatusBadge status={effective} />}
            <span role="status">{statusLine}</span>
            {autosaved && 'failed' in autosaved && (
              <span className="text-danger">{t('admin_blog.editor.autosave_failed', { reason: autosaved.failed })}</span>
            )}
          </p>
        </div>
        <div className="flex flex-wrap gap-2">
          {post && effective === 'published' && (
            <a href={`/blog/${post.slug}`} target="_blank" rel="noreferrer" className={`${secondaryButton} h-10 text-sm`}>
              <ExternalLink aria-hidden size={16} />
              {t('admin_blog.editor.view')}
            </a>
          )}
          <button type="button" className={`${secondaryButton} h-10 text-sm`} aria-pressed={preview} onClick={() => setPreview(!preview)}>
            {preview ? <Pencil aria-hidden size={16} /> : <Eye aria-hidden size={16} />}
            {preview ? t('admin_blog.editor.back_to_edit') : t('admin_blog.editor.preview')}
          </button>
          <button type="submit" className={`${primaryButton} h-10 text-sm`} disabled={saving}>
            <Save aria-hidden size={16} />
            {t('admin_blog.editor.save')}
          </button>
        </div>
      </div>

      {failure && <FormAlert tone="error">{failure}</FormAlert>}
      {translationOf && !post && <FormAlert tone="info">{t('admin_blog.editor.translating', { title: translationOf.title })}</FormAlert>}

      {preview ? (
        <PostPreview form={form} categoryName={categories.find((c) => String(c.id) === form.categoryId)?.name ?? null} />
      ) : (
        <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_18rem]">
          <div className="space-y-5">
            <TextField
              label={t('admin_blog.form.title')}
              name="title"
              value={form.title}
              maxLength={200}
              required
              onChange={(event) => setForm((current) => withTitle(current, event.target.value))}
              errors={errors.title}
            />
            <TextField
              label={t('admin_blog.form.slug')}
              name="slug"
              value={form.slug}
              maxLength={80}
              onChange={(event) => update({ slug: event.target.value, slugTouched: true })}
              hint={t('admin_blog.form.slug_hint', { path: `/blog/${form.slug || '…'}` })}
              errors={errors.slug}
              inputClassName="font-mono text-sm"
            />
            <TextAreaField
              label={t('admin_blog.form.excerpt')}
              value={form.excerpt}
              maxLength={500}
              rows={3}
              hint={t('admin_blog.form.excerpt_hint')}
              onChange={(event) => update({ excerpt: event.target.value })}
              errors={errors.excerpt}
            />
            <BodyField value={form.bodyHtml} onChange={(bodyHtml) => update({ bodyHtml })} errors={errors.body_html} />
          </div>
          {/* The form's side column, not a landmark: the admin layout's navigation is the page's one <aside>. */}
          <div className="space-y-5 rounded-2xl border border-line bg-raised p-4 lg:self-start">
            <SelectField
              label={t('admin_blog.form.status')}
              value={form.status}
              onChange={(event) => update({ status: event.target.value as BlogStatus })}
              errors={errors.status}
              hint={form.status === 'draft' ? t('admin_blog.form.autosave_hint') : undefined}
            >
              {statuses.map((status) => (
                <option key={status.value} value={status.value}>
                  {status.label}
                </option>
              ))}
            </SelectField>
            {(form.status === 'scheduled' || form.status === 'published' || form.publishAt) && (
              <TextField
                label={t('admin_blog.form.publish_at')}
                name="publish_at"
                type="datetime-local"
                value={form.publishAt}
                onChange={(event) => update({ publishAt: event.target.value })}
                hint={form.status === 'scheduled' ? t('admin_blog.form.publish_at_scheduled') : t('admin_blog.form.publish_at_hint')}
                errors={errors.publish_at}
              />
            )}
            <SelectField
              label={t('admin_blog.form.language')}
              value={form.language}
              onChange={(event) => update({ language: event.target.value })}
              errors={errors.language}
            >
              {(post ? languages : availableLanguages).map((l) => (
                <option key={l.code} value={l.code}>
                  {l.name}
                </option>
              ))}
            </SelectField>
            <SelectField
              label={t('admin_blog.form.category')}
              value={form.categoryId}
              onChange={(event) => update({ categoryId: event.target.value })}
              errors={errors.category_id}
            >
              <option value="">{t('admin_blog.form.no_category')}</option>
              {categories.map((category) => (
                <option key={category.id} value={category.id}>
                  {category.name}
                </option>
              ))}
            </SelectField>
            <CoverField
              cover={form.cover}
              alt={form.coverAlt}
              onChange={(cover) => update({ cover })}
              onAltChange={(coverAlt) => update({ coverAlt })}
              errors={errors.cover_url ?? errors.cover_alt}
            />
            {errors.translation_of && <FieldErrors id="translation-of-errors" errors={errors.translation_of} />}
            {post && (
              <section aria-labelledby="translations-heading" className="space-y-2 border-t border-line pt-4">
                <h2 id="translations-heading" className="flex items-center gap-1.5 text-sm font-medium">
                  <Languages aria-hidden size={16} />
                  {t('admin_blog.editor.translations')}
                </h2>
                <ul className="space-y-1 text-sm">
                  {post.translations
                    .filter((tr) => tr.id !== post.id)
                    .map((tr) => (
                      <li key={tr.id}>
                        <Link to={`/admin/blog/edit/${tr.id}`} className="text-brand underline underline-offset-2 hover:decoration-2">
                          {languages.find((l) => l.code === tr.locale)?.name ?? tr.locale}
                        </Link>{' '}
                        <span className="text-muted">({t(`admin_blog.status.${tr.status}`)})</span>
                      </li>
                    ))}
                  {missing.map((l) => (
                    <li key={l.code}>
                      <Link
                        to={`/admin/blog/blog-new?translation_of=${post.id}&language=${l.code}`}
                        className="text-brand underline underline-offset-2 hover:decoration-2"
                      >
                        {t('admin_blog.editor.add_translation', { language: l.name })}
                      </Link>
                    </li>
                  ))}
                </ul>
              </section>
            )}
            {!post && language && <p className="text-sm text-muted">{t('admin_blog.editor.autosave_after_first')}</p>}
          </div>
        </div>
      )}
    </form>
  );
}
