import { Type } from 'typebox';
import { OAUTH_PROVIDERS } from '../auth/oauth.schemas.ts';

export const SITE_NAME_MAX = 60;
export const SETTINGS_EMAIL_MAX = 254;

/** One switch per known provider (spec section 3); a provider not on the list is an unknown field. */
const LoginSwitches = Type.Object(Object.fromEntries(OAUTH_PROVIDERS.map((p) => [p, Type.Optional(Type.Boolean())])), {
  additionalProperties: false,
});

/** PATCH /admin/app-settings: only the settings sent change. An empty address removes it. */
export const AppSettingsPatch = Type.Object(
  {
    site_name: Type.Optional(Type.String({ minLength: 1, maxLength: SITE_NAME_MAX })),
    logins: Type.Optional(LoginSwitches),
    ads_moderation: Type.Optional(Type.Boolean()),
    support_email: Type.Optional(Type.String({ maxLength: SETTINGS_EMAIL_MAX })),
    staff_inbox_email: Type.Optional(Type.String({ maxLength: SETTINGS_EMAIL_MAX })),
  },
  { additionalProperties: false },
);

/** What the settings page shows: each setting's value now, and what it falls back to. */
export const AppSettingsView = Type.Object({
  site_name: Type.String(),
  /** SITE_NAME from the environment: the name when no one has set one here. */
  site_name_default: Type.String(),
  /** Which sign-ins the site offers now (a provider is on only when configured and not switched off). */
  logins: Type.Record(Type.String(), Type.Boolean()),
  /** Providers with credentials in the environment: only these can be switched on. */
  configured_logins: Type.Array(Type.String()),
  /** Whether a new or changed ad waits for a moderator before it is shown. */
  ads_moderation: Type.Boolean(),
  /** Shown in the footer and the mails' Reply-To; null: none. */
  support_email: Type.Union([Type.String(), Type.Null()]),
  /** Where contact-form notifications go; null: none. */
  staff_inbox_email: Type.Union([Type.String(), Type.Null()]),
  updated_at: Type.Union([Type.String(), Type.Null()]),
  updated_by: Type.Union([Type.Object({ id: Type.Integer(), name: Type.String() }), Type.Null()]),
});

export const AppSettingsReply = Type.Object({ data: AppSettingsView });
export const AppSettingsSaved = Type.Object({ message: Type.String(), data: AppSettingsView });
