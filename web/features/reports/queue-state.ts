import { REPORT_SUBJECTS, type ReportAction, type ReportSubject } from '../../../common/reports';

/** The queue's tabs: open reports, handled ones, and appeals waiting for a decision. */
export const QUEUE_TABS = ['open', 'resolved', 'appeals'] as const;
export type QueueTab = (typeof QUEUE_TABS)[number];

/** The tab and kind a queue address asks for; anything unknown reads as the default. */
export function readQueueQuery(search: URLSearchParams): { tab: QueueTab; subject: ReportSubject | null; page: number } {
  const status = search.get('status');
  const subject = search.get('subject');
  const page = Number.parseInt(search.get('page') ?? '1', 10);
  return {
    tab: QUEUE_TABS.includes(status as QueueTab) ? (status as QueueTab) : 'open',
    subject: REPORT_SUBJECTS.includes(subject as ReportSubject) ? (subject as ReportSubject) : null,
    page: Number.isFinite(page) ? Math.min(10_000, Math.max(1, page)) : 1,
  };
}

/** What staff may do about a report of this kind (the server asks the same). */
export function actionsFor(subject: ReportSubject): ReportAction[] {
  switch (subject) {
    case 'product':
      return ['no_action', 'hide_ad', 'ban_user'];
    case 'chat_room':
    case 'user':
      return ['no_action', 'ban_user'];
    case 'contact':
      return ['no_action'];
    case 'rating':
      return ['no_action', 'hide_rating', 'ban_user'];
  }
}
