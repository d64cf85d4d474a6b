export type Greeting = 'morning' | 'afternoon' | 'evening';

/** The spec's hours: morning 0–12, afternoon 13–18, otherwise evening. */
export function greetingFor(hour: number): Greeting {
  if (hour >= 0 && hour <= 12) return 'morning';
  if (hour >= 13 && hour <= 18) return 'afternoon';
  return 'evening';
}

/** The hour in Finland, for the server render (visitors are mostly in Finland). */
export function finnishHour(now: Date = new Date()): number {
  return Number(new Intl.DateTimeFormat('en-GB', { hour: 'numeric', hourCycle: 'h23', timeZone: 'Europe/Helsinki' }).format(now));
}
