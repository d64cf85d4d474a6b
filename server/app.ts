import crypto from 'node:crypto';
import path from 'node:path';
import zlib from 'node:zlib';
import fastifyCompress from '@fastify/compress';
import fastifyCookie from '@fastify/cookie';
import fastifyHelmet from '@fastify/helmet';
import fastifyMultipart from '@fastify/multipart';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import { type TypeBoxTypeProvider, TypeBoxValidatorCompiler } from '@fastify/type-provider-typebox';
import Fastify, { type FastifyInstance } from 'fastify';
import type { Config } from './config.ts';
import { type DatabaseHandle, openDatabase, openReadReplica } from './db/client.ts';
import { seedDatabase } from './db/seed/index.ts';
import authRoutes from './modules/auth/auth.routes.ts';
import oauthRoutes from './modules/auth/oauth.routes.ts';
import twoFactorRoutes from './modules/auth/two-factor.routes.ts';
import { preloadBreachedList } from './modules/auth/password-policy.ts';
import catalogRoutes from './modules/catalog/catalog.routes.ts';
import geoRoutes from './modules/geo/geo.routes.ts';
import healthRoutes from './modules/health/health.routes.ts';
import moderationRoutes from './modules/moderation/moderation.routes.ts';
import productsRoutes from './modules/products/products.routes.ts';
import sellingRoutes from './modules/selling/selling.routes.ts';
import seoRoutes from './modules/seo/seo.routes.ts';
import { AD_MAX_PICTURES, MAX_PICTURE_BYTES } from '../common/pictures.ts';
import usersRoutes from './modules/users/users.routes.ts';
import wishesRoutes from './modules/wishes/wishes.routes.ts';
import savedSearchesRoutes from './modules/saved-searches/saved-searches.routes.ts';
import alertsRoutes from './modules/alerts/alerts.routes.ts';
import unsubscribePageRoutes from './modules/alerts/unsubscribe-page.routes.ts';
import notificationsRoutes from './modules/notifications/notifications.routes.ts';
import ratingsRoutes from './modules/ratings/ratings.routes.ts';
import sellerPhoneRoutes from './modules/seller-phone/seller-phone.routes.ts';
import identityRoutes from './modules/identity/identity.routes.ts';
import { createMemoryCounters, createRedisCounters } from './platform/counters.ts';
import { createMemoryRealtime, createRedisRealtime } from './platform/realtime.ts';
import chatRoutes from './modules/chat/chat.routes.ts';
import safetyRoutes from './modules/safety/safety.routes.ts';
import pushRoutes from './modules/push/push.routes.ts';
import pwaRoutes from './modules/pwa/pwa.routes.ts';
import { createPresence } from './platform/presence.ts';
import rolesRoutes from './modules/roles/roles.routes.ts';
import blogRoutes from './modules/blog/blog.routes.ts';
import adminUsersRoutes from './modules/users/admin-users.routes.ts';
import pagesRoutes from './modules/pages/pages.routes.ts';
import lifecycleRoutes from './modules/lifecycle/lifecycle.routes.ts';
import privacyRoutes from './modules/privacy/privacy.routes.ts';
import impersonationRoutes from './modules/auth/impersonation.routes.ts';
import auditRoutes from './modules/audit/audit.routes.ts';
import catalogAdminRoutes from './modules/catalog/catalog-admin.routes.ts';
import synonymsAdminRoutes from './modules/search/synonyms-admin.routes.ts';
import attributesRoutes from './modules/attributes/attributes.routes.ts';
import attributesAdminRoutes from './modules/attributes/attributes-admin.routes.ts';
import systemRoutes from './modules/admin/system.routes.ts';
import reportsRoutes from './modules/reports/reports.routes.ts';
import settingsRoutes from './modules/settings/settings.routes.ts';
import dashboardRoutes from './modules/dashboard/dashboard.routes.ts';
import overviewRoutes from './modules/admin/overview.routes.ts';
import { registerChatSocket } from './modules/chat/chat.socket.ts';
import { migrationsDir } from './paths.ts';
import { errorHandlerPlugin, sendError } from './platform/error-handler.ts';
import { localePlugin } from './platform/locale.ts';
import { createMailer } from './platform/mail.ts';
import { metricsPlugin } from './platform/metrics.ts';
import { registerMedia } from './platform/media.ts';
import { createBackgroundWork } from './platform/background.ts';
import { createSealer, resolveAppSecret } from './platform/secrets.ts';
import { createStorage } from './platform/storage.ts';
import { inputLimitsPlugin } from './platform/input-limits.ts';
import { requestPathPlugin } from './platform/request-path.ts';
import { sessionPlugin } from './platform/session.ts';
import { readAfterWritePlugin } from './platform/read-after-write.ts';
import { type ReadRouting, primaryOnly, replicaRouting } from './db/read-routing.ts';
import { type WebMode, registerWeb } from './platform/web.ts';
import { type Platform, type Services, createServices } from './services.ts';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    services: Services;
  }
}

export interface BuildOptions {
  /** An open database to use instead of opening one from the config (tests share one per file). */
  database?: DatabaseHandle;
  /** Serve the React pages too; API-only when absent. */
  web?: WebMode;
  /** Run migrations and the first-start seed (default true). */
  prepareDatabase?: boolean;
  /** How the Have I Been Pwned check reaches its range API; the global fetch when absent (tests hand in a fake API). */
  hibpFetch?: typeof fetch;
  /** The clock of the services that take one (deals and ratings); the real time when absent (tests move their own). */
  now?: () => Date;
}

const REQUEST_ID_PATTERN = /^[\w-]{8,64}$/;

/**
 * Fastify's `trustProxy` for TRUST_PROXY. A hop count becomes a function of the hop: Fastify reads
 * a bare number as "trust nothing" (it cannot check the peer), while a count means the last `hops`
 * addresses are our proxies (the app must then be reachable only through them; list the proxies'
 * addresses when it is not).
 */
export function trustedProxies(trust: Config['trustProxy']): false | string[] | ((address: string, hop: number) => boolean) {
  if (typeof trust === 'number') return (_address, hop) => hop < trust;
  return trust;
}

/** Helmet's default: a year, subdomains included (no preload: that is a site owner's choice). */
export const STRICT_TRANSPORT_SECURITY = 'max-age=31536000; includeSubDomains';

/** Content-Security-Policy of /api/docs: Swagger UI's script and style files from here, its calls to our API. */
export const API_DOCS_CSP = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data:",
  "connect-src 'self'",
  "frame-ancestors 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "object-src 'none'",
].join('; ');

/** A connection that sends nothing for this long is closed (also behind proxies' keep-alive pools). */
const IDLE_CONNECTION_MS = 60_000;

export async function buildApp(config: Config, options: BuildOptions = {}): Promise<FastifyInstance> {
  const app = Fastify({
    logger: {
      level: config.logLevel,
      ...(config.env === 'development' ? { transport: undefined } : {}),
      redact: ['req.headers.authorization', 'req.headers.cookie', 'req.headers["x-xsrf-token"]'],
    },
    trustProxy: trustedProxies(config.trustProxy),
    bodyLimit: config.bodyLimit,
    // A request must arrive whole within this time (ten full-size pictures from a phone fit), and a
    // connection that sends nothing for a while is closed: a slow or stalled body cannot hold a
    // connection for minutes.
    requestTimeout: config.requestTimeoutSeconds * 1000,
    connectionTimeout: IDLE_CONNECTION_MS,
    // Node arms the request timeout only when the server is created with it (Fastify sets it
    // afterwards, which alone never fires), and looks for overdue requests this often.
    http: {
      requestTimeout: config.requestTimeoutSeconds * 1000,
      connectionsCheckingInterval: Math.min(5_000, config.requestTimeoutSeconds * 1000),
    },
    // An incoming X-Request-Id from the load balancer is kept so logs line up across hops.
    genReqId: (request) => {
      const incoming = request.headers['x-request-id'];
      return typeof incoming === 'string' && REQUEST_ID_PATTERN.test(incoming) ? incoming : crypto.randomUUID();
    },
    routerOptions: { ignoreTrailingSlash: true, ignoreDuplicateSlashes: true, maxParamLength: 200 },
  }).withTypeProvider<TypeBoxTypeProvider>();

  app.setValidatorCompiler(TypeBoxValidatorCompiler);
  app.decorate('config', config);

  const database =
    options.database ??
    (await openDatabase({ url: config.databaseUrl, dataDir: path.join(config.dataDir, 'db'), migrationsFolder: migrationsDir }));
  if (!options.database) app.addHook('onClose', () => database.close());
  const platform = await createPlatform(app, config);
  if (options.prepareDatabase ?? true) {
    await database.migrate(async () => {
      const { seeded, ads } = await seedDatabase(database.db, {
        demo: config.seedDemoData,
        demoPassword: config.demoPassword,
        storage: platform.storage,
        log: (message) => app.log.info(message),
      });
      if (seeded) app.log.info({ ads }, 'database seeded');
    });
  }
  const routing = await readRouting(database, config, (message, detail) => app.log.warn(detail, message));
  app.addHook('onClose', () => routing.close());
  app.decorate(
    'services',
    createServices(database, config, platform, { hibpFetch: options.hibpFetch, now: options.now, reads: routing.routing }),
  );
  // The app settings are read before the first request and kept fresh (change notices, every 30 s).
  await app.services.settings.start();
  app.addHook('onClose', async () => app.services.settings.stop());

  await app.register(fastifyCookie);
  await app.register(readAfterWritePlugin, { routing: routing.routing });
  await app.register(localePlugin);
  await app.register(errorHandlerPlugin);
  await app.register(requestPathPlugin);
  await app.register(inputLimitsPlugin);
  // The OpenAPI document collects routes as they are added: registered before any route.
  await app.register(fastifySwagger, {
    openapi: {
      info: {
        title: `${config.siteName} API`,
        version: '1.0.0',
        description: 'The marketplace API. Errors answer `{ message, code, errors? }`.',
      },
      servers: [{ url: config.publicUrl }],
    },
  });
  await app.register(sessionPlugin);
  // The pages set their own Content-Security-Policy (web.ts), the API docs theirs; the API answers JSON only.
  await app.register(fastifyHelmet, {
    contentSecurityPolicy: false,
    crossOriginEmbedderPolicy: false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    // Sent below, and only over HTTPS: the header means nothing over http (RFC 6797 says to ignore it there).
    hsts: false,
  });
  app.addHook('onSend', async (request, reply) => {
    if (request.protocol === 'https') void reply.header('strict-transport-security', STRICT_TRANSPORT_SECURITY);
  });
  await app.register(metricsPlugin);
  // Pages and JSON go out compressed: the brotli level is the fast end (dynamic answers are made per
  // request); the built assets are compressed once at build time and served as they are.
  if (config.compressResponses) {
    await app.register(fastifyCompress, {
      encodings: ['br', 'gzip'],
      threshold: 1024,
      brotliOptions: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 } },
      zlibOptions: { level: 6 },
    });
  }
  // Uploads stream through @fastify/multipart; each route reads its files and the limits apply to all.
  await app.register(fastifyMultipart, {
    limits: { fileSize: MAX_PICTURE_BYTES, files: AD_MAX_PICTURES, fields: 30, parts: 40, fieldSize: 64 * 1024 },
  });
  await registerMedia(app, config, app.services.platform.storage);

  // The docs page loads Swagger UI's own files only (no inline script): a policy of its own.
  await app.register(fastifySwaggerUi, { routePrefix: '/api/docs', staticCSP: API_DOCS_CSP });

  await app.register(healthRoutes);
  await app.register(seoRoutes);
  await app.register(pwaRoutes);
  await app.register(unsubscribePageRoutes);
  await app.register(
    async (api) => {
      await api.register(geoRoutes);
      await api.register(catalogRoutes);
      await api.register(attributesRoutes);
      await api.register(productsRoutes);
      await api.register(sellingRoutes);
      await api.register(moderationRoutes);
      await api.register(authRoutes);
      await api.register(twoFactorRoutes);
      await api.register(oauthRoutes);
      await api.register(usersRoutes);
      await api.register(wishesRoutes);
      await api.register(savedSearchesRoutes);
      await api.register(alertsRoutes);
      await api.register(notificationsRoutes);
      await api.register(ratingsRoutes);
      await api.register(sellerPhoneRoutes);
      await api.register(identityRoutes);
      await api.register(chatRoutes);
      await api.register(safetyRoutes);
      await api.register(pushRoutes);
      await api.register(rolesRoutes);
      await api.register(adminUsersRoutes);
      await api.register(impersonationRoutes);
      await api.register(auditRoutes);
      await api.register(systemRoutes);
      await api.register(reportsRoutes);
      await api.register(catalogAdminRoutes);
      await api.register(synonymsAdminRoutes);
      await api.register(attributesAdminRoutes);
      await api.register(settingsRoutes);
      await api.register(dashboardRoutes);
      await api.register(overviewRoutes);
      await api.register(blogRoutes);
      await api.register(pagesRoutes);
      await api.register(lifecycleRoutes);
      await api.register(privacyRoutes);
      // Anything else under /api is a JSON 404, never a page.
      api.all('/*', { schema: { hide: true } }, (request, reply) => sendError(request, reply, 'route_not_found'));
    },
    { prefix: '/api' },
  );

  await registerChatSocket(app, { heartbeatMs: config.socketHeartbeatSeconds * 1000 });

  if (options.web) await registerWeb(app, config, options.web);

  // The listing's index reads the listed ads once the app is ready; SQL answers until it has.
  app.addHook('onReady', async () => void app.services.listingIndex?.start());

  // Ad views counted in this process are written every few seconds; what is left goes out before the database closes.
  app.addHook('onClose', async () => app.services.products.views.stop());
  // A load of the saved queries under way stops with the app (alerts/percolator.ts).
  app.addHook('onClose', async () => app.services.percolator?.stop());

  // Every process looks for due unread-message mails; each mail is claimed by exactly one (SKIP LOCKED).
  if (config.chatMailPollSeconds > 0) {
    let running: Promise<unknown> = Promise.resolve();
    const mailPoll = setInterval(() => {
      running = app.services.chat.sendDueMails().catch((error: unknown) => app.log.warn({ err: error }, 'unread-message mails failed'));
    }, config.chatMailPollSeconds * 1000);
    mailPoll.unref();
    app.addHook('onClose', async () => {
      clearInterval(mailPoll);
      await running;
    });
  }

  // Every process runs the due jobs (matching new ads, alert mails, digests); each job is claimed
  // by exactly one (SKIP LOCKED). The morning digest is queued once across processes (keyed by day).
  if (config.jobsPollSeconds > 0) {
    const now = new Date();
    let running: Promise<unknown> = Promise.all([
      app.services.alerts.scheduleDigest(now),
      app.services.alerts.scheduleRekey(now),
      // Ad validity's hourly sweep (issue 27): reminders, ended ads, archiving; it queues the next one itself.
      app.services.lifecycle.scheduleSweep(now),
      // The daily retention jobs (issue 27): old mail files and logs, ended sessions, deleted accounts' messages, ended exports.
      app.services.retention.scheduleRetention(now),
      // The hourly removal of expired sessions, two-factor challenges and reset tokens.
      app.services.auth.scheduleHousekeeping(now),
    ]).catch((error: unknown) => app.log.warn({ err: error }, 'digest scheduling failed'));
    const jobsPoll = setInterval(() => {
      running = running.then(() => app.services.jobs.runDue()).catch((error: unknown) => app.log.warn({ err: error }, 'jobs failed'));
    }, config.jobsPollSeconds * 1000);
    jobsPoll.unref();
    app.addHook('onClose', async () => {
      clearInterval(jobsPoll);
      await running;
    });
  }

  return app;
}

/** The two-driver parts: in-process and on disk by default, Redis and SMTP when configured. */
/** Where reads that may lag go (db/read-routing.ts): a replica with DATABASE_READ_URL on PostgreSQL, else the primary. */
async function readRouting(
  database: DatabaseHandle,
  config: Config,
  log: (message: string, detail: Record<string, unknown>) => void,
): Promise<{ routing: ReadRouting; close(): Promise<void> }> {
  if (!config.databaseRead || database.driver !== 'postgres') return { routing: primaryOnly(database.db), close: async () => {} };
  const replica = await openReadReplica(config.databaseRead.url);
  const routing = replicaRouting({ primary: database.db, replica: replica.db, maxLagMs: config.databaseRead.maxLagSeconds * 1000, log });
  return { routing, close: replica.close };
}

async function createPlatform(app: FastifyInstance, config: Config): Promise<Platform> {
  const mailer = createMailer({
    // Without MAIL_FROM the sender's name is the site's name as staff last set it.
    from:
      config.mailFrom ??
      (() => ({ name: app.services.settings.current().siteName, address: `no-reply@${new URL(config.publicUrl).hostname}` })),
    smtpUrl: config.smtpUrl,
    outbox: path.join(config.dataDir, 'mail'),
    log: (message, detail) => app.log.info(detail, message),
  });
  let counters = createMemoryCounters();
  let realtime = createMemoryRealtime();
  if (config.redisUrl) {
    const { Redis } = await import('ioredis');
    const redis = new Redis(config.redisUrl, { maxRetriesPerRequest: 2, lazyConnect: false });
    redis.on('error', (error) => app.log.warn({ err: error }, 'redis error'));
    counters = createRedisCounters(redis, `${config.redisPrefix}counter:`);
    realtime = createRedisRealtime(redis, `${config.redisPrefix}realtime`, (message, detail) => app.log.warn(detail, message));
    await realtime.ready();
    app.addHook('onClose', async () => {
      await redis.quit().catch(() => redis.disconnect());
    });
  }
  const background = createBackgroundWork((message, detail) => app.log.error(detail, message));
  app.addHook('onClose', async () => {
    // Mails already promised to someone go out before the process ends.
    await background.settled();
    mailer.close();
    await realtime.close();
    await counters.close();
  });
  preloadBreachedList();
  const storage = await createStorage(config);
  const log = (message: string, detail: Record<string, unknown>) => app.log.error(detail, message);
  return {
    mailer,
    counters,
    storage,
    background,
    realtime,
    presence: createPresence(),
    log,
    sealer: createSealer(resolveAppSecret(config.appSecret, config.dataDir)),
  };
}
