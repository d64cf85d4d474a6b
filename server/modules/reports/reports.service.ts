import type { AuditWriter } from '../../platform/audit-log.ts';
import type { Static } from 'typebox';
import { can, mayDecideCase, mayViewAd } from '../../../common/access.ts';
import { AppError } from '../../../common/errors.ts';
import {
  DECISION_FACTS_MIN,
  REPORTS_PAGE_SIZE,
  type ReportAction,
  type ReportSubject,
  type Restriction,
  type TermsRule,
} from '../../../common/reports.ts';
import { translate } from '../../platform/i18n.ts';
import type { Mailer } from '../../platform/mail.ts';
import type { BackgroundWork } from '../../platform/background.ts';
import type { Throttle, ThrottleRule } from '../../platform/throttle.ts';
import type { Transaction } from '../../db/client.ts';
import type { AdRow, AdsRepo } from '../ads/ads.repo.ts';
import type { CurrentUser, RequestMeta } from '../../platform/current-user.ts';
import { auditEntry } from '../../platform/audit-entry.ts';
import type { Notify } from '../notifications/notifications.service.ts';
import { reportMails } from './reports.mails.ts';
import { createReportNotices } from './reports-notices.ts';
import { appealDeadline, presentDecision, presentReport } from './reports.present.ts';
import type { DecisionRow, RatingCase, ReportsRepo } from './reports.repo.ts';
import type { AdReportBody, AppealDecisionBody, ContactBody, Decision, ResolveBody } from './reports.schemas.ts';

/** Reports a person or an address may send: per account a day, per address an hour. */
const REPORTS_PER_USER: ThrottleRule = { limit: 20, windowSeconds: 24 * 60 * 60 };
const REPORTS_PER_IP: ThrottleRule = { limit: 10, windowSeconds: 60 * 60 };
const CONTACTS_PER_IP: ThrottleRule = { limit: 5, windowSeconds: 60 * 60 };
/** How many of a reported conversation's last messages staff see with the report. */
const CONVERSATION_EXCERPT = 20;

export interface ReportsDeps {
  repo: ReportsRepo;
  ads: AdsRepo;
  mailer: Mailer;
  background: BackgroundWork;
  throttle: Throttle;
  site: { readonly siteName: string; readonly publicUrl: string };
  audit: AuditWriter;
  /** Where contact messages are forwarded for staff (the app settings' staff inbox), if anywhere. */
  staffInbox?: () => string | null;
  /** Banning and un-banning an account (the users module's blocking, in the caller's transaction). */
  accounts: {
    isStaff: (userId: number) => Promise<boolean>;
    block: (userId: number, reason: string, tx: Transaction) => Promise<void>;
    unblock: (userId: number, tx: Transaction) => Promise<void>;
  };
  /** Called after ads were hidden or restored, so cached listings are read fresh. */
  onAdsChanged?: () => void;
  /** The notification centre: reporters and the seller of a hidden ad also find the decision under the bell. */
  notify?: Notify;
}

const clean = (text: string | undefined | null): string | null => {
  const value = text?.replace(/\r\n?/g, '\n').trim();
  return value ? value : null;
};

/**
 * Notice and action (issue 14, scope 6): anyone reports an ad, members report conversations, the
 * footer's form sends messages to the same inbox; staff with `reports.handle` resolve them with no
 * action, a hidden ad or a banned account, each written to the audit log; the person restricted
 * receives a statement of reasons and may appeal once, decided by another staff member.
 */
export function createReportsService(deps: ReportsDeps) {
  const { repo, ads, throttle, site, audit } = deps;
  const notices = createReportNotices(deps);
  const send = notices.send;

  function requireHandler(current: CurrentUser): void {
    if (!can(current, 'reports.handle')) throw new AppError('forbidden');
  }

  /** The one appeal against a decision, within the window. */
  async function appealOnce(
    current: CurrentUser,
    decision: DecisionRow | undefined,
    text: string,
    meta: RequestMeta,
    about: Record<string, number>,
  ): Promise<void> {
    if (!decision) throw AppError.field('text', 'reports.nothing_to_appeal');
    const value = clean(text);
    if (!value) throw AppError.field('text', 'validation.required');
    if (decision.appealedAt !== null) throw AppError.field('text', 'reports.appeal_once');
    if (Date.now() >= appealDeadline(decision)) throw AppError.field('text', 'reports.appeal_too_late');
    if (!(await repo.appeal(decision.id, value))) throw AppError.field('text', 'reports.appeal_once');
    await audit(auditEntry(current, meta, 'appeal_made', 'decision', decision.id, { ...about, text: value }));
  }

  return {
    /** "Report this ad", for members and visitors alike (a visitor leaves an address for the answer). */
    async reportAd(
      current: CurrentUser | null,
      uuid: string,
      input: Static<typeof AdReportBody>,
      meta: RequestMeta,
    ): Promise<'created' | 'already'> {
      const ad = await ads.findByUuid(uuid);
      if (!ad || !mayViewAd(current, ad)) throw new AppError('not_found');
      if (current && ad.userId === current.id) throw AppError.field('reason', 'reports.own_ad');
      if (!current && !input.email) throw AppError.field('email', 'validation.required');
      const details = clean(input.details);
      await throttle.consume(`reports-ip:${meta.ip}`, REPORTS_PER_IP);
      if (current) await throttle.consume(`reports:${current.id}`, REPORTS_PER_USER);
      const report = await repo.insert({
        subjectType: 'product',
        subjectId: ad.id,
        reporterId: current?.id ?? null,
        reporterEmail: current ? null : input.email!.trim(),
        reporterName: current ? null : clean(input.name),
        locale: meta.locale,
        reason: input.reason,
        details,
      });
      if (!report) return 'already';
      const to = await notices.reporterOf(report);
      if (to) {
        const reason = translate(to.locale, `reports.ad_reasons.${input.reason}`);
        send('report receipt', reportMails.receipt(to.locale, to.email, { name: to.name, site: site.siteName, title: ad.name, reason }));
      }
      return 'created';
    },

    /**
     * The footer's contact form: lands in the reports inbox and is mailed to the staff inbox of the
     * app settings, and to nobody else. The address typed in the form is anyone's, so nothing goes
     * to it: the person's receipt is the fixed reply on the screen, and staff answer by hand (a
     * mail a visitor could aim at any address, carrying their own words, would relay spam for them).
     */
    async contact(current: CurrentUser | null, input: Static<typeof ContactBody>, meta: RequestMeta): Promise<void> {
      const message = clean(input.message);
      if (!message) throw AppError.field('message', 'validation.required');
      const name = clean(input.name);
      if (!name) throw AppError.field('name', 'validation.required');
      await throttle.consume(`contact-ip:${meta.ip}`, CONTACTS_PER_IP);
      const page = clean(input.page);
      await repo.insert({
        subjectType: 'contact',
        subjectId: null,
        reporterId: current?.id ?? null,
        reporterEmail: input.email.trim(),
        reporterName: name,
        locale: meta.locale,
        reason: input.topic,
        details: page ? `${message}\n\n— ${page}` : message,
      });
      const inbox = deps.staffInbox?.();
      if (inbox) {
        send(
          'contact to staff',
          reportMails.toStaff('fi', inbox, {
            name,
            site: site.siteName,
            email: input.email.trim(),
            topic: translate('fi', `contact.topics.${input.topic}`),
            message: page ? `${message}\n\n— ${page}` : message,
            url: `${site.publicUrl}/admin/reports?subject=contact`,
          }),
        );
      }
    },

    /** The queue for staff: open or handled reports (optionally of one kind), or the open appeals. */
    async queue(current: CurrentUser, status: 'open' | 'resolved', subject: ReportSubject | undefined, page: number) {
      requireHandler(current);
      const { rows, total } = await repo.page(status, subject, REPORTS_PAGE_SIZE, (page - 1) * REPORTS_PAGE_SIZE);
      const excerpts = await Promise.all(
        rows.map(({ report }) =>
          report.subjectType === 'chat_room' && report.subjectId !== null
            ? repo.conversationExcerpt(report.subjectId, report.createdAt, CONVERSATION_EXCERPT)
            : null,
        ),
      );
      const rated = await repo.ratingsForQueue(
        rows.flatMap(({ report }) => (report.subjectType === 'rating' && report.subjectId !== null ? [report.subjectId] : [])),
      );
      return {
        data: rows.map((row, index) =>
          presentReport(
            row,
            excerpts[index] ?? null,
            rated.find((r) => row.report.subjectType === 'rating' && r.id === row.report.subjectId),
          ),
        ),
        current_page: page,
        last_page: Math.max(1, Math.ceil(total / REPORTS_PAGE_SIZE)),
        total,
      };
    },

    async appeals(current: CurrentUser, page: number) {
      requireHandler(current);
      const { rows, total } = await repo.openAppeals(REPORTS_PAGE_SIZE, (page - 1) * REPORTS_PAGE_SIZE);
      return {
        data: rows.map((r) =>
          presentDecision(r.decision, r.product?.id != null ? r.product : null, r.seller?.email != null ? r.seller : null),
        ),
        current_page: page,
        last_page: Math.max(1, Math.ceil(total / REPORTS_PAGE_SIZE)),
        total,
      };
    },

    /** Open reports and appeals, for the admin index and the dashboard. */
    async openCounts(current: CurrentUser): Promise<{ reports: number; appeals: number }> {
      requireHandler(current);
      const [reports, appeals] = await Promise.all([repo.countOpen(), repo.openAppeals(0, 0)]);
      return { reports, appeals: appeals.total };
    },

    /**
     * Resolves a report and every other open one about the same subject: no action, hide the ad,
     * or ban the account (the ad's seller, the reported member, or the other member of a reported
     * conversation). A restriction needs a rule and the facts; it is mailed to the person as a
     * statement of reasons, and every reporter hears the outcome.
     */
    async resolve(current: CurrentUser, id: number, input: Static<typeof ResolveBody>, meta: RequestMeta): Promise<number> {
      requireHandler(current);
      const report = await repo.find(id);
      if (!report) throw new AppError('not_found');
      if (report.status !== 'open') throw AppError.field('action', 'reports.already_resolved');
      const note = clean(input.note);
      const action = input.action;

      const allowed: Record<ReportSubject, readonly ReportAction[]> = {
        product: ['no_action', 'hide_ad', 'ban_user'],
        chat_room: ['no_action', 'ban_user'],
        user: ['no_action', 'ban_user'],
        contact: ['no_action'],
        rating: ['no_action', 'hide_rating', 'ban_user'],
      };
      if (!allowed[report.subjectType].includes(action)) throw AppError.field('action', 'reports.action_not_for_subject');

      let ad: AdRow | undefined;
      let rating: RatingCase | undefined;
      let target: number | undefined;
      // Whose ad, account or conversation the report is about: none of them decides it.
      let parties: number[] = [];
      if (report.subjectType === 'product') {
        ad = await ads.findById(report.subjectId!);
        if (!ad && action !== 'no_action') throw AppError.field('action', 'reports.subject_gone');
        target = ad?.userId;
        parties = ad ? [ad.userId] : [];
      } else if (report.subjectType === 'user') {
        target = report.subjectId!;
        parties = [target];
      } else if (report.subjectType === 'chat_room') {
        parties = await repo.roomMembers(report.subjectId!);
      } else if (report.subjectType === 'rating') {
        // The rater is the one restricted; the rated person is a party too (they may not judge a rating of them).
        rating = await repo.findRatingCase(report.subjectId!);
        if (!rating && action !== 'no_action') throw AppError.field('action', 'reports.subject_gone');
        target = rating?.raterId ?? undefined;
        parties = rating ? [rating.ratedId, ...(rating.raterId === null ? [] : [rating.raterId])] : [];
      }
      if (!mayDecideCase(current, { partyIds: parties })) throw AppError.field('action', 'reports.own_case');
      if (report.subjectType === 'chat_room' && action === 'ban_user') {
        const others = parties.filter((m) => m !== report.reporterId);
        if (others.length !== 1) throw AppError.field('action', 'reports.subject_gone');
        target = others[0];
      }

      if (action !== 'no_action') {
        if (!input.rule) throw AppError.field('rule', 'validation.required');
        if (!note) throw AppError.field('note', 'validation.required');
        if (note.length < DECISION_FACTS_MIN) throw AppError.field('note', 'validation.min_length', { limit: DECISION_FACTS_MIN });
      }
      if (action === 'ban_user') {
        if (target === undefined) throw AppError.field('action', 'reports.subject_gone');
        if (target === current.id) throw AppError.field('action', 'reports.ban_self');
        if (await deps.accounts.isStaff(target)) throw AppError.field('action', 'reports.ban_staff');
      }
      if (action === 'hide_ad' && ad!.status === 'canceled') throw AppError.field('action', 'reports.already_hidden');
      if (action === 'hide_rating') {
        if (!rating || target === undefined) throw AppError.field('action', 'reports.subject_gone');
        if (rating.hiddenAt !== null) throw AppError.field('action', 'reports.rating_already_hidden');
      }

      const restriction = action === 'no_action' ? null : (action as Restriction);
      const { closed, decision, announce } = await repo.transaction(async (tx) => {
        let decision: DecisionRow | null = null;
        if (restriction) {
          decision = await repo.insertDecision(
            {
              action: restriction,
              productId: ad?.id ?? null,
              ratingId: rating?.id ?? null,
              userId: target!,
              rule: input.rule as TermsRule,
              facts: note!,
              previousStatus: restriction === 'hide_ad' ? ad!.status : null,
              decidedBy: current.id,
            },
            tx,
          );
        }
        const closed = await repo.resolveSubject(
          report,
          { resolvedBy: current.id, resolution: action, resolutionNote: note, decisionId: decision?.id ?? null },
          tx,
        );
        // Someone else resolved it a moment earlier: nothing of this is kept.
        if (!closed.length) throw AppError.field('action', 'reports.already_resolved');
        let hiddenAds = 0;
        if (restriction === 'hide_ad') {
          await ads.update(ad!.id, { status: 'canceled', rejectionReason: note }, tx);
          hiddenAds = 1;
        }
        if (restriction === 'hide_rating' && !(await repo.hideRating(rating!.id, current.id, tx))) {
          throw AppError.field('action', 'reports.rating_already_hidden');
        }
        if (restriction === 'ban_user') {
          await deps.accounts.block(target!, note!, tx);
          hiddenAds = await repo.hideListedAdsOf(target!, decision!.id, tx);
        }
        await audit(
          auditEntry(current, meta, 'report_resolved', 'report', report.id, {
            subject: { type: report.subjectType, id: report.subjectId },
            action,
            rule: input.rule ?? null,
            note,
            reports: closed.map((r) => r.id),
            ...(ad && restriction === 'hide_ad' ? { before: { status: ad.status }, after: { status: 'canceled' } } : {}),
            ...(restriction === 'ban_user' ? { banned_user: target, hidden_ads: hiddenAds } : {}),
            ...(restriction === 'hide_rating' ? { hidden_rating: rating!.id, rater: target } : {}),
            decision: decision?.id ?? null,
          }),
          tx,
        );
        const rater = restriction === 'hide_rating' ? { userId: target!, subject: rating!.subject } : undefined;
        return {
          closed,
          decision,
          announce: await notices.notifyDecided(closed, action, ad, restriction === 'hide_ad' ? target : undefined, tx, rater),
        };
      });
      if (restriction && restriction !== 'hide_rating') deps.onAdsChanged?.();
      for (const done of announce) done();
      if (decision && target !== undefined) await notices.statementOfReasons(decision, target, ad, rating);
      await notices.tellReporters(closed, action, note, ad, rating);
      return closed.length;
    },

    /** The newest decision that hid this ad, for its seller (and staff): the statement and the appeal. */
    async adDecision(current: CurrentUser | null, uuid: string): Promise<Static<typeof Decision> | null> {
      if (!current) throw new AppError('unauthenticated');
      const ad = await ads.findByUuid(uuid);
      if (!ad) throw new AppError('not_found');
      if (ad.userId !== current.id && !can(current, 'reports.handle')) throw new AppError('forbidden');
      const decision = await repo.latestAdDecision(ad.id);
      return decision
        ? presentDecision(decision, { id: ad.id, uuid: ad.uuid, name: ad.name, status: ad.status, userId: ad.userId }, null)
        : null;
    },

    /** The seller's one appeal against hiding their ad, within the window. */
    async appeal(current: CurrentUser, uuid: string, text: string, meta: RequestMeta): Promise<void> {
      const ad = await ads.findByUuid(uuid);
      if (!ad) throw new AppError('not_found');
      if (ad.userId !== current.id) throw new AppError('forbidden');
      await appealOnce(current, await repo.latestAdDecision(ad.id), text, meta, { product: ad.id });
    },

    /** The newest decision that hid this rating, for its rater (and staff): the statement and the appeal. */
    async ratingDecision(current: CurrentUser, ratingId: number): Promise<Static<typeof Decision> | null> {
      const rating = await repo.findRatingCase(ratingId);
      if (!rating) throw new AppError('not_found');
      if (rating.raterId !== current.id && !can(current, 'reports.handle')) throw new AppError('forbidden');
      const decision = await repo.latestRatingDecision(ratingId);
      return decision ? presentDecision(decision, null, null) : null;
    },

    /** The rater's one appeal against hiding their rating, within the window. */
    async appealRating(current: CurrentUser, ratingId: number, text: string, meta: RequestMeta): Promise<void> {
      const rating = await repo.findRatingCase(ratingId);
      if (!rating) throw new AppError('not_found');
      if (rating.raterId !== current.id) throw new AppError('forbidden');
      await appealOnce(current, await repo.latestRatingDecision(ratingId), text, meta, { rating: ratingId });
    },

    /**
     * Another staff member decides the appeal: upheld (stays), or reversed (the ad or account is
     * restored). Never the one who made the decision, nor the person it is about (a staff member's
     * own hidden ad comes back only this way, decided by someone else).
     */
    async decideAppeal(
      current: CurrentUser,
      decisionId: number,
      input: Static<typeof AppealDecisionBody>,
      meta: RequestMeta,
    ): Promise<void> {
      requireHandler(current);
      const decision = await repo.findDecision(decisionId);
      if (!decision || decision.appealedAt === null) throw new AppError('not_found');
      if (decision.appealOutcome !== null) throw AppError.field('outcome', 'reports.appeal_decided');
      const ad = decision.productId !== null ? await ads.findById(decision.productId) : undefined;
      if (!mayDecideCase(current, { partyIds: [decision.userId, ad?.userId], decidedById: decision.decidedBy })) {
        throw AppError.field('outcome', decision.decidedBy === current.id ? 'reports.appeal_other_staff' : 'reports.own_case');
      }
      const note = clean(input.note);
      if (!note) throw AppError.field('note', 'validation.required');
      await repo.transaction(async (tx) => {
        const decided = await repo.decideAppeal(
          decisionId,
          { appealOutcome: input.outcome, appealNote: note, appealDecidedBy: current.id },
          tx,
        );
        if (!decided) throw AppError.field('outcome', 'reports.appeal_decided');
        let restored: string | null = null;
        let restoredAds = 0;
        if (input.outcome === 'reversed') {
          if (decision.action === 'hide_ad' && ad && ad.status === 'canceled') {
            restored = decision.previousStatus ?? 'moderate';
            await ads.update(ad.id, { status: restored as AdRow['status'], rejectionReason: null }, tx);
          }
          if (decision.action === 'hide_rating' && decision.ratingId !== null) await repo.unhideRating(decision.ratingId, tx);
          if (decision.action === 'ban_user' && decision.userId !== null) {
            await deps.accounts.unblock(decision.userId, tx);
            restoredAds = await repo.restoreBanHiddenAds(decision.userId, tx);
          }
        }
        await audit(
          auditEntry(current, meta, 'appeal_decided', 'decision', decisionId, {
            outcome: input.outcome,
            note,
            ...(restored ? { product: ad!.id, before: { status: 'canceled' }, after: { status: restored } } : {}),
            ...(restoredAds ? { restored_ads: restoredAds } : {}),
          }),
          tx,
        );
      });
      if (input.outcome === 'reversed') deps.onAdsChanged?.();
      await notices.appealDecided(decision, ad, input.outcome, note);
    },
  };
}

export type ReportsService = ReturnType<typeof createReportsService>;
