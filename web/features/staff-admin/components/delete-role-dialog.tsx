import { useId } from 'react';
import { DialogActions, FieldErrors, FormAlert, describedBy } from '../../../components/form-controls';
import { FormDialog } from '../../../components/form-dialog';
import { refusalFor, useApiSubmit } from '../../../hooks/use-api-submit';
import { api } from '../../../lib/api-client';
import type { DialogProps } from '../../../lib/dialogs';
import { showToast } from '../../../lib/toasts';
import { roleName } from '../../../lib/role-name';
import { useTranslation } from '../../../lib/use-translation';
import type { RoleItem } from '../role-rules';

/**
 * "Delete this role?" A role nobody holds just goes; a role in use asks which role its holders get
 * instead (they keep any other roles they have). The server's refusals show under the choice.
 */
export function DeleteRoleDialog({
  close,
  isOpen = true,
  role,
  targets,
  onDeleted,
}: DialogProps & { isOpen?: boolean; role: RoleItem; targets: RoleItem[]; onDeleted: () => void }) {
  const { t } = useTranslation();
  const id = useId();
  const inUse = role.users_count > 0;
  // The server names a refusal about the role itself under `role`: it shows under the choice too.
  const {
    busy,
    errors: refused,
    formMessage,
    submit: send,
    fail,
  } = useApiSubmit({ refusal: refusalFor({ move_to: ['move_to', 'role'] }) });
  const errors = refused.move_to;

  async function submit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const moveTo = inUse ? Number(new FormData(event.currentTarget).get('move_to')) : undefined;
    if (inUse && !moveTo) {
      fail({ move_to: [t('roles.delete.choose')] });
      return;
    }
    await send(
      () => api.deleteRole(role.id, moveTo),
      (reply) => {
        showToast({ icon: 'success', message: reply.message });
        onDeleted();
        close();
      },
    );
  }

  return (
    <FormDialog
      title={t('roles.delete.title', { name: roleName(role, t) })}
      isOpen={isOpen}
      onOpenChange={(open) => !open && close()}
      role="alertdialog"
    >
      {(closeNow) => (
        <form noValidate onSubmit={(event) => void submit(event)} className="space-y-4">
          <p className="text-muted">{inUse ? t('roles.delete.in_use', { count: role.users_count }) : t('roles.delete.unused')}</p>
          {inUse && (
            <div>
              <label htmlFor={id} className="mb-1.5 block text-sm font-medium">
                {t('roles.delete.move_to')}
              </label>
              {targets.length > 0 ? (
                <select
                  id={id}
                  name="move_to"
                  required
                  defaultValue=""
                  aria-invalid={errors?.length ? true : undefined}
                  aria-describedby={describedBy(!!errors?.length && `${id}-errors`)}
                  className="h-11 w-full rounded-lg border border-line bg-raised px-3 text-base text-ink outline-none focus:border-brand aria-[invalid=true]:border-danger"
                >
                  <option value="" disabled>
                    {t('roles.delete.choose')}
                  </option>
                  {targets.map((target) => (
                    <option key={target.id} value={target.id}>
                      {roleName(target, t)} ({target.slug})
                    </option>
                  ))}
                </select>
              ) : (
                <p className="text-sm text-muted">{t('roles.delete.no_targets')}</p>
              )}
              <FieldErrors id={`${id}-errors`} errors={errors} />
            </div>
          )}
          {!inUse && <FieldErrors id={`${id}-errors`} errors={errors} />}
          {formMessage && <FormAlert tone="error">{formMessage}</FormAlert>}
          <DialogActions close={closeNow} busy={busy} label={t('roles.delete.confirm')} variant="danger" />
        </form>
      )}
    </FormDialog>
  );
}
