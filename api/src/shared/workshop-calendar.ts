/**
 * Calendar rules of a workshop that the api enforces and the web shows
 * (docs/decisions/059). Isomorphic; the date math is in ./dates.
 */
import { addDays, type CalendarDates, daysBetween, hasStarted, startOfDayIn, todayIn } from './dates';
import { paymentOptionChangeDates } from './policy';

export const CALENDAR = {
  /**
   * The community board takes new messages until this many days after the last
   * day of the workshop (in its time zone): time to share photos and say
   * thanks. After that it stays readable, closed to posting.
   */
  boardOpenDaysAfterEnd: 30,
  /**
   * The public catalog keeps a run this many days after its last day (docs/decisions/076):
   * a whole season back, so this year's runs (their "taken place" cards, boards and
   * reviews) stay listed, while a history of many seasons never is. Older runs are
   * reachable by id and through the admin's paged list.
   */
  catalogRecentPastDays: 365,
} as const;

/**
 * The first last-day (YYYY-MM-DD) a run may have and still be in the catalog window:
 * upcoming, under way, or ended within CALENDAR.catalogRecentPastDays. One day of slack
 * for the time zones (a run's dates are local): the window is a superset, the lists
 * derived from it decide with the run's own time zone.
 */
export function catalogWindowStart(now: Date): string {
  return addDays(now.toISOString().slice(0, 10), -(CALENDAR.catalogRecentPastDays + 1));
}

/** The instant (epoch ms) catalogWindowStart next moves: the next UTC midnight. */
export function nextCatalogWindowMove(now: Date): number {
  const d = new Date(now.getTime());
  d.setUTCHours(24, 0, 0, 0);
  return d.getTime();
}

export { hasStarted };

/**
 * True from the day after its last day on (its time zone): it has taken place.
 * Between its start and then it is under way (started, not ended).
 */
export function hasEnded(workshop: Required<CalendarDates>, now: Date): boolean {
  return daysBetween(workshop.endDate, todayIn(workshop.timeZone, now)) > 0;
}

/** The last calendar day (YYYY-MM-DD, the workshop's time zone) on which its board takes messages. */
export function boardClosesAfter(endDate: string): string {
  return addDays(endDate, CALENDAR.boardOpenDaysAfterEnd);
}

/** True while the workshop's community board takes new messages. */
export function isBoardOpen(workshop: Required<CalendarDates>, now: Date): boolean {
  return daysBetween(boardClosesAfter(workshop.endDate), todayIn(workshop.timeZone, now)) <= 0;
}

/**
 * The next instant (epoch ms) after `now` at which any of these workshops starts,
 * ends, closes its board or stops offering a payment option, or Infinity. Values
 * computed from the clock (hasStarted, hasEnded, boardOpen, paymentOptions, the order
 * of the lists) stay true until then, so a cache of them (the workshop catalog's
 * snapshot, and the answers and pages kept with it) expires at that instant.
 */
export function nextCalendarChange(workshops: ReadonlyArray<Required<CalendarDates>>, now: Date): number {
  const t = now.getTime();
  let next = Infinity;
  for (const w of workshops) {
    const instants = [
      ...paymentOptionChangeDates(w.startDate).map((day) => startOfDayIn(day, w.timeZone)),
      startOfDayIn(w.startDate, w.timeZone),
      startOfDayIn(addDays(w.endDate, 1), w.timeZone),
      startOfDayIn(addDays(boardClosesAfter(w.endDate), 1), w.timeZone),
    ];
    for (const instant of instants) {
      if (instant > t && instant < next) next = instant;
    }
  }
  return next;
}

/**
 * The public order of a list of workshops: upcoming ones first, soonest first;
 * then the ones that have started, most recent first.
 */
export function upcomingFirst<W extends CalendarDates & { id: string }>(workshops: readonly W[], now: Date): W[] {
  const upcoming: W[] = [];
  const past: W[] = [];
  for (const w of workshops) (hasStarted(w, now) ? past : upcoming).push(w);
  const byStart = (a: W, b: W) => (a.startDate < b.startDate ? -1 : a.startDate > b.startDate ? 1 : a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
  upcoming.sort(byStart);
  past.sort((a, b) => byStart(b, a));
  return [...upcoming, ...past];
}
