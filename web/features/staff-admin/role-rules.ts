import type { Permission } from '../../../common/access';

/** A role as the roles page shows it (GET /roles-complete's item). */
export interface RoleItem {
  id: number;
  slug: string;
  name: string;
  built_in: boolean;
  permissions: string[];
  users_count: number;
}

/** Who is looking at the roles page: what they may grant, and which roles they hold. */
export interface RoleEditor {
  permissions: readonly Permission[];
  roles: readonly string[];
}

/** Roles that reach everything: only a superAdmin changes them or moves people into them. */
const TOP_ROLES = ['superAdmin', 'admin'];

const isSuperAdmin = (editor: RoleEditor) => editor.roles.includes('superAdmin');

/** Whether the role's name and permissions can be edited by this person at all (the server has the last word). */
export function mayEditRole(editor: RoleEditor, role: RoleItem): boolean {
  if (role.slug === 'superAdmin') return false;
  return !TOP_ROLES.includes(role.slug) || isSuperAdmin(editor);
}

export function mayDeleteRole(role: RoleItem): boolean {
  return !role.built_in;
}

/**
 * Why a permission's box is locked in the role dialog, or null when it may be ticked and unticked:
 * no one grants or takes away what they do not hold, nor changes the grants of a role they hold
 * (a superAdmin aside). `role` is null when creating.
 */
export function permissionLock(editor: RoleEditor, role: RoleItem | null, permission: Permission): 'own_role' | 'not_yours' | null {
  if (isSuperAdmin(editor)) return null;
  if (editsOwnRole(editor, role)) return 'own_role';
  return editor.permissions.includes(permission) ? null : 'not_yours';
}

/** Whether the editor holds this role, and so may not change its grants (a superAdmin aside). */
export function editsOwnRole(editor: RoleEditor, role: RoleItem | null): boolean {
  return !!role && !isSuperAdmin(editor) && editor.roles.includes(role.slug);
}

/** The roles a deleted role's holders may be moved to by this person. */
export function moveTargets(editor: RoleEditor, roles: readonly RoleItem[], deleting: RoleItem): RoleItem[] {
  return roles.filter(
    (role) =>
      role.id !== deleting.id &&
      (isSuperAdmin(editor) ||
        (!TOP_ROLES.includes(role.slug) && role.permissions.every((p) => editor.permissions.includes(p as Permission)))),
  );
}

/** What an edit changes: only the fields that differ, so an unchanged list of grants is not sent (and not refused). */
export function roleChanges(role: RoleItem, name: string, permissions: readonly string[]): { name?: string; permissions?: Permission[] } {
  const changes: { name?: string; permissions?: Permission[] } = {};
  if (name.trim() !== role.name) changes.name = name;
  const same = permissions.length === role.permissions.length && permissions.every((p) => role.permissions.includes(p));
  if (!same) changes.permissions = [...permissions] as Permission[];
  return changes;
}

/** The i18n key part for a permission name ("admin.access" → "admin_access"): the translator reads dots as nesting. */
export const permissionKey = (name: string) => name.replaceAll('.', '_');
