import { Pencil, Plus, Search, Trash2 } from 'lucide-react';
import { useId, useState } from 'react';
import { useRevalidator } from 'react-router';
import { SYNONYM_LANGUAGES, SYNONYM_LIMITS, type SynonymLanguage } from '../../../../common/search-synonyms';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { DialogActions, FormAlert, TextAreaField, secondaryButton } from '../../../components/form-controls';
import { FormDialog } from '../../../components/form-dialog';
import { type Refusal, fieldErrorsOf, refusalText, useApiSubmit } from '../../../hooks/use-api-submit';
import { api } from '../../../lib/api-client';
import { type DialogProps, openDialog } from '../../../lib/dialogs';
import { languageLabel } from '../../../lib/language-label';
import { showToast } from '../../../lib/toasts';
import { useTranslation } from '../../../lib/use-translation';

export interface SynonymGroupItem {
  id: number;
  words: Record<SynonymLanguage, string[]>;
}

/** The words of a field as staff type them: separated by commas or new lines. */
export function wordsOfField(text: string): string[] {
  return text
    .split(/[,\n]/)
    .map((word) => word.trim())
    .filter(Boolean);
}

const FIELDS: readonly string[] = [...SYNONYM_LANGUAGES, 'group'];

/** A refusal under the form's fields: a word's own error ("fi.1") shows under its language. */
export function groupRefusal(error: unknown): Refusal {
  const errors: Record<string, string[]> = {};
  for (const [key, messages] of Object.entries(fieldErrorsOf(error))) {
    const field = key.split('.')[0]!;
    if (FIELDS.includes(field)) (errors[field] ??= []).push(...messages);
  }
  return { errors, message: Object.keys(errors).length ? undefined : (error as Error).message };
}

const allWords = (group: SynonymGroupItem) => SYNONYM_LANGUAGES.flatMap((language) => group.words[language]);

/** Create or change a group: its words in each language, comma-separated. */
function GroupDialog({
  close,
  isOpen = true,
  group,
  onSaved,
}: DialogProps & { isOpen?: boolean; group: SynonymGroupItem | null; onSaved: () => void }) {
  const { t, i18n } = useTranslation();
  const { busy, errors, formMessage, submit: send } = useApiSubmit({ refusal: groupRefusal });

  async function submit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const body = Object.fromEntries(SYNONYM_LANGUAGES.map((language) => [language, wordsOfField(String(data.get(language) ?? ''))]));
    await send(
      () => (group ? api.updateSynonymGroup(group.id, body) : api.createSynonymGroup(body)),
      (reply) => {
        showToast({ icon: 'success', message: reply.message });
        onSaved();
        close();
      },
    );
  }

  return (
    <FormDialog
      title={group ? t('admin_synonyms.edit_title', { word: allWords(group)[0] ?? '' }) : t('admin_synonyms.new_title')}
      isOpen={isOpen}
      onOpenChange={(open) => !open && close()}
    >
      {(closeNow) => (
        <form noValidate onSubmit={(event) => void submit(event)} className="space-y-4">
          {formMessage && <FormAlert tone="error">{formMessage}</FormAlert>}
          {errors.group && <FormAlert tone="error">{errors.group.join(' ')}</FormAlert>}
          <p className="text-sm text-muted">
            {t('admin_synonyms.form_hint', { min: SYNONYM_LIMITS.groupMin, max: SYNONYM_LIMITS.groupMax })}
          </p>
          {SYNONYM_LANGUAGES.map((language, index) => (
            <TextAreaField
              key={language}
              label={languageLabel(i18n, 'admin_synonyms.words', language)}
              name={language}
              lang={language}
              rows={2}
              defaultValue={group?.words[language].join(', ')}
              optionalText={t('admin_synonyms.optional')}
              errors={errors[language]}
              autoFocus={index === 0}
            />
          ))}
          <DialogActions close={closeNow} busy={busy} label={t('admin_synonyms.save')} />
        </form>
      )}
    </FormDialog>
  );
}

/** The search's synonym groups (categories.manage): a search for one word finds ads with any of its group. */
export function SynonymsPage({ groups }: { groups: SynonymGroupItem[] }) {
  const { t, i18n } = useTranslation();
  const revalidator = useRevalidator();
  const refresh = () => void revalidator.revalidate();
  const [deleting, setDeleting] = useState<SynonymGroupItem | null>(null);
  const [filter, setFilter] = useState('');
  const filterId = useId();
  const wanted = filter.trim().toLowerCase();
  const shown = wanted ? groups.filter((group) => allWords(group).some((word) => word.includes(wanted))) : groups;

  async function remove(group: SynonymGroupItem) {
    try {
      const reply = await api.deleteSynonymGroup(group.id);
      showToast({ icon: 'success', message: reply.message });
      refresh();
    } catch (error) {
      showToast({ icon: 'error', message: refusalText(error, t('admin_synonyms.delete_failed')), timer: 5000 });
    }
  }

  return (
    <section aria-labelledby="synonyms-title">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 id="synonyms-title" className="text-2xl font-bold">
          {t('admin_synonyms.title')}
        </h1>
        <button
          aria-haspopup="dialog"
          type="button"
          className={secondaryButton}
          onClick={() => openDialog(GroupDialog, { group: null, onSaved: refresh })}
        >
          <Plus aria-hidden size={18} />
          {t('admin_synonyms.create')}
        </button>
      </div>
      <p className="mt-2 max-w-prose text-muted">{t('admin_synonyms.intro')}</p>
      <div className="mt-4 max-w-sm">
        <label htmlFor={filterId} className="mb-1 block text-sm font-medium">
          {t('admin_synonyms.filter')}
        </label>
        <div className="relative">
          <Search aria-hidden size={16} className="pointer-events-none absolute top-1/2 left-3 -translate-y-1/2 text-muted" />
          <input
            id={filterId}
            type="search"
            value={filter}
            onChange={(event) => setFilter(event.target.value)}
            className="h-10 w-full rounded-lg border border-line bg-raised pr-3 pl-9 text-ink focus-visible:outline-2 focus-visible:outline-brand"
          />
        </div>
      </div>
      <p className="mt-3 text-sm text-muted" aria-live="polite">
        {t('admin_synonyms.count', { count: shown.length })}
      </p>
      {shown.length === 0 ? (
        <p className="mt-3 rounded-2xl border border-line bg-raised p-6 text-muted">
          {groups.length ? t('admin_synonyms.none_found') : t('admin_synonyms.empty')}
        </p>
      ) : (
        <ul className="mt-3 divide-y divide-line overflow-hidden rounded-2xl border border-line bg-raised">
          {shown.map((group) => {
            const first = allWords(group)[0] ?? '';
            return (
              <li key={group.id} className="flex flex-col gap-3 p-4 sm:flex-row sm:items-start sm:justify-between">
                <dl className="grid min-w-0 flex-1 gap-1 text-sm grid-cols-[6rem_minmax(0,1fr)] sm:grid-cols-[7rem_minmax(0,1fr)]">
                  {SYNONYM_LANGUAGES.filter((language) => group.words[language].length).map((language) => (
                    <div key={language} className="contents">
                      <dt className="text-muted">{languageLabel(i18n, 'admin_synonyms.language', language)}</dt>
                      <dd lang={language} className="flex flex-wrap gap-1.5">
                        {group.words[language].map((word) => (
                          <span key={word} className="rounded-full bg-sunken px-2.5 py-0.5">
                            {word}
                          </span>
                        ))}
                      </dd>
                    </div>
                  ))}
                </dl>
                <div className="flex shrink-0 gap-2">
                  <button
                    aria-haspopup="dialog"
                    type="button"
                    className={`${secondaryButton} h-9 px-3 text-sm`}
                    onClick={() => openDialog(GroupDialog, { group, onSaved: refresh })}
                    aria-label={t('admin_synonyms.edit_named', { word: first })}
                  >
                    <Pencil aria-hidden size={16} />
                    <span aria-hidden>{t('admin_synonyms.edit')}</span>
                  </button>
                  <button
                    type="button"
                    className={`${secondaryButton} h-9 px-3 text-sm text-danger`}
                    onClick={() => setDeleting(group)}
                    aria-label={t('admin_synonyms.delete_named', { word: first })}
                  >
                    <Trash2 aria-hidden size={16} />
                    <span aria-hidden>{t('admin_synonyms.delete')}</span>
                  </button>
                </div>
              </li>
            );
          })}
        </ul>
      )}
      {deleting && (
        <ConfirmDialog
          title={t('admin_synonyms.delete_title', { word: allWords(deleting)[0] ?? '' })}
          body={t('admin_synonyms.delete_body')}
          confirmLabel={t('admin_synonyms.delete')}
          isOpen
          onOpenChange={(open) => !open && setDeleting(null)}
          onConfirm={() => void remove(deleting)}
        />
      )}
    </section>
  );
}
