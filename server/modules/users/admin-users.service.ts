import type { AuditWriter } from '../../platform/audit-log.ts';
import { can, effectivePermissions } from '../../../common/access.ts';
import { AppError } from '../../../common/errors.ts';
import type { Locale } from '../../../common/locales.ts';
import { hasControlCharacter } from '../../../common/text.ts';
import type { Transaction } from '../../db/client.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import type { Storage } from '../../platform/storage.ts';
import type { AuthService } from '../auth/auth.service.ts';
import type { CurrentUser, RequestMeta } from '../../platform/current-user.ts';
import { auditEntry } from '../../platform/audit-entry.ts';
import type { AuthorityService } from '../roles/authority.service.ts';
import type { AdminUsersRepo } from './admin-users.repo.ts';
import type { AdminUserSort } from './users.schemas.ts';
import type { UserRow, UsersRepo } from './users.repo.ts';

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

const sameRoles = (a: readonly string[], b: readonly string[]) => [...new Set(a)].sort().join() === [...new Set(b)].sort().join();

type FieldProblems = Record<string, { key: string; params?: Record<string, string | number> }[]>;

/**
 * The base role follows the address, as registration and confirming it do: `user` when it is
 * confirmed, `unverified` until then. Whatever else staff chose stays.
 */
export function withBaseRole(roles: readonly string[], verified: boolean): string[] {
  const [keep, drop] = verified ? ['user', 'unverified'] : ['unverified', 'user'];
  return [...new Set([...roles.filter((slug) => slug !== drop), keep])];
}

/** `permissions`: what the account's roles let it do, so the staff screens ask the same authority rule as the server. */
function presentAdminUser(user: UserRow, roles: string[], permissions: readonly string[], storage: Storage) {
  return {
    id: user.id,
    name: user.name,
    surname: user.surname,
    email: user.email,
    email_verified_at: user.emailVerifiedAt?.toISOString() ?? null,
    avatar: user.avatarKey ? storage.publicUrl(user.avatarKey) : null,
    phone: user.phone,
    roles: roles.map((slug) => ({ slug })),
    permissions: [...permissions],
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
 * - every change of an account, whatever its field, asks the authority rule (`mayActOn` in
 *   common/access.ts) under its lock: a superAdmin acts on everyone, anyone else only on accounts
 *   whose permissions are strictly within their own, and a change of roles is asked again with
 *   the account as it would be (so nobody hands out a permission they lack or makes a peer);
 * - nobody changes their own roles or deletes themselves here (their own settings do that);
 * - nobody blocks themselves;
 * - the last superAdmin who can sign in keeps the role, the account and the right to sign in;
 * - a blocked account's sessions end at once (also those in which it acts as someone else);
 * - every change goes to the audit log with before and after.
 */
export function createAdminUsersService(deps: {
  repo: AdminUsersRepo;
  users: UsersRepo;
  audit: AuditWriter;
  storage: Storage;
  authority: AuthorityService;
  sendSetPasswordLink: AuthService['sendSetPasswordLink'];
  /** Unblocking, in its transaction: brings back what a ban hid (the reports module's ads); how many came back. */
  onUnblock?: (userId: number, tx: Transaction) => Promise<number>;
  /** Called after ads came back, so cached listings are read fresh. */
  onAdsChanged?: () => void;
}) {
  const { repo, users, audit, storage, authority } = deps;

  function requireManage(current: CurrentUser): void {
    if (!can(current, 'users.manage')) throw new AppError('forbidden');
  }

  /**
   * Opens the change of an account: takes the authority lock, reads the actor and the account as
   * they are now and refuses unless the actor may act on it (403 `beyond_authority`).
   */
  async function target(current: CurrentUser, id: number, tx: Transaction) {
    const actor = await authority.actor(current, tx);
    const user = await users.findById(id, tx);
    if (!user) throw new AppError('not_found');
    const account = await authority.account(id, tx);
    authority.requireOver(actor, account);
    return { actor, user, roles: await repo.rolesOf(id, tx), permissions: account.permissions };
  }

  /** Control characters in the text fields: a 422 on each such field. */
  function controlCharacterProblems(values: Record<string, string | null | undefined>): FieldProblems {
    const fields: FieldProblems = {};
    for (const [key, value] of Object.entries(values)) {
      if (typeof value === 'string' && hasControlCharacter(value)) fields[key] = [{ key: 'validation.control_characters' }];
    }
    return fields;
  }

  /** Checks a wished-for role list: roles that exist (built-in or the site's own), at least one. Adds its problems to `fields`. */
  async function checkRoles(wished: readonly string[], fields: FieldProblems, tx: Transaction) {
    const known = await repo.existingRoles(wished, tx);
    const unknown = wished.filter((slug) => !known.includes(slug));
    if (unknown.length) fields.roles = [{ key: 'admin_users.unknown_roles', params: { roles: unknown.join(', ') } }];
    if (wished.length === 0) fields.roles = [{ key: 'admin_users.no_roles' }];
  }

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
        data: rows.map((row) => presentAdminUser(row, row.roles, effectivePermissions(row.roles, row.granted), storage)),
        meta: { current_page: page, last_page: Math.max(1, Math.ceil(total / perPage)), per_page: perPage, total },
      };
    },

    /** POST /users/toggle-verify: marks the address confirmed (role user) or not (role unverified). */
    async toggleVerify(current: CurrentUser, action: 'confirmVerifyUser' | 'unVerifyUser', id: number, meta: RequestMeta) {
      requireManage(current);
      const verify = action === 'confirmVerifyUser';
      return users.transaction(async (tx) => {
        const { actor, user, roles } = await target(current, id, tx);
        const nextRoles = withBaseRole(roles, verify);
        const after = await authority.withRoles(id, nextRoles, tx);
        authority.requireOver(actor, after);
        const updated = await users.update(id, { emailVerifiedAt: verify ? (user.emailVerifiedAt ?? new Date()) : null }, tx);
        await repo.setRoles(id, nextRoles, tx);
        await audit(
          auditEntry(current, meta, verify ? 'user_verified' : 'user_unverified', 'user', id, {
            before: { email_verified_at: user.emailVerifiedAt?.toISOString() ?? null, roles },
            after: { email_verified_at: updated!.emailVerifiedAt?.toISOString() ?? null, roles: nextRoles },
          }),
          tx,
        );
        return presentAdminUser(updated!, nextRoles, after.permissions, storage);
      });
    },

    /** PATCH /users/update-user/{id}: profile fields and roles. */
    async update(current: CurrentUser, id: number, changes: AdminUserChanges, meta: RequestMeta) {
      requireManage(current);
      const { name, surname, email: emailInput, phone } = changes;
      const fields = controlCharacterProblems({ name, surname, email: emailInput, phone });
      const email = changes.email?.trim().toLowerCase();
      return users.transaction(async (tx) => {
        // One's own roles first: that says more than the authority rule's refusal of oneself.
        if (id === current.id && changes.roles && !sameRoles(changes.roles, await repo.rolesOf(id, tx))) {
          throw AppError.field('roles', 'admin_users.own_roles');
        }
        const { actor, user, roles } = await target(current, id, tx);
        if (email && email !== user.email.toLowerCase()) {
          const holder = await users.findByEmail(email, tx);
          if (holder && holder.id !== id) fields.email = [{ key: 'admin_users.email_taken' }];
        }
        let nextRoles = roles;
        if (changes.roles) {
          nextRoles = [...new Set(changes.roles)];
          if (id === current.id && !sameRoles(nextRoles, roles)) throw AppError.field('roles', 'admin_users.own_roles');
          await checkRoles(nextRoles, fields, tx);
        }
        if (Object.keys(fields).length) throw new AppError('validation_failed', {}, fields);
        const after = await authority.withRoles(id, nextRoles, tx);
        if (changes.roles) authority.requireOver(actor, after);
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
          auditEntry(current, meta, 'user_updated', 'user', id, {
            before: { name: user.name, surname: user.surname, email: user.email, phone: user.phone, roles },
            after: { name: updated!.name, surname: updated!.surname, email: updated!.email, phone: updated!.phone, roles: nextRoles },
          }),
          tx,
        );
        return presentAdminUser(updated!, nextRoles, after.permissions, storage);
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
      const locale = input.locale ?? 'fi';
      let created: UserRow;
      let permissions: readonly string[] = [];
      try {
        created = await users.transaction(async (tx) => {
          // A new account is acted on as it will be: only roles within the actor's reach.
          const actor = await authority.actor(current, tx);
          await checkRoles(nextRoles, fields, tx);
          if (!fields.email && (await users.findByEmail(email, tx))) fields.email = [{ key: 'admin_users.email_taken' }];
          if (Object.keys(fields).length) throw new AppError('validation_failed', {}, fields);
          const after = await authority.withRoles(null, nextRoles, tx);
          authority.requireOver(actor, after);
          permissions = after.permissions;
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
            auditEntry(current, meta, 'user_created', 'user', user.id, {
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
      return presentAdminUser(created, nextRoles, permissions, storage);
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
      let restoredAds = 0;
      const result = await users.transaction(async (tx) => {
        const { roles, permissions } = await target(current, id, tx);
        if (action === 'block' && roles.includes('superAdmin') && (await repo.lockedOtherActiveSuperAdmins(tx, id)) === 0) {
          throw AppError.field('user', 'admin_users.last_super_admin_block');
        }
        const before = await users.findById(id, tx);
        if (!before) throw new AppError('not_found');
        const changed = await repo.setBlocked(id, action === 'block' ? { reason } : null, tx);
        // Already so: someone else's block (or unblock) may have committed while this one waited for
        // the row, so answer the account as it is now, not as it was read before.
        if (!changed) return presentAdminUser((await users.findById(id, tx)) ?? before, roles, permissions, storage);
        if (action === 'block') await repo.endSessionsOf(id, tx);
        else restoredAds = (await deps.onUnblock?.(id, tx)) ?? 0;
        await audit(
          auditEntry(current, meta, action === 'block' ? 'user_blocked' : 'user_unblocked', 'user', id, {
            before: { blocked_at: before.blockedAt?.toISOString() ?? null, blocked_reason: before.blockedReason },
            after: { blocked_at: changed.blockedAt?.toISOString() ?? null, blocked_reason: changed.blockedReason },
            ...(restoredAds ? { restored_ads: restoredAds } : {}),
          }),
          tx,
        );
        return presentAdminUser(changed, roles, permissions, storage);
      });
      if (restoredAds) deps.onAdsChanged?.();
      return { user: result, restoredAds };
    },

    /** DELETE /users/delete/user/{id}: as deleting one's own account does (ads, rooms, sessions go with it). */
    async remove(current: CurrentUser, id: number, meta: RequestMeta): Promise<void> {
      requireManage(current);
      if (id === current.id) throw AppError.field('user', 'admin_users.self');
      const user = await users.transaction(async (tx) => {
        const { user, roles } = await target(current, id, tx);
        if (roles.includes('superAdmin') && (await repo.lockedOtherActiveSuperAdmins(tx, id)) === 0) {
          throw AppError.field('user', 'admin_users.last_super_admin');
        }
        await audit(auditEntry(current, meta, 'user_deleted', 'user', id, { before: { email: user.email, name: user.name, roles } }), tx);
        await users.delete(id, tx);
        return user;
      });
      if (user.avatarKey) await storage.delete(user.avatarKey).catch(() => undefined);
    },
  };
}

export type AdminUsersService = ReturnType<typeof createAdminUsersService>;
