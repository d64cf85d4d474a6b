/** Finnish time: the digests go out at 7:00 by the clock on a Finnish wall, summer or winter. */
export const FINNISH_ZONE = 'Europe/Helsinki';

const parts = new Intl.DateTimeFormat('en-GB', {
  timeZone: FINNISH_ZONE,
  hourCycle: 'h23',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  weekday: 'short',
});

/** The wall clock in Finland at an instant. */
export function finnishClock(at: Date) {
  const p = Object.fromEntries(parts.formatToParts(at).map((part) => [part.type, part.value]));
  return {
    year: Number(p.year),
    month: Number(p.month),
    day: Number(p.day),
    hour: Number(p.hour),
    minute: Number(p.minute),
    second: Number(p.second),
    weekday: String(p.weekday),
  };
}

/** How far Finland's clock is ahead of UTC at an instant, in milliseconds (2 h in winter, 3 h in summer). */
function offsetAt(at: Date): number {
  const c = finnishClock(at);
  return Date.UTC(c.year, c.month - 1, c.day, c.hour, c.minute, c.second) - Math.floor(at.getTime() / 1000) * 1000;
}

/** The instant a Finnish wall clock shows this date and hour (not in the hour the clocks skip). */
export function finnishTime(year: number, month: number, day: number, hour: number): Date {
  const wall = Date.UTC(year, month - 1, day, hour);
  const first = wall - offsetAt(new Date(wall));
  const second = wall - offsetAt(new Date(first));
  return new Date(second);
}

/** The Finnish date of an instant as YYYY-MM-DD (a digest's key). */
export function finnishDate(at: Date): string {
  const c = finnishClock(at);
  return `${c.year}-${String(c.month).padStart(2, '0')}-${String(c.day).padStart(2, '0')}`;
}

/** The first `hour`:00 Finnish time after `now` (today's when it is still ahead, else tomorrow's). */
export function nextFinnishHour(now: Date, hour: number): Date {
  const c = finnishClock(now);
  const today = finnishTime(c.year, c.month, c.day, hour);
  if (today.getTime() > now.getTime()) return today;
  const tomorrow = new Date(Date.UTC(c.year, c.month - 1, c.day + 1));
  return finnishTime(tomorrow.getUTCFullYear(), tomorrow.getUTCMonth() + 1, tomorrow.getUTCDate(), hour);
}

/** Monday in Finland: the weekly digests go out with the daily ones. */
export const isFinnishMonday = (at: Date) => finnishClock(at).weekday === 'Mon';
