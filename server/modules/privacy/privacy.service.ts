import type { Readable } from 'node:stream';
import { AppError } from '../../../common/errors.ts';
import { LOCALES, type Locale } from '../../../common/locales.ts';
import { CONSENT_CHOICES, type ConsentChoice, EXPORT_INTERVAL_HOURS, EXPORT_VALID_DAYS } from '../../../common/privacy.ts';
import type { Mailer } from '../../platform/mail.ts';
import type { Storage } from '../../platform/storage.ts';
import { isUuid } from '../../platform/uuid.ts';
import type { CurrentUser } from '../../platform/current-user.ts';
import type { JobsService } from '../jobs/jobs.service.ts';
import { buildExportArchive } from './export-archive.ts';
import type { ExportDataRepo } from './export-data.repo.ts';
import { privacyMails } from './privacy.mails.ts';
import type { ExportRow, PrivacyRepo } from './privacy.repo.ts';

export const PRIVACY_EXPORT_JOB = 'privacy-export';
const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;
/** The version consents carry while no privacy policy has been written yet. */
export const INITIAL_POLICY_VERSION = 'initial';
/** How long a process trusts the policy version it read for pages (the API always reads it). */
const POLICY_CACHE_MS = 30_000;

export interface PrivacyDeps {
  repo: PrivacyRepo;
  data: ExportDataRepo;
  jobs: JobsService;
  storage: Storage;
  mailer: Mailer;
  site: { siteName: string; publicUrl: string };
  log: (message: string, detail: Record<string, unknown>) => void;
  /** The clock of requests and downloads (tests pass their own; the jobs get theirs from the queue's run). */
  now?: (() => Date) | undefined;
}

/** Where an export's ZIP is stored: never under a picture's prefix, with a key no one can guess. */
export const exportStorageKey = (uuid: string) => `private/exports/${uuid.toLowerCase()}.zip`;

/**
 * Download my data (GDPR Art. 15 and 20) and consent records (issue 27, parts 2 and 3).
 * An export is asked for once a day (24 hours after the last request), built by a job of the
 * queue (once across processes), mailed as a link that works for seven days and only in the
 * session that asked for it; its file is deleted when the link ends (the retention job).
 */
export function createPrivacyService(deps: PrivacyDeps) {
  const { repo, jobs } = deps;
  const clock = deps.now ?? (() => new Date());
  let cachedVersion: { value: string; at: number } | undefined;

  async function policyVersion(): Promise<string> {
    const updatedAt = await repo.policyUpdatedAt();
    const value = updatedAt ? updatedAt.toISOString() : INITIAL_POLICY_VERSION;
    cachedVersion = { value, at: Date.now() };
    return value;
  }

  function describe(row: ExportRow, current: CurrentUser, now: Date) {
    const expired = row.status === 'deleted' || (row.expiresAt !== null && row.expiresAt <= now);
    const status: ExportRow['status'] | 'expired' = expired ? 'expired' : row.status;
    return {
      uuid: row.uuid,
      status,
      requested_at: row.createdAt.toISOString(),
      ready_at: row.readyAt?.toISOString() ?? null,
      expires_at: row.expiresAt?.toISOString() ?? null,
      /** The link works in this session only: elsewhere the page says where to open it. */
      this_session: row.sessionId === current.session.id,
      download_url: status === 'ready' && row.sessionId === current.session.id ? `/api/account/export/${row.uuid}` : null,
      next_request_at: new Date(row.createdAt.getTime() + EXPORT_INTERVAL_HOURS * HOUR_MS).toISOString(),
    };
  }

  /** Builds one export: its data read, the ZIP stored, the person mailed. Runs twice without harm. */
  async function build(exportId: number, now: Date): Promise<void> {
    const row = await repo.findExport(exportId);
    if (!row || row.status !== 'pending') return;
    const data = row.userId === null ? undefined : await deps.data.collect(row.userId);
    if (!data) {
      await repo.markFailed(row.id);
      return;
    }
    const locale: Locale = (LOCALES as readonly string[]).includes(row.locale) ? (row.locale as Locale) : 'fi';
    const archive = await buildExportArchive(data, { locale, siteName: deps.site.siteName, createdAt: now, storage: deps.storage });
    const storageKey = exportStorageKey(row.uuid);
    await deps.storage.put(storageKey, archive, 'application/zip');
    const expiresAt = new Date(now.getTime() + EXPORT_VALID_DAYS * DAY_MS);
    await repo.markReady(row.id, { storageKey, sizeBytes: archive.length, readyAt: now, expiresAt });
    const date = new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeStyle: 'short', timeZone: 'Europe/Helsinki' }).format(expiresAt);
    await deps.mailer.send(
      privacyMails.exportReady(locale, data.account.email, {
        name: data.profile.name,
        site: deps.site.siteName,
        // The settings page, not the file: signed in there, it offers the download in the asking
        // session and says where to open it in any other (signed out, log-in brings them back).
        url: `${deps.site.publicUrl}/settings/account#my-data`,
        date,
      }),
    );
  }

  jobs.register(PRIVACY_EXPORT_JOB, async (payload, job) => {
    if (typeof payload.exportId !== 'number') throw new Error('export job without its export');
    await build(payload.exportId, job.now);
  });

  return {
    build,

    /** POST /account/export: 202 with the request; a second one within a day is refused with 429 and Retry-After. */
    async requestExport(current: CurrentUser, locale: Locale) {
      // Staff acting as someone see what the person sees, but do not take their data away.
      if (current.session.impersonatorId !== null) throw new AppError('impersonating');
      const now = clock();
      const row = await repo.transaction(async (tx) => {
        await repo.lockUser(current.user.id, tx);
        const latest = await repo.latestExport(current.user.id, tx);
        if (latest) {
          const next = latest.createdAt.getTime() + EXPORT_INTERVAL_HOURS * HOUR_MS;
          if (next > now.getTime()) {
            const seconds = Math.ceil((next - now.getTime()) / 1000);
            throw new AppError('export_once_a_day', { seconds, hours: Math.ceil(seconds / 3600) });
          }
        }
        const created = await repo.insertExport({ userId: current.user.id, sessionId: current.session.id, locale, createdAt: now }, tx);
        await jobs.enqueue(PRIVACY_EXPORT_JOB, { exportId: created.id }, { runAt: now, key: String(created.id) }, tx);
        return created;
      });
      return describe(row, current, now);
    },

    /** The latest export for the settings page (null when none was asked for). */
    async exportStatus(current: CurrentUser) {
      const row = await repo.latestExport(current.user.id);
      return row ? describe(row, current, clock()) : null;
    },

    /**
     * GET /account/export/{uuid}: the ZIP, to its owner in the session that asked for it, while the
     * link is valid. Someone else's (or an unknown) export is 404, another session of the owner 403,
     * an ended link 410; nothing of the export is shown in any of them.
     */
    async download(current: CurrentUser, uuid: string): Promise<{ body: Readable; filename: string; size: number | null }> {
      if (!isUuid(uuid)) throw new AppError('not_found');
      const row = await repo.findExportByUuid(uuid.toLowerCase());
      if (!row || row.userId !== current.user.id) throw new AppError('not_found');
      if (row.sessionId !== current.session.id) throw new AppError('export_other_session');
      const now = clock();
      if (row.status === 'deleted' || (row.expiresAt && row.expiresAt <= now)) throw new AppError('export_expired');
      if (row.status !== 'ready' || !row.storageKey) throw new AppError('export_not_ready');
      const object = await deps.storage.read(row.storageKey);
      if (!object) throw new AppError('export_expired');
      await repo.markDownloaded(row.id, now);
      const day = row.createdAt.toISOString().slice(0, 10);
      return {
        body: object.body,
        filename: `${deps.site.siteName.replace(/[^A-Za-z0-9-]+/g, '-').toLowerCase() || 'data'}-${day}.zip`,
        size: row.sizeBytes,
      };
    },

    policyVersion,

    /** The version pages compare the device's answer with: read at most every 30 seconds per process. */
    async cachedPolicyVersion(): Promise<string> {
      if (cachedVersion && Date.now() - cachedVersion.at < POLICY_CACHE_MS) return cachedVersion.value;
      return policyVersion();
    },

    /** POST /account/consent: the banner's answer of a signed-in person, under the policy version in force. */
    async recordConsent(current: CurrentUser, choice: ConsentChoice) {
      if (!(CONSENT_CHOICES as readonly string[]).includes(choice)) throw AppError.field('choice', 'privacy.consent.invalid_choice');
      const version = await policyVersion();
      const row = await repo.insertConsent({ userId: current.user.id, choice, policyVersion: version, createdAt: clock() });
      return { choice: row.choice, policy_version: row.policyVersion, created_at: row.createdAt.toISOString() };
    },

    /** GET /account/consents: the person's answers, newest first, and whether the policy changed since the last one. */
    async consents(current: CurrentUser) {
      const version = await policyVersion();
      const rows = await repo.consentsOf(current.user.id);
      return {
        data: rows.map((row) => ({ choice: row.choice, policy_version: row.policyVersion, created_at: row.createdAt.toISOString() })),
        policy_version: version,
        ask_again: rows.length > 0 && rows[0]!.policyVersion !== version,
      };
    },
  };
}

export type PrivacyService = ReturnType<typeof createPrivacyService>;
