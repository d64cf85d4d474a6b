import { Type } from 'typebox';
import { VALIDITY_LIMITS } from '../../../common/ad-validity.ts';
import { OAUTH_PROVIDERS } from '../auth/oauth.schemas.ts';

export const SITE_NAME_MAX = 60;
export const SETTINGS_EMAIL_MAX = 254;

/** The ranges of the new accounts' limits and the scam guard's hold (issue 25). */
export const TRUST_LIMITS = {
  newAccountDays: { minimum: 0, maximum: 365 },
  newAccountAdsPerDay: { minimum: 1, maximum: 1000 },
  newAccountChatsPerDay: { minimum: 1, maximum: 1000 },
  safetyHoldRecipients: { minimum: 1, maximum: 1000 },
} as const;

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
    new_account_days: Type.Optional(Type.Integer({ ...TRUST_LIMITS.newAccountDays })),
    new_account_ads_per_day: Type.Optional(Type.Integer({ ...TRUST_LIMITS.newAccountAdsPerDay })),
    new_account_chats_per_day: Type.Optional(Type.Integer({ ...TRUST_LIMITS.newAccountChatsPerDay })),
    safety_hold_recipients: Type.Optional(Type.Integer({ ...TRUST_LIMITS.safetyHoldRecipients })),
    ad_validity_days: Type.Optional(Type.Integer({ ...VALIDITY_LIMITS.adValidityDays })),
    job_ad_validity_days: Type.Optional(Type.Integer({ ...VALIDITY_LIMITS.jobAdValidityDays })),
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
  /** For this many days from registering an account has daily limits; 0: none. */
  new_account_days: Type.Integer(),
  new_account_ads_per_day: Type.Integer(),
  new_account_chats_per_day: Type.Integer(),
  /** Messages the scam guard flags, sent to this many different people within a day, hold the account for review. */
  safety_hold_recipients: Type.Integer(),
  /** An ad is shown this many days from its approval or renewal; one under the jobs category `job_ad_validity_days`. */
  ad_validity_days: Type.Integer(),
  job_ad_validity_days: Type.Integer(),
  updated_at: Type.Union([Type.String(), Type.Null()]),
  updated_by: Type.Union([Type.Object({ id: Type.Integer(), name: Type.String() }), Type.Null()]),
});

export const AppSettingsReply = Type.Object({ data: AppSettingsView });
export const AppSettingsSaved = Type.Object({ message: Type.String(), data: AppSettingsView });
