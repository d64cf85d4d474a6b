import { type FormEvent, useId } from 'react';
import type { AdminCatalog } from '../../../../server/modules/catalog/catalog.schemas';
import { FormDialog } from '../../../components/form-dialog';
import { DialogActions, FieldErrors, FormAlert, describedBy, inputClass, secondaryButton } from '../../../components/form-controls';
import { useApiSubmit } from '../../../hooks/use-api-submit';
import { api } from '../../../lib/api-client';
import type { DialogProps } from '../../../lib/dialogs';
import { useTranslation } from '../../../lib/use-translation';
import { nameIn, optionLabel } from '../category-tree-state';
import { splitRefusal } from '../refusal';

/** Merges a category into another: its ads move there and it is removed (not while it has subcategories). */
export function MergeCategoryDialog({
  node,
  nodes,
  onDone,
  close,
  isOpen = true,
}: { node: AdminCatalog; nodes: AdminCatalog[]; onDone: (message: string) => void } & DialogProps & { isOpen?: boolean }) {
  const { t, i18n } = useTranslation();
  const id = useId();
  const {
    busy,
    errors: refused,
    formMessage: alert,
    submit: send,
    fail,
    clearErrors,
  } = useApiSubmit({ refusal: (error) => splitRefusal(error, ['into'], t('errors.unknown')) });
  const errors = refused.into;
  const name = nameIn(node, i18n.language);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const into = Number(new FormData(event.currentTarget).get('into') ?? 0);
    if (!into) return fail({ into: [t('validation.required')] });
    await send(
      () => api.mergeCatalog(node.id, into),
      (reply) => {
        close();
        onDone(reply.message);
      },
    );
  }

  return (
    <FormDialog
      title={t('admin_categories.merge_dialog.title', { name })}
      isOpen={isOpen}
      onOpenChange={(open) => !open && close()}
      role="alertdialog"
      wide
    >
      {node.children_count > 0 ? (
        <div className="space-y-4">
          <FormAlert tone="info">{t('admin_categories.merge_dialog.blocked', { name })}</FormAlert>
          <div className="flex justify-end">
            <button type="button" className={secondaryButton} onClick={close} autoFocus>
              {t('admin_categories.cancel')}
            </button>
          </div>
        </div>
      ) : (
        <form noValidate onSubmit={(event) => void submit(event)} className="space-y-4">
          <p className="text-sm text-muted">{t('admin_categories.merge_dialog.body', { name, count: node.ads_count })}</p>
          <div>
            <label htmlFor={id} className="mb-1.5 block text-sm font-medium">
              {t('admin_categories.merge_dialog.target')}
            </label>
            <select
              id={id}
              name="into"
              className={inputClass}
              autoFocus
              defaultValue=""
              required
              aria-invalid={errors?.length ? true : undefined}
              aria-describedby={describedBy(!!errors?.length && `${id}-errors`)}
              onChange={clearErrors}
            >
              <option value="" disabled>
                {t('admin_categories.merge_dialog.choose')}
              </option>
              {nodes
                .filter((target) => target.id !== node.id)
                .map((target) => (
                  <option key={target.id} value={target.id}>
                    {optionLabel(target, i18n.language)}
                  </option>
                ))}
            </select>
            <FieldErrors id={`${id}-errors`} errors={errors} />
          </div>
          {alert && <FormAlert tone="error">{alert}</FormAlert>}
          <DialogActions close={close} busy={busy} label={t('admin_categories.merge_dialog.submit')} variant="danger" />
        </form>
      )}
    </FormDialog>
  );
}
