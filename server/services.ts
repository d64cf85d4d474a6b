import type { Config } from './config.ts';
import { createSellerPhoneService } from './modules/seller-phone/seller-phone.service.ts';
import type { DatabaseHandle } from './db/client.ts';
import { createAdsRepo } from './modules/ads/ads.repo.ts';
import { createAuthRepo } from './modules/auth/auth.repo.ts';
import { createAuthService } from './modules/auth/auth.service.ts';
import { configuredProviders, createOauthService } from './modules/auth/oauth.service.ts';
import { createTwoFactorService } from './modules/auth/two-factor.service.ts';
import { createCatalogAdminService } from './modules/catalog/catalog-admin.service.ts';
import { createCatalogRepo } from './modules/catalog/catalog.repo.ts';
import { createCatalogService } from './modules/catalog/catalog.service.ts';
import { createAttributesRepo } from './modules/attributes/attributes.repo.ts';
import { createAttributesService } from './modules/attributes/attributes.service.ts';
import { createAttributesAdminService } from './modules/attributes/attributes-admin.service.ts';
import { createAdValues } from './modules/attributes/ad-values.ts';
import { createAdValuesRepo } from './modules/attributes/ad-values.repo.ts';
import { createGeoRepo } from './modules/geo/geo.repo.ts';
import { createGeoService } from './modules/geo/geo.service.ts';
import { createModerationRepo } from './modules/moderation/moderation.repo.ts';
import { createModerationService } from './modules/moderation/moderation.service.ts';
import { createProductsRepo } from './modules/products/products.repo.ts';
import { createSearchRepo } from './modules/search/search.repo.ts';
import { createSynonymsRepo } from './modules/search/synonyms.repo.ts';
import { createSynonymsAdminService } from './modules/search/synonyms-admin.service.ts';
import { type ReadRouting, primaryOnly } from './db/read-routing.ts';
import { createProductsService } from './modules/products/products.service.ts';
import { createSellingRepo } from './modules/selling/selling.repo.ts';
import { createSellingService } from './modules/selling/selling.service.ts';
import { createSeoRepo } from './modules/seo/seo.repo.ts';
import { createSeoService } from './modules/seo/seo.service.ts';
import { createUsersRepo } from './modules/users/users.repo.ts';
import { createUsersService } from './modules/users/users.service.ts';
import { createWishesRepo } from './modules/wishes/wishes.repo.ts';
import { createWishesService } from './modules/wishes/wishes.service.ts';
import { createSavedSearchesRepo } from './modules/saved-searches/saved-searches.repo.ts';
import { createSavedSearchesService } from './modules/saved-searches/saved-searches.service.ts';
import { matchingWhenShown } from './modules/alerts/ad-visibility.ts';
import { createAlertsRepo } from './modules/alerts/alerts.repo.ts';
import { createAlertsService } from './modules/alerts/alerts.service.ts';
import { createPercolator } from './modules/alerts/percolator.ts';
import { createPercolatorRepo } from './modules/alerts/percolator.repo.ts';
import { createJobsRepo } from './modules/jobs/jobs.repo.ts';
import { createJobsService } from './modules/jobs/jobs.service.ts';
import { createLifecycleRepo } from './modules/lifecycle/lifecycle.repo.ts';
import { createLifecycleService } from './modules/lifecycle/lifecycle.service.ts';
import { createNotificationsRepo } from './modules/notifications/notifications.repo.ts';
import { createNotificationsService } from './modules/notifications/notifications.service.ts';
import { createPushRepo } from './modules/push/push.repo.ts';
import { createPushService } from './modules/push/push.service.ts';
import { resolveVapidKeys } from './modules/push/push.vapid.ts';
import type { Presence } from './platform/presence.ts';
import type { Counters } from './platform/counters.ts';
import type { Mailer } from './platform/mail.ts';
import type { Sealer } from './platform/secrets.ts';
import type { Storage } from './platform/storage.ts';
import type { BackgroundWork } from './platform/background.ts';
import type { Realtime } from './platform/realtime.ts';
import { createChatRepo } from './modules/chat/chat.repo.ts';
import { createRolesRepo } from './modules/roles/roles.repo.ts';
import { createAuthorityRepo } from './modules/roles/authority.repo.ts';
import { createAuthorityService } from './modules/roles/authority.service.ts';
import { createImpersonationService } from './modules/auth/impersonation.service.ts';
import packageJson from '../package.json' with { type: 'json' };
import { createSystemRepo } from './modules/admin/system.repo.ts';
import { createSystemService } from './modules/admin/system.service.ts';
import { createOverviewRepo } from './modules/admin/overview.repo.ts';
import { createOverviewService } from './modules/admin/overview.service.ts';
import { createAuditRepo } from './modules/audit/audit.repo.ts';
import { createAuditService } from './modules/audit/audit.service.ts';
import { createAdminUsersRepo } from './modules/users/admin-users.repo.ts';
import { createAdminUsersService } from './modules/users/admin-users.service.ts';
import { createRolesService } from './modules/roles/roles.service.ts';
import { createChatService } from './modules/chat/chat.service.ts';
import { createThrottle } from './platform/throttle.ts';
import { createReportsRepo } from './modules/reports/reports.repo.ts';
import { createReportsService } from './modules/reports/reports.service.ts';
import { createSettingsRepo } from './modules/settings/settings.repo.ts';
import { createSettingsService, TRUST_DEFAULTS } from './modules/settings/settings.service.ts';
import { VALIDITY_DEFAULTS } from '../common/ad-validity.ts';
import { createDashboardRepo } from './modules/dashboard/dashboard.repo.ts';
import { createDashboardService } from './modules/dashboard/dashboard.service.ts';
import { createBlogRepo } from './modules/blog/blog.repo.ts';
import { createBlogService } from './modules/blog/blog.service.ts';
import { createPagesRepo } from './modules/pages/pages.repo.ts';
import { createPagesService } from './modules/pages/pages.service.ts';
import { createPictureHashRepo } from './modules/picture-hash/picture-hash.repo.ts';
import { createPictureHashService } from './modules/picture-hash/picture-hash.service.ts';
import { createSafetyRepo } from './modules/safety/safety.repo.ts';
import { createSafetyService } from './modules/safety/safety.service.ts';
import { createIdentityRepo } from './modules/identity/identity.repo.ts';
import { createIdentityService } from './modules/identity/identity.service.ts';
import { createRatingsRepo } from './modules/ratings/ratings.repo.ts';
import { createDealsService } from './modules/ratings/deals.service.ts';
import { createRatingsService } from './modules/ratings/ratings.service.ts';
import { createPrivacyRepo } from './modules/privacy/privacy.repo.ts';
import { createExportDataRepo } from './modules/privacy/export-data.repo.ts';
import { createPrivacyService } from './modules/privacy/privacy.service.ts';
import { createRetentionService } from './modules/privacy/retention.service.ts';
import { createListingIndex } from './modules/listing-index/listing-index.ts';
import { createListingIndexRepo } from './modules/listing-index/listing-index.repo.ts';
import path from 'node:path';

/** The parts with two drivers (embedded or production), built once per process by buildApp. */
export interface Platform {
  mailer: Mailer;
  storage: Storage;
  counters: Counters;
  sealer: Sealer;
  background: BackgroundWork;
  realtime: Realtime;
  /** Who has a messenger socket open in this process (the messenger pushes to the others). */
  presence: Presence;
  log: (message: string, detail: Record<string, unknown>) => void;
}

/** Every service of the app, wired to its repo. Routes and page loaders reach them through here. */
export function createServices(
  database: DatabaseHandle,
  config: Config,
  platform: Platform,
  options: {
    hibpFetch?: typeof fetch;
    now?: (() => Date) | undefined;
    /** Where reads that may lag go (db/read-routing.ts); default: the primary. */
    reads?: ReadRouting;
  } = {},
) {
  const { db } = database;
  const reads = options.reads ?? primaryOnly(db);
  const throttle = createThrottle(platform.counters);
  const authRepo = createAuthRepo(db);
  const settings = createSettingsService({
    repo: createSettingsRepo(db),
    audit: authRepo.audit,
    realtime: platform.realtime,
    defaults: {
      siteName: config.siteName,
      logins: {},
      adsModeration: true,
      supportEmail: null,
      staffInboxEmail: null,
      ...TRUST_DEFAULTS,
      ...VALIDITY_DEFAULTS,
      newAccountDays: config.newAccountDays,
    },
    configuredLogins: configuredProviders(config),
    log: platform.log,
  });
  // Read live: a name changed in the app settings reaches titles, mails and the two-factor issuer at once.
  const site = {
    get siteName() {
      return settings.siteName();
    },
    publicUrl: config.publicUrl,
  };
  // Every mail carries the support address of the app settings as its Reply-To.
  const mailer: Mailer = {
    send: (message) => {
      const replyTo = settings.current().supportEmail;
      return platform.mailer.send(replyTo && !message.replyTo ? { ...message, replyTo } : message);
    },
    close: () => platform.mailer.close(),
  };
  const usersRepo = createUsersRepo(db);
  const adminUsersRepo = createAdminUsersRepo(db);
  const authority = createAuthorityService(createAuthorityRepo(db));
  const reportsRepo = createReportsRepo(db);
  const geo = createGeoService(createGeoRepo(db));
  const catalogRepo = createCatalogRepo(db);
  const catalog = createCatalogService(catalogRepo);
  const attributes = createAttributesService({ repo: createAttributesRepo(db), catalogRepo, catalog });
  // An ad's field values: checked and stored by selling, shown by the ad page and the cards.
  const adValues = createAdValues({ attributes, repo: createAdValuesRepo(db) });
  const jobs = createJobsService({ repo: createJobsRepo(db), log: platform.log });
  // Perceptual hashes of ad and chat pictures (issue 25's scam guard); a failed one is hashed later by the queue.
  const pictureHashes = createPictureHashService({ repo: createPictureHashRepo(db), jobs, storage: platform.storage, log: platform.log });
  // An ad saved as shown queues its matching against the saved searches (alerts/ad-visibility.ts).
  const adVisible = (id: number, version: Date, tx?: Parameters<typeof jobs.enqueue>[3]) => alerts.adVisible(id, version, tx);
  // Ad validity (issue 27): a write that approves an ad gives it its end (lifecycle.onUpdate / onInsert).
  const lifecycle = createLifecycleService({
    repo: createLifecycleRepo(db),
    ads: createAdsRepo(db),
    jobs,
    storage: platform.storage,
    mailer,
    site,
    validityDays: () => settings.validityDays(),
    onAdsChanged: () => adsChanged(),
    notify: (userId, kind, data, tx) => notifications.notify(userId, kind, data, tx),
    log: platform.log,
    now: options.now,
  });
  const adsRepo = matchingWhenShown(lifecycle.onUpdate(createAdsRepo(db)), 'update', 2, adVisible);
  const productsRepo = createProductsRepo(db);
  const users = createUsersService({
    repo: usersRepo,
    audit: authRepo.audit,
    geo,
    storage: platform.storage,
    countActiveAds: productsRepo.countActiveByUser,
    hasPublicAd: productsRepo.hasPublicAd,
    throttle,
    ratingSummary: (userId) => ratings.summary(userId),
  });
  const auth = createAuthService({
    repo: authRepo,
    jobs,
    users: usersRepo,
    mailer,
    sealer: platform.sealer,
    background: platform.background,
    throttle,
    site,
    hibpEnabled: config.hibpEnabled,
    hibpFetch: options.hibpFetch,
  });
  // Listings without words from memory (issue 26); its first load starts when the app is ready.
  const listingIndexRepo = createListingIndexRepo(db);
  const listingIndex = config.listingIndex
    ? createListingIndex(listingIndexRepo, { onError: (error) => platform.log('listing index failed', { err: error }) })
    : undefined;
  const products = createProductsService({
    repo: productsRepo,
    listingIndex,
    // Searches, hints and ad pages read from the replica when there is one (the service only reads ads).
    search: createSearchRepo(db, { reads: reads.reads }),
    ads: createAdsRepo(reads.reads),
    wroteRecently: reads.wroteRecently,
    catalog,
    geo,
    users,
    storage: platform.storage,
    attributes,
    adValues,
    listingCacheMs: config.listingCacheSeconds * 1000,
    throttle,
    counters: platform.counters,
    log: platform.log,
  });
  // An ad was published, edited, re-statused, hidden or deleted, or its pictures changed: every
  // process (this one at once, the others over Redis when configured) forgets the listings and the
  // pages that may show it. The page renderer listens to the same notice (server/platform/web.ts).
  platform.realtime.onNotice((notice) => {
    if (notice.topic === 'ads_changed') products.invalidateListing();
    // Staff changed the category tree on some instance: read it again now, not at the next version check.
    if (notice.topic === 'catalog_changed') catalog.invalidate();
  });
  const adsChanged = () => {
    platform.realtime.notify({ topic: 'ads_changed' }).catch((error: unknown) => platform.log('ads-changed notice failed', { err: error }));
  };
  const notifications = createNotificationsService({ repo: createNotificationsRepo(db), realtime: platform.realtime, log: platform.log });
  const moderation = createModerationService({
    repo: createModerationRepo(db),
    ads: adsRepo,
    catalog,
    geo,
    storage: platform.storage,
    mailer,
    site,
    audit: authRepo.audit,
    onAdsChanged: adsChanged,
    notify: notifications.notify,
  });
  const push = createPushService({ repo: createPushRepo(db), vapid: resolveVapidKeys(config), log: platform.log });
  // The scam guard and the new accounts' limits (issue 25): chat and selling ask it in their transactions.
  const safety = createSafetyService({
    repo: createSafetyRepo(db),
    limits: () => settings.trustLimits(),
    siteHost: new URL(config.publicUrl).hostname,
    authority,
    audit: authRepo.audit,
    log: platform.log,
    now: options.now,
  });
  const chat = createChatService({
    repo: createChatRepo(db),
    pictureHashes,
    ads: adsRepo,
    storage: platform.storage,
    realtime: platform.realtime,
    mailer,
    throttle,
    site,
    log: platform.log,
    guard: safety,
    push: {
      isConnected: (userId) => platform.presence.isConnected(userId),
      hasSubscriptions: push.hasSubscriptions,
      send: push.send,
      background: platform.background.run,
    },
  });
  // New ads matched from memory (issue 29); loaded at the process's first match, the SQL matches until then.
  const percolator = config.alertIndex
    ? createPercolator(createPercolatorRepo(db), { onError: (error) => platform.log('alert index failed', { err: error }) })
    : undefined;
  const alerts = createAlertsService({
    repo: createAlertsRepo(db),
    percolator,
    jobs,
    products,
    geo,
    catalog,
    storage: platform.storage,
    mailer,
    sealer: platform.sealer,
    site,
    log: platform.log,
    notify: notifications.notify,
    push: push.send,
  });
  const blog = createBlogService({
    repo: createBlogRepo(db),
    audit: authRepo.audit,
    storage: platform.storage,
    publicUrl: config.publicUrl,
  });
  const pages = createPagesService({ repo: createPagesRepo(db), audit: authRepo.audit, publicUrl: config.publicUrl });
  const ratingsRepo = createRatingsRepo(db);
  const deals = createDealsService({
    repo: ratingsRepo,
    ads: adsRepo,
    notify: notifications.notify,
    onAdsChanged: adsChanged,
    now: options.now,
  });
  const ratings = createRatingsService({
    repo: ratingsRepo,
    jobs,
    throttle,
    hasPublicAd: productsRepo.hasPublicAd,
    notify: notifications.notify,
    now: options.now,
  });
  // Download my data, consent records and the daily retention jobs (issue 27, parts 2 and 3).
  const privacyRepo = createPrivacyRepo(db);
  const privacy = createPrivacyService({
    repo: privacyRepo,
    data: createExportDataRepo(db),
    jobs,
    storage: platform.storage,
    mailer,
    site,
    log: platform.log,
    now: options.now,
  });
  const retention = createRetentionService({
    repo: privacyRepo,
    jobs,
    storage: platform.storage,
    folders: { mail: path.join(config.dataDir, 'mail'), logs: path.join(config.dataDir, 'logs') },
    log: platform.log,
    pruneListingChanges: listingIndexRepo.pruneChanges,
  });
  return {
    database,
    listingIndex,
    /** Where reads that may lag go (db/read-routing.ts). */
    reads,
    platform,
    geo,
    catalog,
    attributes,
    sellerPhone: createSellerPhoneService({ ads: adsRepo, users: usersRepo, throttle }),
    synonymsAdmin: createSynonymsAdminService({
      repo: createSynonymsRepo(db),
      audit: authRepo.audit,
      onChanged: () => products.synonymsChanged(),
    }),
    catalogAdmin: createCatalogAdminService({
      repo: catalogRepo,
      audit: authRepo.audit,
      catalog,
      onAdsChanged: adsChanged,
      onTreeChanged: () => {
        platform.realtime
          .notify({ topic: 'catalog_changed' })
          .catch((error: unknown) => platform.log('catalog-changed notice failed', { err: error }));
      },
    }),
    attributesAdmin: createAttributesAdminService({
      repo: createAttributesRepo(db),
      catalogRepo,
      audit: authRepo.audit,
      attributes,
      onChanged: adsChanged,
    }),
    products,
    selling: createSellingService({
      repo: matchingWhenShown(lifecycle.onInsert(createSellingRepo(db)), 'insert', 1, adVisible),
      pictureHashes,
      ads: adsRepo,
      catalog,
      geo,
      storage: platform.storage,
      moderation,
      throttle,
      onAdsChanged: adsChanged,
      adsNeedReview: () => settings.adsNeedReview(),
      audit: authRepo.audit,
      guard: safety,
      adValues,
    }),
    moderation,
    auth,
    twoFactor: createTwoFactorService({
      repo: authRepo,
      users: usersRepo,
      auth,
      sealer: platform.sealer,
      throttle,
      site,
    }),
    oauth: createOauthService({
      repo: authRepo,
      users: usersRepo,
      auth,
      sealer: platform.sealer,
      config,
      isEnabled: (provider) => settings.loginEnabled(provider),
    }),
    settings,
    users,
    wishes: createWishesService({
      repo: createWishesRepo(db),
      ads: adsRepo,
      catalog,
      geo,
      storage: platform.storage,
      throttle,
      attributes,
    }),
    savedSearches: createSavedSearchesService({ repo: createSavedSearchesRepo(db), products, catalog, geo }),
    system: createSystemService({ repo: createSystemRepo(db), config, platform, driver: database.driver, appVersion: packageJson.version }),
    overview: createOverviewService({ repo: createOverviewRepo(db) }),
    audit: createAuditService({ repo: createAuditRepo(db) }),
    impersonation: createImpersonationService({ repo: authRepo, users: usersRepo, authority }),
    adminUsers: createAdminUsersService({
      repo: adminUsersRepo,
      users: usersRepo,
      audit: authRepo.audit,
      storage: platform.storage,
      authority,
      sendSetPasswordLink: auth.sendSetPasswordLink,
      // The ads a lifted ban brings back are matched against the saved searches again.
      onUnblock: async (userId, tx) => {
        const since = new Date();
        const restored = await reportsRepo.restoreBanHiddenAds(userId, tx);
        if (restored) await alerts.sellerAdsShown(userId, since, tx);
        return restored;
      },
      onAdsChanged: () => products.invalidateListing(),
    }),
    roles: createRolesService({ repo: createRolesRepo(db), audit: authRepo.audit, authority }),
    chat,
    safety,
    push,
    dashboard: createDashboardService({
      repo: createDashboardRepo(db),
      storage: platform.storage,
      unreadTotal: (current) => chat.unreadTotal(current),
    }),
    blog,
    pages,
    seo: createSeoService({ repo: createSeoRepo(db), catalog, publicUrl: config.publicUrl, blog, infoPages: pages }),
    reports: createReportsService({
      repo: reportsRepo,
      ads: adsRepo,
      mailer,
      staffInbox: () => settings.current().staffInboxEmail || null,
      background: platform.background,
      throttle,
      site,
      audit: authRepo.audit,
      accounts: {
        isStaff: async (userId) => (await usersRepo.roleSlugs(userId)).some((role) => role !== 'user' && role !== 'unverified'),
        // A ban is the users module's blocking: signed out everywhere, every way of signing in refused.
        block: async (userId, reason, tx) => {
          await adminUsersRepo.setBlocked(userId, { reason }, tx);
          await adminUsersRepo.endSessionsOf(userId, tx);
        },
        unblock: async (userId, tx) => {
          await adminUsersRepo.setBlocked(userId, null, tx);
        },
      },
      onAdsChanged: adsChanged,
      notify: notifications.notify,
    }),
    notifications,
    lifecycle,
    privacy,
    retention,
    jobs,
    alerts,
    percolator,
    pictureHashes,
    deals,
    ratings,
    identity: createIdentityService({
      repo: createIdentityRepo(db),
      audit: authRepo.audit,
      sealer: platform.sealer,
      settings: config.identity,
      publicUrl: config.publicUrl,
      log: platform.log,
    }),
  };
}

export type Services = ReturnType<typeof createServices>;
