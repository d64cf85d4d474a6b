import { ListPlus, Loader2, X } from 'lucide-react';
import { useCallback, useEffect, useRef, useState } from 'react';
import { type Locale, isLocale } from '../../../../common/locales';
import type { AdminAttribute } from '../../../../server/modules/attributes/attributes.schemas';
import type { AdminCatalog } from '../../../../server/modules/catalog/catalog.schemas';
import { FormAlert, primaryButton } from '../../../components/form-controls';
import { ApiError, api } from '../../../lib/api-client';
import { openDialog } from '../../../lib/dialogs';
import { ERROR_TOAST_MS, showToast } from '../../../lib/toasts';
import { useTranslation } from '../../../lib/use-translation';
import { movedBy } from '../field-draft';
import { FieldFormDialog } from './field-form-dialog';
import { FieldRow, type FieldAction } from './field-row';
import { RetireFieldDialog } from './retire-dialog';

export const catalogName = (node: Pick<AdminCatalog, `name_${Locale}`>, language: string) =>
  (isLocale(language) && node[`name_${language}`]) || node.name_fi;

/**
 * The fields ("Kentät") of the category chosen in the staff tree: those it inherits, read-only with
 * where they come from, and its own, which staff add, change, order and retire here. Changes are
 * live at once: every seller's form and buyer's filters follow.
 */
export function FieldsPanel({ catalog, catalogs, onClose }: { catalog: AdminCatalog; catalogs: AdminCatalog[]; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const [fields, setFields] = useState<AdminAttribute[] | null>(null);
  const [failed, setFailed] = useState<string>();
  const [busy, setBusy] = useState<number | null>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  // After a move the focus stays on the moved field's button, wherever the field went.
  const buttons = useRef(new Map<string, HTMLButtonElement>());
  const focusAfterMove = useRef<{ id: number; direction: 'up' | 'down' } | null>(null);
  const name = catalogName(catalog, i18n.language);

  const load = useCallback(async () => {
    try {
      setFields((await api.adminAttributes(catalog.id)).data);
      setFailed(undefined);
    } catch (error) {
      setFailed(error instanceof Error ? error.message : t('errors.unknown'));
    }
  }, [catalog.id, t]);

  // One panel per category (the route keys it by id): it loads once and takes the focus when it opens.
  // Closing gives the focus back to what opened the panel (the category's Fields button).
  const opener = useRef<HTMLElement | null>(null);
  const close = () => {
    onClose();
    opener.current?.focus();
  };

  useEffect(() => {
    let live = true;
    if (document.activeElement instanceof HTMLElement) opener.current = document.activeElement;
    heading.current?.focus();
    api
      .adminAttributes(catalog.id)
      .then((reply) => live && setFields(reply.data))
      .catch((error: unknown) => live && setFailed(error instanceof Error ? error.message : t('errors.unknown')));
    return () => {
      live = false;
    };
  }, [catalog.id, t]);

  useEffect(() => {
    const moved = focusAfterMove.current;
    if (!moved) return;
    focusAfterMove.current = null;
    const other = moved.direction === 'up' ? 'down' : 'up';
    const buttonsOf = [buttons.current.get(`${moved.id}-${moved.direction}`), buttons.current.get(`${moved.id}-${other}`)];
    buttonsOf.find((button) => button && !button.disabled)?.focus();
  }, [fields]);

  const done = (message: string) => {
    showToast({ icon: 'success', message });
    void load();
  };
  const refused = (error: unknown) => {
    showToast({ icon: 'error', message: error instanceof Error ? error.message : t('errors.unknown'), timer: ERROR_TOAST_MS });
    // Someone else changed the fields meanwhile: show them as they are now.
    if (error instanceof ApiError && error.status !== 0) void load();
  };

  const own = (fields ?? []).filter((f) => !f.inherited);
  const inherited = (fields ?? []).filter((f) => f.inherited);
  const ownerName = (id: number) => {
    const node = catalogs.find((c) => c.id === id);
    return node ? catalogName(node, i18n.language) : String(id);
  };

  async function move(field: AdminAttribute, direction: 'up' | 'down') {
    const ids = own.map((f) => f.id);
    const next = movedBy(ids, ids.indexOf(field.id), direction === 'up' ? -1 : 1);
    setBusy(field.id);
    try {
      const reply = await api.reorderAttributes(catalog.id, next);
      focusAfterMove.current = { id: field.id, direction };
      setFields(reply.data);
      showToast({ icon: 'success', message: reply.message });
    } catch (error) {
      refused(error);
    } finally {
      setBusy(null);
    }
  }

  const act = (field: AdminAttribute, action: FieldAction) => {
    switch (action) {
      case 'up':
      case 'down':
        return void move(field, action);
      case 'edit':
        return void openDialog(FieldFormDialog, { catalogId: catalog.id, catalogName: name, field, onDone: done });
      case 'retire':
        return void openDialog(RetireFieldDialog, { field, onDone: done });
    }
  };

  return (
    <section aria-labelledby="fields-panel-title" className="rounded-2xl border border-line bg-raised p-4 sm:p-5">
      <div className="flex items-start justify-between gap-3">
        <div className="min-w-0">
          <h2 id="fields-panel-title" ref={heading} tabIndex={-1} className="text-xl font-semibold break-words outline-none">
            {t('staff_attributes.title', { name })}
          </h2>
          <p className="mt-1 text-sm text-muted">{t('staff_attributes.intro')}</p>
        </div>
        <button
          type="button"
          onClick={close}
          aria-label={t('staff_attributes.close')}
          className="inline-flex h-10 w-10 shrink-0 items-center justify-center rounded-lg hover:bg-sunken"
        >
          <X aria-hidden size={20} />
        </button>
      </div>

      {failed && (
        <div className="mt-4">
          <FormAlert tone="error">{failed}</FormAlert>
        </div>
      )}
      {!fields && !failed && (
        <p className="mt-4 flex items-center gap-2 text-sm text-muted" role="status">
          <Loader2 aria-hidden size={16} className="animate-spin" />
          {t('staff_attributes.loading')}
        </p>
      )}

      {fields && inherited.length > 0 && (
        <>
          <h3 className="mt-5 text-sm font-semibold tracking-wide text-muted uppercase">{t('staff_attributes.inherited')}</h3>
          <ul className="mt-2 space-y-2">
            {inherited.map((field) => (
              <li key={field.id}>
                <FieldRow field={field} from={ownerName(field.catalog_id)} />
              </li>
            ))}
          </ul>
        </>
      )}

      {fields && (
        <>
          <h3 className="mt-5 text-sm font-semibold tracking-wide text-muted uppercase">{t('staff_attributes.own')}</h3>
          {own.length === 0 ? (
            <p className="mt-2 rounded-xl border border-dashed border-line p-4 text-center text-sm text-muted">
              {t('staff_attributes.none')}
            </p>
          ) : (
            <ol className="mt-2 space-y-2">
              {own.map((field, index) => (
                <li key={field.id}>
                  <FieldRow
                    field={field}
                    first={index === 0}
                    last={index === own.length - 1}
                    busy={busy === field.id}
                    onAction={(action) => act(field, action)}
                    buttonRef={(which, element) => {
                      if (element) buttons.current.set(`${field.id}-${which}`, element);
                      else buttons.current.delete(`${field.id}-${which}`);
                    }}
                  />
                </li>
              ))}
            </ol>
          )}
          <button
            aria-haspopup="dialog"
            type="button"
            className={`${primaryButton} mt-4`}
            onClick={() => openDialog(FieldFormDialog, { catalogId: catalog.id, catalogName: name, onDone: done })}
          >
            <ListPlus aria-hidden size={18} />
            {t('staff_attributes.add')}
          </button>
        </>
      )}
    </section>
  );
}
