import { Check, Minus } from 'lucide-react';
import { Link } from 'react-router';
import { roleName } from '../../../lib/role-name';
import { useTranslation } from '../../../lib/use-translation';
import type { RoleItem } from '../role-rules';
import { usePermissionText } from './permission-text';
import type { PermissionItem } from './role-dialog';

/**
 * Every permission with what it allows and which roles grant it: a read-only table of permissions
 * by roles (the grants are changed on the roles page). A superAdmin holds everything, stored or not.
 */
export function PermissionsMatrix({ permissions, roles }: { permissions: PermissionItem[]; roles: RoleItem[] }) {
  const { t } = useTranslation();
  const describe = usePermissionText();
  const grants = (role: RoleItem, name: string) => role.slug === 'superAdmin' || role.permissions.includes(name);
  return (
    <section aria-labelledby="permissions-title">
      <h1 id="permissions-title" className="text-2xl font-bold">
        {t('roles.matrix.title')}
      </h1>
      <p className="mt-1 text-muted">
        {t('roles.matrix.intro')}{' '}
        <Link to="/admin/roles" className="font-semibold text-brand underline">
          {t('roles.matrix.edit_link')}
        </Link>
      </p>
      {/* Wider than a phone: a region keyboard users can focus and scroll with the arrow keys. */}
      <div
        role="region"
        aria-label={t('roles.matrix.caption')}
        tabIndex={0}
        className="mt-5 overflow-x-auto rounded-2xl border border-line bg-raised focus-ring"
      >
        <table className="w-full min-w-[40rem] border-collapse text-sm">
          <caption className="sr-only">{t('roles.matrix.caption')}</caption>
          <thead>
            <tr className="border-b border-line bg-sunken">
              <th scope="col" className="sticky left-0 z-10 bg-sunken px-4 py-3 text-left font-semibold">
                {t('roles.matrix.permission')}
              </th>
              {roles.map((role) => (
                <th key={role.id} scope="col" className="px-2 py-3 text-center font-semibold whitespace-nowrap">
                  {roleName(role, t)}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {permissions.map((permission) => {
              const text = describe(permission);
              return (
                <tr key={permission.name} className="border-b border-line last:border-b-0">
                  <th scope="row" className="sticky left-0 z-10 max-w-[18rem] bg-raised px-4 py-3 text-left align-top font-normal">
                    <span className="block font-semibold">{text.label}</span>
                    <code className="text-xs text-muted">{permission.name}</code>
                    <span className="mt-1 block text-muted">{text.description}</span>
                  </th>
                  {roles.map((role) =>
                    grants(role, permission.name) ? (
                      <td key={role.id} className="px-2 py-3 text-center align-middle">
                        <Check aria-hidden size={18} className="mx-auto text-success" />
                        <span className="sr-only">{t('roles.matrix.granted')}</span>
                      </td>
                    ) : (
                      <td key={role.id} className="px-2 py-3 text-center align-middle">
                        <Minus aria-hidden size={16} className="mx-auto text-muted opacity-50" />
                        <span className="sr-only">{t('roles.matrix.not_granted')}</span>
                      </td>
                    ),
                  )}
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
    </section>
  );
}
