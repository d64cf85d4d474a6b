import { useTranslation } from '../../../lib/use-translation';
import { permissionKey } from '../role-rules';

/**
 * A permission's name and description in the reader's language; one the translations do not know
 * yet (added on the server later) shows its stored English description.
 */
export function usePermissionText() {
  const { t, i18n } = useTranslation();
  return (permission: { name: string; description: string }) => {
    const key = permissionKey(permission.name);
    const known = i18n.exists(`roles.permission.${key}.label`);
    return {
      label: known ? t(`roles.permission.${key}.label`) : permission.name,
      description: known ? t(`roles.permission.${key}.description`) : permission.description,
    };
  };
}
