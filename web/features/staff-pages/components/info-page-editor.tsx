import { Eye, ExternalLink, Loader2, PencilLine } from 'lucide-react';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { Link, useRevalidator } from 'react-router';
import { INFO_TITLE_MAX } from '../../../../common/info-pages';
import { languageName, LOCALES } from '../../../../common/locales';
import type { InfoPageEditView, InfoPageSavedView, InfoVersionsView } from '../../../../server/modules/pages/pages.schemas';
import { FormAlert, SubmitButton, TextField, secondaryButton } from '../../../components/form-controls';
import { RichTextEditor } from '../../../components/rich-text-editor';
import { RichTextView } from '../../../components/rich-text-view';
import { ApiError, api } from '../../../lib/api-client';
import { openDialog } from '../../../lib/dialogs';
import { formatDateTime, formatTime } from '../../../lib/format';
import { showToast } from '../../../lib/toasts';
import { useTranslation } from '../../../lib/use-translation';
import { type LocalDraft, clearDraft, offeredDraft, writeDraft } from '../local-draft';
import { useLeaveWarning } from '../use-leave-warning';
import { ChoiceDialog } from './choice-dialog';
import { InfoPageVersions } from './info-page-versions';

/** How long typing must pause before the draft is kept on this device. */
const AUTOSAVE_DELAY_MS = 1500;

/** A picture for the text, through the site's picture pipeline (the blog's content upload, open to pages.manage too). */
const uploadContentImage = async (file: File) => (await api.uploadContentImage(file)).data;

type Stored = Pick<InfoPageEditView, 'title' | 'body' | 'updated_at' | 'updated_by'>;

/**
 * One info page in one language: title and text, a preview of exactly what a save would store
 * (sanitized by the server), save, the versions with restore. What is typed is kept on this device
 * until it is saved, and leaving with unsaved changes asks first.
 */
export function InfoPageEditor({ page, versions }: { page: InfoPageEditView; versions: InfoVersionsView }) {
  const { t, i18n } = useTranslation();
  const revalidator = useRevalidator();
  const { slug, locale } = page;
  const [stored, setStored] = useState<Stored>(page);
  const [title, setTitle] = useState(page.title);
  const [body, setBody] = useState(page.body);
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  const [failed, setFailed] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  const [preview, setPreview] = useState<{ html: string } | 'loading' | null>(null);
  const [draft, setDraft] = useState<LocalDraft | undefined>();
  const [draftKeptAt, setDraftKeptAt] = useState<string | undefined>();
  const dirty = title !== stored.title || body !== stored.body;

  // A draft left on this device is offered once the page is open in the browser. Local storage is
  // only readable after hydration, so this one update has to come from an effect.
  useEffect(() => {
    // eslint-disable-next-line react-hooks/set-state-in-effect
    setDraft(offeredDraft(slug, locale, page));
    // The editor is keyed by page and language: the stored text it opened with is the one to compare.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  // Autosave: the draft is kept on this device a moment after typing stops.
  const firstRender = useRef(true);
  useEffect(() => {
    if (firstRender.current) {
      firstRender.current = false;
      return;
    }
    if (!dirty) return;
    const timer = setTimeout(() => {
      const at = new Date().toISOString();
      writeDraft(slug, locale, { title, body, at });
      setDraftKeptAt(at);
    }, AUTOSAVE_DELAY_MS);
    return () => clearTimeout(timer);
  }, [slug, locale, title, body, dirty]);

  useLeaveWarning(dirty, ({ proceed, reset }) =>
    openDialog(ChoiceDialog, {
      title: t('admin_pages.leave_title'),
      body: t('admin_pages.leave_body'),
      confirmLabel: t('admin_pages.leave_confirm'),
      cancelLabel: t('admin_pages.stay'),
      danger: true,
      onConfirm: proceed,
      onCancel: reset,
    }),
  );

  function settle(reply: InfoPageSavedView) {
    setStored(reply.data);
    setTitle(reply.data.title);
    setBody(reply.data.body);
    setErrors({});
    setFailed(undefined);
    setDraft(undefined);
    setDraftKeptAt(undefined);
    clearDraft(slug, locale);
    if (preview) setPreview({ html: reply.data.body });
    void revalidator.revalidate();
  }

  async function save(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    try {
      const reply = await api.saveInfoPage(slug, locale, { title, body });
      showToast({ icon: reply.changed ? 'success' : 'info', message: reply.message });
      settle(reply);
    } catch (error) {
      if (error instanceof ApiError && error.data?.errors) {
        setErrors(error.data.errors);
        setFailed(t('admin_pages.check_fields'));
      } else {
        setFailed(error instanceof Error ? error.message : t('errors.unknown'));
      }
    } finally {
      setBusy(false);
    }
  }

  async function togglePreview() {
    if (preview) return setPreview(null);
    setPreview('loading');
    try {
      const reply = await api.previewInfoPage(body);
      setPreview({ html: reply.data.body });
    } catch (error) {
      setPreview(null);
      if (error instanceof ApiError && error.data?.errors) setErrors(error.data.errors);
      showToast({ icon: 'error', message: error instanceof Error ? error.message : t('errors.unknown') });
    }
  }

  return (
    <div className="space-y-6">
      <nav aria-label={t('admin_pages.languages_nav')} className="flex flex-wrap gap-2">
        {LOCALES.map((other) => (
          <Link
            key={other}
            to={`/admin/pages/${slug}/${other}`}
            aria-current={other === locale ? 'page' : undefined}
            className={`inline-flex h-10 items-center rounded-full border px-4 text-sm font-semibold ${
              other === locale ? 'border-brand bg-brand-soft text-brand' : 'border-line bg-raised hover:bg-sunken'
            }`}
          >
            {languageName(other)}
          </Link>
        ))}
      </nav>

      <p className="text-sm text-muted" role="status">
        {stored.updated_at
          ? stored.updated_by
            ? t('admin_pages.last_saved', { date: formatDateTime(stored.updated_at, i18n.language), name: stored.updated_by.name })
            : t('admin_pages.last_saved_initial', { date: formatDateTime(stored.updated_at, i18n.language) })
          : t('admin_pages.never_saved')}
      </p>

      {draft && (
        <FormAlert tone="info">
          <p>{t('admin_pages.draft_found', { date: formatDateTime(draft.at, i18n.language) })}</p>
          <div className="mt-2 flex flex-wrap gap-2">
            <button
              type="button"
              className="min-h-10 rounded-lg bg-brand px-3 text-sm font-semibold text-brand-ink hover:brightness-110"
              onClick={() => {
                setTitle(draft.title);
                setBody(draft.body);
                setPreview(null);
                setDraft(undefined);
              }}
            >
              {t('admin_pages.draft_use')}
            </button>
            <button
              type="button"
              className="min-h-10 rounded-lg border border-line px-3 text-sm font-semibold hover:bg-sunken"
              onClick={() => {
                clearDraft(slug, locale);
                setDraft(undefined);
              }}
            >
              {t('admin_pages.draft_discard')}
            </button>
          </div>
        </FormAlert>
      )}

      <form onSubmit={(event) => void save(event)} noValidate className="space-y-5 rounded-2xl border border-line bg-raised p-4 sm:p-6">
        {failed && <FormAlert tone="error">{failed}</FormAlert>}
        <TextField
          label={t('admin_pages.title_label')}
          name="title"
          value={title}
          onChange={(event) => setTitle(event.target.value)}
          maxLength={INFO_TITLE_MAX}
          required
          autoComplete="off"
          lang={locale}
          errors={errors.title}
        />

        <div className="flex items-center justify-between gap-3">
          {/* In edit mode the text field carries its own label. */}
          <span className="text-sm font-medium">{preview ? t('admin_pages.preview_heading') : ''}</span>
          <button
            type="button"
            className={`${secondaryButton} h-10 text-sm`}
            aria-pressed={preview !== null}
            onClick={() => void togglePreview()}
          >
            {preview ? <PencilLine aria-hidden size={16} /> : <Eye aria-hidden size={16} />}
            {preview ? t('admin_pages.back_to_editing') : t('admin_pages.preview')}
          </button>
        </div>

        {preview === 'loading' ? (
          <p className="flex items-center gap-2 py-8 text-muted" role="status">
            <Loader2 aria-hidden size={18} className="animate-spin" />
            {t('admin_pages.preview_loading')}
          </p>
        ) : preview ? (
          <div className="rounded-xl border border-dashed border-line bg-surface p-4 sm:p-6" lang={locale}>
            <p className="mb-4 text-sm text-muted" lang={i18n.language}>
              {t('admin_pages.preview_note')}
            </p>
            <h2 className="text-3xl font-bold">{title}</h2>
            <RichTextView html={preview.html} className="mt-6" />
          </div>
        ) : (
          <RichTextEditor
            label={t('admin_pages.body_label')}
            value={body}
            onChange={setBody}
            uploadImage={uploadContentImage}
            errors={errors.body}
          />
        )}
        {preview && errors.body && <FormAlert tone="error">{errors.body.join(' ')}</FormAlert>}

        <div className="flex flex-col gap-3 border-t border-line pt-4 sm:flex-row sm:items-center sm:justify-between">
          <p className="text-sm text-muted" aria-live="polite">
            {dirty
              ? draftKeptAt
                ? t('admin_pages.draft_kept', { time: formatTime(draftKeptAt, i18n.language) })
                : t('admin_pages.unsaved')
              : ''}
          </p>
          <div className="flex flex-col-reverse gap-3 sm:flex-row">
            {stored.updated_at && (
              <Link to={`/info/${slug}${locale === 'fi' ? '' : `?lang=${locale}`}`} className={secondaryButton} target="_blank">
                <ExternalLink aria-hidden size={16} />
                {t('admin_pages.view_page')}
              </Link>
            )}
            <SubmitButton busy={busy} label={t('admin_pages.save')} busyLabel={t('admin_pages.saving')} />
          </div>
        </div>
      </form>

      <InfoPageVersions slug={slug} locale={locale} versions={versions} dirty={dirty} onRestored={settle} />
    </div>
  );
}
