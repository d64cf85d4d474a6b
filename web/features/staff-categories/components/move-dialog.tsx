import { type FormEvent, useId } from 'react';
import type { AdminCatalog } from '../../../../server/modules/catalog/catalog.schemas';
import { FormDialog } from '../../../components/form-dialog';
import { DialogActions, FormAlert, inputClass, secondaryButton } from '../../../components/form-controls';
import { useApiSubmit } from '../../../hooks/use-api-submit';
import { api } from '../../../lib/api-client';
import type { DialogProps } from '../../../lib/dialogs';
import { useTranslation } from '../../../lib/use-translation';
import { moveTargets, nameIn, optionLabel } from '../category-tree-state';
import { splitRefusal } from '../refusal';

const TOP = 'top';

/** Moves a category (with everything below it) elsewhere: the picker offers only the places it fits. */
export function MoveCategoryDialog({
  node,
  nodes,
  onDone,
  close,
  isOpen = true,
}: { node: AdminCatalog; nodes: AdminCatalog[]; onDone: (message: string) => void } & DialogProps & { isOpen?: boolean }) {
  const { t, i18n } = useTranslation();
  const id = useId();
  const { busy, formMessage: alert, submit: send } = useApiSubmit({ refusal: (error) => splitRefusal(error, [], t('errors.unknown')) });
  const targets = moveTargets(nodes, node);
  const possible = targets.top || targets.parents.length > 0;

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const chosen = String(new FormData(event.currentTarget).get('parent_id') ?? '');
    await send(
      () => api.moveCatalog(node.id, chosen === TOP ? null : Number(chosen)),
      (reply) => {
        close();
        onDone(reply.message);
      },
    );
  }

  return (
    <FormDialog
      title={t('admin_categories.move_dialog.title', { name: nameIn(node, i18n.language) })}
      isOpen={isOpen}
      onOpenChange={(open) => !open && close()}
      wide
    >
      {possible ? (
        <form noValidate onSubmit={(event) => void submit(event)} className="space-y-4">
          <p className="text-sm text-muted">{t('admin_categories.move_dialog.body')}</p>
          <div>
            <label htmlFor={id} className="mb-1.5 block text-sm font-medium">
              {t('admin_categories.move_dialog.parent')}
            </label>
            <select
              id={id}
              name="parent_id"
              className={inputClass}
              autoFocus
              defaultValue={targets.top ? TOP : String(targets.parents[0]!.id)}
            >
              {targets.top && <option value={TOP}>{t('admin_categories.top_level')}</option>}
              {targets.parents.map((target) => (
                <option key={target.id} value={target.id}>
                  {optionLabel(target, i18n.language)}
                </option>
              ))}
            </select>
          </div>
          {alert && <FormAlert tone="error">{alert}</FormAlert>}
          <DialogActions close={close} busy={busy} label={t('admin_categories.move_dialog.submit')} />
        </form>
      ) : (
        <div className="space-y-4">
          <FormAlert tone="info">{t('admin_categories.move_dialog.none')}</FormAlert>
          <div className="flex justify-end">
            <button type="button" className={secondaryButton} onClick={close} autoFocus>
              {t('admin_categories.cancel')}
            </button>
          </div>
        </div>
      )}
    </FormDialog>
  );
}
