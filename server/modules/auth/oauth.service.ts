import { CodeChallengeMethod, OAuth2Client, OAuth2RequestError, decodeIdToken, generateCodeVerifier, generateState } from 'arctic';
import type { Config } from '../../config.ts';
import { AppError } from '../../../common/errors.ts';
import { type Sealer, hashToken, randomToken, safeEqual } from '../../platform/secrets.ts';
import type { UserRow, UsersRepo } from '../users/users.repo.ts';
import type { AuthRepo } from './auth.repo.ts';
import { auditEntry } from '../../platform/audit-entry.ts';
import { type AuthService, CHALLENGE_MINUTES } from './auth.service.ts';
import { type CurrentUser, type RequestMeta } from '../../platform/current-user.ts';
import { OAUTH_PROVIDERS, type OauthProvider, SAME_SITE_PATH_PATTERN } from './oauth.schemas.ts';
import { refuseWhileImpersonating } from './impersonation.service.ts';

export interface OauthDeps {
  repo: AuthRepo;
  users: UsersRepo;
  auth: AuthService;
  sealer: Sealer;
  config: Config;
  /** Whether staff have left a provider switched on (the app settings); every configured provider when absent. */
  isEnabled?: (provider: OauthProvider) => boolean;
}

/** The providers this environment has credentials for: only these can ever be switched on. */
export function configuredProviders(config: Pick<Config, 'google'>): OauthProvider[] {
  return config.google ? ['google'] : [];
}

/** How long a started sign-in may take at the provider, in seconds (cookie lifetime and sealed expiry). */
export const OAUTH_STATE_SECONDS = 10 * 60;
const SCOPES = ['openid', 'email', 'profile'];
const HTTP_TIMEOUT_MS = 10_000;
/** Tolerated difference between our clock and the provider's when checking `exp`. */
const CLOCK_SKEW_S = 60;

const GOOGLE_ISSUER = 'https://accounts.google.com';
// Google's published endpoints, so the default setup makes no network call before the first sign-in.
// Google's ID tokens name their issuer with or without the scheme.
const GOOGLE_ENDPOINTS: OidcEndpoints = {
  authorization: 'https://accounts.google.com/o/oauth2/v2/auth',
  token: 'https://oauth2.googleapis.com/token',
  issuers: [GOOGLE_ISSUER, 'accounts.google.com'],
};

const PROVIDER_LABELS: Partial<Record<OauthProvider, string>> = { google: 'Google' };
const isSameSitePath = (value: string) => new RegExp(SAME_SITE_PATH_PATTERN, 'u').test(value);

/** Where a failed provider sign-in sends the browser; the login page shows the matching text. */
export type OauthOutcome = 'oauth_failed' | 'oauth_email_unverified' | 'oauth_blocked';

/** A provider sign-in that cannot go on. `reason` is for the log only, never for the visitor. */
export class OauthFailure extends Error {
  constructor(
    readonly reason: string,
    readonly outcome: OauthOutcome = 'oauth_failed',
  ) {
    super(reason);
    this.name = 'OauthFailure';
  }
}

export type OauthSignIn =
  { kind: 'session'; token: string; userId: number; redirectTo: string } | { kind: 'two_factor'; challenge: string };

interface OidcEndpoints {
  authorization: string;
  token: string;
  /** The `iss` values an ID token of this provider may carry. */
  issuers: string[];
}

/** What the browser holds between the start and the callback, sealed (AES-GCM) so it can be neither read nor forged. */
interface PendingSignIn {
  provider: OauthProvider;
  state: string;
  verifier: string;
  nonce: string;
  redirectTo: string;
  expiresAt: number;
}

interface VerifiedIdentity {
  sub: string;
  email: string;
  name: string | undefined;
}

function describe(error: unknown): string {
  if (error instanceof OAuth2RequestError) return `${error.code}${error.description ? ` (${error.description})` : ''}`;
  return error instanceof Error ? error.message : String(error);
}

async function withTimeout<T>(promise: Promise<T>, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new OauthFailure(`${what} timed out after ${HTTP_TIMEOUT_MS} ms`)), HTTP_TIMEOUT_MS);
  });
  try {
    return await Promise.race([promise, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

const trimSlash = (url: string) => url.replace(/\/+$/, '');

/** OpenID Connect Discovery 1.0: the provider's own document, which must name the issuer we were configured with. */
async function discover(issuer: string): Promise<OidcEndpoints> {
  const address = `${trimSlash(issuer)}/.well-known/openid-configuration`;
  let document: Record<string, unknown>;
  try {
    const response = await fetch(address, { headers: { accept: 'application/json' }, signal: AbortSignal.timeout(HTTP_TIMEOUT_MS) });
    if (!response.ok) throw new Error(`status ${response.status}`);
    document = (await response.json()) as Record<string, unknown>;
  } catch (error) {
    throw new OauthFailure(`discovery ${address} failed: ${describe(error)}`);
  }
  const { issuer: named, authorization_endpoint: authorization, token_endpoint: token } = document;
  if (typeof named !== 'string' || trimSlash(named) !== trimSlash(issuer)) {
    throw new OauthFailure(`discovery ${address} names issuer ${String(named)}`);
  }
  if (typeof authorization !== 'string' || typeof token !== 'string') {
    throw new OauthFailure(`discovery ${address} lacks the authorization or token endpoint`);
  }
  return { authorization, token, issuers: [named] };
}

/**
 * Checks the ID token's claims (OIDC Core 3.1.3.7). The signature is not checked: the token came
 * straight from the token endpoint over TLS in answer to our own authenticated request, and the
 * spec lets TLS server validation stand in for it in that case (3.1.3.7 step 6). Issuer, audience,
 * expiry and the nonce of this very sign-in are.
 */
export function checkIdTokenClaims(
  claims: Record<string, unknown>,
  expected: { issuers: string[]; clientId: string; nonce: string; now?: number },
): VerifiedIdentity & { emailVerified: boolean } {
  const now = Math.floor((expected.now ?? Date.now()) / 1000);
  const { iss, aud, azp, exp, nonce, sub, email, email_verified: emailVerified, name } = claims;
  if (typeof iss !== 'string' || !expected.issuers.includes(iss)) throw new OauthFailure(`ID token from issuer ${String(iss)}`);
  const audiences = Array.isArray(aud) ? aud : [aud];
  if (!audiences.includes(expected.clientId)) throw new OauthFailure('ID token for another audience');
  if ((audiences.length > 1 || azp !== undefined) && azp !== expected.clientId) throw new OauthFailure('ID token for another party (azp)');
  if (typeof exp !== 'number' || exp + CLOCK_SKEW_S <= now) throw new OauthFailure('ID token expired');
  if (typeof nonce !== 'string' || !safeEqual(nonce, expected.nonce)) throw new OauthFailure('ID token nonce does not match');
  if (typeof sub !== 'string' || sub.length === 0 || sub.length > 255) throw new OauthFailure('ID token without a usable subject');
  if (typeof email !== 'string' || !/^[^\s@]+@[^\s@]+$/.test(email) || email.length > 254) {
    throw new OauthFailure('ID token without an e-mail address', 'oauth_email_unverified');
  }
  const cleanName = typeof name === 'string' && name.trim() ? name.trim().slice(0, 100) : undefined;
  return { sub, email: email.trim(), name: cleanName, emailVerified: emailVerified === true };
}

/** One OpenID Connect provider: its client, and its endpoints (known, or discovered once on first use). */
function createOidcProvider(settings: { clientId: string; clientSecret: string; issuer: string }, redirectUri: string) {
  const client = new OAuth2Client(settings.clientId, settings.clientSecret, redirectUri);
  let endpoints: Promise<OidcEndpoints> | undefined;
  const endpointsOf = (): Promise<OidcEndpoints> => {
    if (trimSlash(settings.issuer) === GOOGLE_ISSUER) return Promise.resolve(GOOGLE_ENDPOINTS);
    // A failed discovery is not cached: the next sign-in tries again.
    endpoints ??= discover(settings.issuer).catch((error: unknown) => {
      endpoints = undefined;
      throw error;
    });
    return endpoints;
  };

  return {
    async authorizationUrl(state: string, verifier: string, nonce: string): Promise<string> {
      const url = client.createAuthorizationURLWithPKCE(
        (await endpointsOf()).authorization,
        state,
        CodeChallengeMethod.S256,
        verifier,
        SCOPES,
      );
      url.searchParams.set('nonce', nonce);
      return url.toString();
    },

    /** Trades the code for tokens and gives the checked identity of the ID token. */
    async identify(code: string, verifier: string, nonce: string) {
      const { token, issuers } = await endpointsOf();
      let idToken: string;
      try {
        idToken = (await withTimeout(client.validateAuthorizationCode(token, code, verifier), 'token exchange')).idToken();
      } catch (error) {
        throw error instanceof OauthFailure ? error : new OauthFailure(`token exchange failed: ${describe(error)}`);
      }
      let claims: object;
      try {
        claims = decodeIdToken(idToken);
      } catch (error) {
        throw new OauthFailure(`unreadable ID token: ${describe(error)}`);
      }
      return checkIdTokenClaims(claims as Record<string, unknown>, { issuers, clientId: settings.clientId, nonce });
    },
  };
}

type OidcProvider = ReturnType<typeof createOidcProvider>;

/** Sign-in through providers: Google with OpenID Connect (authorization code, PKCE S256, nonce). */
export function createOauthService(deps: OauthDeps) {
  const { repo, users, auth, sealer, config } = deps;
  const providers: Partial<Record<OauthProvider, OidcProvider>> = {};
  if (config.google) providers.google = createOidcProvider(config.google, `${config.publicUrl}/api/oauth/google/callback`);

  const enabled = (provider: OauthProvider) => providers[provider] !== undefined && (deps.isEnabled?.(provider) ?? true);

  /** A provider that is configured and switched on, with its client; undefined for any other name. */
  const configured = (name: string): [OauthProvider, OidcProvider] | undefined => {
    const provider = OAUTH_PROVIDERS.find((p) => p === name);
    const client = provider && enabled(provider) && providers[provider];
    return provider && client ? [provider, client] : undefined;
  };

  function openPending(sealed: string | undefined, provider: OauthProvider): PendingSignIn {
    if (!sealed) throw new OauthFailure('no state cookie (expired, or another browser)');
    let pending: PendingSignIn;
    try {
      pending = JSON.parse(sealer.decrypt(sealed)) as PendingSignIn;
    } catch {
      throw new OauthFailure('state cookie was not sealed by this server');
    }
    if (pending.provider !== provider) throw new OauthFailure(`state cookie is for ${pending.provider}`);
    if (pending.expiresAt < Date.now()) throw new OauthFailure('state cookie expired');
    return pending;
  }

  /**
   * The account an identity signs in to: the one already linked to it, else the one with the same
   * address (now linked, and verified since the provider verified the address), else a new one.
   */
  async function accountFor(provider: OauthProvider, identity: VerifiedIdentity, meta: RequestMeta): Promise<UserRow> {
    const link = await repo.findOauthAccount(provider, identity.sub);
    const linked = link && (await users.findById(link.userId));
    if (linked?.blockedAt) throw new OauthFailure(`account ${linked.id} is blocked`, 'oauth_blocked');
    if (linked) return linked;

    return repo.transaction(async (tx) => {
      const existing = await users.findByEmail(identity.email, tx);
      // Before anything is linked or changed: a blocked account stays exactly as staff left it.
      if (existing?.blockedAt) throw new OauthFailure(`account ${existing.id} is blocked`, 'oauth_blocked');
      if (existing) {
        await repo.insertOauthAccount({ userId: existing.id, provider, providerUserId: identity.sub, email: identity.email }, tx);
        const wasUnverified = existing.emailVerifiedAt === null;
        if (wasUnverified) {
          // Until now nobody had proven they own this address: the password (and any second factor)
          // were set by whoever typed it in. Keeping them would let someone who registered a stranger's
          // address first sign in to the account the real owner now uses, so they go, with their sessions.
          await users.update(
            existing.id,
            { emailVerifiedAt: new Date(), passwordHash: null, twoFactorSecret: null, twoFactorConfirmedAt: null, twoFactorLastStep: null },
            tx,
          );
          await repo.replaceRecoveryCodes(existing.id, [], tx);
          await repo.deleteOtherSessions(existing.id, undefined, tx);
        }
        const roles = (await users.roleSlugs(existing.id, tx)).filter((r) => r !== 'unverified');
        await users.setRoles(existing.id, roles.includes('user') ? roles : [...roles, 'user'], tx);
        await repo.audit(
          {
            actorId: existing.id,
            action: 'oauth_link',
            entity: 'user',
            entityId: String(existing.id),
            data: { provider, verified_now: wasUnverified },
            ip: meta.ip,
          },
          tx,
        );
        return (await users.findById(existing.id, tx))!;
      }

      const created = await users.insert(
        {
          name: identity.name ?? identity.email.split('@')[0]!.slice(0, 100),
          email: identity.email,
          passwordHash: null,
          emailVerifiedAt: new Date(),
          locale: meta.locale,
        },
        tx,
      );
      await users.setRoles(created.id, ['user'], tx);
      await repo.insertOauthAccount({ userId: created.id, provider, providerUserId: identity.sub, email: identity.email }, tx);
      await repo.audit(
        { actorId: created.id, action: 'oauth_register', entity: 'user', entityId: String(created.id), data: { provider }, ip: meta.ip },
        tx,
      );
      return created;
    });
  }

  return {
    /** Which sign-in buttons the client shows: every known provider, on only when configured here and not switched off by staff. */
    enabledLogins(): Record<OauthProvider, boolean> {
      return Object.fromEntries(OAUTH_PROVIDERS.map((p) => [p, enabled(p)])) as Record<OauthProvider, boolean>;
    },

    /**
     * Starts a sign-in: the provider's authorization URL, and the sealed value for the state cookie.
     * Unknown or disabled providers are a 422 on `provider` (not a 404, which the client turns into the
     * NotFound page): the visitor pressed a button and should read why nothing happens.
     */
    async start(name: string, redirectTo: string | undefined): Promise<{ url: string; sealedState: string }> {
      const found = configured(name);
      if (!found) throw AppError.field('provider', 'oauth.unknown_provider');
      const [provider, client] = found;
      if (redirectTo !== undefined && !isSameSitePath(redirectTo)) throw AppError.field('redirect_to', 'validation.format');
      const pending: PendingSignIn = {
        provider,
        state: generateState(),
        verifier: generateCodeVerifier(),
        nonce: randomToken(),
        redirectTo: redirectTo ?? '/',
        expiresAt: Date.now() + OAUTH_STATE_SECONDS * 1000,
      };
      const url = await client.authorizationUrl(pending.state, pending.verifier, pending.nonce);
      return { url, sealedState: sealer.encrypt(JSON.stringify(pending)) };
    },

    /**
     * Finishes a sign-in at the callback. Throws OauthFailure for anything the provider, the browser
     * or an attacker got wrong; the caller turns it into a redirect to the login page.
     */
    async complete(
      name: string,
      query: { code?: string; state?: string; error?: string },
      sealedState: string | undefined,
      meta: RequestMeta,
    ): Promise<OauthSignIn> {
      const found = configured(name);
      if (!found) throw new OauthFailure(`callback for unknown or disabled provider ${name.slice(0, 40)}`);
      const [provider, client] = found;
      if (query.error !== undefined) throw new OauthFailure(`provider answered error=${query.error.slice(0, 100)}`);
      const pending = openPending(sealedState, provider);
      if (!query.state || !safeEqual(query.state, pending.state)) throw new OauthFailure('state does not match the cookie');
      if (!query.code || query.code.length > 2048) throw new OauthFailure('no usable authorization code');

      const identity = await client.identify(query.code, pending.verifier, pending.nonce);
      if (!identity.emailVerified) throw new OauthFailure(`${provider} e-mail not verified`, 'oauth_email_unverified');

      const user = await accountFor(provider, identity, meta);
      if (user.twoFactorConfirmedAt) {
        // The same pending log-in as a password log-in: the second factor is asked for at /mfa-confirm.
        const challenge = randomToken();
        await repo.insertChallenge({
          id: hashToken(challenge),
          userId: user.id,
          remember: true,
          expiresAt: new Date(Date.now() + CHALLENGE_MINUTES * 60_000),
        });
        return { kind: 'two_factor', challenge };
      }
      const token = await auth.createSession(user.id, true, meta);
      await repo.audit({
        actorId: user.id,
        action: 'oauth_login',
        entity: 'user',
        entityId: String(user.id),
        data: { provider },
        ip: meta.ip,
      });
      return { kind: 'session', token, userId: user.id, redirectTo: pending.redirectTo };
    },

    async listAccounts(current: CurrentUser) {
      const rows = await repo.listOauthAccounts(current.user.id);
      return rows
        .sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime())
        .map((row) => ({ id: row.id, provider: row.provider, email: row.email, created_at: row.createdAt.toISOString() }));
    },

    /** Unlinks one of the signed-in person's provider accounts, unless it is their only way to sign in. */
    async unlink(current: CurrentUser, id: number, meta: RequestMeta): Promise<{ provider: string; label: string }> {
      refuseWhileImpersonating(current);
      const rows = await repo.listOauthAccounts(current.user.id);
      const target = rows.find((row) => row.id === id);
      if (!target) throw new AppError('not_found');
      if (!current.user.passwordHash && rows.length === 1) throw AppError.field('id', 'oauth.last_method');
      if (!(await repo.deleteOauthAccount(current.user.id, id))) throw new AppError('not_found');
      await repo.audit(
        auditEntry(current, meta, 'oauth_unlink', 'user', current.user.id, { provider: target.provider, oauth_account_id: id }),
      );
      return { provider: target.provider, label: providerLabel(target.provider) };
    },
  };
}

function providerLabel(provider: string): string {
  return PROVIDER_LABELS[provider as OauthProvider] ?? provider.charAt(0).toUpperCase() + provider.slice(1);
}

export type OauthService = ReturnType<typeof createOauthService>;
