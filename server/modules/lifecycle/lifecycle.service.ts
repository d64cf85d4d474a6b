import { mayRenewAd } from '../../../common/access.ts';
import { ARCHIVE_AFTER_DAYS, DAY_MS, REMIND_DAYS_BEFORE, RENEW_WINDOW_DAYS, renewalWindow } from '../../../common/ad-validity.ts';
import { AppError } from '../../../common/errors.ts';
import { LOCALES, type Locale } from '../../../common/locales.ts';
import type { Db } from '../../db/client.ts';
import type { Mailer } from '../../platform/mail.ts';
import type { Storage } from '../../platform/storage.ts';
import type { AdChanges, AdRow, AdsRepo } from '../ads/ads.repo.ts';
import type { CurrentUser } from '../../platform/current-user.ts';
import { adPictureKeys } from '../images/image-processing.ts';
import type { JobsService } from '../jobs/jobs.service.ts';
import type { Notify } from '../notifications/notifications.service.ts';
import { lifecycleMails } from './lifecycle.mails.ts';
import type { LifecycleRepo } from './lifecycle.repo.ts';

export const LIFECYCLE_JOBS = {
  /** The hourly sweep: reminders due, ads ended since the last one, ads to archive. Queues the next one itself. */
  sweep: 'ad-lifecycle-sweep',
  endingMail: 'ad-ending-mail',
  endingNotice: 'ad-ending-notice',
  archive: 'ad-archive',
} as const;

/** Ads a sweep takes at once (reminders, archives); the rest wait for the next batch of the same sweep. */
const SWEEP_BATCH = 200;
const HOUR_MS = 3_600_000;

export interface LifecycleDeps {
  repo: LifecycleRepo;
  ads: Pick<AdsRepo, 'findByUuid' | 'findById' | 'picturesOf'>;
  jobs: JobsService;
  storage: Storage;
  mailer: Mailer;
  site: { siteName: string; publicUrl: string };
  /** The app settings' periods, as in effect now. */
  validityDays: () => { ads: number; jobs: number };
  /** Tells every process's listing and page caches that ads changed (one ended, one renewed). */
  onAdsChanged?: () => void;
  notify?: Notify;
  log: (message: string, detail: Record<string, unknown>) => void;
  /** The clock of renewals (tests pass their own; the jobs get theirs from the queue's run). */
  now?: (() => Date) | undefined;
}

/**
 * Ad validity (issue 27, part 1). An active ad runs for the app setting's period from its approval
 * (jobs their own); its owner is reminded three days before, once for each end, by mail and in the
 * notification centre; it may be renewed from its last seven days until 90 days after its end, by
 * the full period from the renewal, without a new review (the content is the one approved). An
 * ended ad leaves search, alerts and the sitemap at once (validity-sql.ts); 90 days after its end
 * (or after it was sold) it is archived: its pictures deleted, the record kept. The reminders and
 * the archiving run as jobs of the queue, once across processes, on the queue's clock.
 */
export function createLifecycleService(deps: LifecycleDeps) {
  const { repo, ads, jobs } = deps;
  const clock = deps.now ?? (() => new Date());

  /** The period of an ad in this category: the jobs tree has its own. */
  async function periodDays(catalogId: number, tx?: Db): Promise<number> {
    const days = deps.validityDays();
    return (await repo.rootSlugOf(catalogId, tx)) === 'jobs' ? days.jobs : days.ads;
  }

  async function endFrom(start: Date, catalogId: number, tx?: Db): Promise<Date> {
    return new Date(start.getTime() + (await periodDays(catalogId, tx)) * DAY_MS);
  }

  /**
   * The end a write that approves an ad (sets it active with an approval time) gives it: moderation's
   * approval, a re-approval after an edit that needed review, publishing with moderation off. Any
   * other write keeps the end it had. `catalogId` is read from the ad when the write does not move it.
   */
  async function approvalChanges<C extends AdChanges>(changes: C, ad?: () => Promise<AdRow | undefined>, tx?: Db): Promise<C> {
    if (changes.status !== 'active' || !(changes.approvedAt instanceof Date)) return changes;
    const catalogId = changes.catalogId ?? (await ad?.())?.catalogId;
    if (catalogId === undefined) return changes;
    return { ...changes, expiresAt: await endFrom(changes.approvedAt, catalogId, tx), expiryRemindedAt: null };
  }

  /** POST /product/{uuid}/renew: the full period from now, in the last 7 days or up to 90 days after the end. */
  async function renew(current: CurrentUser, uuid: unknown) {
    const ad = await ads.findByUuid(uuid);
    if (!ad) throw new AppError('not_found');
    if (!mayRenewAd(current, ad)) throw new AppError('forbidden');
    if (ad.archivedAt) throw new AppError('ad_ended');
    if (ad.status !== 'active' || !ad.expiresAt) throw AppError.field('status', 'lifecycle.not_renewable');
    const now = clock();
    const window = renewalWindow(ad.expiresAt, now);
    if (window === 'too_late') throw new AppError('ad_ended');
    if (window === 'too_early') {
      const opens = new Date(ad.expiresAt.getTime() - RENEW_WINDOW_DAYS * DAY_MS);
      throw new AppError('renewal_too_early', { days: RENEW_WINDOW_DAYS, date: opens.toISOString().slice(0, 10) });
    }
    const expiresAt = await endFrom(now, ad.catalogId);
    await repo.setExpiry(ad.id, expiresAt);
    deps.onAdsChanged?.();
    return { uuid: ad.uuid, status: ad.status, expires_at: expiresAt.toISOString() };
  }

  /** Queues the next sweep at the next full hour after `now`, once across processes (its key is the hour). */
  async function scheduleSweep(now: Date): Promise<void> {
    await jobs.enqueueHourly(LIFECYCLE_JOBS.sweep, now);
  }

  /**
   * One sweep at `now`: the reminders due (each ad marked in the same transaction its two jobs are
   * queued in), the caches told when ads ended since the last sweep, the ads to archive queued.
   */
  async function sweep(now: Date): Promise<{ reminded: number; ended: number; archiving: number }> {
    let reminded = 0;
    for (;;) {
      const taken = await repo.transaction(async (tx) => {
        const rows = await repo.takeDueReminders(now, new Date(now.getTime() + REMIND_DAYS_BEFORE * DAY_MS), SWEEP_BATCH, tx);
        const items = rows.flatMap((row) => {
          const key = `${row.id}:${row.expiresAt.getTime()}`;
          const payload = { productId: row.id, expiresAt: row.expiresAt.toISOString() };
          return [
            { kind: LIFECYCLE_JOBS.endingMail, payload, runAt: now, key },
            ...(deps.notify ? [{ kind: LIFECYCLE_JOBS.endingNotice, payload, runAt: now, key }] : []),
          ];
        });
        if (items.length) await jobs.enqueueMany(items, tx);
        return rows.length;
      });
      reminded += taken;
      if (taken < SWEEP_BATCH) break;
    }
    // Search reads the end at the database's clock; the caches (a few seconds) are told all the same.
    const ended = await repo.countEnded(new Date(now.getTime() - 2 * HOUR_MS), now);
    if (ended > 0) deps.onAdsChanged?.();
    const archivable = await repo.archivable(new Date(now.getTime() - ARCHIVE_AFTER_DAYS * DAY_MS), SWEEP_BATCH);
    if (archivable.length) {
      await jobs.enqueueMany(
        archivable.map((id) => ({ kind: LIFECYCLE_JOBS.archive, payload: { productId: id }, runAt: now, key: String(id) })),
      );
    }
    return { reminded, ended, archiving: archivable.length };
  }

  /**
   * Archives one ad: its pictures deleted from storage first (a failure throws, and the job is
   * retried), then the ad stamped and its pictures' rows removed. Running it twice does no harm.
   */
  async function archive(productId: number, now: Date): Promise<boolean> {
    const ad = await ads.findById(productId);
    if (!ad || ad.archivedAt) return false;
    const pictures = await ads.picturesOf([ad.id]);
    await Promise.all(adPictureKeys(pictures.map((p) => p.storagePrefix)).map((key) => deps.storage.delete(key)));
    const removed = await repo.archive(ad.id, now);
    if (removed?.length) {
      // Pictures added between the read and the archiving (hardly possible on an ended ad) go too.
      const late = removed.filter((prefix) => !pictures.some((p) => p.storagePrefix === prefix));
      await Promise.all(adPictureKeys(late).map((key) => deps.storage.delete(key)));
    }
    deps.onAdsChanged?.();
    return removed !== undefined;
  }

  /** The ad a reminder is about, when it still ends at the reminded time and is shown; else nothing is sent. */
  async function stillEnding(payload: Record<string, unknown>) {
    const { productId, expiresAt } = payload;
    if (typeof productId !== 'number' || typeof expiresAt !== 'string') throw new Error('reminder job without its ad');
    const ad = await ads.findById(productId);
    if (!ad || ad.status !== 'active' || ad.archivedAt || ad.expiresAt?.toISOString() !== expiresAt) return undefined;
    return ad;
  }

  const adUrl = (ad: AdRow) => `${deps.site.publicUrl}/${ad.uuid}#renew`;

  jobs.register(LIFECYCLE_JOBS.sweep, async (_payload, job) => {
    await scheduleSweep(job.now);
    await sweep(job.now);
  });
  jobs.register(LIFECYCLE_JOBS.endingMail, async (payload) => {
    const ad = await stillEnding(payload);
    if (!ad?.expiresAt) return;
    const owner = await repo.ownerOf(ad.userId);
    if (!owner) return;
    const locale: Locale = (LOCALES as readonly string[]).includes(owner.locale) ? (owner.locale as Locale) : 'fi';
    const date = new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeStyle: 'short', timeZone: 'Europe/Helsinki' }).format(
      ad.expiresAt,
    );
    await deps.mailer.send(
      lifecycleMails.ending(locale, owner.email, { name: owner.name, site: deps.site.siteName, title: ad.name, date, url: adUrl(ad) }),
    );
  });
  jobs.register(LIFECYCLE_JOBS.endingNotice, async (payload) => {
    const ad = await stillEnding(payload);
    if (!ad?.expiresAt || !deps.notify) return;
    await deps.notify(ad.userId, 'ad_ending', { ad: { uuid: ad.uuid, name: ad.name }, expires_at: ad.expiresAt.toISOString() });
  });
  jobs.register(LIFECYCLE_JOBS.archive, async (payload, job) => {
    if (typeof payload.productId !== 'number') throw new Error('archive job without its ad');
    await archive(payload.productId, job.now);
  });

  return {
    periodDays,
    approvalChanges,
    renew,
    scheduleSweep,
    sweep,
    archive,

    /**
     * Wraps the ads repo's `update` (or the selling repo's `insert`): a write that approves an ad
     * gives it its end, in the same statement, so no path of approval can forget it.
     */
    onUpdate<R extends { update: (id: number, changes: AdChanges, tx?: Db) => Promise<AdRow> }>(target: R): R {
      const write = target.update;
      return {
        ...target,
        update: async (id: number, changes: AdChanges, tx?: Db) =>
          write(id, await approvalChanges(changes, () => ads.findById(id, tx), tx), tx),
      };
    },

    /** The same for a new ad published at once (moderation off): the selling repo's `insert`. */
    onInsert<R extends { insert: (values: never, tx?: Db) => Promise<AdRow> }>(target: R): R {
      type Values = AdChanges & { catalogId: number };
      const write = target.insert as unknown as (values: Values, tx?: Db) => Promise<AdRow>;
      return { ...target, insert: async (values: Values, tx?: Db) => write(await approvalChanges(values, undefined, tx), tx) };
    },
  };
}

export type LifecycleService = ReturnType<typeof createLifecycleService>;
