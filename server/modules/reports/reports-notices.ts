import type { Locale } from '../../../common/locales.ts';
import { APPEAL_WINDOW_DAYS, type AppealOutcome, type ReportAction } from '../../../common/reports.ts';
import { translate } from '../../platform/i18n.ts';
import type { MailMessage } from '../../platform/mail.ts';
import type { Transaction } from '../../db/client.ts';
import type { AdRow } from '../ads/ads.repo.ts';
import { reportMails } from './reports.mails.ts';
import type { DecisionRow, RatingCase, ReportRow } from './reports.repo.ts';
import type { ReportsDeps } from './reports.service.ts';

/**
 * Who hears of a decision and how: the restricted person's statement of reasons, each reporter's
 * outcome (a contact message gets staff's answer), the notification centre's entries, and the
 * appeal's outcome. Mails go out after the answer; nothing here decides anything.
 */
export function createReportNotices(deps: Pick<ReportsDeps, 'repo' | 'mailer' | 'background' | 'site' | 'notify'>) {
  const { repo, mailer, background, site } = deps;

  const send = (name: string, message: MailMessage | undefined) => {
    if (message) background.run(name, () => mailer.send(message));
  };
  const adUrl = (uuid: string) => `${site.publicUrl}/${uuid}`;

  /** The address a report's answers go to, with the reader's name and language. */
  async function reporterOf(report: ReportRow): Promise<{ email: string; name: string; locale: Locale } | undefined> {
    if (report.reporterId !== null) {
      const [person] = await repo.people([report.reporterId]);
      return person ? { email: person.email, name: person.name, locale: person.locale } : undefined;
    }
    if (!report.reporterEmail) return undefined;
    return { email: report.reporterEmail, name: report.reporterName || report.reporterEmail, locale: report.locale };
  }

  /**
   * Under the bell, in the decision's transaction: each signed-in reporter learns the outcome of
   * their report (a contact message is answered by mail only), and the seller of a hidden ad learns
   * of the decision. Answers the announcements to make once it has committed.
   */
  async function notifyDecided(
    closed: ReportRow[],
    action: ReportAction,
    ad: AdRow | undefined,
    seller: number | undefined,
    tx: Transaction,
    rater?: { userId: number; subject: string },
  ): Promise<Array<() => void>> {
    const notify = deps.notify;
    if (!notify) return [];
    const named = ad ? { uuid: ad.uuid, name: ad.name } : null;
    const told = new Set<number>();
    const announce: Array<() => void> = [];
    for (const row of closed) {
      if (row.reporterId === null || row.subjectType === 'contact' || told.has(row.reporterId)) continue;
      told.add(row.reporterId);
      announce.push(await notify(row.reporterId, 'report_decided', { role: 'reporter', action, subject: row.subjectType, ad: named }, tx));
    }
    if (seller !== undefined && named) {
      announce.push(await notify(seller, 'report_decided', { role: 'seller', action, subject: 'product', ad: named }, tx));
    }
    if (rater) {
      announce.push(
        await notify(
          rater.userId,
          'report_decided',
          { role: 'rater', action, subject: 'rating', ad: null, rating_subject: rater.subject },
          tx,
        ),
      );
    }
    return announce;
  }

  function outcomeText(locale: Locale, action: ReportAction): string {
    return translate(locale, `reports.outcome.${action}`);
  }

  /** The person restricted gets the statement of reasons in their language. */
  async function statementOfReasons(
    decision: DecisionRow,
    target: number,
    ad: AdRow | undefined,
    rating: RatingCase | undefined,
  ): Promise<void> {
    const [person] = await repo.people([target]);
    if (!person) return;
    const locale = person.locale;
    const title = ad?.name ?? rating?.subject ?? '';
    send(
      'statement of reasons',
      reportMails.statement(locale, person.email, {
        ratingDecision: decision.action === 'hide_rating',
        name: person.name,
        site: site.siteName,
        title,
        action: translate(locale, `reports.statement_action.${decision.action}`, { title }),
        facts: decision.facts,
        rule: translate(locale, `reports.rules.${decision.rule}`),
        url: ad ? adUrl(ad.uuid) : rating ? `${site.publicUrl}/deals` : `${site.publicUrl}/contact?topic=support`,
        days: String(APPEAL_WINDOW_DAYS),
      }),
    );
  }

  /** Every reporter hears what came of it (a contact message gets staff's answer, if any). */
  async function tellReporters(
    closed: ReportRow[],
    action: ReportAction,
    note: string | null,
    ad: AdRow | undefined,
    rating: RatingCase | undefined,
  ): Promise<void> {
    for (const row of closed) {
      const to = await reporterOf(row);
      if (!to) continue;
      if (row.subjectType === 'contact') {
        if (note)
          send('contact answer', reportMails.contactAnswer(to.locale, to.email, { name: to.name, site: site.siteName, answer: note }));
        continue;
      }
      const title = ad?.name ?? rating?.subject ?? translate(to.locale, `reports.subjects.${row.subjectType}`);
      send(
        'report outcome',
        reportMails.outcome(to.locale, to.email, { name: to.name, site: site.siteName, title, outcome: outcomeText(to.locale, action) }),
      );
    }
  }

  /** The person the decision was about hears the appeal's outcome. */
  async function appealDecided(decision: DecisionRow, ad: AdRow | undefined, outcome: AppealOutcome, note: string): Promise<void> {
    if (decision.userId !== null) {
      const [person] = await repo.people([decision.userId]);
      if (person) {
        const rated = decision.ratingId !== null ? await repo.findRatingCase(decision.ratingId) : undefined;
        const title = ad?.name ?? rated?.subject ?? '';
        send(
          'appeal outcome',
          reportMails.appealOutcome(person.locale, person.email, {
            name: person.name,
            site: site.siteName,
            title,
            outcome: translate(person.locale, `reports.appeal_outcomes.${outcome}`),
            note,
            url: ad ? adUrl(ad.uuid) : rated ? `${site.publicUrl}/deals` : site.publicUrl,
          }),
        );
      }
    }
  }

  return { send, adUrl, reporterOf, notifyDecided, statementOfReasons, tellReporters, appealDecided };
}
