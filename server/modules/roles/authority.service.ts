import { type Authority, authorityOf, mayActOn } from '../../../common/access.ts';
import { AppError } from '../../../common/errors.ts';
import type { Transaction } from '../../db/client.ts';
import type { CurrentUser } from '../../platform/current-user.ts';
import type { AuthorityRepo } from './authority.repo.ts';

/** Someone who is not the actor: an account about to be created, or a role's holder of some kind. */
const SOMEONE_ELSE = 0;

const sameSet = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((name) => b.includes(name));

/**
 * The server's side of `mayActOn` (common/access.ts): every service that changes an account or
 * what a role grants asks here, inside its own transaction. The lock makes such changes run one
 * at a time, and both sides are read afresh under it, so two staff members cannot each pass the
 * check on what the other is about to change (pooling permissions through each other's roles, or
 * promoting each other in a burst).
 */
export function createAuthorityService(repo: AuthorityRepo) {
  const requireOver = (actor: Authority, ...targets: Authority[]): void => {
    if (!targets.every((target) => mayActOn(actor, target))) throw new AppError('beyond_authority');
  };

  return {
    requireOver,

    /** Takes the lock, then the actor as the database says now (no staff ability while acting as someone). */
    async actor(current: CurrentUser, tx: Transaction): Promise<Authority> {
      await repo.lock(tx);
      const { roles, granted } = await repo.accountOf(current.id, tx);
      return authorityOf(current.id, roles, granted, current.session.impersonatorId !== null);
    },

    /** An account as it is now. */
    async account(userId: number, tx: Transaction): Promise<Authority> {
      const { roles, granted } = await repo.accountOf(userId, tx);
      return authorityOf(userId, roles, granted);
    },

    /** An account (or one about to be created: no id) as it would be holding these roles. */
    async withRoles(userId: number | null, slugs: readonly string[], tx: Transaction): Promise<Authority> {
      return authorityOf(userId ?? SOMEONE_ELSE, slugs, await repo.grantsOf(slugs, tx));
    },

    /**
     * A role's grants change from `before` to `after` (`after` also models its holders moving to
     * another role: what that role grants). Every holder whose permissions change by it is acted
     * on, as they are and as they would be; holders whose permissions stay the same are not.
     */
    async requireOverHolders(
      actor: Authority,
      roleId: number,
      grants: { before: readonly string[]; after: readonly string[] },
      tx: Transaction,
    ): Promise<void> {
      if (actor.superAdmin) return;
      for (const kind of await repo.holderKinds(roleId, tx)) {
        const roles = kind.superAdmin ? ['superAdmin'] : [];
        const was = authorityOf(SOMEONE_ELSE, roles, [...kind.otherGrants, ...grants.before]);
        const becomes = authorityOf(SOMEONE_ELSE, roles, [...kind.otherGrants, ...grants.after]);
        if (!sameSet(was.permissions, becomes.permissions)) requireOver(actor, was, becomes);
      }
    },
  };
}

export type AuthorityService = ReturnType<typeof createAuthorityService>;
