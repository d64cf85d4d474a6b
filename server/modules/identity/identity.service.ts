import type { AuditWriter } from '../../platform/audit-log.ts';
import { AppError } from '../../../common/errors.ts';
import type { Config } from '../../config.ts';
import { type Sealer, safeEqual } from '../../platform/secrets.ts';
import type { CurrentUser, RequestMeta } from '../../platform/current-user.ts';
import { refuseWhileImpersonating } from '../auth/impersonation.service.ts';
import { type Broker, type IdentificationChecks, IdentityFailure, createBroker, newChecks } from './identity.broker.ts';
import { identityFromClaims } from './identity.claims.ts';
import type { IdentityRepo, StoredIdentity } from './identity.repo.ts';

/** How long an identification may take at the broker, in seconds (cookie lifetime and sealed expiry). */
export const IDENTITY_STATE_SECONDS = 10 * 60;
export const IDENTITY_CALLBACK_PATH = '/api/identity/callback';

/**
 * What the browser holds between the start and the callback, sealed (AES-GCM) so that it can be
 * neither read nor forged: the checks of this one identification, and the account and session that
 * started it, so that an answer is stored only for them.
 */
interface PendingIdentification extends IdentificationChecks {
  userId: number;
  sessionId: string;
  expiresAt: number;
}

export interface IdentityStatus {
  /** A broker is configured: the settings page offers the button. */
  available: boolean;
  verified: boolean;
  method: string | null;
  name: string | null;
  verified_at: string | null;
}

export interface CallbackQuery {
  code?: string | undefined;
  state?: string | undefined;
  error?: string | undefined;
}

/**
 * Strong identification (issue 25): a person proves who they are once with their bank ID or mobile
 * certificate through an FTN broker (OpenID Connect: code flow, PKCE S256, state, nonce, signed ID
 * token). Kept: that they were verified, when, the method and the name the broker gave; never the
 * personal identity code (identity.claims.ts reads an allow-list of claims).
 */
export function createIdentityService(deps: {
  repo: IdentityRepo;
  audit: AuditWriter;
  sealer: Sealer;
  settings: Config['identity'];
  publicUrl: string;
  log: (message: string, detail: Record<string, unknown>) => void;
}) {
  const { repo, sealer } = deps;
  const broker: Broker | undefined = deps.settings ? createBroker(deps.settings, `${deps.publicUrl}${IDENTITY_CALLBACK_PATH}`) : undefined;

  function present(stored: StoredIdentity | undefined): IdentityStatus {
    const verifiedAt = stored?.verifiedAt ?? null;
    return {
      available: broker !== undefined,
      verified: verifiedAt !== null,
      method: verifiedAt ? (stored?.method ?? null) : null,
      name: verifiedAt ? (stored?.name ?? null) : null,
      verified_at: verifiedAt?.toISOString() ?? null,
    };
  }

  function openPending(sealed: string | undefined): PendingIdentification {
    if (!sealed) throw new IdentityFailure('no identification cookie (expired, or another browser)', 'expired');
    let pending: PendingIdentification;
    try {
      pending = JSON.parse(sealer.decrypt(sealed)) as PendingIdentification;
    } catch {
      throw new IdentityFailure('identification cookie was not sealed by this server');
    }
    if (typeof pending.verifier !== 'string' || typeof pending.nonce !== 'string' || typeof pending.state !== 'string') {
      throw new IdentityFailure('identification cookie lacks its checks');
    }
    if (!(pending.expiresAt > Date.now())) throw new IdentityFailure('identification cookie expired', 'expired');
    return pending;
  }

  return {
    available: () => broker !== undefined,

    async status(current: CurrentUser): Promise<IdentityStatus> {
      return present(await repo.find(current.id));
    },

    /**
     * Starts an identification: the broker's authorization URL, and the sealed value for the
     * identification cookie. 404 when no broker is configured; a verified person is told so (422).
     */
    async start(current: CurrentUser): Promise<{ url: string; sealedState: string }> {
      if (!broker) throw new AppError('not_found');
      refuseWhileImpersonating(current);
      if ((await repo.find(current.id))?.verifiedAt) throw AppError.field('identity', 'identity.already_verified');
      const checks = newChecks();
      let url: string;
      try {
        url = await broker.authorizationUrl(checks);
      } catch (error) {
        if (!(error instanceof IdentityFailure)) throw error;
        deps.log('identity broker unreachable', { reason: error.reason });
        throw new AppError('service_unavailable');
      }
      const pending: PendingIdentification = {
        ...checks,
        userId: current.id,
        sessionId: current.session.id,
        expiresAt: Date.now() + IDENTITY_STATE_SECONDS * 1000,
      };
      return { url, sealedState: sealer.encrypt(JSON.stringify(pending)) };
    },

    /**
     * Finishes an identification at the callback (`search`: its query string as it came). Throws
     * IdentityFailure for anything the broker, the browser or an attacker got wrong; nothing is
     * stored then. The state must match the sealed cookie, the cookie must belong to this account
     * and session, and the library checks the broker's answer (iss), the PKCE verifier at the token
     * endpoint and the ID token (signature, iss, aud, exp, nonce).
     */
    async complete(
      current: CurrentUser | null,
      query: CallbackQuery,
      search: string,
      sealedState: string | undefined,
      meta: RequestMeta,
    ): Promise<IdentityStatus> {
      if (!broker) throw new IdentityFailure('no broker configured', 'unavailable');
      if (!sealedState && query.error === 'access_denied') throw new IdentityFailure('broker answered access_denied', 'cancelled');
      const pending = openPending(sealedState);
      if (!current) throw new IdentityFailure('callback without a session', 'expired');
      if (pending.userId !== current.id || !safeEqual(pending.sessionId, current.session.id)) {
        throw new IdentityFailure('identification was started by another account or session');
      }
      if (!query.state || !safeEqual(query.state, pending.state)) throw new IdentityFailure('state does not match the cookie');
      // One verification per person: a replayed answer cannot overwrite it.
      if ((await repo.find(current.id))?.verifiedAt) throw new IdentityFailure('already verified');

      const identity = identityFromClaims(await broker.claims(search, pending));
      const verifiedAt = new Date();
      await repo.transaction(async (tx) => {
        await repo.set(current.id, { verifiedAt, ...identity }, tx);
        await deps.audit(
          {
            actorId: current.id,
            action: 'identity_verified',
            entity: 'user',
            entityId: String(current.id),
            data: { method: identity.method },
            ip: meta.ip,
          },
          tx,
        );
      });
      return present({ verifiedAt, ...identity });
    },

    /** Forgets one's own verification (the badge goes); 404 when there is none. */
    async remove(current: CurrentUser, meta: RequestMeta): Promise<IdentityStatus> {
      refuseWhileImpersonating(current);
      await repo.transaction(async (tx) => {
        if (!(await repo.clear(current.id, tx))) throw new AppError('not_found');
        await deps.audit(
          { actorId: current.id, action: 'identity_removed', entity: 'user', entityId: String(current.id), ip: meta.ip },
          tx,
        );
      });
      return present(undefined);
    },
  };
}

export type IdentityService = ReturnType<typeof createIdentityService>;
