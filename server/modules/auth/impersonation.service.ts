import { can } from '../../../common/access.ts';
import { AppError } from '../../../common/errors.ts';
import { hashToken, randomToken } from '../../platform/secrets.ts';
import type { AuthorityService } from '../roles/authority.service.ts';
import type { UsersRepo } from '../users/users.repo.ts';
import type { AuthRepo } from './auth.repo.ts';
import { REMEMBER_MS, SESSION_IDLE_MS } from './auth.service.ts';
import { type CurrentUser, type RequestMeta } from '../../platform/current-user.ts';

/** Acting as someone lasts at most this long; the admin's own session waits meanwhile. */
const IMPERSONATION_MS = 2 * 60 * 60 * 1000;

/** Refuses what an admin acting as someone must not do for them: password, e-mail, two-factor, deleting the account. */
export function refuseWhileImpersonating(current: CurrentUser): void {
  if (current.session.impersonatorId !== null) throw new AppError('impersonating');
}

/**
 * Impersonation (spec section 4; issue 14, item 4): an admin with `users.impersonate` acts as
 * another account and returns. Rules:
 * - not oneself, not a superAdmin, not while already acting as someone (no nesting), and only
 *   an account the authority rule lets the admin act on (`mayActOn`: strictly fewer permissions);
 * - while acting, the session holds no staff ability at all (common/access.ts `effectivePermissions`);
 * - the admin's own session stays on the server, unchanged; the impersonation is a session of its
 *   own that names the admin and that session, so leaving needs no token kept in the browser:
 *   the admin gets a fresh session in place of the original, and both old ones end;
 * - the start and the end are written to the audit log.
 */
export function createImpersonationService(deps: { repo: AuthRepo; users: UsersRepo; authority: AuthorityService }) {
  const { repo, users, authority } = deps;

  return {
    /** GET /impersonate/take/{id}: answers the new session's token (the route sets it as the cookie). */
    async take(current: CurrentUser, targetId: number, meta: RequestMeta): Promise<{ token: string; name: string }> {
      // Checked first: while acting as someone the session holds no staff ability, and this says why.
      if (current.session.impersonatorId !== null) throw AppError.field('user', 'impersonation.nested');
      if (!can(current, 'users.impersonate')) throw new AppError('forbidden');
      if (targetId === current.id) throw AppError.field('user', 'impersonation.self');
      const target = await users.findById(targetId);
      if (!target) throw new AppError('not_found');
      // Its sessions do not work (see auth.repo's findLiveSessionWithUser): unblock it first.
      if (target.blockedAt) throw AppError.field('user', 'impersonation.blocked');
      if ((await users.roleSlugs(targetId)).includes('superAdmin')) throw AppError.field('user', 'impersonation.super_admin');
      const token = randomToken();
      await repo.transaction(async (tx) => {
        authority.requireOver(await authority.actor(current, tx), await authority.account(targetId, tx));
        await repo.insertSession(
          {
            id: hashToken(token),
            userId: targetId,
            remember: false,
            impersonatorId: current.id,
            originalSessionId: current.session.id,
            ip: meta.ip,
            userAgent: meta.userAgent?.slice(0, 400) ?? null,
            expiresAt: new Date(Date.now() + IMPERSONATION_MS),
          },
          tx,
        );
        await repo.audit(
          {
            actorId: current.id,
            action: 'impersonation_start',
            entity: 'user',
            entityId: String(targetId),
            ip: meta.ip,
            data: { email: target.email },
          },
          tx,
        );
      });
      return { token, name: target.name };
    },

    /**
     * GET /impersonate/leave: ends the impersonation and answers a fresh session of the admin's. When
     * the admin's own session has ended meanwhile (signed out elsewhere, expired), the impersonation
     * ends all the same and the answer says the admin could not be returned ("Unable to return to yourself").
     */
    async leave(current: CurrentUser, meta: RequestMeta): Promise<{ token: string; remember: boolean } | null> {
      const adminId = current.session.impersonatorId;
      if (adminId === null || !current.session.originalSessionId) throw AppError.field('session', 'impersonation.not_impersonating');
      return repo.transaction(async (tx) => {
        await repo.deleteSession(current.session.id, tx);
        await repo.audit({ actorId: adminId, action: 'impersonation_end', entity: 'user', entityId: String(current.id), ip: meta.ip }, tx);
        const original = await repo.findLiveSession(current.session.originalSessionId!, tx);
        if (!original || original.userId !== adminId) return null;
        const token = randomToken();
        await repo.insertSession(
          {
            id: hashToken(token),
            userId: adminId,
            remember: original.remember,
            impersonatorId: null,
            ip: meta.ip,
            userAgent: meta.userAgent?.slice(0, 400) ?? null,
            expiresAt: new Date(Date.now() + (original.remember ? REMEMBER_MS : SESSION_IDLE_MS)),
          },
          tx,
        );
        await repo.deleteSession(original.id, tx);
        return { token, remember: original.remember };
      });
    },
  };
}

export type ImpersonationService = ReturnType<typeof createImpersonationService>;
