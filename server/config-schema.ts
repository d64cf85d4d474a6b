import { type Static, type TSchema, Type } from 'typebox';
import Value from 'typebox/value';

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

const Whole = (minimum: number, maximum: number, fallback: number) => Type.Integer({ minimum, maximum, default: fallback });

/**
 * The plain settings of the environment: their types, bounds and defaults, in one place (the README's
 * settings table lists them; `config.test.ts` holds the two together). A setting whose default
 * depends on another (LOG_LEVEL, SEED_DEMO_DATA, S3_FORCE_PATH_STYLE) has none here. Settings that
 * need more than a type (URLs, proxies, address lists, pairs set together) are read in `config.ts`.
 */
export const PlainSettings = Type.Object({
  NODE_ENV: Type.Optional(Type.Enum(['development', 'production', 'test'])),
  HOST: Type.String({ default: '0.0.0.0' }),
  PORT: Whole(0, 65535, 3000),
  SITE_NAME: Type.String({ default: 'Kauppis' }),
  DATA_DIR: Type.String({ default: 'data' }),
  REDIS_PREFIX: Type.String({ default: 'kauppis:' }),
  DATABASE_READ_MAX_LAG_SECONDS: Whole(0, 3600, 5),
  LOG_LEVEL: Type.Optional(Type.Enum(LOG_LEVELS)),
  SEED_DEMO_DATA: Type.Optional(Type.Boolean()),
  DEMO_PASSWORD: Type.String({ minLength: 8, default: 'Kauppis#Demo2026' }),
  REPOSITORY_URL: Type.String({ default: '/about#source-code' }),
  BODY_LIMIT: Whole(1024, 104_857_600, 1_048_576),
  REQUEST_TIMEOUT_SECONDS: Whole(1, 3600, 120),
  APP_SECRET: Type.Optional(Type.String({ minLength: 32 })),
  MAIL_FROM: Type.Optional(Type.String()),
  HIBP_ENABLED: Type.Boolean({ default: false }),
  NEW_ACCOUNT_DAYS: Whole(0, 365, 7),
  LISTING_CACHE_SECONDS: Whole(0, 3600, 15),
  LISTING_INDEX: Type.Boolean({ default: true }),
  ALERT_INDEX: Type.Boolean({ default: true }),
  PAGE_CACHE_SECONDS: Whole(0, 3600, 10),
  SOCKET_HEARTBEAT_SECONDS: Whole(1, 3600, 25),
  CHAT_MAIL_POLL_SECONDS: Whole(0, 3600, 30),
  JOBS_POLL_SECONDS: Whole(0, 3600, 5),
  COMPRESS_RESPONSES: Type.Boolean({ default: true }),
  MAP_ATTRIBUTION: Type.String({ default: '© OpenStreetMap contributors' }),
  METRICS_TOKEN: Type.Optional(Type.String({ minLength: 16 })),
  S3_REGION: Type.String({ default: 'us-east-1' }),
  S3_ACCESS_KEY_ID: Type.Optional(Type.String()),
  S3_SECRET_ACCESS_KEY: Type.Optional(Type.String()),
  S3_FORCE_PATH_STYLE: Type.Optional(Type.Boolean()),
});

export type PlainSettings = Static<typeof PlainSettings>;

const TRUE = ['1', 'true', 'yes', 'on'];
const FALSE = ['0', 'false', 'no', 'off'];

/**
 * An environment value as its schema's type: whole numbers only as written digits (never "8.5" or
 * "1e3"), yes/no words for booleans; anything else is kept as written, for the check to refuse.
 */
function typed(schema: TSchema, raw: string): unknown {
  if (Type.IsInteger(schema)) return /^-?\d+$/.test(raw) ? Number(raw) : raw;
  if (Type.IsBoolean(schema)) {
    const word = raw.toLowerCase();
    return TRUE.includes(word) ? true : FALSE.includes(word) ? false : raw;
  }
  return raw;
}

/** What is wrong with a value, in the words an operator reads at start-up. */
function problem(key: string, schema: TSchema, raw: string): string {
  const { minimum, maximum, minLength } = schema as { minimum?: number; maximum?: number; minLength?: number };
  if (Type.IsInteger(schema)) return `${key} must be a whole number from ${minimum} to ${maximum}, got "${raw}"`;
  if (Type.IsBoolean(schema)) return `${key} must be true or false, got "${raw}"`;
  if (Type.IsEnum(schema)) return `${key} must be one of ${schema.enum.join(', ')}, got "${raw}"`;
  return `${key} must have at least ${minLength} characters`;
}

/**
 * The plain settings from the environment: trimmed, an empty value counting as unset, each checked
 * against its schema. A bad value is reported in `problems` and its default used meanwhile, so
 * every bad setting is reported at once.
 */
export function readPlainSettings(env: Record<string, string | undefined>, problems: string[]): PlainSettings {
  const values: Record<string, unknown> = {};
  for (const [key, schema] of Object.entries(PlainSettings.properties) as [string, TSchema][]) {
    const raw = env[key]?.trim();
    if (!raw) continue;
    const value = typed(schema, raw);
    if (Value.Check(schema, value)) values[key] = value;
    else problems.push(problem(key, schema, raw));
  }
  return Value.Default(PlainSettings, values) as PlainSettings;
}
