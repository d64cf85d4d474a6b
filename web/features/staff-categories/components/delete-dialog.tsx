import type { FormEvent } from 'react';
import type { AdminCatalog } from '../../../../server/modules/catalog/catalog.schemas';
import { FormDialog } from '../../../components/form-dialog';
import { DialogActions, FormAlert } from '../../../components/form-controls';
import { useApiSubmit } from '../../../hooks/use-api-submit';
import { api } from '../../../lib/api-client';
import type { DialogProps } from '../../../lib/dialogs';
import { useTranslation } from '../../../lib/use-translation';
import { nameIn } from '../category-tree-state';
import { splitRefusal } from '../refusal';

/** "Delete this category?" — offered only for one without ads and subcategories; the server checks again. */
export function DeleteCategoryDialog({
  node,
  onDone,
  close,
  isOpen = true,
}: { node: AdminCatalog; onDone: (message: string) => void } & DialogProps & { isOpen?: boolean }) {
  const { t, i18n } = useTranslation();
  const { busy, formMessage: alert, submit: send } = useApiSubmit({ refusal: (error) => splitRefusal(error, [], t('errors.unknown')) });

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    await send(
      () => api.deleteCatalog(node.id),
      (reply) => {
        close();
        onDone(reply.message);
      },
    );
  }

  return (
    <FormDialog
      title={t('admin_categories.delete_dialog.title', { name: nameIn(node, i18n.language) })}
      isOpen={isOpen}
      onOpenChange={(open) => !open && close()}
      role="alertdialog"
    >
      <form noValidate onSubmit={(event) => void submit(event)} className="space-y-4">
        <p className="text-sm text-muted">{t('admin_categories.delete_dialog.body')}</p>
        {alert && <FormAlert tone="error">{alert}</FormAlert>}
        <DialogActions close={close} busy={busy} label={t('admin_categories.delete_dialog.submit')} variant="danger" />
      </form>
    </FormDialog>
  );
}
