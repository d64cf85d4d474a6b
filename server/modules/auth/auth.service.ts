import crypto from 'node:crypto';
import { effectivePermissions, isRoleSlug } from '../../../common/access.ts';
import { AppError } from '../../../common/errors.ts';
import type { Locale } from '../../../common/locales.ts';
import type { Mailer } from '../../platform/mail.ts';
import { hashPassword, verifyPassword } from '../../platform/passwords.ts';
import { type Sealer, hashToken, randomToken, safeEqual } from '../../platform/secrets.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { isGuessablePassword } from '../../../common/password-strength.ts';
import type { BackgroundWork } from '../../platform/background.ts';
import type { Throttle, ThrottleRule } from '../../platform/throttle.ts';
import type { CurrentUser, RequestMeta } from '../../platform/current-user.ts';
import type { JobsService } from '../jobs/jobs.service.ts';
import { presentUser } from '../users/users.presenter.ts';
import { authMails } from './auth.mails.ts';
import type { UserRow, UsersRepo } from '../users/users.repo.ts';
import type { AuthRepo } from './auth.repo.ts';
import { brokenPasswordRules, isCommonBreachedPassword, isPwnedOnline } from './password-policy.ts';
import { refuseWhileImpersonating } from './impersonation.service.ts';

export const REMEMBER_MS = 365 * 24 * 60 * 60 * 1000;
/** A session without "remember me" lives in a browser-session cookie and ends after two idle days. */
export const SESSION_IDLE_MS = 2 * 24 * 60 * 60 * 1000;
const TOUCH_EVERY_MS = 10 * 60 * 1000;
export const VERIFY_LINK_MINUTES = 48 * 60;
export const RESET_TOKEN_MINUTES = 60;
/** A set-password link of an account staff created: the person may not read the mail at once. */
export const SET_PASSWORD_TOKEN_HOURS = 72;
export const CHALLENGE_MINUTES = 10;
/** The queue's kind for the hourly removal of expired sessions, challenges and reset tokens. */
export const HOUSEKEEPING_JOB = 'auth-housekeeping';

const LOGIN_PER_ADDRESS: ThrottleRule = { limit: 5, windowSeconds: 15 * 60 };
const LOGIN_PER_IP: ThrottleRule = { limit: 30, windowSeconds: 15 * 60 };
const REGISTER_PER_IP: ThrottleRule = { limit: 10, windowSeconds: 60 * 60 };
const FORGOT_PER_ADDRESS: ThrottleRule = { limit: 3, windowSeconds: 15 * 60 };
const FORGOT_PER_IP: ThrottleRule = { limit: 20, windowSeconds: 60 * 60 };
const RESEND_PER_USER: ThrottleRule = { limit: 3, windowSeconds: 10 * 60 };

export interface AuthDeps {
  repo: AuthRepo;
  users: UsersRepo;
  mailer: Mailer;
  sealer: Sealer;
  /** Where mails that must not slow the answer are sent from (see forgotPassword). */
  background: BackgroundWork;
  throttle: Throttle;
  site: { siteName: string; publicUrl: string };
  hibpEnabled: boolean;
  /** The queue the hourly housekeeping runs through, once across processes. */
  jobs: JobsService;
  /** The fetch the Have I Been Pwned check uses; the global one when absent. */
  hibpFetch?: typeof fetch | undefined;
}

export type LoginResult = { kind: 'session'; token: string; remember: boolean; user: UserRow } | { kind: 'two_factor'; challenge: string };

// A hash to verify against when the address is unknown, so the answer takes as long either way.
const dummyHash = hashPassword(randomToken());

function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

export function createAuthService(deps: AuthDeps) {
  const { repo, users, mailer, sealer, throttle, site, jobs } = deps;

  /** Queues the next housekeeping at the next full hour after `now`, once across processes (its key is the hour). */
  async function scheduleHousekeeping(now: Date): Promise<void> {
    await jobs.enqueueHourly(HOUSEKEEPING_JOB, now);
  }

  jobs.register(HOUSEKEEPING_JOB, async (_payload, job) => {
    await scheduleHousekeeping(job.now);
    await repo.deleteExpired(job.now);
  });

  /** `personalWords`: the person's name and address, which a password must not lean on. */
  async function checkNewPassword(password: string, confirmation: string, personalWords: readonly string[] = []): Promise<void> {
    const field = 'password';
    const keys = brokenPasswordRules(password).map((rule) => ({ key: `validation.password_${rule}` }));
    if (password !== confirmation) keys.push({ key: 'validation.password_confirmation' });
    // A known leak says the most; otherwise the strength estimate, the same one the form's hint uses.
    if (
      keys.length === 0 &&
      ((await isCommonBreachedPassword(password)) || (deps.hibpEnabled && (await isPwnedOnline(password, deps.hibpFetch))))
    ) {
      keys.push({ key: 'validation.password_breached' });
    }
    if (keys.length === 0 && (await isGuessablePassword(password, personalWords))) keys.push({ key: 'validation.password_guessable' });
    if (keys.length > 0) throw new AppError('validation_failed', {}, { [field]: keys });
  }

  async function createSession(userId: number, remember: boolean, meta: RequestMeta, impersonatorId?: number): Promise<string> {
    const token = randomToken();
    const now = Date.now();
    await repo.insertSession({
      id: hashToken(token),
      userId,
      remember,
      impersonatorId: impersonatorId ?? null,
      ip: meta.ip,
      userAgent: meta.userAgent?.slice(0, 400) ?? null,
      expiresAt: new Date(now + (remember ? REMEMBER_MS : SESSION_IDLE_MS)),
    });
    return token;
  }

  function verificationUrl(user: UserRow): string {
    const expires = Math.floor(Date.now() / 1000) + VERIFY_LINK_MINUTES * 60;
    const hash = emailHash(user.email);
    const signature = sealer.sign(`verify:${user.id}:${hash}:${expires}`);
    return `${site.publicUrl}/verify-email/${user.id}/${hash}?expires=${expires}&signature=${signature}`;
  }

  function emailHash(email: string): string {
    return crypto.createHash('sha256').update(normalizeEmail(email)).digest('hex').slice(0, 40);
  }

  async function sendVerification(user: UserRow, locale: Locale): Promise<void> {
    await mailer.send(
      authMails.verify(locale, user.email, {
        name: user.name,
        site: site.siteName,
        url: verificationUrl(user),
        minutes: VERIFY_LINK_MINUTES,
      }),
    );
  }

  return {
    /** Sessions' and tokens' queries, for test factories. */
    repo,
    createSession,

    /** The session a token names, kept alive while used; undefined for unknown or expired tokens. */
    async resolveSession(token: string): Promise<CurrentUser | undefined> {
      if (!token || token.length > 200) return undefined;
      const found = await repo.findLiveSessionWithUser(hashToken(token));
      if (!found) return undefined;
      const { session, user, roles: slugs, granted } = found;
      const now = Date.now();
      if (now - session.lastSeenAt.getTime() > TOUCH_EVERY_MS) {
        const expiresAt = new Date(now + (session.remember ? REMEMBER_MS : SESSION_IDLE_MS));
        await repo.touchSession(session.id, new Date(now), expiresAt);
      }
      const roles = slugs.filter(isRoleSlug);
      return { id: user.id, user, roles, permissions: effectivePermissions(roles, granted, session.impersonatorId !== null), session };
    },

    /** Which of these sessions are still live: the messenger's sockets end with theirs. */
    liveSessionIds: (ids: string[]) => repo.liveSessionIds(ids),

    async login(input: { email: string; password: string; remember: boolean }, meta: RequestMeta): Promise<LoginResult> {
      const email = normalizeEmail(input.email);
      const addressKey = `login:address:${email}`;
      const ipKey = `login:ip:${meta.ip}`;
      const byIp = await throttle.attempt(ipKey, LOGIN_PER_IP);
      const byAddress = await throttle.attempt(addressKey, LOGIN_PER_ADDRESS).catch(async (refused: unknown) => {
        await byIp.giveBack();
        throw refused;
      });

      const user = await users.findByEmail(email);
      const valid = user?.passwordHash
        ? await verifyPassword(user.passwordHash, input.password)
        : (await verifyPassword(await dummyHash, input.password), false);
      // A failure stays counted on both; a right password ends the address's run of failures.
      if (!user || !valid) throw AppError.field('email', 'auth.failed');
      await byAddress.succeeded();
      await byIp.giveBack();
      // Said only to whoever knows the password: nobody else learns that the account is blocked.
      if (user.blockedAt) throw new AppError('account_blocked');

      if (user.twoFactorConfirmedAt) {
        const challenge = randomToken();
        await repo.insertChallenge({
          id: hashToken(challenge),
          userId: user.id,
          remember: input.remember,
          expiresAt: new Date(Date.now() + CHALLENGE_MINUTES * 60_000),
        });
        return { kind: 'two_factor', challenge };
      }
      const token = await createSession(user.id, input.remember, meta);
      await repo.audit({ actorId: user.id, action: 'login', entity: 'user', entityId: String(user.id), ip: meta.ip });
      return { kind: 'session', token, remember: input.remember, user };
    },

    async logout(current: CurrentUser | undefined): Promise<void> {
      if (current) await repo.deleteSession(current.session.id);
    },

    /** Ends the session a token names, whoever it belongs to (the browser is replacing it). */
    async logoutToken(token: string): Promise<void> {
      if (token.length <= 200) await repo.deleteSession(hashToken(token));
    },

    rolesOf: (userId: number) => users.roleSlugs(userId),

    /** Housekeeping, run hourly through the queue: expired sessions and tokens are of no use to anyone. */
    removeExpired: (now: Date = new Date()) => repo.deleteExpired(now),

    scheduleHousekeeping,

    async register(
      input: { name: string; email: string; password: string; password_confirmation: string; terms: boolean },
      meta: RequestMeta,
    ): Promise<void> {
      await throttle.consume(`register:ip:${meta.ip}`, REGISTER_PER_IP);
      const fields: Record<string, { key: string }[]> = {};
      if (!input.terms) fields.terms = [{ key: 'validation.accepted' }];
      try {
        await checkNewPassword(input.password, input.password_confirmation, [input.name, input.email]);
      } catch (error) {
        if (!AppError.is(error)) throw error;
        Object.assign(fields, error.fields);
      }
      if (Object.keys(fields).length > 0) throw new AppError('validation_failed', {}, fields);

      // An address that has an account gets the same answer, after the same work (a password
      // hash, a mail), so the form tells nobody which addresses are registered; its owner is told.
      const passwordHash = await hashPassword(input.password);
      const existing = await users.findByEmail(input.email);
      if (existing) {
        await mailer.send(
          authMails.alreadyRegistered(existing.locale, existing.email, {
            name: existing.name,
            site: site.siteName,
            url: `${site.publicUrl}/login`,
          }),
        );
        return;
      }
      let user: UserRow;
      try {
        user = await repo.transaction(async (tx) => {
          const created = await users.insert({ name: input.name.trim(), email: input.email.trim(), passwordHash, locale: meta.locale }, tx);
          await users.setRoles(created.id, ['unverified'], tx);
          await repo.audit({ actorId: created.id, action: 'register', entity: 'user', entityId: String(created.id), ip: meta.ip }, tx);
          return created;
        });
      } catch (error) {
        // The same address registered in parallel: the one that won has the account, this one the same answer.
        if (isUniqueViolation(error)) return;
        throw error;
      }
      await sendVerification(user, meta.locale);
    },

    async verifyEmail(input: { id: number; hash: string; expires: number; signature: string }): Promise<void> {
      const user = await users.findById(input.id);
      const signed = sealer.verify(`verify:${input.id}:${input.hash}:${input.expires}`, input.signature);
      if (!user || !signed || !safeEqual(input.hash, emailHash(user.email))) throw new AppError('forbidden');
      if (input.expires * 1000 < Date.now()) throw AppError.field('link', 'auth.link_expired');
      if (user.emailVerifiedAt) return;
      await repo.transaction(async (tx) => {
        await users.update(user.id, { emailVerifiedAt: new Date() }, tx);
        const roles = (await users.roleSlugs(user.id, tx)).filter((r) => r !== 'unverified');
        await users.setRoles(user.id, roles.includes('user') ? roles : [...roles, 'user'], tx);
        await repo.audit({ actorId: user.id, action: 'verify_email', entity: 'user', entityId: String(user.id) }, tx);
      });
    },

    async resendVerification(current: CurrentUser, id: number, locale: Locale): Promise<void> {
      if (id !== current.user.id) throw new AppError('forbidden');
      if (current.user.emailVerifiedAt) return;
      await throttle.consume(`verify-resend:${current.user.id}`, RESEND_PER_USER);
      await sendVerification(current.user, locale);
    },

    /** Always the same answer, so nobody learns which addresses have accounts. */
    async forgotPassword(emailInput: string, meta: RequestMeta): Promise<void> {
      const email = normalizeEmail(emailInput);
      await throttle.consume(`forgot:ip:${meta.ip}`, FORGOT_PER_IP);
      await throttle.consume(`forgot:address:${email}`, FORGOT_PER_ADDRESS);
      const user = await users.findByEmail(email);
      // A blocked account could not use the link (resetPassword refuses it): no mail.
      if (!user || user.blockedAt) return;
      // The link is made and mailed after the answer, so an address with an account is answered
      // as fast as one without.
      deps.background.run('reset mail', async () => {
        const token = randomToken();
        await repo.insertResetToken({
          id: hashToken(token),
          userId: user.id,
          expiresAt: new Date(Date.now() + RESET_TOKEN_MINUTES * 60_000),
        });
        const url = `${site.publicUrl}/reset-password/${token}?email=${encodeURIComponent(user.email)}`;
        await mailer.send(
          authMails.reset(meta.locale, user.email, { name: user.name, site: site.siteName, url, minutes: RESET_TOKEN_MINUTES }),
        );
      });
    },

    /**
     * Mails a new account (one staff created, without a password) the link that sets its first
     * password: a reset token of the same kind, valid for SET_PASSWORD_TOKEN_HOURS.
     */
    async sendSetPasswordLink(user: UserRow, locale: Locale): Promise<void> {
      const token = randomToken();
      await repo.insertResetToken({
        id: hashToken(token),
        userId: user.id,
        expiresAt: new Date(Date.now() + SET_PASSWORD_TOKEN_HOURS * 60 * 60_000),
      });
      const url = `${site.publicUrl}/reset-password/${token}?email=${encodeURIComponent(user.email)}`;
      deps.background.run('account created mail', () =>
        mailer.send(
          authMails.accountCreated(locale, user.email, { name: user.name, site: site.siteName, url, hours: SET_PASSWORD_TOKEN_HOURS }),
        ),
      );
    },

    /** Single use and expiring; sets the new password and ends every session of the account. */
    async resetPassword(
      input: { token: string; email: string; password: string; password_confirmation: string },
      meta: RequestMeta,
    ): Promise<void> {
      await throttle.consume(`reset:ip:${meta.ip}`, FORGOT_PER_IP);
      await checkNewPassword(input.password, input.password_confirmation, [input.email]);
      const user = await users.findByEmail(input.email);
      const passwordHash = await hashPassword(input.password);
      const done = await repo.transaction(async (tx) => {
        const consumed = await repo.consumeResetToken(hashToken(input.token), tx);
        if (!consumed || !user || consumed.userId !== user.id) return false;
        // Thrown in the transaction: the token stays unused, the password unchanged.
        if (user.blockedAt) throw new AppError('account_blocked');
        await users.update(user.id, { passwordHash }, tx);
        await repo.deleteOtherSessions(user.id, undefined, tx);
        await repo.deleteResetTokens(user.id, tx);
        await repo.audit({ actorId: user.id, action: 'reset_password', entity: 'user', entityId: String(user.id), ip: meta.ip }, tx);
        return true;
      });
      if (!done) throw AppError.field('email', 'auth.reset_invalid');
      await mailer.send(authMails.passwordChanged(meta.locale, user!.email, { name: user!.name, site: site.siteName }));
    },

    /** Needs the current password; other sessions end, this one stays. */
    async changePassword(
      current: CurrentUser,
      input: { current_password?: string | undefined; password: string; password_confirmation: string },
      meta: RequestMeta,
    ): Promise<void> {
      refuseWhileImpersonating(current);
      const attempt = await throttle.attempt(`password:${current.user.id}`, LOGIN_PER_ADDRESS);
      // An account that only signs in with Google has no password yet: it sets one without the old one.
      const hash = current.user.passwordHash;
      if (hash && !(input.current_password && (await verifyPassword(hash, input.current_password)))) {
        throw AppError.field('current_password', input.current_password ? 'auth.current_password' : 'validation.required');
      }
      await attempt.giveBack();
      await checkNewPassword(input.password, input.password_confirmation, [current.user.name, current.user.email]);
      const passwordHash = await hashPassword(input.password);
      await repo.transaction(async (tx) => {
        await users.update(current.user.id, { passwordHash }, tx);
        await repo.deleteOtherSessions(current.user.id, current.session.id, tx);
        await repo.audit(
          { actorId: current.user.id, action: 'change_password', entity: 'user', entityId: String(current.user.id), ip: meta.ip },
          tx,
        );
      });
      await mailer.send(authMails.passwordChanged(meta.locale, current.user.email, { name: current.user.name, site: site.siteName }));
    },

    async listSessions(current: CurrentUser) {
      const rows = await repo.listSessions(current.user.id);
      return rows.map((s) => ({
        id: s.id.slice(0, 16),
        current: s.id === current.session.id,
        ip: s.ip,
        user_agent: s.userAgent,
        created_at: s.createdAt.toISOString(),
        last_seen_at: s.lastSeenAt.toISOString(),
      }));
    },

    /** Sessions are named by the first 16 hex digits of their hash: enough to pick one, useless to sign in. */
    /** Signs out every other device; answers how many sessions ended. */
    async endOtherSessions(current: CurrentUser, meta: RequestMeta): Promise<number> {
      refuseWhileImpersonating(current);
      const others = (await repo.listSessions(current.user.id)).filter((s) => s.id !== current.session.id).length;
      await repo.transaction(async (tx) => {
        await repo.deleteOtherSessions(current.user.id, current.session.id, tx);
        await repo.audit(
          { actorId: current.user.id, action: 'end_other_sessions', entity: 'user', entityId: String(current.user.id), ip: meta.ip },
          tx,
        );
      });
      return others;
    },

    async endSession(current: CurrentUser, shortId: string): Promise<void> {
      const rows = await repo.listSessions(current.user.id);
      const target = rows.find((s) => s.id.slice(0, 16) === shortId);
      if (!target || !(await repo.deleteUserSession(current.user.id, target.id))) throw new AppError('not_found');
    },

    present: (current: CurrentUser) => presentUser(current.user, current.roles),
  };
}

export type AuthService = ReturnType<typeof createAuthService>;
