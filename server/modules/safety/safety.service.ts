import type { AuditWriter } from '../../platform/audit-log.ts';
import { can, isStaff } from '../../../common/access.ts';
import { AppError } from '../../../common/errors.ts';
import { type SafetyKind, isSafetyKind, messageSafety } from '../../../common/safety.ts';
import type { Transaction } from '../../db/client.ts';
import type { CurrentUser, RequestMeta } from '../../platform/current-user.ts';
import type { AuthorityService } from '../roles/authority.service.ts';
import type { GuardedAccount, SafetyRepo, WindowCount } from './safety.repo.ts';
import { SAFETY_LIST_DAYS, SAFETY_PAGE_SIZE } from './safety.schemas.ts';

const DAY_MS = 24 * 60 * 60 * 1000;
/** What `users.held_reason` says of a hold the scam guard made (staff see it translated). */
export const HOLD_REASON = 'scam_guard';

/** The app settings the guard follows (settings.trustLimits()). */
export interface TrustLimits {
  newAccountDays: number;
  newAccountAdsPerDay: number;
  newAccountChatsPerDay: number;
  safetyHoldRecipients: number;
}

export interface SafetyDeps {
  repo: SafetyRepo;
  limits: () => TrustLimits;
  /** The site's own host: links to it are fine, look-alikes of it are not. */
  siteHost: string;
  authority: AuthorityService;
  audit: AuditWriter;
  log: (message: string, detail: Record<string, unknown>) => void;
  now?: (() => Date) | undefined;
}

/**
 * The scam guard (issue 25, scope 3) and the new accounts' limits. Rules:
 * - a chat message that moves the deal off the site (common/safety.ts) is delivered and carries
 *   the kinds found; its reader sees a tip under it;
 * - an account that sends such messages to `safety_hold_recipients` different people within 24
 *   hours is held for review, once (a held account stays held until staff release it): it opens
 *   no new conversations (403 `account_held`) and its new or changed ads wait for a moderator even
 *   with moderation off; its conversations that exist go on;
 * - for `new_account_days` after registering, an account posts at most `new_account_ads_per_day`
 *   new ads and opens at most `new_account_chats_per_day` new conversations in any 24 hours (429
 *   `new_account_limit`); staff accounts have no such limits. The count and the insert happen under
 *   the account's row lock, in the creating transaction, so a burst in parallel cannot pass it;
 * - staff with `reports.handle` see the accounts with flagged messages of the last 7 days and the
 *   held ones; staff with `users.manage` release a hold, on accounts within their authority only.
 */
export function createSafetyService(deps: SafetyDeps) {
  const { repo, authority, audit } = deps;
  const now = () => deps.now?.() ?? new Date();

  function isNew(account: GuardedAccount, at: Date): boolean {
    const { newAccountDays } = deps.limits();
    return newAccountDays > 0 && account.createdAt.getTime() > at.getTime() - newAccountDays * DAY_MS;
  }

  /** 429 when the window holds `limit` already; it says when the oldest of them leaves the window. */
  function refuseOverLimit(made: WindowCount, limit: number, at: Date): void {
    if (made.count < limit) return;
    const { newAccountDays, newAccountAdsPerDay, newAccountChatsPerDay } = deps.limits();
    const freeAt = (made.oldest?.getTime() ?? at.getTime()) + DAY_MS;
    throw new AppError('new_account_limit', {
      days: newAccountDays,
      ads: newAccountAdsPerDay,
      chats: newAccountChatsPerDay,
      seconds: Math.max(1, Math.ceil((freeAt - at.getTime()) / 1000)),
    });
  }

  async function lockedAccount(current: CurrentUser, tx: Transaction): Promise<GuardedAccount> {
    const account = await repo.lockAccount(current.id, tx);
    if (!account) throw new AppError('unauthenticated');
    return account;
  }

  function requireHandle(actor: CurrentUser): void {
    if (!can(actor, 'reports.handle')) throw new AppError('forbidden');
  }

  return {
    /** What the guard finds in a message's text. */
    kindsOf(text: string): SafetyKind[] {
      return messageSafety(text, { siteHost: deps.siteHost });
    },

    /**
     * A flagged message was stored: when the sender has now written such messages to enough
     * different people within 24 hours, the account is held (once, audited). Never fails the send.
     */
    async flaggedMessageSent(senderId: number): Promise<void> {
      try {
        const at = now();
        const threshold = deps.limits().safetyHoldRecipients;
        const recipients = await repo.flaggedRecipientsSince(senderId, new Date(at.getTime() - DAY_MS));
        if (recipients < threshold) return;
        await repo.transaction(async (tx) => {
          if (!(await repo.hold(senderId, HOLD_REASON, at, tx))) return;
          await audit(
            {
              actorId: null,
              action: 'user_held',
              entity: 'user',
              entityId: String(senderId),
              data: { reason: HOLD_REASON, recipients, threshold },
            },
            tx,
          );
        });
      } catch (error) {
        deps.log('scam guard could not check a flagged message', { err: error, senderId });
      }
    },

    /**
     * In the transaction that opens a conversation, before the room is made: a held account opens
     * none, and a new one at most its daily number.
     */
    async openingConversation(current: CurrentUser, tx: Transaction): Promise<void> {
      const account = await lockedAccount(current, tx);
      if (account.heldAt) throw new AppError('account_held');
      const at = now();
      if (isStaff(current) || !isNew(account, at)) return;
      refuseOverLimit(await repo.roomsSince(current.id, new Date(at.getTime() - DAY_MS), tx), deps.limits().newAccountChatsPerDay, at);
    },

    /**
     * In the transaction that saves a new ad, before it is inserted: a new account posts at most its
     * daily number. Answers whether the account is held (its ad then waits for a moderator).
     */
    async creatingAd(current: CurrentUser, tx: Transaction): Promise<{ held: boolean }> {
      const account = await lockedAccount(current, tx);
      const at = now();
      if (!isStaff(current) && isNew(account, at)) {
        refuseOverLimit(await repo.adsSince(current.id, new Date(at.getTime() - DAY_MS), tx), deps.limits().newAccountAdsPerDay, at);
      }
      return { held: account.heldAt !== null };
    },

    /** Whether the account is held for review (its changed ads then wait for a moderator). */
    async isHeld(userId: number): Promise<boolean> {
      return (await repo.account(userId))?.heldAt != null;
    },

    /** GET /admin/safety: accounts with flagged messages in the last 7 days, and the held ones. */
    async list(actor: CurrentUser, query: { page?: number | undefined; held?: boolean | undefined }) {
      requireHandle(actor);
      const page = query.page ?? 1;
      const since = new Date(now().getTime() - SAFETY_LIST_DAYS * DAY_MS);
      const { rows, total } = await repo.flaggedAccounts(since, SAFETY_PAGE_SIZE, (page - 1) * SAFETY_PAGE_SIZE, query.held);
      return {
        data: rows.map((row) => ({
          id: row.id,
          name: [row.name, row.surname].filter(Boolean).join(' '),
          email: row.email,
          messages: row.messages,
          recipients: row.recipients,
          kinds: row.kinds.filter(isSafetyKind),
          last_flagged_at: row.lastFlaggedAt?.toISOString() ?? null,
          held: row.heldAt !== null,
          held_at: row.heldAt?.toISOString() ?? null,
          held_reason: row.heldReason,
        })),
        meta: {
          current_page: page,
          last_page: Math.max(1, Math.ceil(total / SAFETY_PAGE_SIZE)),
          per_page: SAFETY_PAGE_SIZE,
          total,
          days: SAFETY_LIST_DAYS,
          hold_recipients: deps.limits().safetyHoldRecipients,
        },
      };
    },

    /**
     * POST /admin/users/{id}/release: lifts the hold (`users.manage`, on an account within the
     * actor's authority); audited. Releasing an account that is not held changes nothing.
     */
    async release(actor: CurrentUser, userId: number, meta: RequestMeta): Promise<{ id: number; held: boolean; released: boolean }> {
      if (!can(actor, 'users.manage')) throw new AppError('forbidden');
      return repo.transaction(async (tx) => {
        const self = await authority.actor(actor, tx);
        if (!(await repo.account(userId, tx))) throw new AppError('not_found');
        authority.requireOver(self, await authority.account(userId, tx));
        const before = await repo.release(userId, tx);
        if (!before) return { id: userId, held: false, released: false };
        await audit(
          {
            actorId: actor.id,
            impersonatorId: actor.session.impersonatorId,
            action: 'user_released',
            entity: 'user',
            entityId: String(userId),
            data: { before: { held_at: before.heldAt.toISOString(), held_reason: before.heldReason }, after: { held_at: null } },
            ip: meta.ip,
          },
          tx,
        );
        return { id: userId, held: false, released: true };
      });
    },
  };
}

export type SafetyService = ReturnType<typeof createSafetyService>;
