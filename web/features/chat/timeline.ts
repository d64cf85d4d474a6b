import { dayKey, formatDate } from '../../lib/format';

type T = (key: string, params?: Record<string, string | number>) => string;

/** Groups items (oldest first) by their Finnish calendar day, for the date separators. */
export function groupByDay<M extends { created_at: string }>(items: readonly M[]): { day: string; items: M[] }[] {
  const groups: { day: string; items: M[] }[] = [];
  for (const item of items) {
    const day = dayKey(item.created_at);
    const last = groups.at(-1);
    if (last?.day === day) last.items.push(item);
    else groups.push({ day, items: [item] });
  }
  return groups;
}

/** "Today", "Yesterday", or the date in the reader's language. */
export function dayLabel(day: string, locale: string, t: T, now: Date = new Date()): string {
  if (day === dayKey(now)) return t('chat.today');
  if (day === dayKey(new Date(now.getTime() - 24 * 60 * 60 * 1000))) return t('chat.yesterday');
  // Noon UTC of that day is the same day in Helsinki.
  return formatDate(`${day}T12:00:00Z`, locale);
}
