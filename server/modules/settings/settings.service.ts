import type { AuditWriter } from '../../platform/audit-log.ts';
import { Type } from 'typebox';
import { Value } from 'typebox/value';
import { can } from '../../../common/access.ts';
import { VALIDITY_LIMITS } from '../../../common/ad-validity.ts';
import { AppError } from '../../../common/errors.ts';
import { hasControlCharacter } from '../../../common/text.ts';
import type { FieldProblems } from '../../platform/validation.ts';
import type { Realtime } from '../../platform/realtime.ts';
import type { CurrentUser, RequestMeta } from '../../platform/current-user.ts';
import { OAUTH_PROVIDERS, type OauthProvider } from '../auth/oauth.schemas.ts';
import type { SettingsRepo, StoredSetting } from './settings.repo.ts';
import { SETTINGS_EMAIL_MAX, SITE_NAME_MAX, TRUST_LIMITS } from './settings.schemas.ts';

/** The whole-number settings and their ranges: the trust limits (issue 25) and the ads' periods (issue 27). */
const NUMBER_LIMITS = { ...TRUST_LIMITS, ...VALIDITY_LIMITS };

/** The settings staff change at /admin/app-settings, as the rest of the server reads them. */
export interface AppSettings {
  siteName: string;
  /** Providers switched on or off here; a provider not named follows its configuration (on when configured). */
  logins: Partial<Record<OauthProvider, boolean>>;
  /** A new or changed ad waits for a moderator before it is shown. */
  adsModeration: boolean;
  supportEmail: string | null;
  staffInboxEmail: string | null;
  /** For this many days from registering an account is new and has daily limits (0: no limits). */
  newAccountDays: number;
  /** New ads a new account may post a day. */
  newAccountAdsPerDay: number;
  /** New conversations a new account may open a day. */
  newAccountChatsPerDay: number;
  /** An account that sends messages the scam guard flags to this many different people within a day is held for review. */
  safetyHoldRecipients: number;
  /** An ad is shown this many days from its approval or renewal (issue 27)… */
  adValidityDays: number;
  /** …and an ad under the jobs category this many. */
  jobAdValidityDays: number;
}

/** The limits of new accounts and the scam guard's hold when no one has set them (issue 25). */
export const TRUST_DEFAULTS = { newAccountDays: 7, newAccountAdsPerDay: 5, newAccountChatsPerDay: 10, safetyHoldRecipients: 5 } as const;

export interface AppSettingsChanges {
  site_name?: string;
  logins?: Partial<Record<OauthProvider, boolean>>;
  ads_moderation?: boolean;
  support_email?: string;
  staff_inbox_email?: string;
  new_account_days?: number;
  new_account_ads_per_day?: number;
  new_account_chats_per_day?: number;
  safety_hold_recipients?: number;
  ad_validity_days?: number;
  job_ad_validity_days?: number;
}

/** The key of each setting's row. */
const KEYS = {
  siteName: 'site_name',
  logins: 'logins',
  adsModeration: 'ads_moderation',
  supportEmail: 'support_email',
  staffInboxEmail: 'staff_inbox_email',
  newAccountDays: 'new_account_days',
  newAccountAdsPerDay: 'new_account_ads_per_day',
  newAccountChatsPerDay: 'new_account_chats_per_day',
  safetyHoldRecipients: 'safety_hold_recipients',
  adValidityDays: 'ad_validity_days',
  jobAdValidityDays: 'job_ad_validity_days',
} as const satisfies Record<keyof AppSettings, string>;

/** How often every process reads the settings again, in case a change notice did not reach it. */
export const SETTINGS_REFRESH_MS = 30_000;

const EmailFormat = Type.String({ format: 'email', maxLength: SETTINGS_EMAIL_MAX });

const isProvider = (name: string): name is OauthProvider => (OAUTH_PROVIDERS as readonly string[]).includes(name);

/** The stored rows over the defaults; a row whose value is not of the setting's shape is ignored. */
export function settingsFrom(rows: readonly StoredSetting[], defaults: AppSettings): AppSettings {
  const stored = new Map(rows.map((row) => [row.key, row.value]));
  const text = (key: string, fallback: string) => {
    const value = stored.get(key);
    return typeof value === 'string' && value.trim() ? value : fallback;
  };
  const address = (key: string, fallback: string | null) => {
    if (!stored.has(key)) return fallback;
    const value = stored.get(key);
    return typeof value === 'string' && Value.Check(EmailFormat, value) ? value : null;
  };
  const logins: Partial<Record<OauthProvider, boolean>> = {};
  const storedLogins = stored.get(KEYS.logins);
  if (typeof storedLogins === 'object' && storedLogins !== null) {
    for (const [name, on] of Object.entries(storedLogins)) if (isProvider(name) && typeof on === 'boolean') logins[name] = on;
  }
  const moderation = stored.get(KEYS.adsModeration);
  const whole = (key: keyof typeof NUMBER_LIMITS) => {
    const value = stored.get(KEYS[key]);
    const { minimum, maximum } = NUMBER_LIMITS[key];
    return typeof value === 'number' && Number.isInteger(value) && value >= minimum && value <= maximum ? value : defaults[key];
  };
  return {
    siteName: text(KEYS.siteName, defaults.siteName),
    logins,
    adsModeration: typeof moderation === 'boolean' ? moderation : defaults.adsModeration,
    supportEmail: address(KEYS.supportEmail, defaults.supportEmail),
    staffInboxEmail: address(KEYS.staffInboxEmail, defaults.staffInboxEmail),
    newAccountDays: whole('newAccountDays'),
    newAccountAdsPerDay: whole('newAccountAdsPerDay'),
    newAccountChatsPerDay: whole('newAccountChatsPerDay'),
    safetyHoldRecipients: whole('safetyHoldRecipients'),
    adValidityDays: whole('adValidityDays'),
    jobAdValidityDays: whole('jobAdValidityDays'),
  };
}

export interface SettingsDeps {
  repo: SettingsRepo;
  audit: AuditWriter;
  realtime: Realtime;
  /** What each setting is when no one has set it here (SITE_NAME from the environment, and so on). */
  defaults: AppSettings;
  /** Providers with credentials in the environment: the only ones that can be on. */
  configuredLogins: readonly OauthProvider[];
  log?: (message: string, detail: Record<string, unknown>) => void;
}

/**
 * The app settings (issue 14, scope 8). Every process keeps the current values in memory, so a
 * page title or a sign-in button costs no query; a change is written, audited and then announced
 * through the realtime fan-out (in-process or Redis), and every process reads the rows again when
 * it hears of it, and every 30 seconds in case it did not: a change takes effect everywhere
 * without a restart.
 */
export function createSettingsService(deps: SettingsDeps) {
  const { repo, audit, realtime, defaults } = deps;
  let current: AppSettings = { ...defaults, logins: {} };
  let rows: StoredSetting[] = [];
  // Reads may finish out of order (a slow periodic read after a fresh one): only the newest counts.
  let started = 0;
  let applied = 0;
  let timer: NodeJS.Timeout | undefined;
  let stopListening: (() => void) | undefined;
  const changeListeners = new Set<() => void>();

  async function reload(): Promise<void> {
    const ticket = ++started;
    const fresh = await repo.all();
    if (ticket < applied) return;
    applied = ticket;
    const before = current;
    rows = fresh;
    current = settingsFrom(fresh, defaults);
    // Told once the new values are in effect, never before: a page rendered after it shows them.
    if (JSON.stringify(before) !== JSON.stringify(current)) for (const listener of changeListeners) listener();
  }

  const reloadQuietly = () => {
    reload().catch((error: unknown) => deps.log?.('app settings could not be read', { err: error }));
  };

  const configured = (provider: OauthProvider) => deps.configuredLogins.includes(provider);

  function enabledLogins(): Record<OauthProvider, boolean> {
    return Object.fromEntries(OAUTH_PROVIDERS.map((p) => [p, configured(p) && current.logins[p] !== false])) as Record<
      OauthProvider,
      boolean
    >;
  }

  function requireManage(actor: CurrentUser): void {
    if (!can(actor, 'settings.manage')) throw new AppError('forbidden');
  }

  function view() {
    const last = rows[0];
    return {
      site_name: current.siteName,
      site_name_default: defaults.siteName,
      logins: enabledLogins(),
      configured_logins: [...deps.configuredLogins],
      ads_moderation: current.adsModeration,
      support_email: current.supportEmail,
      staff_inbox_email: current.staffInboxEmail,
      new_account_days: current.newAccountDays,
      new_account_ads_per_day: current.newAccountAdsPerDay,
      new_account_chats_per_day: current.newAccountChatsPerDay,
      safety_hold_recipients: current.safetyHoldRecipients,
      ad_validity_days: current.adValidityDays,
      job_ad_validity_days: current.jobAdValidityDays,
      updated_at: last ? last.updatedAt.toISOString() : null,
      updated_by: last?.updatedBy ?? null,
    };
  }

  /** The changes checked all at once; every problem is reported, and nothing is saved when there is one. */
  function check(changes: AppSettingsChanges): Partial<AppSettings> {
    const problems: FieldProblems = {};
    const add = (field: string, key: string, params?: Record<string, string | number>) =>
      (problems[field] ??= []).push({ key, ...(params ? { params } : {}) });
    const out: Partial<AppSettings> = {};

    if (changes.site_name !== undefined) {
      const name = changes.site_name.normalize('NFC').replace(/\s+/g, ' ').trim();
      if (hasControlCharacter(changes.site_name)) add('site_name', 'validation.control_characters');
      else if (!name) add('site_name', 'validation.required');
      else if (name.length > SITE_NAME_MAX) add('site_name', 'validation.max_length', { limit: SITE_NAME_MAX });
      else out.siteName = name;
    }

    if (changes.logins !== undefined) {
      const logins = { ...current.logins };
      for (const [name, on] of Object.entries(changes.logins)) {
        if (!isProvider(name) || typeof on !== 'boolean') {
          add(`logins.${name}`, 'validation.unknown_field');
          continue;
        }
        // Switching a provider on without credentials would offer a button that cannot work.
        if (on && !configured(name)) add(`logins.${name}`, 'app_settings.login_not_configured', { provider: name });
        else logins[name] = on;
      }
      out.logins = logins;
    }

    if (changes.ads_moderation !== undefined) out.adsModeration = changes.ads_moderation;

    for (const [field, setting] of [
      ['support_email', 'supportEmail'],
      ['staff_inbox_email', 'staffInboxEmail'],
    ] as const) {
      const written = changes[field];
      if (written === undefined) continue;
      const address = written.trim();
      if (!address) out[setting] = null;
      else if (!Value.Check(EmailFormat, address)) add(field, 'validation.email');
      else out[setting] = address;
    }

    for (const [field, setting] of [
      ['new_account_days', 'newAccountDays'],
      ['new_account_ads_per_day', 'newAccountAdsPerDay'],
      ['new_account_chats_per_day', 'newAccountChatsPerDay'],
      ['safety_hold_recipients', 'safetyHoldRecipients'],
      ['ad_validity_days', 'adValidityDays'],
      ['job_ad_validity_days', 'jobAdValidityDays'],
    ] as const) {
      const written = changes[field];
      if (written === undefined) continue;
      const { minimum, maximum } = NUMBER_LIMITS[setting];
      if (!Number.isInteger(written)) add(field, 'validation.type_integer');
      else if (written < minimum) add(field, 'validation.minimum', { limit: minimum });
      else if (written > maximum) add(field, 'validation.maximum', { limit: maximum });
      else out[setting] = written;
    }

    if (Object.keys(problems).length > 0) throw new AppError('validation_failed', {}, problems);
    return out;
  }

  /** The settings as the audit log records them (the stored shape, keyed like the API). */
  const auditShape = (settings: AppSettings, keys: readonly (keyof AppSettings)[]) =>
    Object.fromEntries(keys.map((key) => [KEYS[key], settings[key]]));

  return {
    /** Reads the settings and keeps them fresh: listens for change notices and reads again every 30 s. */
    async start(refreshMs = SETTINGS_REFRESH_MS): Promise<void> {
      await reload();
      stopListening = realtime.onNotice((notice) => {
        if (notice.topic === 'settings_changed') reloadQuietly();
      });
      if (refreshMs > 0) {
        timer = setInterval(reloadQuietly, refreshMs);
        timer.unref();
      }
    },

    stop(): void {
      if (timer) clearInterval(timer);
      stopListening?.();
    },

    /** Reads the rows again now (what a change notice and the periodic refresh do). */
    reload,

    /**
     * Calls `listener` each time this process's settings change, after the new values are in
     * effect (a change here, a notice from another process, or the periodic read); returns the
     * unsubscribe.
     */
    onChange(listener: () => void): () => void {
      changeListeners.add(listener);
      return () => changeListeners.delete(listener);
    },

    /** The settings in effect in this process. */
    current: (): AppSettings => current,
    siteName: (): string => current.siteName,
    /** Whether a new or changed ad waits for a moderator. */
    adsNeedReview: (): boolean => current.adsModeration,
    /** The new accounts' daily limits and the scam guard's hold, as in effect now. */
    trustLimits: () => ({
      newAccountDays: current.newAccountDays,
      newAccountAdsPerDay: current.newAccountAdsPerDay,
      newAccountChatsPerDay: current.newAccountChatsPerDay,
      safetyHoldRecipients: current.safetyHoldRecipients,
    }),
    /** How many days an ad is shown from its approval or renewal: jobs their own period (issue 27). */
    validityDays: () => ({ ads: current.adValidityDays, jobs: current.jobAdValidityDays }),
    /** Every known provider: on when it has credentials and staff have not switched it off (GET /logins). */
    enabledLogins,
    loginEnabled: (provider: OauthProvider): boolean => configured(provider) && current.logins[provider] !== false,

    /** GET /admin/app-settings. */
    async get(actor: CurrentUser) {
      requireManage(actor);
      await reload();
      return view();
    },

    /** PATCH /admin/app-settings: saved whole or not at all, audited with before and after, then announced. */
    async update(actor: CurrentUser, changes: AppSettingsChanges, meta: RequestMeta) {
      requireManage(actor);
      const wanted = check(changes);
      const changedKeys = await repo.transaction(async (tx) => {
        await repo.lock(tx);
        const before = settingsFrom(await repo.all(tx), defaults);
        const keys = (Object.keys(wanted) as (keyof AppSettings)[]).filter(
          (key) => JSON.stringify(wanted[key]) !== JSON.stringify(before[key]),
        );
        if (keys.length === 0) return keys;
        const after: AppSettings = { ...before, ...wanted };
        // A removed address is stored as "" (a JSON null would read as SQL NULL): "none", not "the default".
        for (const key of keys) await repo.put(KEYS[key], after[key] ?? '', actor.id, tx);
        await audit(
          {
            actorId: actor.id,
            impersonatorId: actor.session.impersonatorId,
            action: 'settings_updated',
            entity: 'app_settings',
            entityId: null,
            data: { before: auditShape(before, keys), after: auditShape(after, keys) },
            ip: meta.ip,
          },
          tx,
        );
        return keys;
      });
      await reload();
      if (changedKeys.length > 0) {
        await realtime.notify({ topic: 'settings_changed' }).catch((error: unknown) => {
          // The other processes still read the change within the refresh interval.
          deps.log?.('settings change notice failed', { err: error });
        });
      }
      return view();
    },
  };
}

export type SettingsService = ReturnType<typeof createSettingsService>;
