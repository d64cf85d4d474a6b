import { Pencil, Plus, Trash2, Users } from 'lucide-react';
import { useRevalidator } from 'react-router';
import { Pagination } from '../../../components/pagination';
import { primaryButton, secondaryButton } from '../../../components/form-controls';
import { openDialog } from '../../../lib/dialogs';
import { roleName } from '../../../lib/role-name';
import { useTranslation } from '../../../lib/use-translation';
import { type RoleEditor, type RoleItem, mayDeleteRole, mayEditRole, moveTargets } from '../role-rules';
import { DeleteRoleDialog } from './delete-role-dialog';
import { usePermissionText } from './permission-text';
import { type PermissionItem, RoleDialog } from './role-dialog';

const smallButton = 'h-9 px-3 text-sm';

/** The roles, a page at a time, each with its permissions and how many hold it; create, edit and delete in dialogs. */
export function RolesPage({
  roles,
  allRoles,
  permissions,
  editor,
  page,
  lastPage,
  total,
}: {
  roles: RoleItem[];
  allRoles: RoleItem[];
  permissions: PermissionItem[];
  editor: RoleEditor;
  page: number;
  lastPage: number;
  total: number;
}) {
  const { t } = useTranslation();
  const describe = usePermissionText();
  const revalidator = useRevalidator();
  const refresh = () => void revalidator.revalidate();
  const byName = new Map(permissions.map((permission) => [permission.name, permission]));

  const edit = (role: RoleItem | null) => openDialog(RoleDialog, { role, permissions, editor, onSaved: refresh });

  return (
    <section aria-labelledby="roles-title">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <h1 id="roles-title" className="text-2xl font-bold">
            {t('roles.title')}
          </h1>
          <p className="mt-1 text-muted">{t('roles.count', { count: total })}</p>
        </div>
        <button aria-haspopup="dialog" type="button" className={primaryButton} onClick={() => edit(null)}>
          <Plus aria-hidden size={18} />
          {t('roles.create')}
        </button>
      </div>

      <ul className="mt-5 space-y-3">
        {roles.map((role) => (
          <li key={role.id} className="rounded-2xl border border-line bg-raised p-4">
            <div className="flex flex-wrap items-start justify-between gap-3">
              <div className="min-w-0">
                <h2 className="flex flex-wrap items-center gap-2 text-lg font-semibold">
                  {roleName(role, t)}
                  {role.built_in && (
                    <span className="rounded-full bg-sunken px-2 py-0.5 text-xs font-medium text-muted">{t('roles.built_in_badge')}</span>
                  )}
                </h2>
                <p className="mt-0.5 flex flex-wrap items-center gap-x-3 text-sm text-muted">
                  <code>{role.slug}</code>
                  <span className="inline-flex items-center gap-1">
                    <Users aria-hidden size={14} />
                    {t('roles.users_count', { count: role.users_count })}
                  </span>
                </p>
              </div>
              <div className="flex gap-2">
                {mayEditRole(editor, role) && (
                  <button
                    aria-haspopup="dialog"
                    type="button"
                    className={`${secondaryButton} ${smallButton}`}
                    onClick={() => edit(role)}
                    aria-label={t('roles.edit_named', { name: roleName(role, t) })}
                  >
                    <Pencil aria-hidden size={16} />
                    <span aria-hidden>{t('roles.edit')}</span>
                  </button>
                )}
                {mayDeleteRole(role) && (
                  <button
                    aria-haspopup="dialog"
                    type="button"
                    className={`${secondaryButton} ${smallButton} text-danger`}
                    onClick={() => openDialog(DeleteRoleDialog, { role, targets: moveTargets(editor, allRoles, role), onDeleted: refresh })}
                    aria-label={t('roles.delete_named', { name: roleName(role, t) })}
                  >
                    <Trash2 aria-hidden size={16} />
                    <span aria-hidden>{t('roles.delete.button')}</span>
                  </button>
                )}
              </div>
            </div>
            {role.slug === 'superAdmin' ? (
              <p className="mt-3 text-sm text-muted">{t('roles.super_admin_note')}</p>
            ) : role.permissions.length === 0 ? (
              <p className="mt-3 text-sm text-muted">{t('roles.no_permissions')}</p>
            ) : (
              <ul aria-label={t('roles.permissions_of', { name: roleName(role, t) })} className="mt-3 flex flex-wrap gap-1.5">
                {role.permissions.map((name) => (
                  <li key={name} className="rounded-full border border-line bg-brand-soft px-2.5 py-0.5 text-sm">
                    {describe(byName.get(name) ?? { name, description: '' }).label}
                  </li>
                ))}
              </ul>
            )}
          </li>
        ))}
      </ul>
      <Pagination page={page} lastPage={lastPage} />
    </section>
  );
}
