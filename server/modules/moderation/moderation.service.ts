import type { AuditWriter } from '../../platform/audit-log.ts';
import { AD_STATUSES, type AdStatus } from '../../../common/ad-rules.ts';
import { can, mayRestatusAd } from '../../../common/access.ts';
import { AppError } from '../../../common/errors.ts';
import type { Locale } from '../../../common/locales.ts';
import type { Mailer } from '../../platform/mail.ts';
import type { Storage } from '../../platform/storage.ts';
import type { CurrentUser } from '../../platform/current-user.ts';
import type { CatalogService } from '../catalog/catalog.service.ts';
import type { GeoService } from '../geo/geo.service.ts';
import type { AdRow, AdsRepo } from '../ads/ads.repo.ts';
import { adLabels, moderationItem } from '../ads/ads.presenter.ts';
import { fieldProblems } from '../../platform/validation.ts';
import type { Notify } from '../notifications/notifications.service.ts';
import { moderationMails } from './moderation.mails.ts';
import type { ModerationRepo } from './moderation.repo.ts';
import { RejectionFields } from './moderation.schemas.ts';

export const MODERATION_PAGE_SIZE = 20;

export interface ModerationDeps {
  repo: ModerationRepo;
  ads: AdsRepo;
  catalog: CatalogService;
  geo: GeoService;
  storage: Storage;
  mailer: Mailer;
  site: { siteName: string; publicUrl: string };
  /** Called after a status change, so cached listings are read fresh. */
  onAdsChanged?: () => void;
  /** The audit log (auth repo): every verdict is written down. */
  audit: AuditWriter;
  /** The notification centre: the seller also finds each verdict under the bell. */
  notify?: Notify;
}

/** The moderator's side: the queue, approve, reject, and any status for staff. The seller hears of each verdict by mail. */
export function createModerationService(deps: ModerationDeps) {
  const { repo, ads, catalog, geo, storage, mailer, site } = deps;

  function requireStaff(current: CurrentUser): void {
    if (!can(current, 'ads.moderate')) throw new AppError('forbidden');
  }

  async function find(uuid: unknown): Promise<AdRow> {
    const found = await ads.findByUuid(uuid);
    if (!found) throw new AppError('not_found');
    return found;
  }

  async function tellSeller(product: AdRow, verdict: 'approved' | 'rejected', reason?: string): Promise<void> {
    const owner = await repo.ownerOf(product.id);
    if (!owner) return;
    const url = `${site.publicUrl}/${verdict === 'approved' ? product.uuid : `my-showcase/edit/${product.uuid}`}`;
    const params = { name: owner.name, site: site.siteName, title: product.name, url };
    const locale = owner.locale as Locale;
    await mailer.send(
      verdict === 'approved'
        ? moderationMails.approved(locale, owner.email, params)
        : moderationMails.rejected(locale, owner.email, { ...params, reason: reason ?? '' }),
    );
  }

  /** A verdict on someone else's ad goes under their bell too (staff restatusing their own ad need no news). */
  async function notifySeller(current: CurrentUser, product: AdRow, kind: 'ad_approved' | 'ad_rejected', reason: string | null) {
    if (!deps.notify || product.userId === current.user.id) return;
    const ad = { uuid: product.uuid, name: product.name };
    if (kind === 'ad_approved') await deps.notify(product.userId, kind, { ad });
    else await deps.notify(product.userId, kind, { ad, reason });
  }

  function checkReason(reason: unknown): string {
    const value = typeof reason === 'string' ? reason.replace(/\r\n?/g, '\n').trim() : '';
    const problems = fieldProblems(RejectionFields, { reason: value });
    if (problems.reason) throw new AppError('validation_failed', {}, problems);
    return value;
  }

  /** Whether a standing decision after a report hides the ad now (hidden, and not reversed on appeal). */
  async function hiddenByDecision(product: AdRow): Promise<boolean> {
    return product.status === 'canceled' && (await repo.hiddenByDecision(product.id));
  }

  /**
   * Staff may set any status, except on their own ad while a decision hides it (the appeal is its
   * way back). Making an ad active records the approval (so the owner may later re-activate it);
   * cancelling records the reason. Each verdict on an ad in review is mailed.
   */
  async function setStatus(current: CurrentUser, product: AdRow, status: AdStatus, reason?: unknown): Promise<AdRow> {
    requireStaff(current);
    if (!AD_STATUSES.includes(status)) throw AppError.field('status', 'validation.one_of');
    if (!mayRestatusAd(current, { ...product, hiddenByDecision: await hiddenByDecision(product) })) {
      throw AppError.field('status', 'reports.own_hidden_ad');
    }
    const rejection = status === 'canceled' ? checkReason(reason) : null;
    const updated = await ads.update(product.id, {
      status,
      rejectionReason: rejection,
      ...(status === 'active' ? { approvedAt: new Date() } : {}),
      // A verdict answers the flags (issue 25's duplicate pictures): they are not asked again.
      ...(status === 'active' || status === 'canceled' ? { flags: [] } : {}),
    });
    deps.onAdsChanged?.();
    await deps.audit({
      actorId: current.user.id,
      action: `ad_status_${status}`,
      entity: 'product',
      entityId: String(product.id),
      data: { from: product.status, to: status, ...(rejection ? { reason: rejection } : {}) },
    });
    if (status === 'active' && product.status !== 'active') {
      await tellSeller(updated, 'approved');
      await notifySeller(current, updated, 'ad_approved', null);
    }
    if (status === 'canceled' && product.status !== 'canceled') {
      await tellSeller(updated, 'rejected', rejection!);
      await notifySeller(current, updated, 'ad_rejected', rejection);
    }
    return updated;
  }

  return {
    setStatus,
    hiddenByDecision,

    approve: async (current: CurrentUser, uuid: unknown) => {
      requireStaff(current);
      return setStatus(current, await find(uuid), 'active');
    },

    reject: async (current: CurrentUser, uuid: unknown, reason: unknown) => {
      requireStaff(current);
      return setStatus(current, await find(uuid), 'canceled', reason);
    },

    /** Ads of one status for staff (spec: POST /admin/products {status, page}); the queue is `moderate`, oldest first. */
    async list(current: CurrentUser, status: AdStatus, page: number, locale: Locale) {
      requireStaff(current);
      const [rows, total, labels] = await Promise.all([
        repo.listByStatus(status, MODERATION_PAGE_SIZE, (page - 1) * MODERATION_PAGE_SIZE),
        repo.countByStatus(status),
        adLabels(geo, catalog, locale),
      ]);
      const named = [...new Set(rows.flatMap((r) => r.product.flags.flatMap((flag) => (flag.product_id ? [flag.product_id] : []))))];
      const [pictures, trails, others] = await Promise.all([
        ads.picturesOf(rows.map((r) => r.product.id)),
        Promise.all(rows.map((r) => catalog.trailOf(r.product.catalogId, locale))),
        repo.adsNamed(named),
      ]);
      const other = new Map(others.map((ad) => [ad.id, { uuid: ad.uuid, name: ad.name }]));
      const flagsOf = (product: AdRow) =>
        product.flags.map((flag) =>
          flag.product_id ? { ...flag, product_id: flag.product_id, product: other.get(flag.product_id) ?? null } : { kind: flag.kind },
        );
      return {
        data: rows.map(({ product, seller }, index) =>
          moderationItem(
            product,
            { trail: trails[index]!, pictures: pictures.filter((p) => p.productId === product.id), seller, flags: flagsOf(product) },
            labels,
            storage,
          ),
        ),
        current_page: page,
        last_page: Math.max(1, Math.ceil(total / MODERATION_PAGE_SIZE)),
        total,
      };
    },
  };
}

export type ModerationService = ReturnType<typeof createModerationService>;
