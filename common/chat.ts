/**
 * The messenger's shared contract: limits, the socket's event shapes and the one safe way to
 * find links in a message. Both the server and the web import it.
 */
import type { SafetyKind } from './safety.ts';

/** Plain text only; longer is refused with a message, never cut. */
export const MESSAGE_MAX_LENGTH = 2000;
/** A message's length as the limit counts it: in characters (code points), so an emoji counts once. */
export function messageLength(text: string): number {
  let length = 0;
  for (const _character of text) length += 1;
  return length;
}

/**
 * What the text of a message becomes once its sender's account is deleted and the retention job
 * has run (issue 27): the API then marks it `removed`, and readers see "message removed" in their
 * language.
 */
export const REMOVED_MESSAGE_BODY = '…';

/** Spec section 9: messages page size. */
export const MESSAGES_PAGE_SIZE = 20;
/** Rooms in one page of the room list. */
export const ROOMS_PAGE_SIZE = 20;
/** How many messages one catch-up call returns at most (after a reconnect). */
export const CATCH_UP_LIMIT = 100;
/** The client sends a typing signal at most this often while the person types. */
export const TYPING_INTERVAL_MS = 2500;
/** The other person's "typing…" fades after this long without a new signal. */
export const TYPING_VISIBLE_MS = 5000;
/** An unread message waits this long before its member gets one mail for the room. */
export const UNREAD_MAIL_DELAY_MINUTES = 15;
/** The socket's path on the site's own port. */
export const SOCKET_PATH = '/ws';
/** A socket frame from a client larger than this closes the socket (1009). */
export const SOCKET_MAX_FRAME_BYTES = 4096;

export const REPORT_REASONS = ['scam', 'spam', 'offensive', 'prohibited', 'other'] as const;
export type ReportReason = (typeof REPORT_REASONS)[number];
export const REPORT_DETAILS_MAX_LENGTH = 1000;

/** One stored message as every member sees it: the payload of the API and of the socket alike. */
export interface ChatMessage {
  id: number;
  room_id: number;
  /** The id the sender's client chose: a retry with it never makes a second message. */
  client_id: string;
  /** Null when the sender's account was deleted. */
  sender_id: number | null;
  text: string;
  picture: { url: string; width: number; height: number } | null;
  /**
   * What the scam guard found in the text (a phone number, a WhatsApp link, a look-alike of
   * Posti's address…): the reader is shown a safety tip under it. Absent when nothing was found.
   */
  safety?: SafetyKind[];
  /** The sender deleted their account and the text was removed (text empty): show "message removed". */
  removed?: boolean;
  created_at: string;
}

/** What the server pushes to a signed-in person's sockets. */
export type ServerEvent =
  | {
      type: 'ready';
      user_id: number;
      unread_total: number;
      /** The notification centre's unread count (its bell). */
      notifications_unread?: number;
    }
  | { type: 'message'; room_id: number; message: ChatMessage }
  | { type: 'read'; room_id: number; user_id: number; last_read_id: number }
  | { type: 'typing'; room_id: number; user_id: number }
  | { type: 'unread'; unread_total: number }
  /** The person's unread notifications changed (a new one, or some were read): the bell's count. */
  | { type: 'notifications'; unread: number }
  /** Something about the room changed (blocked, unblocked): fetch it again. */
  | { type: 'room'; room_id: number }
  | { type: 'pong' }
  | { type: 'error'; code: string; message: string };

/** What a client may send over its socket; everything else goes through the API. */
export type ClientEvent = { type: 'typing'; room_id: number } | { type: 'ping' };

export type TextSegment = { kind: 'text'; text: string } | { kind: 'link'; text: string; href: string };

// Web addresses as people write them: with a scheme, or starting www. A trailing full stop,
// comma, closing bracket or quote belongs to the sentence, not to the address.
const LINK = /\b(?:https?:\/\/|www\.)[^\s<>"']+/giu;
const TRAILING = /[.,;:!?)\]}'"»”]+$/u;

/**
 * Splits message text into plain text and links, so that the page renders links as anchors and
 * everything else as text: nothing in a message is ever HTML. Only http(s) addresses become links.
 */
export function linkify(text: string): TextSegment[] {
  const segments: TextSegment[] = [];
  let last = 0;
  for (const match of text.matchAll(LINK)) {
    const start = match.index;
    const raw = match[0];
    const trimmed = raw.replace(TRAILING, '');
    const href = safeHref(trimmed);
    if (!href) continue;
    if (start > last) segments.push({ kind: 'text', text: text.slice(last, start) });
    segments.push({ kind: 'link', text: trimmed, href });
    last = start + trimmed.length;
  }
  if (last < text.length) segments.push({ kind: 'text', text: text.slice(last) });
  return segments;
}

function safeHref(candidate: string): string | null {
  const withScheme = /^www\./i.test(candidate) ? `https://${candidate}` : candidate;
  try {
    const url = new URL(withScheme);
    if (url.protocol !== 'https:' && url.protocol !== 'http:') return null;
    if (!url.hostname.includes('.')) return null;
    return url.href;
  } catch {
    return null;
  }
}
