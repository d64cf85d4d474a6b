import type { AuditWriter } from '../../platform/audit-log.ts';
import crypto from 'node:crypto';
import { type Authority, type Permission, ROLE_SLUGS, can } from '../../../common/access.ts';
import { AppError } from '../../../common/errors.ts';
import { hasControlCharacter } from '../../../common/text.ts';
import type { CurrentUser, RequestMeta } from '../../platform/current-user.ts';
import { auditEntry } from '../../platform/audit-entry.ts';
import type { AuthorityService } from './authority.service.ts';
import type { RoleWithGrants, RolesRepo } from './roles.repo.ts';

export interface RoleView {
  id: number;
  slug: string;
  name: string;
  built_in: boolean;
  permissions: string[];
  users_count: number;
}

const BUILT_IN: readonly string[] = ROLE_SLUGS;
/** Roles only a superAdmin may change, give or take: they reach everything. */
const TOP_ROLES = ['superAdmin', 'admin'];

function present(role: RoleWithGrants): RoleView {
  return {
    id: role.id,
    slug: role.slug,
    name: role.name,
    built_in: BUILT_IN.includes(role.slug),
    permissions: role.permissions,
    users_count: role.usersCount,
  };
}

/**
 * The permissions one list has and the other lacks, either way: taking away a permission one does
 * not hold is as much beyond one's reach as granting it.
 */
function symmetricDifference(before: readonly string[], after: readonly Permission[]): Permission[] {
  return [
    ...after.filter((name) => !before.includes(name)),
    ...(before.filter((name) => !after.includes(name as Permission)) as Permission[]),
  ];
}

/** A slug from a role's name: plain letters and digits joined by dashes ("Asiakaspalvelu 2" → "asiakaspalvelu-2"). */
export function slugFromName(name: string): string {
  return name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 40);
}

/** A slug given by hand: two to forty lower-case letters and digits in dash-separated parts. */
const SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/**
 * Roles and their permissions (issue 14, item 1). Rules:
 * - reading the roles needs `roles.manage` or `users.manage` (the user dialog assigns roles);
 *   changing them needs `roles.manage`;
 * - the six built-in roles cannot be deleted; superAdmin's grants are fixed (it holds everything),
 *   and only a superAdmin may change the admin role;
 * - nobody grants a permission they do not hold themselves, nor changes the grants of a role they
 *   hold (a superAdmin aside): no one can raise or cut off their own access this way;
 * - changing a role's grants, or moving its holders to another role, acts on every holder whose
 *   permissions it changes: the authority rule (`mayActOn`) must allow it for each, as they are and
 *   as they would be, so two holders of `roles.manage` cannot pool permissions through each
 *   other's roles;
 * - a role somebody holds is deleted only by naming where its holders go;
 * - every change is written to the audit log with who, what, before and after, from where.
 */
export function createRolesService(deps: { repo: RolesRepo; audit: AuditWriter; authority: AuthorityService }) {
  const { repo, audit, authority } = deps;
  const isSuperAdmin = (current: CurrentUser) => current.roles.includes('superAdmin');

  function requireManage(current: CurrentUser): void {
    if (!can(current, 'roles.manage')) throw new AppError('forbidden');
  }

  function checkName(name: string): string {
    const trimmed = name.trim().replace(/\s+/g, ' ');
    if (trimmed.length < 2) throw AppError.field('name', 'validation.min_length', { limit: 2 });
    if (hasControlCharacter(trimmed)) throw AppError.field('name', 'validation.control_characters');
    return trimmed;
  }

  /** `actor`: the session's view first, then (inside the transaction) the database's under the authority lock. */
  function checkGrantable(actor: CurrentUser | Authority, names: readonly Permission[]): void {
    if ('superAdmin' in actor ? actor.superAdmin : isSuperAdmin(actor)) return;
    const foreign = names.filter((name) => !actor.permissions.includes(name));
    if (foreign.length > 0) throw AppError.field('permissions', 'roles.permission_not_yours', { permissions: foreign.join(', ') });
  }

  async function findRole(id: number): Promise<RoleWithGrants> {
    const role = await repo.find(id);
    if (!role) throw new AppError('not_found');
    return role;
  }

  return {
    /** GET /roles: every role with its permissions and how many hold it. */
    async list(current: CurrentUser): Promise<RoleView[]> {
      if (!can(current, 'roles.manage') && !can(current, 'users.manage')) throw new AppError('forbidden');
      return (await repo.list()).map(present);
    },

    /** GET /roles-complete: a page of roles. */
    async page(current: CurrentUser, page: number, perPage: number) {
      requireManage(current);
      const { rows, total } = await repo.page(perPage, (page - 1) * perPage);
      return {
        data: rows.map(present),
        meta: { current_page: page, last_page: Math.max(1, Math.ceil(total / perPage)), per_page: perPage, total },
      };
    },

    /** GET /permissions. */
    async permissions(current: CurrentUser) {
      requireManage(current);
      return (await repo.permissions()).map((row) => ({ id: row.id, name: row.name, description: row.description }));
    },

    async create(
      current: CurrentUser,
      input: { name: string; slug?: string; permissions: Permission[] },
      meta: RequestMeta,
    ): Promise<RoleView> {
      requireManage(current);
      const name = checkName(input.name);
      const wanted = input.slug?.trim() || undefined;
      if (wanted !== undefined && (wanted.length < 2 || !SLUG_PATTERN.test(wanted))) throw AppError.field('slug', 'roles.slug_format');
      checkGrantable(current, input.permissions);
      return repo.transaction(async (tx) => {
        checkGrantable(await authority.actor(current, tx), input.permissions);
        if (await repo.nameTaken(name, null, tx)) throw AppError.field('name', 'roles.name_taken');
        if (wanted !== undefined && (await repo.slugTaken(wanted, tx))) throw AppError.field('slug', 'roles.slug_taken');
        const base = wanted ?? (slugFromName(name) || `role-${crypto.randomBytes(3).toString('hex')}`);
        let slug = base;
        for (let n = 2; wanted === undefined && (await repo.slugTaken(slug, tx)); n += 1) slug = `${base}-${n}`;
        const role = await repo.insert(slug, name, tx);
        await repo.setGrants(role.id, input.permissions, tx);
        await audit(
          auditEntry(current, meta, 'role_created', 'role', role.id, { after: { slug, name, permissions: input.permissions } }),
          tx,
        );
        return present((await repo.find(role.id, tx))!);
      });
    },

    async update(
      current: CurrentUser,
      id: number,
      input: { name?: string; permissions?: Permission[] },
      meta: RequestMeta,
    ): Promise<RoleView> {
      requireManage(current);
      const role = await findRole(id);
      if (role.slug === 'superAdmin') throw AppError.field('permissions', 'roles.super_admin_fixed');
      if (TOP_ROLES.includes(role.slug) && !isSuperAdmin(current)) throw new AppError('forbidden');
      if (input.permissions && !isSuperAdmin(current) && (await repo.holds(current.id, id))) {
        throw AppError.field('permissions', 'roles.own_role');
      }
      const name = input.name === undefined ? undefined : checkName(input.name);
      if (input.permissions) checkGrantable(current, symmetricDifference(role.permissions, input.permissions));
      return repo.transaction(async (tx) => {
        if (input.permissions) {
          const actor = await authority.actor(current, tx);
          // Read again under the lock: the grants as they are now, not as the request found them.
          const now = (await repo.find(id, tx)) ?? role;
          const changed = symmetricDifference(now.permissions, input.permissions);
          checkGrantable(actor, changed);
          await authority.requireOverHolders(actor, id, { before: now.permissions, after: input.permissions }, tx);
        }
        if (name !== undefined) {
          if (await repo.nameTaken(name, id, tx)) throw AppError.field('name', 'roles.name_taken');
          await repo.rename(id, name, tx);
        }
        if (input.permissions) await repo.setGrants(id, input.permissions, tx);
        const after = (await repo.find(id, tx))!;
        await audit(
          auditEntry(current, meta, 'role_updated', 'role', id, {
            before: { name: role.name, permissions: role.permissions },
            after: { name: after.name, permissions: after.permissions },
          }),
          tx,
        );
        return present(after);
      });
    },

    /** Deletes a role of the site's own; its holders go to `moveTo` (required when anyone holds it). */
    async remove(current: CurrentUser, id: number, moveTo: number | undefined, meta: RequestMeta): Promise<number> {
      requireManage(current);
      const role = await findRole(id);
      if (BUILT_IN.includes(role.slug)) throw AppError.field('role', 'roles.built_in');
      if (role.usersCount > 0 && moveTo === undefined) throw AppError.field('move_to', 'roles.move_needed', { count: role.usersCount });
      if (moveTo !== undefined) {
        if (moveTo === id) throw AppError.field('move_to', 'roles.move_same');
        const target = await repo.find(moveTo);
        if (!target) throw AppError.field('move_to', 'roles.move_unknown');
        if (TOP_ROLES.includes(target.slug) && !isSuperAdmin(current)) throw new AppError('forbidden');
        checkGrantable(current, target.permissions as Permission[]);
      }
      return repo.transaction(async (tx) => {
        // The holders lose this role's grants and gain the other role's: acting on each of them.
        const actor = await authority.actor(current, tx);
        const after = moveTo === undefined ? [] : ((await repo.find(moveTo, tx))?.permissions ?? []);
        if (moveTo !== undefined) checkGrantable(actor, after as Permission[]);
        await authority.requireOverHolders(actor, id, { before: (await repo.find(id, tx))?.permissions ?? role.permissions, after }, tx);
        const moved = await repo.moveHoldersAndDelete(id, moveTo ?? null, tx);
        await audit(
          auditEntry(current, meta, 'role_deleted', 'role', id, {
            before: { slug: role.slug, name: role.name, permissions: role.permissions },
            moved_users: moved,
            moved_to: moveTo ?? null,
          }),
          tx,
        );
        return moved;
      });
    },
  };
}

export type RolesService = ReturnType<typeof createRolesService>;
