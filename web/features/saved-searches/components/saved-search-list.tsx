import { BellRing, ExternalLink, Pencil, Trash2 } from 'lucide-react';
import { useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { DialogActions, FormAlert } from '../../../components/form-controls';
import { PushToggle } from '../../../components/push-toggle';
import { LazyFormDialog as FormDialog } from '../../../components/lazy-dialogs';
import { useApiSubmit } from '../../../hooks/use-api-submit';
import type { SavedSearchListReply } from '../../../../server/modules/saved-searches/saved-searches.schemas';
import { type SavedSearch, api } from '../../../lib/api-client';
import { focusAfterRemoval } from '../../../lib/list-focus';
import { ERROR_TOAST_MS, showToast } from '../../../lib/toasts';
import { useTranslation } from '../../../lib/use-translation';
import { type PlaceAndCatalogNames, describeQuery } from '../describe-query';
import { SavedSearchFields, readSavedSearchForm, savedSearchRefusal } from './saved-search-fields';

const secondaryAction =
  'inline-flex h-10 items-center justify-center gap-2 rounded-lg border border-line px-3 text-sm font-medium text-ink hover:border-brand hover:text-brand';

function EmptySavedSearches() {
  const { t } = useTranslation();
  return (
    <div className="rounded-xl border border-dashed border-line bg-raised px-6 py-12 text-center">
      <BellRing aria-hidden size={32} className="mx-auto mb-3 text-muted" />
      <p className="font-semibold">{t('saved_searches.empty_title')}</p>
      <p className="mx-auto mt-1 max-w-md text-sm text-muted">{t('saved_searches.empty_hint', { button: t('saved_searches.save') })}</p>
      <Link
        to="/"
        className="mt-5 inline-flex h-11 items-center rounded-xl bg-brand px-5 font-semibold text-brand-ink hover:brightness-110"
      >
        {t('saved_searches.browse')}
      </Link>
    </div>
  );
}

/** Name, alerts and channels of one search (its filters stay as saved: a different search is saved anew). */
function EditSavedSearchDialog({
  search,
  isOpen,
  onOpenChange,
  onSaved,
}: {
  search: SavedSearch;
  isOpen: boolean;
  onOpenChange: (open: boolean) => void;
  onSaved: (search: SavedSearch) => void;
}) {
  const { t } = useTranslation();
  const { busy, errors, formMessage, submit } = useApiSubmit({ refusal: savedSearchRefusal });
  const [pushChosen, setPushChosen] = useState(search.channels.includes('push'));
  return (
    <FormDialog title={t('saved_searches.edit_title')} isOpen={isOpen} onOpenChange={onOpenChange}>
      {(close) => (
        <form
          noValidate
          className="space-y-4"
          // With the push channel ticked, push can be turned on for this device right here.
          onChange={(event) => setPushChosen(readSavedSearchForm(event.currentTarget).channels.includes('push'))}
          onSubmit={(event) => {
            event.preventDefault();
            const { name, alerts, channels } = readSavedSearchForm(event.currentTarget);
            void submit(
              // An emptied name goes back to one made from the filters.
              () => api.updateSavedSearch(search.id, { ...(name ? { name } : {}), alerts, channels }),
              (reply) => {
                close();
                onSaved(reply.data);
                showToast({ icon: 'success', message: reply.message });
              },
            );
          }}
        >
          <SavedSearchFields name={search.name} alerts={search.alerts} channels={search.channels} errors={errors} />
          {pushChosen && <PushToggle />}
          {formMessage && <FormAlert tone="error">{formMessage}</FormAlert>}
          <DialogActions close={close} busy={busy} label={t('saved_searches.save_changes')} />
        </form>
      )}
    </FormDialog>
  );
}

function SavedSearchItem({
  search,
  names,
  onEdit,
  onDelete,
}: {
  search: SavedSearch;
  names: PlaceAndCatalogNames;
  onEdit: () => void;
  onDelete: () => void;
}) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const summary = describeQuery(search.query, names, t, i18n.language);
  const count = `${search.new_count}${search.new_count_capped ? '+' : ''}`;
  const channels = search.channels.map((channel) => t(`saved_searches.channels.${channel}`)).join(', ');
  return (
    <article className="flex flex-col gap-3 rounded-xl border border-line bg-raised p-4 sm:flex-row sm:items-center sm:justify-between">
      <div className="min-w-0">
        <h2 className="flex flex-wrap items-center gap-2 text-lg font-semibold">
          <span className="break-words">{search.name}</span>
          {search.new_count > 0 && (
            <span className="rounded-full bg-brand px-2 py-0.5 text-xs font-semibold text-brand-ink" data-testid="new-count">
              {t('saved_searches.new_count', { count })}
            </span>
          )}
        </h2>
        <p className="mt-1 text-sm break-words text-muted">{summary.length ? summary.join(' · ') : t('saved_searches.all_ads')}</p>
        <p className="mt-1 text-sm text-muted">
          {search.alerts === 'off' || search.channels.length === 0
            ? t('saved_searches.alerts_off')
            : t('saved_searches.alerts_summary', { alerts: t(`saved_searches.alerts.${search.alerts}`), channels })}
        </p>
      </div>
      <div className="flex flex-wrap gap-2 sm:shrink-0 sm:flex-nowrap">
        <a
          id={`saved-search-open-${search.id}`}
          href={search.url}
          onClick={(event) => {
            if (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
            event.preventDefault();
            // The count goes back to zero as the results open; a failure only leaves it as it was.
            void api.markSavedSearchOpened(search.id).catch(() => undefined);
            void navigate(search.url);
          }}
          aria-label={t('saved_searches.open_label', { name: search.name })}
          className="inline-flex h-10 grow items-center justify-center gap-2 rounded-lg bg-brand px-4 text-sm font-semibold text-brand-ink hover:brightness-110 sm:grow-0"
        >
          <ExternalLink aria-hidden size={16} />
          {t('saved_searches.open')}
        </a>
        <button
          type="button"
          onClick={onEdit}
          aria-label={t('saved_searches.edit_label', { name: search.name })}
          className={secondaryAction}
        >
          <Pencil aria-hidden size={16} />
          {t('saved_searches.edit')}
        </button>
        <button
          type="button"
          onClick={onDelete}
          aria-label={t('saved_searches.delete_label', { name: search.name })}
          className={`${secondaryAction} hover:border-danger hover:text-danger`}
        >
          <Trash2 aria-hidden size={16} />
          {t('saved_searches.delete')}
        </button>
      </div>
    </article>
  );
}

/**
 * The person's saved searches, newest first, each with its "new ads" count: open one (its count
 * resets), rename it or change its alerts, or delete it.
 */
export function SavedSearchList({ list, names }: { list: SavedSearchListReply; names: PlaceAndCatalogNames }) {
  const { t } = useTranslation();
  const heading = useRef<HTMLHeadingElement>(null);
  // What the loader read is the list; after that this state is, so edits and deletions show at once.
  const [searches, setSearches] = useState(list.data);
  const [editing, setEditing] = useState<SavedSearch | null>(null);
  const [editOpen, setEditOpen] = useState(false);
  const [deleting, setDeleting] = useState<SavedSearch | null>(null);

  async function remove(search: SavedSearch) {
    const next = focusAfterRemoval(
      searches.map((s) => String(s.id)),
      String(search.id),
    );
    try {
      const reply = await api.deleteSavedSearch(search.id);
      setSearches((current) => current.filter((s) => s.id !== search.id));
      showToast({ icon: 'success', message: reply.message });
      // Focus goes to the next search's open link (or the heading) as the card leaves.
      requestAnimationFrame(() => (next ? document.getElementById(`saved-search-open-${next}`) : heading.current)?.focus());
    } catch (error) {
      showToast({ icon: 'error', message: (error as Error).message, timer: ERROR_TOAST_MS });
    }
  }

  return (
    <>
      <header className="mb-5">
        <h1 ref={heading} tabIndex={-1} className="text-2xl font-bold outline-none sm:text-3xl">
          {t('pages.saved_searches.title')}
        </h1>
        {searches.length > 0 && (
          <p className="mt-1 text-muted">{t('saved_searches.count', { count: searches.length, limit: list.meta.limit })}</p>
        )}
      </header>
      {searches.length === 0 ? (
        <EmptySavedSearches />
      ) : (
        <ul className="flex flex-col gap-3">
          {searches.map((search) => (
            <li key={search.id}>
              <SavedSearchItem
                search={search}
                names={names}
                onEdit={() => {
                  setEditing(search);
                  setEditOpen(true);
                }}
                onDelete={() => setDeleting(search)}
              />
            </li>
          ))}
        </ul>
      )}
      {editing && (
        <EditSavedSearchDialog
          key={editing.id}
          search={editing}
          isOpen={editOpen}
          onOpenChange={setEditOpen}
          onSaved={(saved) => setSearches((current) => current.map((s) => (s.id === saved.id ? saved : s)))}
        />
      )}
      <ConfirmDialog
        title={t('saved_searches.delete_title')}
        body={deleting ? t('saved_searches.delete_confirm', { name: deleting.name }) : ''}
        confirmLabel={t('saved_searches.delete')}
        isOpen={deleting !== null}
        onOpenChange={(open) => {
          if (!open) setDeleting(null);
        }}
        onConfirm={() => {
          if (deleting) void remove(deleting);
        }}
      />
    </>
  );
}
