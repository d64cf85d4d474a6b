import net from 'node:net';
import path from 'node:path';
import { type PlainSettings, readPlainSettings } from './config-schema.ts';
import { projectRoot } from './paths.ts';

/**
 * The whole configuration of one process, read once from the environment at boot.
 * No setting means the embedded default: PGlite, in-process counters, files on disk.
 */
export interface Config {
  env: NonNullable<PlainSettings['NODE_ENV']>;
  host: string;
  port: number;
  /** Public origin used in canonical links, sitemaps and e-mails, without a trailing slash. */
  publicUrl: string;
  siteName: string;
  dataDir: string;
  databaseUrl: string | undefined;
  /**
   * A read replica of DATABASE_URL (streaming replication): searches, listings, hints and ad pages
   * read from it while it is at most `maxLagSeconds` behind; a client that just wrote reads the
   * primary for that long (db/read-routing.ts).
   */
  databaseRead: { url: string; maxLagSeconds: number } | undefined;
  redisUrl: string | undefined;
  /** Prefix of every Redis key, so several sites (or test runs) can share one Redis. */
  redisPrefix: string;
  logLevel: NonNullable<PlainSettings['LOG_LEVEL']>;
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
  /** Listings without words answered from each process's in-memory index of the listed ads (issue 26). */
  listingIndex: boolean;
  /** New ads matched against the saved searches from each matching process's in-memory copy of them (issue 29). */
  alertIndex: boolean;
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

/** Reads every setting and reports every bad one at once, so a broken environment is fixed in one go. */
export function loadConfig(env: Env = process.env): Config {
  const problems: string[] = [];

  const plain = readPlainSettings(env, problems);
  const optional = (key: string): string | undefined => env[key]?.trim() || undefined;
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

  const metricsAllow = (optional('METRICS_ALLOW') ?? '127.0.0.0/8,::1')
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
  for (const entry of metricsAllow) {
    if (!addressBlock(entry)) problems.push(`METRICS_ALLOW must list IP addresses or CIDR blocks, got "${entry}"`);
  }

  const nodeEnv = plain.NODE_ENV ?? 'production';
  const port = plain.PORT;
  const publicUrl = url('PUBLIC_URL', optional('PUBLIC_URL') ?? `http://localhost:${port}`, ['http:', 'https:'])!;
  const googleId = optional('GOOGLE_CLIENT_ID');
  const googleSecret = optional('GOOGLE_CLIENT_SECRET');
  if (!!googleId !== !!googleSecret) problems.push('GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET must be set together');
  const googleIssuer = url('GOOGLE_ISSUER', optional('GOOGLE_ISSUER') ?? 'https://accounts.google.com', ['https:', 'http:'])!;

  const identity = identityBroker(env, optional, url, problems);

  const vapidPublicKey = optional('VAPID_PUBLIC_KEY');
  const vapidPrivateKey = optional('VAPID_PRIVATE_KEY');
  if (!!vapidPublicKey !== !!vapidPrivateKey) problems.push('VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY must be set together');
  const vapidSubject = url('VAPID_SUBJECT', optional('VAPID_SUBJECT'), ['mailto:', 'https:']);

  const readUrl = url('DATABASE_READ_URL', optional('DATABASE_READ_URL'), ['postgres:', 'postgresql:']);
  if (readUrl && !optional('DATABASE_URL')) problems.push('DATABASE_READ_URL needs DATABASE_URL (a replica of the primary)');

  const s3Bucket = optional('S3_BUCKET');
  const s3Endpoint = url('S3_ENDPOINT', optional('S3_ENDPOINT'), ['http:', 'https:']);
  const s3PublicUrl = url('S3_PUBLIC_URL', optional('S3_PUBLIC_URL'), ['http:', 'https:']);

  const config: Config = {
    env: nodeEnv,
    host: plain.HOST,
    port,
    publicUrl: publicUrl.replace(/\/+$/, ''),
    siteName: plain.SITE_NAME,
    dataDir: path.resolve(projectRoot, plain.DATA_DIR),
    databaseUrl: url('DATABASE_URL', optional('DATABASE_URL'), ['postgres:', 'postgresql:']),
    databaseRead: readUrl ? { url: readUrl, maxLagSeconds: plain.DATABASE_READ_MAX_LAG_SECONDS } : undefined,
    redisUrl: url('REDIS_URL', optional('REDIS_URL'), ['redis:', 'rediss:']),
    redisPrefix: plain.REDIS_PREFIX,
    logLevel: plain.LOG_LEVEL ?? (nodeEnv === 'test' ? 'silent' : 'info'),
    trustProxy: proxies(env.TRUST_PROXY),
    seedDemoData: plain.SEED_DEMO_DATA ?? !optional('DATABASE_URL'),
    demoPassword: plain.DEMO_PASSWORD,
    repositoryUrl: plain.REPOSITORY_URL,
    bodyLimit: plain.BODY_LIMIT,
    requestTimeoutSeconds: plain.REQUEST_TIMEOUT_SECONDS,
    appSecret: plain.APP_SECRET,
    smtpUrl: url('SMTP_URL', optional('SMTP_URL'), ['smtp:', 'smtps:']),
    mailFrom: plain.MAIL_FROM,
    google:
      googleId && googleSecret ? { clientId: googleId, clientSecret: googleSecret, issuer: googleIssuer.replace(/\/+$/, '') } : undefined,
    identity,
    hibpEnabled: plain.HIBP_ENABLED,
    newAccountDays: plain.NEW_ACCOUNT_DAYS,
    listingCacheSeconds: plain.LISTING_CACHE_SECONDS,
    listingIndex: plain.LISTING_INDEX,
    alertIndex: plain.ALERT_INDEX,
    pageCacheSeconds: plain.PAGE_CACHE_SECONDS,
    socketHeartbeatSeconds: plain.SOCKET_HEARTBEAT_SECONDS,
    chatMailPollSeconds: plain.CHAT_MAIL_POLL_SECONDS,
    jobsPollSeconds: plain.JOBS_POLL_SECONDS,
    compressResponses: plain.COMPRESS_RESPONSES,
    mapTileUrl: tileUrl(env.MAP_TILE_URL),
    mapAttribution: plain.MAP_ATTRIBUTION,
    metrics: { token: plain.METRICS_TOKEN, allow: metricsAllow },
    vapid: { publicKey: vapidPublicKey, privateKey: vapidPrivateKey, subject: vapidSubject },
    s3: s3Bucket
      ? {
          bucket: s3Bucket,
          region: plain.S3_REGION,
          endpoint: s3Endpoint,
          accessKeyId: plain.S3_ACCESS_KEY_ID,
          secretAccessKey: plain.S3_SECRET_ACCESS_KEY,
          forcePathStyle: plain.S3_FORCE_PATH_STYLE ?? !!s3Endpoint,
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
