import type { RoleSlug } from '../../../common/access.ts';
import type { UserRow } from './users.repo.ts';
import { ownTraderFields } from '../business/business.service.ts';

/** The signed-in person's own account as the API shows it (never the password hash or 2FA secret). */
export function presentUser(user: UserRow, roles: RoleSlug[]) {
  return {
    id: user.id,
    name: user.name,
    surname: user.surname,
    email: user.email,
    email_verified_at: user.emailVerifiedAt?.toISOString() ?? null,
    avatar: user.avatarKey ? `/media/${user.avatarKey}` : null,
    phone: user.phone,
    city_id: user.cityId,
    street: user.street,
    birthday: user.birthday,
    theme_dark: user.themeDark,
    notify_messages: user.notifyMessages,
    show_phone: user.showPhone,
    locale: user.locale,
    two_factor_enabled: user.twoFactorConfirmedAt !== null,
    // Strong identification (issue 25): when and how; never the personal identity code (not stored).
    identity_verified_at: user.identityVerifiedAt?.toISOString() ?? null,
    identity_method: user.identityVerifiedAt ? user.identityMethod : null,
    roles: roles.map((slug) => ({ slug })),
    ...ownTraderFields(user),
    created_at: user.createdAt.toISOString(),
  };
}

export type UserResource = ReturnType<typeof presentUser>;
