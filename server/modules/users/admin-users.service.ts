import { can } from '../../../common/access.ts';
import { AppError } from '../../../common/errors.ts';
import type { Locale } from '../../../common/locales.ts';
import { hasControlCharacter } from '../../../common/text.ts';
import type { Transaction } from '../../db/client.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import type { Storage } from '../../platform/storage.ts';
import type { AuthRepo } from '../auth/auth.repo.ts';
import type { AuthService, CurrentUser, RequestMeta } from '../auth/auth.service.ts';
import type { AdminUsersRepo } from './admin-users.repo.ts';
import type { AdminUserSort } from './users.schemas.ts';
import type { UserRow, UsersRepo } from './users.repo.ts';

/** Roles only a superAdmin may give or take away: they reach everything. */
const TOP_ROLES = ['superAdmin', 'admin'];

export interface AdminUserListInput {
  current_page?: number | undefined;
  per_page?: number | undefined;
  search_by?: string | undefined;
  filters?: { role?: string | undefined; verified?: boolean | undefined; blocked?: boolean | undefined } | undefined;
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

export interface NewAccount {
  name: string;
  surname?: string | null | undefined;
  email: string;
  roles?: string[] | undefined;
  email_verified?: boolean | undefined;
  locale?: Locale | undefined;
}

type FieldProblems = Record<string, { key: string; params?: Record<string, string | number> }[]>;

/**
 * The base role follows the address, as registration and confirming it do: `user` when it is
 * confirmed, `unverified` until then. Whatever else staff chose stays.
 */
export function withBaseRole(roles: readonly string[], verified: boolean): string[] {
  const [keep, drop] = verified ? ['user', 'unverified'] : ['unverified', 'user'];
  return [...new Set([...roles.filter((slug) => slug !== drop), keep])];
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
    blocked: user.blockedAt !== null,
    blocked_at: user.blockedAt?.toISOString() ?? null,
    blocked_reason: user.blockedReason,
  };
}
export type AdminUser = ReturnType<typeof presentAdminUser>;

/**
 * The staff's side of accounts (issue 14, item 3). Rules:
 * - everything needs `users.manage`;
 * - a superAdmin's account is changed, unverified or deleted only by a superAdmin, and only a
 *   superAdmin gives or takes the superAdmin and admin roles;
 * - nobody changes their own roles or deletes themselves here (their own settings do that);
 * - nobody blocks themselves;
 * - the last superAdmin who can sign in keeps the role, the account and the right to sign in;
 * - a blocked account's sessions end at once (also those in which it acts as someone else);
 * - every change goes to the audit log with before and after.
 */
export function createAdminUsersService(deps: {
  repo: AdminUsersRepo;
  users: UsersRepo;
  audit: AuthRepo['audit'];
  storage: Storage;
  sendSetPasswordLink: AuthService['sendSetPasswordLink'];
  /** Unblocking, in its transaction: brings back what a ban hid (the reports module's ads); how many came back. */
  onUnblock?: (userId: number, tx: Transaction) => Promise<number>;
  /** Called after ads came back, so cached listings are read fresh. */
  onAdsChanged?: () => void;
}) {
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

  /** Control characters in the text fields: a 422 on each such field. */
  function controlCharacterProblems(values: Record<string, string | null | undefined>): FieldProblems {
    const fields: FieldProblems = {};
    for (const [key, value] of Object.entries(values)) {
      if (typeof value === 'string' && hasControlCharacter(value)) fields[key] = [{ key: 'validation.control_characters' }];
    }
    return fields;
  }

  /**
   * Checks a wished-for role list: roles that exist (built-in or the site's own), at least one, and
   * the top roles given or taken only by a superAdmin (403 otherwise). Adds its problems to `fields`.
   */
  async function checkRoles(current: CurrentUser, before: readonly string[], wished: readonly string[], fields: FieldProblems) {
    const known = await repo.existingRoles(wished);
    const unknown = wished.filter((slug) => !known.includes(slug));
    if (unknown.length) fields.roles = [{ key: 'admin_users.unknown_roles', params: { roles: unknown.join(', ') } }];
    const touchedTop = TOP_ROLES.filter((slug) => before.includes(slug) !== wished.includes(slug));
    if (touchedTop.length && !isSuperAdmin(current)) throw new AppError('forbidden');
    if (wished.length === 0) fields.roles = [{ key: 'admin_users.no_roles' }];
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
        blocked: input.filters?.blocked,
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
      const { name, surname, email: emailInput, phone } = changes;
      const fields = controlCharacterProblems({ name, surname, email: emailInput, phone });
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
        await checkRoles(current, roles, nextRoles, fields);
      }
      if (Object.keys(fields).length) throw new AppError('validation_failed', {}, fields);
      return users.transaction(async (tx) => {
        if (roles.includes('superAdmin') && !nextRoles.includes('superAdmin') && (await repo.lockedOtherActiveSuperAdmins(tx, id)) === 0) {
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

    /**
     * POST /users/create-user: an account without a password; the person gets a mail in the chosen
     * language with a link that sets it (valid 72 hours). The address counts as confirmed when the
     * staff member says so.
     */
    async create(current: CurrentUser, input: NewAccount, meta: RequestMeta) {
      requireManage(current);
      const email = input.email.trim().toLowerCase();
      const fields = controlCharacterProblems({ name: input.name, surname: input.surname, email: input.email });
      if (!input.name.trim()) fields.name = [{ key: 'validation.required' }];
      const verified = input.email_verified ?? false;
      const nextRoles = withBaseRole(input.roles ?? [], verified);
      await checkRoles(current, [], nextRoles, fields);
      if (!fields.email && (await users.findByEmail(email))) fields.email = [{ key: 'admin_users.email_taken' }];
      if (Object.keys(fields).length) throw new AppError('validation_failed', {}, fields);
      const locale = input.locale ?? 'fi';
      let created: UserRow;
      try {
        created = await users.transaction(async (tx) => {
          const user = await users.insert(
            {
              name: input.name.trim(),
              surname: input.surname?.trim() || null,
              email,
              passwordHash: null,
              emailVerifiedAt: verified ? new Date() : null,
              locale,
            },
            tx,
          );
          await repo.setRoles(user.id, nextRoles, tx);
          await audit(
            auditEntry(current, meta, 'user_created', user.id, {
              after: {
                name: user.name,
                surname: user.surname,
                email: user.email,
                email_verified_at: user.emailVerifiedAt?.toISOString() ?? null,
                roles: nextRoles,
                locale,
              },
            }),
            tx,
          );
          return user;
        });
      } catch (error) {
        // The same address created (or registered) at the same moment: the other one has it.
        if (isUniqueViolation(error)) throw AppError.field('email', 'admin_users.email_taken');
        throw error;
      }
      await deps.sendSetPasswordLink(created, locale);
      return presentAdminUser(created, nextRoles, storage);
    },

    /**
     * POST /users/toggle-block: a blocked account cannot sign in (password, provider, second
     * factor), complete a password reset or use a session; its sessions end at once. Blocking or
     * unblocking an account that is so already changes nothing and answers it as it is.
     */
    async toggleBlock(
      current: CurrentUser,
      action: 'block' | 'unblock',
      id: number,
      reasonInput: string | null | undefined,
      meta: RequestMeta,
    ) {
      requireManage(current);
      if (id === current.id) throw AppError.field('user', 'admin_users.self_block');
      const reason = action === 'block' ? reasonInput?.trim() || null : null;
      if (reason && hasControlCharacter(reason)) throw AppError.field('reason', 'validation.control_characters');
      const { roles } = await target(current, id);
      let restoredAds = 0;
      const result = await users.transaction(async (tx) => {
        if (action === 'block' && roles.includes('superAdmin') && (await repo.lockedOtherActiveSuperAdmins(tx, id)) === 0) {
          throw AppError.field('user', 'admin_users.last_super_admin_block');
        }
        const before = await users.findById(id, tx);
        if (!before) throw new AppError('not_found');
        const changed = await repo.setBlocked(id, action === 'block' ? { reason } : null, tx);
        // Already so: someone else's block (or unblock) may have committed while this one waited for
        // the row, so answer the account as it is now, not as it was read before.
        if (!changed) return presentAdminUser((await users.findById(id, tx)) ?? before, roles, storage);
        if (action === 'block') await repo.endSessionsOf(id, tx);
        else restoredAds = (await deps.onUnblock?.(id, tx)) ?? 0;
        await audit(
          auditEntry(current, meta, action === 'block' ? 'user_blocked' : 'user_unblocked', id, {
            before: { blocked_at: before.blockedAt?.toISOString() ?? null, blocked_reason: before.blockedReason },
            after: { blocked_at: changed.blockedAt?.toISOString() ?? null, blocked_reason: changed.blockedReason },
            ...(restoredAds ? { restored_ads: restoredAds } : {}),
          }),
          tx,
        );
        return presentAdminUser(changed, roles, storage);
      });
      if (restoredAds) deps.onAdsChanged?.();
      return { user: result, restoredAds };
    },

    /** DELETE /users/delete/user/{id}: as deleting one's own account does (ads, rooms, sessions go with it). */
    async remove(current: CurrentUser, id: number, meta: RequestMeta): Promise<void> {
      requireManage(current);
      if (id === current.id) throw AppError.field('user', 'admin_users.self');
      const { user, roles } = await target(current, id);
      await users.transaction(async (tx) => {
        if (roles.includes('superAdmin') && (await repo.lockedOtherActiveSuperAdmins(tx, id)) === 0) {
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
