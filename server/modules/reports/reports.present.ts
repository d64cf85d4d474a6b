import type { Static } from 'typebox';
import { APPEAL_WINDOW_DAYS } from '../../../common/reports.ts';
import type { DecisionRow, QueueRow, ReportsRepo } from './reports.repo.ts';
import type { Decision, QueueItem } from './reports.schemas.ts';

/** How reports, their subjects and decisions are answered to staff and to the people concerned. */

export function presentProduct(product: QueueRow['product']) {
  return product ? { id: product.id, uuid: product.uuid, name: product.name, status: product.status, url: `/${product.uuid}` } : null;
}

type Excerpt = Awaited<ReturnType<ReportsRepo['conversationExcerpt']>>;
type QueueRating = Awaited<ReturnType<ReportsRepo['ratingsForQueue']>>[number];

export function presentRating(rating: QueueRating | undefined) {
  if (!rating) return null;
  return {
    id: rating.id,
    stars: rating.stars,
    text: rating.text,
    reply: rating.reply,
    subject: rating.subject,
    hidden: rating.hiddenAt !== null,
    rater: rating.raterId !== null ? { id: rating.raterId, name: rating.raterName ?? '' } : null,
    rated: { id: rating.ratedId, name: rating.ratedName ?? '' },
  };
}

export function presentReport(row: QueueRow, excerpt: Excerpt | null, rating?: QueueRating): Static<typeof QueueItem> {
  const { report } = row;
  const reporter = row.reporter
    ? { id: report.reporterId, name: row.reporter.name, email: row.reporter.email }
    : report.reporterEmail
      ? { id: null, name: report.reporterName ?? '', email: report.reporterEmail }
      : null;
  return {
    id: report.id,
    subject_type: report.subjectType,
    subject_id: report.subjectId,
    product: presentProduct(row.product),
    reason: report.reason,
    details: report.details,
    reporter,
    same_subject_open: row.sameSubject,
    rating: presentRating(rating),
    conversation: excerpt
      ? excerpt.map((m) => ({
          from: m.senderId === null ? ('deleted' as const) : m.senderId === report.reporterId ? ('reporter' as const) : ('other' as const),
          name: m.senderName ?? '',
          text: m.body,
          picture: m.picture,
          created_at: m.createdAt.toISOString(),
        }))
      : null,
    status: report.status,
    resolution: report.resolution,
    resolution_note: report.resolutionNote,
    created_at: report.createdAt.toISOString(),
    resolved_at: report.resolvedAt?.toISOString() ?? null,
  };
}

export const appealDeadline = (decision: DecisionRow) => decision.createdAt.getTime() + APPEAL_WINDOW_DAYS * 24 * 60 * 60 * 1000;

export function presentDecision(
  decision: DecisionRow,
  product: QueueRow['product'],
  seller: { name: string; email: string } | null,
): Static<typeof Decision> {
  return {
    id: decision.id,
    action: decision.action,
    rule: decision.rule,
    facts: decision.facts,
    created_at: decision.createdAt.toISOString(),
    appeal_text: decision.appealText,
    appealed_at: decision.appealedAt?.toISOString() ?? null,
    appeal_outcome: decision.appealOutcome,
    appeal_note: decision.appealNote,
    may_appeal: decision.appealedAt === null && Date.now() < appealDeadline(decision),
    product: presentProduct(product),
    seller,
  };
}
