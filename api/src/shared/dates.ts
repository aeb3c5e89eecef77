/** Date helpers shared by api and web. Dates of workshops are calendar dates (YYYY-MM-DD). */

const monthShort = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

function parts(date: string): { y: number; m: number; d: number } {
  // Fixed positions (YYYY-MM-DD): no split, no array, on the paths every request walks.
  return { y: Number(date.slice(0, 4)), m: Number(date.slice(5, 7)), d: Number(date.slice(8, 10)) };
}

/** "May 14-19, 2026", "Sep 28 - Oct 3, 2026", "Dec 29, 2026 - Jan 3, 2027". */
export function formatDateRange(start: string, end: string): string {
  const a = parts(start);
  const b = parts(end);
  if (a.y !== b.y) {
    return `${monthShort[a.m - 1]} ${a.d}, ${a.y} - ${monthShort[b.m - 1]} ${b.d}, ${b.y}`;
  }
  if (a.m === b.m) return `${monthShort[a.m - 1]} ${a.d}-${b.d}, ${a.y}`;
  return `${monthShort[a.m - 1]} ${a.d} - ${monthShort[b.m - 1]} ${b.d}, ${a.y}`;
}

/** A run as `runLabel` names it: with its dates, as a range or as the api's `dates` text. */
export type RunDates = { name: string } & ({ dates: string } | { startDate: string; endDate: string });

/**
 * A workshop run told apart by its dates, the admin's one name for it
 * (docs/decisions/079): "Zion Canyon Light & Slot Canyons, Apr 13-18, 2027".
 */
export function runLabel(w: RunDates): string {
  return `${w.name}, ${'dates' in w ? w.dates : formatDateRange(w.startDate, w.endDate)}`;
}

/*
 * The workshop calendar: "has it started", "how many days until it starts".
 * Every "days before" rule asks daysUntilStart; nothing else does calendar math
 * on a workshop's dates (docs/decisions/059). A workshop's dates are calendar
 * dates in its own IANA time zone, so "today" is today there, not in UTC.
 *
 * Time-zone offsets come from Intl.DateTimeFormat (built into Node and every
 * browser, no library shipped). Its first use loads ICU's data, so a formatter
 * is made per zone on first use only, and the web asks the server (the
 * Workshop's hasStarted field) instead of calling these on first paint.
 */

const DAY_MS = 86_400_000;

/** A workshop's place on the calendar: enough to tell whether it has started. */
export interface CalendarDates {
  startDate: string;
  endDate?: string;
  timeZone: string;
}

const zoneFormats = new Map<string, Intl.DateTimeFormat>();

function zoneFormat(timeZone: string): Intl.DateTimeFormat {
  let f = zoneFormats.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    zoneFormats.set(timeZone, f);
  }
  return f;
}

type WallClock = { y: number; m: number; d: number; h: number; min: number; s: number };

/** The last second formatted per time zone: every rule asks "what day is it there" many times a second. */
const lastWallClock = new Map<string, { second: number; value: WallClock }>();

/** The wall-clock fields of an instant in a time zone (to the second). */
function wallClock(timeZone: string, epochMs: number): WallClock {
  const second = Math.floor(epochMs / 1000);
  const last = lastWallClock.get(timeZone);
  if (last?.second === second) return last.value;
  const out: Record<string, number> = {};
  for (const p of zoneFormat(timeZone).formatToParts(new Date(second * 1000))) {
    if (p.type !== 'literal') out[p.type] = Number(p.value);
  }
  const value = { y: out.year, m: out.month, d: out.day, h: out.hour % 24, min: out.minute, s: out.second };
  lastWallClock.set(timeZone, { second, value });
  return value;
}

/** True for an IANA time zone name this runtime knows ("America/Denver"); false for anything else. */
export function isTimeZone(value: unknown): value is string {
  if (typeof value !== 'string' || value.length === 0 || value.length > 60 || !/^[A-Za-z][A-Za-z0-9_+\-/]*$/.test(value)) return false;
  try {
    zoneFormat(value);
    return true;
  } catch {
    return false;
  }
}

/** True for a real calendar date written YYYY-MM-DD (2026-02-30 is not one). */
export function isCalendarDate(value: unknown): value is string {
  if (typeof value !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const { y, m, d } = parts(value);
  const t = new Date(Date.UTC(y, m - 1, d));
  return t.getUTCFullYear() === y && t.getUTCMonth() === m - 1 && t.getUTCDate() === d;
}

function dayNumber(date: string): number {
  const { y, m, d } = parts(date);
  return Math.round(Date.UTC(y, m - 1, d) / DAY_MS);
}

function fromDayNumber(n: number): string {
  return new Date(n * DAY_MS).toISOString().slice(0, 10);
}

/** `date` moved by `days` calendar days (negative: earlier). */
export function addDays(date: string, days: number): string {
  return fromDayNumber(dayNumber(date) + days);
}

/** Calendar days from `from` to `to` (both YYYY-MM-DD): 1 from a day to the next. */
export function daysBetween(from: string, to: string): number {
  return dayNumber(to) - dayNumber(from);
}

/** Today's calendar date (YYYY-MM-DD) in a time zone. */
export function todayIn(timeZone: string, now: Date): string {
  const w = wallClock(timeZone, now.getTime());
  return `${String(w.y).padStart(4, '0')}-${String(w.m).padStart(2, '0')}-${String(w.d).padStart(2, '0')}`;
}

/**
 * Calendar days between today in the workshop's time zone and its start date:
 * 14 two weeks ahead, 1 the day before, 0 on the first day, negative after.
 * The one function every "days before" rule uses.
 */
export function daysUntilStart(startDate: string, timeZone: string, now: Date): number {
  return daysBetween(todayIn(timeZone, now), startDate);
}

/** True from the first day of the workshop on (its time zone): it can no longer be booked. */
export function hasStarted(workshop: CalendarDates, now: Date): boolean {
  return daysUntilStart(workshop.startDate, workshop.timeZone, now) <= 0;
}

/**
 * The instant a calendar date begins (00:00) in a time zone, in epoch
 * milliseconds: when `hasStarted` turns true for a workshop starting that day.
 * Found by correcting a UTC guess with the zone's offset (twice, for the days
 * the offset changes).
 */
export function startOfDayIn(date: string, timeZone: string): number {
  return wallTimeIn(date, '00:00', timeZone);
}

/**
 * The instant a wall-clock time (HH:MM) of a calendar date happens in a time
 * zone, in epoch milliseconds (a meeting time on the first day). A time inside
 * a clock jump gives the jump's end.
 */
export function wallTimeIn(date: string, time: string, timeZone: string): number {
  const { y, m, d } = parts(date);
  const [hh, mm] = time.split(':').map(Number);
  const wanted = Date.UTC(y, m - 1, d, hh ?? 0, mm ?? 0);
  let t = wanted;
  for (let i = 0; i < 3; i++) {
    const w = wallClock(timeZone, t);
    const shown = Date.UTC(w.y, w.m - 1, w.d, w.h, w.min, w.s);
    if (shown === wanted) return t;
    t += wanted - shown;
  }
  // A day that starts inside a clock jump (no 00:00 that day): the jump's end.
  return t;
}
