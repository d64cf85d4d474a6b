import { Lock } from 'lucide-react';
import { useId, useState } from 'react';
import type { Permission } from '../../../../common/access';
import { DialogActions, FieldErrors, FormAlert, TextField } from '../../../components/form-controls';
import { FormDialog } from '../../../components/form-dialog';
import { refusalFor, useApiSubmit } from '../../../hooks/use-api-submit';
import { api } from '../../../lib/api-client';
import type { DialogProps } from '../../../lib/dialogs';
import { showToast } from '../../../lib/toasts';
import { roleName } from '../../../lib/role-name';
import { useTranslation } from '../../../lib/use-translation';
import { type RoleEditor, type RoleItem, editsOwnRole, permissionKey, permissionLock, roleChanges } from '../role-rules';
import { usePermissionText } from './permission-text';

export interface PermissionItem {
  id: number;
  name: string;
  description: string;
}

/**
 * Create a role or edit one (spec: the on-demand "create role" dialog): its name, a slug when
 * creating, and its permissions. Boxes the editor may not change are locked with the reason
 * beside them; whatever the server still refuses is shown under its field.
 */
export function RoleDialog({
  close,
  isOpen = true,
  role,
  permissions,
  editor,
  onSaved,
}: DialogProps & {
  isOpen?: boolean;
  /** Null: a new role. */
  role: RoleItem | null;
  permissions: PermissionItem[];
  editor: RoleEditor;
  onSaved: () => void;
}) {
  const { t } = useTranslation();
  const describe = usePermissionText();
  const id = useId();
  const [chosen, setChosen] = useState<string[]>(role?.permissions ?? []);
  const { busy, errors, formMessage, submit: send, fail } = useApiSubmit({ refusal: refusalFor(['name', 'slug', 'permissions']) });
  const ownRole = editsOwnRole(editor, role);
  // A built-in role is named in each reader's language, so its stored (English) name is not edited here.
  const builtIn = !!role?.built_in;

  async function submit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const name = builtIn ? role!.name : String(form.get('name') ?? '').trim();
    const slug = String(form.get('slug') ?? '').trim();
    if (name.length < 2) {
      fail({ name: [name ? t('validation.min_length', { limit: 2 }) : t('validation.required')] });
      return;
    }
    const changes = role ? roleChanges(role, name, chosen) : undefined;
    if (changes && Object.keys(changes).length === 0) {
      close();
      return;
    }
    await send(
      () =>
        role && changes
          ? api.updateRole(role.id, changes)
          : api.createRole({ name, ...(slug ? { slug } : {}), permissions: chosen as Permission[] }),
      (reply) => {
        showToast({ icon: 'success', message: reply.message });
        onSaved();
        close();
      },
    );
  }

  return (
    <FormDialog
      title={role ? t('roles.dialog.edit_title', { name: roleName(role, t) }) : t('roles.dialog.create_title')}
      isOpen={isOpen}
      onOpenChange={(open) => !open && close()}
      wide
    >
      {(closeNow) => (
        <form noValidate onSubmit={(event) => void submit(event)} className="space-y-4">
          <TextField
            label={t('roles.fields.name')}
            name="name"
            required={!builtIn}
            readOnly={builtIn}
            maxLength={60}
            autoComplete="off"
            defaultValue={role ? roleName(role, t) : ''}
            hint={builtIn ? t('roles.fields.name_built_in') : undefined}
            errors={errors.name}
            autoFocus
          />
          <TextField
            label={t('roles.fields.slug')}
            name="slug"
            maxLength={40}
            autoComplete="off"
            spellCheck={false}
            readOnly={!!role}
            defaultValue={role?.slug ?? ''}
            optionalText={role ? undefined : t('roles.fields.optional')}
            hint={role ? t('roles.fields.slug_fixed') : t('roles.fields.slug_hint')}
            errors={errors.slug}
            inputClassName="font-mono"
          />
          <fieldset aria-describedby={errors.permissions?.length ? `${id}-errors` : undefined}>
            <legend className="mb-2 text-sm font-medium">{t('roles.fields.permissions')}</legend>
            {ownRole && (
              <p className="mb-2 flex items-start gap-2 text-sm text-muted">
                <Lock aria-hidden size={16} className="mt-0.5 shrink-0" />
                {t('roles.own_role')}
              </p>
            )}
            <ul className="space-y-1">
              {permissions.map((permission) => {
                const lock = permissionLock(editor, role, permission.name as Permission);
                const boxId = `${id}-${permissionKey(permission.name)}`;
                const text = describe(permission);
                return (
                  <li
                    key={permission.name}
                    className={`flex items-start gap-3 rounded-lg px-2 py-1.5 ${lock ? 'opacity-70' : 'hover:bg-sunken'}`}
                  >
                    <input
                      id={boxId}
                      type="checkbox"
                      checked={chosen.includes(permission.name)}
                      disabled={lock !== null}
                      aria-describedby={`${boxId}-text`}
                      onChange={(event) =>
                        setChosen((list) =>
                          event.target.checked ? [...list, permission.name] : list.filter((name) => name !== permission.name),
                        )
                      }
                      className="mt-1 h-5 w-5 shrink-0 accent-[var(--brand)]"
                    />
                    <label htmlFor={boxId} className="min-w-0 text-sm">
                      <span className="font-medium">{text.label}</span>{' '}
                      <code className="rounded bg-sunken px-1 text-xs text-muted">{permission.name}</code>
                      <span id={`${boxId}-text`} className="block text-muted">
                        {text.description}
                        {lock === 'not_yours' && <span className="block text-xs italic">{t('roles.dialog.not_yours')}</span>}
                      </span>
                    </label>
                  </li>
                );
              })}
            </ul>
            <FieldErrors id={`${id}-errors`} errors={errors.permissions} />
          </fieldset>
          {formMessage && <FormAlert tone="error">{formMessage}</FormAlert>}
          <DialogActions close={closeNow} busy={busy} label={role ? t('roles.dialog.save') : t('roles.dialog.create')} />
        </form>
      )}
    </FormDialog>
  );
}
