import { History, RotateCcw } from 'lucide-react';
import type { InfoPageSavedView, InfoVersionsView } from '../../../../server/modules/pages/pages.schemas';
import { Pagination } from '../../../components/pagination';
import { SettingsCard } from '../../../components/form-controls';
import { ApiError, api } from '../../../lib/api-client';
import { openDialog } from '../../../lib/dialogs';
import { formatDateTime } from '../../../lib/format';
import { showToast } from '../../../lib/toasts';
import { useTranslation } from '../../../lib/use-translation';
import { ChoiceDialog } from './choice-dialog';

const kilobytes = (bytes: number) => Math.max(0.1, Math.round(bytes / 100) / 10);

/**
 * Who saved the page when, the newest first; any earlier version can be made the page's text
 * again (after a question that says unsaved changes in the editor would be replaced).
 */
export function InfoPageVersions({
  slug,
  locale,
  versions,
  dirty,
  onRestored,
}: {
  slug: string;
  locale: string;
  versions: InfoVersionsView;
  dirty: boolean;
  onRestored: (reply: InfoPageSavedView) => void;
}) {
  const { t, i18n } = useTranslation();
  type Version = InfoVersionsView['data'][number];
  // The oldest version without an author is the seeded first text; any other lost its author's account.
  const oldest = versions.meta.current_page === versions.meta.last_page ? versions.data.at(-1)?.id : undefined;
  const isInitial = (version: Version) => version.created_by === null && version.id === oldest;
  const who = (version: Version) =>
    version.created_by?.name ?? (isInitial(version) ? t('admin_pages.versions.initial') : t('admin_pages.versions.deleted_account'));

  function restore(version: Version) {
    const date = formatDateTime(version.created_at, i18n.language);
    const body = isInitial(version)
      ? t('admin_pages.versions.restore_body_initial', { date })
      : t('admin_pages.versions.restore_body', { date, name: who(version) });
    openDialog(ChoiceDialog, {
      title: t('admin_pages.versions.restore_title'),
      body: dirty ? `${body} ${t('admin_pages.versions.restore_unsaved')}` : body,
      confirmLabel: t('admin_pages.versions.restore'),
      cancelLabel: t('admin_pages.cancel'),
      onConfirm: () => {
        api
          .restoreInfoPageVersion(slug, locale, version.id)
          .then((reply) => {
            showToast({ icon: reply.changed ? 'success' : 'info', message: reply.message });
            onRestored(reply);
          })
          .catch((error: unknown) => {
            showToast({ icon: 'error', message: error instanceof ApiError ? error.message : t('errors.unknown') });
          });
      },
    });
  }

  return (
    <SettingsCard title={t('admin_pages.versions.title')} description={t('admin_pages.versions.description')}>
      {versions.data.length === 0 ? (
        <p className="text-muted">{t('admin_pages.versions.none')}</p>
      ) : (
        <ol aria-label={t('admin_pages.versions.title')} className="divide-y divide-line">
          {versions.data.map((version) => {
            const date = formatDateTime(version.created_at, i18n.language);
            return (
              <li key={version.id} className="flex flex-wrap items-center gap-x-3 gap-y-1 py-3">
                <History aria-hidden size={18} className="shrink-0 text-muted" />
                <div className="min-w-0 flex-1">
                  <p className="font-medium">
                    <time dateTime={version.created_at}>{date}</time>
                    <span className="text-muted"> · {who(version)}</span>
                  </p>
                  <p className="truncate text-sm text-muted">
                    <span lang={locale}>{version.title}</span> · {t('admin_pages.versions.size', { size: kilobytes(version.bytes) })}
                    {version.restored_from !== null && <> · {t('admin_pages.versions.restored_from', { id: version.restored_from })}</>}
                  </p>
                </div>
                <span className="text-xs text-muted tabular-nums">#{version.id}</span>
                {version.current ? (
                  <span className="rounded-full bg-brand-soft px-2.5 py-1 text-xs font-semibold text-brand">
                    {t('admin_pages.versions.current')}
                  </span>
                ) : (
                  <button
                    type="button"
                    onClick={() => restore(version)}
                    className="inline-flex h-10 items-center gap-1.5 rounded-lg border border-line px-3 text-sm font-semibold hover:bg-sunken"
                    aria-label={t('admin_pages.versions.restore_label', { date })}
                  >
                    <RotateCcw aria-hidden size={16} />
                    {t('admin_pages.versions.restore')}
                  </button>
                )}
              </li>
            );
          })}
        </ol>
      )}
      <Pagination page={versions.meta.current_page} lastPage={versions.meta.last_page} />
    </SettingsCard>
  );
}
