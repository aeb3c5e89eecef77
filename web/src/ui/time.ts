/** Human times for timestamps the API sends as ISO strings (UTC). */

const UNITS: Array<[Intl.RelativeTimeFormatUnit, number]> = [
  ['year', 365 * 24 * 3600],
  ['month', 30 * 24 * 3600],
  ['week', 7 * 24 * 3600],
  ['day', 24 * 3600],
  ['hour', 3600],
  ['minute', 60],
];

// Intl formatters are made on first use: creating one loads locale data (docs/performance.md).
let relativeFormat: Intl.RelativeTimeFormat | undefined;
const relative = () => (relativeFormat ??= new Intl.RelativeTimeFormat('en-US', { numeric: 'auto' }));

/** "just now", "5 minutes ago", "yesterday", "3 weeks ago"... relative to `now`. */
export function formatRelativeTime(date: Date, now: Date): string {
  // A clock a little ahead of ours still reads as the past, never as "in 2 minutes".
  const seconds = Math.max(0, Math.round((now.getTime() - date.getTime()) / 1000));
  if (seconds < 45) return 'just now';
  for (const [unit, size] of UNITS) {
    if (seconds >= size) return relative().format(-Math.floor(seconds / size), unit);
  }
  return relative().format(-1, 'minute');
}

let exactFormat: Intl.DateTimeFormat | undefined;
const exact = () => (exactFormat ??= new Intl.DateTimeFormat('en-US', {
  weekday: 'short',
  year: 'numeric',
  month: 'short',
  day: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
  timeZoneName: 'short',
}));

/** "Sun, Mar 1, 2026, 12:00 PM UTC" in the visitor's own time zone. */
export function formatExactTime(date: Date): string {
  return exact().format(date);
}

let dayFormat: Intl.DateTimeFormat | undefined;
const day = () => (dayFormat ??= new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'short', day: 'numeric' }));

/** "Nov 23, 2026": the day of a timestamp (a payment, a refund) in the visitor's own time zone. */
export function formatDay(iso: string): string {
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? iso : day().format(d);
}
