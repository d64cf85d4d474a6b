import crypto from 'node:crypto';
import { generateSecret, generateURI, verify } from 'otplib';
import QRCode from 'qrcode';
import type { RoleSlug } from '../../../common/access.ts';
import { AppError } from '../../../common/errors.ts';
import { verifyPassword } from '../../platform/passwords.ts';
import { type Sealer, hashToken } from '../../platform/secrets.ts';
import type { Throttle, ThrottleRule } from '../../platform/throttle.ts';
import type { UserChanges, UserRow, UsersRepo } from '../users/users.repo.ts';
import type { AuthRepo } from './auth.repo.ts';
import type { AuthService } from './auth.service.ts';
import type { CurrentUser, RequestMeta } from '../../platform/current-user.ts';
import { refuseWhileImpersonating } from './impersonation.service.ts';

export interface TwoFactorDeps {
  repo: AuthRepo;
  users: UsersRepo;
  auth: AuthService;
  sealer: Sealer;
  throttle: Throttle;
  /** The issuer authenticator apps show: the site's name as the app settings have it now. */
  site: { readonly siteName: string };
}

export const RECOVERY_CODE_COUNT = 10;
/** Wrong answers one pending log-in may take; the next try throws the log-in away. */
export const MAX_CHALLENGE_ATTEMPTS = 5;
/** How long the answer to a thrown-away log-in tells the person to wait (a new log-in is needed anyway). */
const CHALLENGE_LOCK_SECONDS = 60;
/** Wrong second factors per account, across log-ins, so new challenges do not buy new guesses. */
const CODES_PER_USER: ThrottleRule = { limit: 5, windowSeconds: 15 * 60 };
/** The same key and rule as a password change, so all password confirmations share one budget. */
const PASSWORD_PER_USER: ThrottleRule = { limit: 5, windowSeconds: 15 * 60 };
/** One time step either side of now: a phone clock 30 seconds off still works. */
const EPOCH_TOLERANCE_SECONDS = 30;
// No i, l, o, 0 or 1: a code copied from paper cannot be misread. 31 symbols x 12 = about 59 bits.
const RECOVERY_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';

/** What a finished two-factor log-in gives the route to set the session cookie and answer like /login. */
export interface CompletedLogin {
  token: string;
  remember: boolean;
  user: UserRow;
  roles: RoleSlug[];
}

export type SecondFactor = { kind: 'code'; code: string } | { kind: 'recovery_code'; recoveryCode: string };

function newRecoveryCode(): string {
  const symbols = Array.from({ length: 12 }, () => RECOVERY_ALPHABET[crypto.randomInt(RECOVERY_ALPHABET.length)]);
  return [0, 4, 8].map((start) => symbols.slice(start, start + 4).join('')).join('-');
}

/** The form a recovery code is hashed in: lowercase, in groups of four, however it was typed or spaced. */
export function normalizeRecoveryCode(input: string): string {
  const compact = input.trim().toLowerCase().replace(/[\s-]/g, '');
  return compact.match(/.{1,4}/g)?.join('-') ?? '';
}

const userKey = (userId: number) => `2fa:${userId}`;

/** Two-factor authentication with TOTP (RFC 6238) and single-use recovery codes. */
export function createTwoFactorService(deps: TwoFactorDeps) {
  const { repo, users, auth, sealer, throttle, site } = deps;

  /**
   * The time step a code belongs to when it is valid for the user's secret and newer than the last
   * one used; 'used' for a right code of a step already used (or older: replay protection), so the
   * person reads that the code was used rather than that it is wrong; undefined for a wrong code.
   */
  async function acceptedStep(user: UserRow, code: string): Promise<number | 'used' | undefined> {
    if (!user.twoFactorSecret || !/^\d{6}$/.test(code)) return undefined;
    const secret = sealer.decrypt(user.twoFactorSecret);
    const check = (afterTimeStep: number | undefined) =>
      verify({ secret, token: code, epochTolerance: EPOCH_TOLERANCE_SECONDS, ...(afterTimeStep === undefined ? {} : { afterTimeStep }) });
    const result = await check(user.twoFactorLastStep ?? undefined);
    if (result.valid && 'timeStep' in result) return result.timeStep;
    if (user.twoFactorLastStep === null) return undefined;
    return (await check(undefined)).valid ? 'used' : undefined;
  }

  /** Marks the code's step used; the error to throw on the field when it cannot be (wrong, or used already: also by a parallel request). */
  async function claimCode(user: UserRow, code: string, field: string): Promise<AppError | null> {
    const step = await acceptedStep(user, code);
    if (step === undefined) return AppError.field(field, 'two_factor.invalid_code');
    if (step === 'used' || !(await repo.claimTwoFactorStep(user.id, step))) return AppError.field(field, 'two_factor.code_used');
    return null;
  }

  /** The key of a set-up not yet confirmed; undefined when it cannot be read (the app secret changed). */
  function pendingSecret(sealed: string): string | undefined {
    try {
      return sealer.decrypt(sealed);
    } catch {
      return undefined;
    }
  }

  /** Checks a code under the per-account throttle and marks its step used; throws 422 on a wrong one. */
  async function redeemCode(user: UserRow, code: string): Promise<void> {
    const attempt = await throttle.attempt(userKey(user.id), CODES_PER_USER);
    const refused = await claimCode(user, code, 'code');
    if (refused) throw refused;
    await attempt.succeeded();
  }

  /** The owner proves it is them: with the password, or with a code when the account has no password. */
  async function confirmIdentity(user: UserRow, input: { password?: string | undefined; code?: string | undefined }): Promise<void> {
    if (user.passwordHash) {
      if (!input.password) throw AppError.field('password', 'validation.required');
      const attempt = await throttle.attempt(`password:${user.id}`, PASSWORD_PER_USER);
      if (!(await verifyPassword(user.passwordHash, input.password))) throw AppError.field('password', 'auth.current_password');
      await attempt.giveBack();
      return;
    }
    // Accounts that sign in only through a provider have no password: a current code stands in for it.
    if (!input.code) throw AppError.field('code', 'validation.required');
    await redeemCode(user, input.code);
  }

  async function storeNewRecoveryCodes(user: UserRow, action: string, meta: RequestMeta, changes: UserChanges = {}) {
    const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
    await repo.transaction(async (tx) => {
      if (Object.keys(changes).length > 0) await users.update(user.id, changes, tx);
      await repo.replaceRecoveryCodes(user.id, codes.map(hashToken), tx);
      await repo.audit({ actorId: user.id, action, entity: 'user', entityId: String(user.id), ip: meta.ip }, tx);
    });
    return codes;
  }

  return {
    /** Starts (or restarts) the set-up: a new secret, stored encrypted and unconfirmed. */
    async enable(current: CurrentUser) {
      refuseWhileImpersonating(current);
      const { user } = current;
      if (user.twoFactorConfirmedAt) throw AppError.field('two_factor', 'two_factor.already_enabled');
      // A GET changes nothing a person relies on: a set-up under way keeps its key (a link or a
      // second tab cannot break it); a new key is made only when there is none yet.
      const pending = user.twoFactorSecret ? pendingSecret(user.twoFactorSecret) : undefined;
      const secret = pending ?? generateSecret();
      if (!pending) await users.update(user.id, { twoFactorSecret: sealer.encrypt(secret), twoFactorLastStep: null });
      const otpauthUrl = generateURI({ issuer: site.siteName, label: user.email, secret });
      return { qr_code: await QRCode.toString(otpauthUrl, { type: 'svg', margin: 1 }), secret, otpauth_url: otpauthUrl };
    },

    /** Turns two-factor on once a code from the app matches; gives the recovery codes, shown this once. */
    async confirm(current: CurrentUser, code: string, meta: RequestMeta): Promise<string[]> {
      refuseWhileImpersonating(current);
      const { user } = current;
      if (user.twoFactorConfirmedAt) throw AppError.field('two_factor', 'two_factor.already_enabled');
      if (!user.twoFactorSecret) throw AppError.field('two_factor', 'two_factor.not_enabled');
      await redeemCode(user, code);
      return storeNewRecoveryCodes(user, 'enable_two_factor', meta, { twoFactorConfirmedAt: new Date() });
    },

    async status(current: CurrentUser) {
      const confirmedAt = current.user.twoFactorConfirmedAt;
      return {
        enabled: confirmedAt !== null,
        confirmed_at: confirmedAt?.toISOString() ?? null,
        recovery_codes_left: confirmedAt ? await repo.countUnusedRecoveryCodes(current.user.id) : 0,
      };
    },

    /** New recovery codes after the password is confirmed; the old ones stop working. */
    async regenerateRecoveryCodes(
      current: CurrentUser,
      input: { password?: string | undefined; code?: string | undefined },
      meta: RequestMeta,
    ): Promise<string[]> {
      refuseWhileImpersonating(current);
      if (!current.user.twoFactorConfirmedAt) throw AppError.field('two_factor', 'two_factor.not_enabled');
      await confirmIdentity(current.user, input);
      return storeNewRecoveryCodes(current.user, 'regenerate_recovery_codes', meta);
    },

    /** Turns two-factor off (also a set-up never confirmed) after the password is confirmed. */
    async disable(current: CurrentUser, input: { password?: string | undefined; code?: string | undefined }, meta: RequestMeta) {
      refuseWhileImpersonating(current);
      const { user } = current;
      if (!user.twoFactorConfirmedAt && !user.twoFactorSecret) throw AppError.field('two_factor', 'two_factor.not_enabled');
      await confirmIdentity(user, input);
      await repo.transaction(async (tx) => {
        await users.update(user.id, { twoFactorSecret: null, twoFactorConfirmedAt: null, twoFactorLastStep: null }, tx);
        await repo.replaceRecoveryCodes(user.id, [], tx);
        await repo.audit({ actorId: user.id, action: 'disable_two_factor', entity: 'user', entityId: String(user.id), ip: meta.ip }, tx);
      });
    },

    /**
     * Finishes a password log-in that waits for its second factor. The challenge token comes from
     * its cookie; each try counts, and too many wrong ones (per log-in or per account) answer 429.
     */
    async completeLogin(challengeToken: string | undefined, factor: SecondFactor, meta: RequestMeta): Promise<CompletedLogin> {
      const field = factor.kind === 'code' ? 'code' : 'recovery_code';
      // 422 on the field rather than 401: the person is not signed in, and the form shows the reason.
      const expired = () => AppError.field(field, 'two_factor.challenge_expired');
      if (!challengeToken || challengeToken.length > 200) throw expired();
      const challengeId = hashToken(challengeToken);
      const challenge = await repo.findLiveChallenge(challengeId);
      if (!challenge) throw expired();

      const attempt = await throttle.attempt(userKey(challenge.userId), CODES_PER_USER);
      // Counted before checking, atomically, so parallel guesses cannot share one attempt.
      if ((await repo.countChallengeAttempt(challengeId)) > MAX_CHALLENGE_ATTEMPTS) {
        await repo.deleteChallenge(challengeId);
        throw new AppError('too_many_requests', { seconds: CHALLENGE_LOCK_SECONDS });
      }
      const user = await users.findById(challenge.userId);
      if (!user?.twoFactorConfirmedAt || !user.twoFactorSecret) {
        // Two-factor was turned off meanwhile: this log-in must start again.
        await repo.deleteChallenge(challengeId);
        throw expired();
      }
      if (user.blockedAt) {
        // Blocked after the password step: the challenge proved the password, so it may be told.
        await repo.deleteChallenge(challengeId);
        throw new AppError('account_blocked');
      }

      if (factor.kind === 'code') {
        const refused = await claimCode(user, factor.code, field);
        if (refused) throw refused;
      } else if (!(await repo.useRecoveryCode(user.id, hashToken(normalizeRecoveryCode(factor.recoveryCode))))) {
        throw AppError.field(field, 'two_factor.invalid_recovery_code');
      }

      await attempt.succeeded();
      await repo.deleteChallenge(challengeId);
      const token = await auth.createSession(user.id, challenge.remember, meta);
      await repo.audit({
        actorId: user.id,
        action: 'login',
        entity: 'user',
        entityId: String(user.id),
        ip: meta.ip,
        data: { second_factor: factor.kind },
      });
      return { token, remember: challenge.remember, user, roles: await auth.rolesOf(user.id) };
    },
  };
}

export type TwoFactorService = ReturnType<typeof createTwoFactorService>;
