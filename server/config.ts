import net from 'node:net';
import path from 'node:path';
import { projectRoot } from './paths.ts';

/**
 * The whole configuration of one process, read once from the environment at boot.
 * No setting means the embedded default: PGlite, in-process counters, files on disk.
 */
export interface Config {
  env: 'development' | 'production' | 'test';
  host: string;
  port: number;
  /** Public origin used in canonical links, sitemaps and e-mails, without a trailing slash. */
  publicUrl: string;
  siteName: string;
  dataDir: string;
  databaseUrl: string | undefined;
  redisUrl: string | undefined;
  /** Prefix of every Redis key, so several sites (or test runs) can share one Redis. */
  redisPrefix: string;
  logLevel: 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';
  /**
   * Which X-Forwarded-* to believe (Fastify's `trustProxy`): false (none: the client is the
   * connection's peer), a number of proxy hops in front of the app (the client is that many
   * addresses back from the peer, whatever more a client wrote itself), or the addresses and CIDR
   * blocks of the proxies (the client is the first address from the right that is not one of them).
   */
  trustProxy: false | number | string[];
  /** Load demo users and ads on a first start. */
  seedDemoData: boolean;
  demoPassword: string;
  repositoryUrl: string;
  /** Largest JSON or form body the API accepts, in bytes. */
  bodyLimit: number;
  /** Seconds a request may take to arrive whole (headers and body); slower ones are answered 408. */
  requestTimeoutSeconds: number;
  /**
   * Key for signed links, OAuth state and the encryption of two-factor secrets. Unset: a random
   * key is created once under DATA_DIR (fine for one instance; set it when running several).
   */
  appSecret: string | undefined;
  /** smtp:// or smtps:// URL; unset writes each mail as an .eml file under DATA_DIR/mail. */
  smtpUrl: string | undefined;
  /** The sender as set; unset: the site's current name (app settings) at no-reply@ the public host. */
  mailFrom: string | undefined;
  google: { clientId: string; clientSecret: string; issuer: string } | undefined;
  /**
   * Strong identification (Finnish bank ID, mobile certificate) through an FTN identification
   * broker over OpenID Connect: its issuer (discovered from it), our client there and the scopes
   * asked for. Unset: off. No broker is built in.
   */
  identity: { issuer: string; clientId: string; clientSecret: string; scope: string } | undefined;
  /** Also ask the Have I Been Pwned range API (k-anonymity) whether a new password is breached. */
  hibpEnabled: boolean;
  /**
   * For how many days from registering an account has daily limits of new ads and conversations:
   * the app setting's value until staff set one (0: no limits).
   */
  newAccountDays: number;
  /** Seconds a listing answer is reused for identical searches in this process (0: off). */
  listingCacheSeconds: number;
  /**
   * Seconds an anonymous visitor's page is served whole from this process's memory (0: off); an
   * ad's change clears it on every instance at once (over Redis when configured).
   */
  pageCacheSeconds: number;
  /** How often the messenger's sockets are pinged (proxies close quiet connections after about 60 s). */
  socketHeartbeatSeconds: number;
  /** How often each process looks for unread-message mails that are due; 0 turns the mails off. */
  chatMailPollSeconds: number;
  /** How often each process runs the due jobs of the queue (alerts of saved searches, digests); 0 turns the poll off. */
  jobsPollSeconds: number;
  /** Compress pages and API answers (brotli or gzip); off when a proxy in front does it. */
  compressResponses: boolean;
  /** Map tiles of the ad page's map ({z}/{x}/{y}); empty turns tiles off (tests make no network call). */
  mapTileUrl: string;
  mapAttribution: string;
  /** Who may read /metrics: a bearer token (unset: none), or an address in the allow-list (addresses or CIDR blocks). */
  metrics: { token: string | undefined; allow: string[] };
  /**
   * Web Push's VAPID keys (base64url) and contact (mailto: or https:). Unset keys: a pair is made
   * once under DATA_DIR/vapid.json (set them when running several instances); unset subject: a
   * mailto: at the public host.
   */
  vapid: { publicKey: string | undefined; privateKey: string | undefined; subject: string | undefined };
  /** An S3-compatible bucket for pictures; unset keeps them under DATA_DIR/media. */
  s3:
    | {
        bucket: string;
        region: string;
        endpoint: string | undefined;
        accessKeyId: string | undefined;
        secretAccessKey: string | undefined;
        forcePathStyle: boolean;
        /** Where browsers fetch the pictures (a CDN or the bucket's public URL); unset: through /media. */
        publicUrl: string | undefined;
      }
    | undefined;
}

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
  }
}

type Env = Record<string, string | undefined>;

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

/** Reads every setting and reports every bad one at once, so a broken environment is fixed in one go. */
export function loadConfig(env: Env = process.env): Config {
  const problems: string[] = [];

  const str = (key: string, fallback: string): string => {
    const value = env[key]?.trim();
    return value ? value : fallback;
  };
  const optional = (key: string): string | undefined => env[key]?.trim() || undefined;
  const int = (key: string, fallback: number, min: number, max: number): number => {
    const raw = env[key]?.trim();
    if (!raw) return fallback;
    const value = Number(raw);
    if (!Number.isInteger(value) || value < min || value > max) {
      problems.push(`${key} must be a whole number from ${min} to ${max}, got "${raw}"`);
      return fallback;
    }
    return value;
  };
  const bool = (key: string, fallback: boolean): boolean => {
    const raw = env[key]?.trim().toLowerCase();
    if (!raw) return fallback;
    if (['1', 'true', 'yes', 'on'].includes(raw)) return true;
    if (['0', 'false', 'no', 'off'].includes(raw)) return false;
    problems.push(`${key} must be true or false, got "${raw}"`);
    return fallback;
  };
  const oneOf = <T extends string>(key: string, allowed: readonly T[], fallback: T): T => {
    const raw = env[key]?.trim();
    if (!raw) return fallback;
    if ((allowed as readonly string[]).includes(raw)) return raw as T;
    problems.push(`${key} must be one of ${allowed.join(', ')}, got "${raw}"`);
    return fallback;
  };
  // Unset: OpenStreetMap's tiles; set but empty: no tiles at all (tests, intranets).
  const tileUrl = (raw: string | undefined): string => {
    if (raw === undefined) return 'https://tile.openstreetmap.org/{z}/{x}/{y}.png';
    const value = raw.trim();
    if (value && (!/^https?:\/\//.test(value) || !['{z}', '{x}', '{y}'].every((part) => value.includes(part)))) {
      problems.push(`MAP_TILE_URL must be an http(s) URL with {z}, {x} and {y}, got "${value}"`);
      return '';
    }
    return value;
  };
  const url = (key: string, value: string | undefined, protocols: string[]): string | undefined => {
    if (value === undefined) return undefined;
    try {
      const parsed = new URL(value);
      if (!protocols.includes(parsed.protocol)) {
        problems.push(`${key} must use ${protocols.join(' or ')}, got "${parsed.protocol}"`);
      }
    } catch {
      problems.push(`${key} is not a valid URL`);
    }
    return value;
  };

  // `true` is one hop (the one balancer the README describes): trusting every hop would let any
  // client pick its own address by writing X-Forwarded-For.
  const proxies = (raw: string | undefined): Config['trustProxy'] => {
    const value = raw?.trim().toLowerCase();
    if (!value || ['0', 'false', 'no', 'off'].includes(value)) return false;
    if (['true', 'yes', 'on'].includes(value)) return 1;
    if (/^\d+$/.test(value)) {
      const hops = Number(value);
      if (hops <= 10) return hops;
      problems.push(
        `TRUST_PROXY must be false, a number of proxy hops from 1 to 10, or proxy addresses and CIDR blocks, got "${raw!.trim()}"`,
      );
      return false;
    }
    const entries = value
      .split(',')
      .map((entry) => entry.trim())
      .filter(Boolean);
    const bad = entries.filter((entry) => !addressBlock(entry));
    if (bad.length === 0 && entries.length > 0) return entries;
    problems.push(
      `TRUST_PROXY must be false, a number of proxy hops from 1 to 10, or proxy addresses and CIDR blocks, got "${raw!.trim()}"`,
    );
    return false;
  };

  const metricsToken = optional('METRICS_TOKEN');
  if (metricsToken !== undefined && metricsToken.length < 16) problems.push('METRICS_TOKEN must have at least 16 characters');
  const metricsAllow = str('METRICS_ALLOW', '127.0.0.0/8,::1')
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
  for (const entry of metricsAllow) {
    if (!addressBlock(entry)) problems.push(`METRICS_ALLOW must list IP addresses or CIDR blocks, got "${entry}"`);
  }

  const nodeEnv = oneOf('NODE_ENV', ['development', 'production', 'test'] as const, 'production');
  const port = int('PORT', 3000, 0, 65535);
  const publicUrl = url('PUBLIC_URL', str('PUBLIC_URL', `http://localhost:${port}`), ['http:', 'https:'])!;
  const demoPassword = str('DEMO_PASSWORD', 'Kauppis#Demo2026');
  if (demoPassword.length < 8) problems.push('DEMO_PASSWORD must have at least 8 characters');

  const appSecret = optional('APP_SECRET');
  if (appSecret !== undefined && appSecret.length < 32) problems.push('APP_SECRET must have at least 32 characters');
  const googleId = optional('GOOGLE_CLIENT_ID');
  const googleSecret = optional('GOOGLE_CLIENT_SECRET');
  if (!!googleId !== !!googleSecret) problems.push('GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET must be set together');
  const googleIssuer = url('GOOGLE_ISSUER', str('GOOGLE_ISSUER', 'https://accounts.google.com'), ['https:', 'http:'])!;

  const identity = identityBroker(env, optional, url, problems);

  const vapidPublicKey = optional('VAPID_PUBLIC_KEY');
  const vapidPrivateKey = optional('VAPID_PRIVATE_KEY');
  if (!!vapidPublicKey !== !!vapidPrivateKey) problems.push('VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY must be set together');
  const vapidSubject = url('VAPID_SUBJECT', optional('VAPID_SUBJECT'), ['mailto:', 'https:']);

  const s3Bucket = optional('S3_BUCKET');
  const s3Endpoint = url('S3_ENDPOINT', optional('S3_ENDPOINT'), ['http:', 'https:']);
  const s3PublicUrl = url('S3_PUBLIC_URL', optional('S3_PUBLIC_URL'), ['http:', 'https:']);

  const config: Config = {
    env: nodeEnv,
    host: str('HOST', '0.0.0.0'),
    port,
    publicUrl: publicUrl.replace(/\/+$/, ''),
    siteName: str('SITE_NAME', 'Kauppis'),
    dataDir: path.resolve(projectRoot, str('DATA_DIR', 'data')),
    databaseUrl: url('DATABASE_URL', optional('DATABASE_URL'), ['postgres:', 'postgresql:']),
    redisUrl: url('REDIS_URL', optional('REDIS_URL'), ['redis:', 'rediss:']),
    redisPrefix: str('REDIS_PREFIX', 'kauppis:'),
    logLevel: oneOf('LOG_LEVEL', LOG_LEVELS, nodeEnv === 'test' ? 'silent' : 'info'),
    trustProxy: proxies(env.TRUST_PROXY),
    seedDemoData: bool('SEED_DEMO_DATA', !optional('DATABASE_URL')),
    demoPassword,
    repositoryUrl: str('REPOSITORY_URL', '/about#source-code'),
    bodyLimit: int('BODY_LIMIT', 1_048_576, 1024, 104_857_600),
    requestTimeoutSeconds: int('REQUEST_TIMEOUT_SECONDS', 120, 1, 3600),
    appSecret,
    smtpUrl: url('SMTP_URL', optional('SMTP_URL'), ['smtp:', 'smtps:']),
    mailFrom: optional('MAIL_FROM'),
    google:
      googleId && googleSecret ? { clientId: googleId, clientSecret: googleSecret, issuer: googleIssuer.replace(/\/+$/, '') } : undefined,
    identity,
    hibpEnabled: bool('HIBP_ENABLED', false),
    newAccountDays: int('NEW_ACCOUNT_DAYS', 7, 0, 365),
    listingCacheSeconds: int('LISTING_CACHE_SECONDS', 15, 0, 3600),
    pageCacheSeconds: int('PAGE_CACHE_SECONDS', 10, 0, 3600),
    socketHeartbeatSeconds: int('SOCKET_HEARTBEAT_SECONDS', 25, 1, 3600),
    chatMailPollSeconds: int('CHAT_MAIL_POLL_SECONDS', 30, 0, 3600),
    jobsPollSeconds: int('JOBS_POLL_SECONDS', 5, 0, 3600),
    compressResponses: bool('COMPRESS_RESPONSES', true),
    mapTileUrl: tileUrl(env.MAP_TILE_URL),
    mapAttribution: str('MAP_ATTRIBUTION', '© OpenStreetMap contributors'),
    metrics: { token: metricsToken, allow: metricsAllow },
    vapid: { publicKey: vapidPublicKey, privateKey: vapidPrivateKey, subject: vapidSubject },
    s3: s3Bucket
      ? {
          bucket: s3Bucket,
          region: str('S3_REGION', 'us-east-1'),
          endpoint: s3Endpoint,
          accessKeyId: optional('S3_ACCESS_KEY_ID'),
          secretAccessKey: optional('S3_SECRET_ACCESS_KEY'),
          forcePathStyle: bool('S3_FORCE_PATH_STYLE', !!s3Endpoint),
          publicUrl: s3PublicUrl?.replace(/\/+$/, ''),
        }
      : undefined,
  };

  if (problems.length > 0) throw new ConfigError(problems);
  return config;
}

/**
 * The FTN broker's settings, all three or none. Its issuer is https (plain http only for a broker
 * on this machine: a local mock in development); the scopes must ask for OpenID Connect.
 */
function identityBroker(
  env: Env,
  optional: (key: string) => string | undefined,
  url: (key: string, value: string | undefined, protocols: string[]) => string | undefined,
  problems: string[],
): Config['identity'] {
  const issuer = url('IDENTITY_ISSUER', optional('IDENTITY_ISSUER'), ['https:', 'http:']);
  const clientId = optional('IDENTITY_CLIENT_ID');
  const clientSecret = optional('IDENTITY_CLIENT_SECRET');
  const given = [issuer, clientId, clientSecret].filter((value) => value !== undefined).length;
  if (given > 0 && given < 3) problems.push('IDENTITY_ISSUER, IDENTITY_CLIENT_ID and IDENTITY_CLIENT_SECRET must be set together');
  if (issuer?.startsWith('http:') && !isLoopbackUrl(issuer)) {
    problems.push(`IDENTITY_ISSUER must use https: (http: only for a broker on this machine), got "${issuer}"`);
  }
  const scope = (env.IDENTITY_SCOPE?.trim() || 'openid profile').split(/\s+/).join(' ');
  if (!scope.split(' ').includes('openid')) problems.push(`IDENTITY_SCOPE must include openid, got "${scope}"`);
  if (!issuer || !clientId || !clientSecret) return undefined;
  return { issuer: issuer.replace(/\/+$/, ''), clientId, clientSecret, scope };
}

function isLoopbackUrl(value: string): boolean {
  try {
    const host = new URL(value).hostname.replace(/^\[|\]$/g, '');
    return host === 'localhost' || host === '::1' || /^127\./.test(host);
  } catch {
    return false;
  }
}

/** An address or CIDR block as `net.BlockList` takes it, or undefined when it is neither. */
export function addressBlock(entry: string): { address: string; prefix: number; family: 'ipv4' | 'ipv6' } | undefined {
  const [address = '', bits] = entry.split('/');
  const family = net.isIPv4(address) ? 'ipv4' : net.isIPv6(address) ? 'ipv6' : undefined;
  if (!family) return undefined;
  const max = family === 'ipv4' ? 32 : 128;
  const prefix = bits === undefined ? max : /^\d{1,3}$/.test(bits) ? Number(bits) : NaN;
  return prefix >= 0 && prefix <= max ? { address, prefix, family } : undefined;
}
