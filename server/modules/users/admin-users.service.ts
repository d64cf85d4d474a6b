import { can } from '../../../common/access.ts';
import { AppError } from '../../../common/errors.ts';
import { hasControlCharacter } from '../../../common/text.ts';
import type { Storage } from '../../platform/storage.ts';
import type { AuthRepo } from '../auth/auth.repo.ts';
import type { CurrentUser, RequestMeta } from '../auth/auth.service.ts';
import type { AdminUsersRepo } from './admin-users.repo.ts';
import type { AdminUserSort } from './users.schemas.ts';
import type { UserRow, UsersRepo } from './users.repo.ts';

/** Roles only a superAdmin may give or take away: they reach everything. */
const TOP_ROLES = ['superAdmin', 'admin'];

export interface AdminUserListInput {
  current_page?: number | undefined;
  per_page?: number | undefined;
  search_by?: string | undefined;
  filters?: { role?: string | undefined; verified?: boolean | undefined } | undefined;
  sort_by?: AdminUserSort | undefined;
  sort_direction?: 'asc' | 'desc' | undefined;
}

export interface AdminUserChanges {
  name?: string | undefined;
  surname?: string | null | undefined;
  email?: string | undefined;
  phone?: string | null | undefined;
  roles?: string[] | undefined;
}

function presentAdminUser(user: UserRow, roles: string[], storage: Storage) {
  return {
    id: user.id,
    name: user.name,
    surname: user.surname,
    email: user.email,
    email_verified_at: user.emailVerifiedAt?.toISOString() ?? null,
    avatar: user.avatarKey ? storage.publicUrl(user.avatarKey) : null,
    phone: user.phone,
    roles: roles.map((slug) => ({ slug })),
    created_at: user.createdAt.toISOString(),
  };
}
export type AdminUser = ReturnType<typeof presentAdminUser>;

/**
 * The staff's side of accounts (issue 14, item 3). Rules:
 * - everything needs `users.manage`;
 * - a superAdmin's account is changed, unverified or deleted only by a superAdmin, and only a
 *   superAdmin gives or takes the superAdmin and admin roles;
 * - nobody changes their own roles or deletes themselves here (their own settings do that);
 * - the last superAdmin keeps the role and the account;
 * - every change goes to the audit log with before and after.
 */
export function createAdminUsersService(deps: { repo: AdminUsersRepo; users: UsersRepo; audit: AuthRepo['audit']; storage: Storage }) {
  const { repo, users, audit, storage } = deps;
  const isSuperAdmin = (current: CurrentUser) => current.roles.includes('superAdmin');

  function requireManage(current: CurrentUser): void {
    if (!can(current, 'users.manage')) throw new AppError('forbidden');
  }

  /** The target account, refused when it is a superAdmin's and the actor is not one. */
  async function target(current: CurrentUser, id: number): Promise<{ user: UserRow; roles: string[] }> {
    const user = await users.findById(id);
    if (!user) throw new AppError('not_found');
    const roles = await repo.rolesOf(id);
    if (roles.includes('superAdmin') && !isSuperAdmin(current)) throw new AppError('forbidden');
    return { user, roles };
  }

  const auditEntry = (current: CurrentUser, meta: RequestMeta, action: string, userId: number, data: Record<string, unknown>) => ({
    actorId: current.id,
    impersonatorId: current.session.impersonatorId,
    action,
    entity: 'user',
    entityId: String(userId),
    data,
    ip: meta.ip,
  });

  return {
    /** POST /users: a page of accounts, searched, filtered and sorted on the server. */
    async list(current: CurrentUser, input: AdminUserListInput) {
      requireManage(current);
      const perPage = input.per_page ?? 20;
      const page = input.current_page ?? 1;
      const { rows, total } = await repo.list({
        search: input.search_by,
        role: input.filters?.role,
        verified: input.filters?.verified,
        sortBy: input.sort_by ?? 'id',
        direction: input.sort_direction ?? 'desc',
        limit: perPage,
        offset: (page - 1) * perPage,
      });
      return {
        data: rows.map((row) => presentAdminUser(row, row.roles, storage)),
        meta: { current_page: page, last_page: Math.max(1, Math.ceil(total / perPage)), per_page: perPage, total },
      };
    },

    /** POST /users/toggle-verify: marks the address confirmed (role user) or not (role unverified). */
    async toggleVerify(current: CurrentUser, action: 'confirmVerifyUser' | 'unVerifyUser', id: number, meta: RequestMeta) {
      requireManage(current);
      const { user, roles } = await target(current, id);
      const verify = action === 'confirmVerifyUser';
      const nextRoles = verify
        ? [...new Set([...roles.filter((slug) => slug !== 'unverified'), 'user'])]
        : [...new Set([...roles.filter((slug) => slug !== 'user'), 'unverified'])];
      return users.transaction(async (tx) => {
        const updated = await users.update(id, { emailVerifiedAt: verify ? (user.emailVerifiedAt ?? new Date()) : null }, tx);
        await repo.setRoles(id, nextRoles, tx);
        await audit(
          auditEntry(current, meta, verify ? 'user_verified' : 'user_unverified', id, {
            before: { email_verified_at: user.emailVerifiedAt?.toISOString() ?? null, roles },
            after: { email_verified_at: updated!.emailVerifiedAt?.toISOString() ?? null, roles: nextRoles },
          }),
          tx,
        );
        return presentAdminUser(updated!, nextRoles, storage);
      });
    },

    /** PATCH /users/update-user/{id}: profile fields and roles. */
    async update(current: CurrentUser, id: number, changes: AdminUserChanges, meta: RequestMeta) {
      requireManage(current);
      const { user, roles } = await target(current, id);
      const fields: Record<string, { key: string; params?: Record<string, string | number> }[]> = {};
      for (const key of ['name', 'surname', 'email', 'phone'] as const) {
        const value = changes[key];
        if (typeof value === 'string' && hasControlCharacter(value)) fields[key] = [{ key: 'validation.control_characters' }];
      }
      const email = changes.email?.trim().toLowerCase();
      if (email && email !== user.email.toLowerCase()) {
        const holder = await users.findByEmail(email);
        if (holder && holder.id !== id) fields.email = [{ key: 'admin_users.email_taken' }];
      }
      let nextRoles = roles;
      if (changes.roles) {
        nextRoles = [...new Set(changes.roles)];
        if (id === current.id && nextRoles.sort().join() !== [...roles].sort().join()) {
          throw AppError.field('roles', 'admin_users.own_roles');
        }
        const known = await repo.existingRoles(nextRoles);
        const unknown = nextRoles.filter((slug) => !known.includes(slug));
        if (unknown.length) fields.roles = [{ key: 'admin_users.unknown_roles', params: { roles: unknown.join(', ') } }];
        const touchedTop = TOP_ROLES.filter((slug) => roles.includes(slug) !== nextRoles.includes(slug));
        if (touchedTop.length && !isSuperAdmin(current)) throw new AppError('forbidden');
        if (nextRoles.length === 0) fields.roles = [{ key: 'admin_users.no_roles' }];
      }
      if (Object.keys(fields).length) throw new AppError('validation_failed', {}, fields);
      return users.transaction(async (tx) => {
        if (roles.includes('superAdmin') && !nextRoles.includes('superAdmin') && (await repo.lockedSuperAdminCount(tx)) <= 1) {
          throw AppError.field('roles', 'admin_users.last_super_admin');
        }
        const updated = await users.update(
          id,
          {
            ...(changes.name !== undefined ? { name: changes.name.trim() } : {}),
            ...(changes.surname !== undefined ? { surname: changes.surname?.trim() || null } : {}),
            ...(email ? { email } : {}),
            ...(changes.phone !== undefined ? { phone: changes.phone?.trim() || null } : {}),
          },
          tx,
        );
        if (changes.roles) await repo.setRoles(id, nextRoles, tx);
        await audit(
          auditEntry(current, meta, 'user_updated', id, {
            before: { name: user.name, surname: user.surname, email: user.email, phone: user.phone, roles },
            after: { name: updated!.name, surname: updated!.surname, email: updated!.email, phone: updated!.phone, roles: nextRoles },
          }),
          tx,
        );
        return presentAdminUser(updated!, nextRoles, storage);
      });
    },

    /** DELETE /users/delete/user/{id}: as deleting one's own account does (ads, rooms, sessions go with it). */
    async remove(current: CurrentUser, id: number, meta: RequestMeta): Promise<void> {
      requireManage(current);
      if (id === current.id) throw AppError.field('user', 'admin_users.self');
      const { user, roles } = await target(current, id);
      await users.transaction(async (tx) => {
        if (roles.includes('superAdmin') && (await repo.lockedSuperAdminCount(tx)) <= 1) {
          throw AppError.field('user', 'admin_users.last_super_admin');
        }
        await audit(auditEntry(current, meta, 'user_deleted', id, { before: { email: user.email, name: user.name, roles } }), tx);
        await users.delete(id, tx);
      });
      if (user.avatarKey) await storage.delete(user.avatarKey).catch(() => undefined);
    },
  };
}

export type AdminUsersService = ReturnType<typeof createAdminUsersService>;
