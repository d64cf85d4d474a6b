import type { AuditWriter } from '../../platform/audit-log.ts';
import crypto from 'node:crypto';
import { AppError } from '../../../common/errors.ts';
import type { Locale } from '../../../common/locales.ts';
import { verifyPassword } from '../../platform/passwords.ts';
import type { UsersRepo } from './users.repo.ts';
import type { CurrentUser, RequestMeta } from '../../platform/current-user.ts';
import type { Storage } from '../../platform/storage.ts';
import { type Throttle, UPLOADS_PER_USER, uploadsKey } from '../../platform/throttle.ts';
import type { GeoService } from '../geo/geo.service.ts';
import { makeAvatar } from '../images/image-processing.ts';
import { presentUser } from './users.presenter.ts';
import { refuseWhileImpersonating } from '../auth/impersonation.service.ts';
import { type TraderInput, publicTraderFields, traderChanges } from '../business/business.service.ts';
import type { FieldProblems } from '../../platform/validation.ts';

export interface ProfileInput extends TraderInput {
  name: string;
  surname?: string | null | undefined;
  phone?: string | null | undefined;
  city_id?: number | null | undefined;
  street?: string | null | undefined;
  birthday?: string | null | undefined;
  notify_messages?: boolean | undefined;
  show_phone?: boolean | undefined;
}

/** Phone numbers are kept as digits (a leading + allowed); spaces, dashes and brackets are dropped. */
export function normalizePhone(phone: string): string {
  return phone.replace(/[\s\-().]/g, '');
}

/** Spec section 5: 10 or 11 digits. */
export function isValidPhone(phone: string): boolean {
  return /^\+?\d{10,11}$/.test(normalizePhone(phone));
}

export function createUsersService(deps: {
  repo: UsersRepo;
  /** The audit log (auth repo): deleting an account is written down in the same transaction. */
  audit: AuditWriter;
  geo: GeoService;
  storage: Storage;
  countActiveAds: (userId: number) => Promise<number>;
  hasPublicAd: (userId: number) => Promise<boolean>;
  throttle: Throttle;
  /** A person's ratings after deals (issue 25): the average of the public ones and their count. */
  ratingSummary?: (userId: number) => Promise<{ average: number | null; count: number }>;
}) {
  const { repo, audit, storage } = deps;

  /** The seller beside an ad the viewer may open (the ad's visibility was decided by its page). */
  async function sellerCard(id: number) {
    const user = await repo.findById(id);
    if (!user) throw new AppError('not_found');
    return {
      id: user.id,
      name: user.name,
      avatar: user.avatarKey ? `/media/${user.avatarKey}` : null,
      member_since: user.createdAt.toISOString(),
      active_ads_count: await deps.countActiveAds(user.id),
      /** Strongly identified through an FTN broker (issue 25): the "Vahvasti tunnistettu" badge. */
      identity_verified: user.identityVerifiedAt !== null,
      /** The seller shows a phone number: the ad page offers "show number" (POST /product/{uuid}/phone). */
      phone_shown: user.showPhone && user.phone !== null,
      rating: deps.ratingSummary ? await deps.ratingSummary(user.id) : { average: null, count: 0 },
      ...publicTraderFields(user),
    };
  }

  return {
    /** The accounts' queries, for test factories. */
    repo,

    /** Stores a new avatar (square WebP, metadata removed) and removes the old one. */
    async setAvatar(current: CurrentUser, upload: Buffer) {
      await deps.throttle.consume(uploadsKey(current.id), UPLOADS_PER_USER);
      const avatar = await makeAvatar(upload);
      const key = `avatars/${crypto.randomUUID()}.webp`;
      await storage.put(key, avatar, 'image/webp');
      const previous = current.user.avatarKey;
      const user = await repo.update(current.user.id, { avatarKey: key }).catch(async (error: unknown) => {
        await storage.delete(key);
        throw error;
      });
      if (previous) await storage.delete(previous).catch(() => undefined);
      return presentUser(user!, current.roles);
    },

    async removeAvatar(current: CurrentUser) {
      const previous = current.user.avatarKey;
      const user = await repo.update(current.user.id, { avatarKey: null });
      if (previous) await storage.delete(previous).catch(() => undefined);
      return presentUser(user!, current.roles);
    },

    async updateProfile(current: CurrentUser, input: ProfileInput, locale: Locale) {
      const fields: FieldProblems = {};
      const phone = input.phone?.trim() ? normalizePhone(input.phone) : null;
      if (phone && !isValidPhone(phone)) fields.phone = [{ key: 'validation.phone' }];
      if (input.show_phone && !phone) fields.show_phone = [{ key: 'account.profile.show_phone_needs_number' }];
      if (input.city_id != null) {
        const cities = await deps.geo.listCities(locale);
        if (!cities.some((c) => c.id === input.city_id)) fields.city_id = [{ key: 'validation.city_not_found' }];
      }
      if (input.birthday) {
        const date = new Date(`${input.birthday}T00:00:00Z`);
        if (Number.isNaN(date.getTime())) fields.birthday = [{ key: 'validation.format' }];
        else if (date.getTime() > Date.now()) fields.birthday = [{ key: 'validation.birthday_future' }];
        else if (date.getUTCFullYear() < 1900) fields.birthday = [{ key: 'validation.birthday_past' }];
      }
      const business = traderChanges(input, fields);
      if (Object.keys(fields).length > 0) throw new AppError('validation_failed', {}, fields);

      const user = await repo.update(current.user.id, {
        ...business,
        name: input.name.trim(),
        surname: input.surname?.trim() || null,
        phone,
        cityId: input.city_id ?? null,
        street: input.street?.trim() || null,
        birthday: input.birthday || null,
        ...(input.notify_messages === undefined ? {} : { notifyMessages: input.notify_messages }),
        // No number, nothing to show.
        ...(input.show_phone === undefined ? (phone ? {} : { showPhone: false }) : { showPhone: input.show_phone }),
      });
      return presentUser(user!, current.roles);
    },

    async setTheme(current: CurrentUser, themeDark: boolean) {
      await repo.update(current.user.id, { themeDark });
      return { theme_dark: themeDark };
    },

    /** Own account only, after the password (accounts without one confirm with their e-mail address). */
    async deleteAccount(
      current: CurrentUser,
      id: number,
      confirmation: { password?: string | undefined; email?: string | undefined },
      meta: RequestMeta,
    ) {
      refuseWhileImpersonating(current);
      if (id !== current.user.id) throw new AppError('forbidden');
      const confirmed = current.user.passwordHash
        ? !!confirmation.password && (await verifyPassword(current.user.passwordHash, confirmation.password))
        : confirmation.email?.trim().toLowerCase() === current.user.email.toLowerCase();
      if (!confirmed) throw AppError.field(current.user.passwordHash ? 'password' : 'email', 'auth.confirm_failed');
      const avatar = current.user.avatarKey;
      await repo.transaction(async (tx) => {
        await audit(
          {
            actorId: null,
            action: 'delete_account',
            entity: 'user',
            entityId: String(id),
            ip: meta.ip,
            data: { email: current.user.email },
          },
          tx,
        );
        // Sessions, roles, tokens and (later) ads and wishes go with the row (ON DELETE CASCADE).
        await repo.delete(id, tx);
      });
      if (avatar) await storage.delete(avatar).catch(() => undefined);
    },

    /** What anyone may see of a member: never the e-mail or phone. */
    /**
     * GET /user-info/{id}: only sellers have a public profile (someone with an ad the public can
     * open), so the ids of staff, buyers and unverified accounts cannot be walked.
     */
    async publicProfile(id: number) {
      if (!(await deps.hasPublicAd(id))) throw new AppError('not_found');
      return sellerCard(id);
    },

    sellerCard,
  };
}

export type UsersService = ReturnType<typeof createUsersService>;
