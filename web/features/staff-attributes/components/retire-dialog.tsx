import type { FormEvent } from 'react';
import { labelOf } from '../../../../common/attributes';
import type { Locale } from '../../../../common/locales';
import type { AdminAttribute } from '../../../../server/modules/attributes/attributes.schemas';
import { FormDialog } from '../../../components/form-dialog';
import { DialogActions, FormAlert } from '../../../components/form-controls';
import { refusalText, useApiSubmit } from '../../../hooks/use-api-submit';
import { api } from '../../../lib/api-client';
import type { DialogProps } from '../../../lib/dialogs';
import { useTranslation } from '../../../lib/use-translation';

/** "Retire this field?" or "Bring it back?": ads keep their values either way. */
export function RetireFieldDialog({
  field,
  onDone,
  close,
  isOpen = true,
}: { field: AdminAttribute; onDone: (message: string) => void } & DialogProps & { isOpen?: boolean }) {
  const { t, i18n } = useTranslation();
  const retiring = !field.retired;
  const { busy, formMessage, submit } = useApiSubmit({
    refusal: (error) => ({ errors: {}, message: refusalText(error, t('errors.unknown')) }),
  });
  const label = labelOf(field.labels, i18n.language as Locale);

  async function send(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    await submit(
      () => api.setAttributeRetired(field.id, retiring),
      (reply) => {
        close();
        onDone(reply.message);
      },
    );
  }

  return (
    <FormDialog
      title={t(retiring ? 'staff_attributes.retire_dialog.title' : 'staff_attributes.restore_dialog.title', { label })}
      isOpen={isOpen}
      onOpenChange={(open) => !open && close()}
      role="alertdialog"
    >
      <form noValidate onSubmit={(event) => void send(event)} className="space-y-4">
        <p className="text-sm text-muted">{t(retiring ? 'staff_attributes.retire_dialog.body' : 'staff_attributes.restore_dialog.body')}</p>
        {formMessage && <FormAlert tone="error">{formMessage}</FormAlert>}
        <DialogActions
          close={close}
          busy={busy}
          label={t(retiring ? 'staff_attributes.retire_dialog.submit' : 'staff_attributes.restore_dialog.submit')}
          variant={retiring ? 'danger' : 'primary'}
        />
      </form>
    </FormDialog>
  );
}
