import { composeMail } from '../../platform/mail-layout.ts';
import { translate } from '../../platform/i18n.ts';
import type { Locale } from '../../../common/locales.ts';
import type { MailMessage } from '../../platform/mail.ts';

type Base = { name: string; site: string };

function mail(
  locale: Locale,
  to: string,
  key: string,
  params: Base & Record<string, string>,
  body: (string | { quote: string })[],
  action?: { url: string },
): MailMessage {
  const t = (part: string) => translate(locale, `mail.${key}.${part}`, params);
  return composeMail(locale, to, {
    subject: t('subject'),
    greeting: translate(locale, 'mail.greeting', { name: params.name }),
    paragraphs: body,
    ...(action ? { action: { label: t('action'), url: action.url } } : {}),
    signature: translate(locale, 'mail.signature', { site: params.site }),
  });
}

/**
 * The mails of notice and action: the reporter's receipt and outcome, the contact form's message
 * to staff and staff's answer, and the seller's statement of reasons and appeal outcome, each in the reader's language.
 */
export const reportMails = {
  /** "We received your report about <title>." */
  receipt: (locale: Locale, to: string, p: Base & { title: string; reason: string }) =>
    mail(locale, to, 'report_received', p, [
      translate(locale, 'mail.report_received.body', p),
      translate(locale, 'mail.report_received.next', p),
    ]),

  /** The reporter hears what was decided: action taken or not. */
  outcome: (locale: Locale, to: string, p: Base & { title: string; outcome: string }) =>
    mail(locale, to, 'report_outcome', p, [translate(locale, 'mail.report_outcome.body', p), { quote: p.outcome }]),

  /** A contact message forwarded to the staff inbox of the app settings, with the person's address to answer. */
  toStaff: (locale: Locale, to: string, p: Base & { email: string; topic: string; message: string; url: string }) => {
    const t = (part: string) => translate(locale, `mail.contact_staff.${part}`, p);
    return {
      ...composeMail(locale, to, {
        subject: t('subject'),
        greeting: t('greeting'),
        paragraphs: [t('body'), { quote: p.message }],
        action: { label: t('action'), url: p.url },
        signature: translate(locale, 'mail.signature', { site: p.site }),
      }),
      replyTo: p.email,
    };
  },

  /** Staff's answer to a contact message. */
  contactAnswer: (locale: Locale, to: string, p: Base & { answer: string }) =>
    mail(locale, to, 'contact_answer', p, [translate(locale, 'mail.contact_answer.body', p), { quote: p.answer }]),

  /**
   * The statement of reasons (DSA art. 17): what was done, the facts, the rule of the terms it
   * breaks, and how to appeal. A hidden rating is appealed from the deals page, not an ad's.
   */
  statement: (
    locale: Locale,
    to: string,
    {
      ratingDecision,
      ...p
    }: Base & { title: string; action: string; facts: string; rule: string; url: string; days: string; ratingDecision?: boolean },
  ) =>
    mail(
      locale,
      to,
      ratingDecision ? 'rating_statement' : 'statement',
      p,
      [
        translate(locale, 'mail.statement.done', p),
        translate(locale, 'mail.statement.facts_intro', p),
        { quote: p.facts },
        translate(locale, 'mail.statement.rule', p),
        translate(locale, ratingDecision ? 'mail.rating_statement.appeal' : 'mail.statement.appeal', p),
      ],
      { url: p.url },
    ),

  appealOutcome: (locale: Locale, to: string, p: Base & { title: string; outcome: string; note: string; url: string }) =>
    mail(locale, to, 'appeal_outcome', p, [translate(locale, 'mail.appeal_outcome.body', p), { quote: p.note }], { url: p.url }),
};
