/**
 * Reports to staff and the decisions they lead to (issue 14, scope 6; EU Digital Services Act
 * notice-and-action): what can be reported, why, what staff may do about it, the rules of the terms
 * a decision names, and the seller's one appeal. Shared by the server and the web forms.
 */
import type { REPORT_REASONS as CONVERSATION_REPORT_REASONS } from './chat.ts';
import type { RatingReportReason } from './ratings.ts';

/** Why someone reports an ad. */
export const AD_REPORT_REASONS = ['scam', 'prohibited', 'counterfeit', 'offensive', 'spam', 'wrong_category', 'other'] as const;
export type AdReportReason = (typeof AD_REPORT_REASONS)[number];

/** What the footer's contact form is about: "customer support" or "report a problem". */
export const CONTACT_TOPICS = ['support', 'problem'] as const;
export type ContactTopic = (typeof CONTACT_TOPICS)[number];

/** Every reason a report row can hold: an ad's, a conversation's, or a contact message's topic. */
export const ALL_REPORT_REASONS = [
  'scam',
  'prohibited',
  'counterfeit',
  'offensive',
  'spam',
  'wrong_category',
  'other',
  'support',
  'problem',
] as const;
export type AnyReportReason = (typeof ALL_REPORT_REASONS)[number];
// Each list above is part of the whole (checked by the compiler).
type Covers<T extends AnyReportReason> = T;
export type CoveredReasons = Covers<AdReportReason | (typeof CONVERSATION_REPORT_REASONS)[number] | ContactTopic | RatingReportReason>;

/** What a report is about. A contact message is about nothing in particular (no subject id). */
export const REPORT_SUBJECTS = ['product', 'chat_room', 'user', 'contact', 'rating'] as const;
export type ReportSubject = (typeof REPORT_SUBJECTS)[number];

export const REPORT_STATUSES = ['open', 'resolved'] as const;
export type ReportStatus = (typeof REPORT_STATUSES)[number];

/** What staff do about a report: nothing, hide the ad (or the rating), or ban its seller (or the reported member, or the rater). */
export const REPORT_ACTIONS = ['no_action', 'hide_ad', 'ban_user', 'hide_rating'] as const;
export type ReportAction = (typeof REPORT_ACTIONS)[number];

/** The actions that restrict someone, and so need a statement of reasons and can be appealed. */
export const RESTRICTIONS = ['hide_ad', 'ban_user', 'hide_rating'] as const;
export type Restriction = (typeof RESTRICTIONS)[number];

/** The rules of the terms of use a decision can name (translated as `reports.rules.<rule>`). */
export const TERMS_RULES = ['illegal_item', 'fraud', 'counterfeit', 'offensive', 'spam', 'misleading', 'wrong_category', 'other'] as const;
export type TermsRule = (typeof TERMS_RULES)[number];

export const APPEAL_OUTCOMES = ['upheld', 'reversed'] as const;
export type AppealOutcome = (typeof APPEAL_OUTCOMES)[number];

export const REPORT_DETAILS_MAX = 1_000;
export const CONTACT_MESSAGE_MIN = 10;
export const CONTACT_MESSAGE_MAX = 5_000;
export const REPORTER_NAME_MAX = 100;
export const DECISION_FACTS_MIN = 10;
export const DECISION_FACTS_MAX = 2_000;
export const APPEAL_TEXT_MIN = 10;
export const APPEAL_TEXT_MAX = 2_000;
/** How long after a decision the seller may appeal (the DSA asks for at least six months). */
export const APPEAL_WINDOW_DAYS = 183;
/** Queue page size. */
export const REPORTS_PAGE_SIZE = 20;
