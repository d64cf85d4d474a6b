/**
 * The notification centre's kinds and what each one's `data` holds (issue 29, scope 4): the
 * server writes them (server/modules/notifications), the page reads them (web/routes/notifications).
 * A kind added here needs its texts under `notifications.kinds.<kind>` and an icon on the page.
 */
export const NOTIFICATION_KINDS = [
  'saved_search',
  'ad_approved',
  'ad_rejected',
  'report_decided',
  'deal_made',
  'rating_received',
  'ad_ending',
] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

/** An ad as a notification remembers it: enough to name it and link to it after it changed or went. */
export interface NotifiedAd {
  uuid: string;
  name: string;
}

export interface NotificationData {
  /** New ads for a saved search: `count` of them, `ad` the newest (its cover thumbnail's URL, if any). */
  saved_search: { search_id: number; search_name: string; count: number; ad: NotifiedAd & { picture: string | null } };
  ad_approved: { ad: NotifiedAd };
  ad_rejected: { ad: NotifiedAd; reason: string | null };
  /**
   * A report was decided: the reporter learns the outcome (`role: 'reporter'`), the seller whose ad
   * was hidden learns of the decision (`role: 'seller'`). `ad` is null for reports about people or
   * conversations.
   */
  report_decided: {
    role: 'reporter' | 'seller' | 'rater';
    action: 'no_action' | 'hide_ad' | 'ban_user' | 'hide_rating';
    subject: 'product' | 'chat_room' | 'user' | 'rating';
    ad: NotifiedAd | null;
    /** A rating's deal's title (subject `rating`). */
    rating_subject?: string;
  };
  /** The seller marked their ad sold (or given away) to me: rate the deal. `other_name` is the seller's name. */
  deal_made: { deal_id: number; kind: 'sold' | 'given'; role: 'buyer'; ad: NotifiedAd; other_name: string };
  /** A rating of me became public (both rated, or 14 days passed): `role` is my side of the deal. */
  rating_received: { rating_id: number; deal_id: number; stars: number; subject: string; role: 'seller' | 'buyer' };
  /** My ad ends in three days (issue 27): its page has the renew button. */
  ad_ending: { ad: NotifiedAd; expires_at: string };
}

/** A page of the list; the newest first. */
export const NOTIFICATIONS_PER_PAGE = 20;
export const NOTIFICATIONS_PER_PAGE_MAX = 50;
/** Ids one "mark read" call may name: a page's worth, twice over. */
export const NOTIFICATIONS_READ_IDS_MAX = 100;
/** The badge stops counting here ("99+"); the exact figure is no use to anyone. */
export const NOTIFICATIONS_UNREAD_CAP = 99;
