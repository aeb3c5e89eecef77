/**
 * What the storefront says about the season it sells, derived from the catalog
 * and the clock (issue 24): the year(s) on sale, how many runs can be booked,
 * whether a list of runs needs its years, and when a run is "filling fast".
 * The clock enters through each run's hasStarted, which the server computes
 * with its injectable clock; nothing here reads the time. Isomorphic: the web
 * renders every season phrase from these functions.
 */
import { POLICY } from './policy';

/** The facts of a run these rules read (a Workshop of the catalog). */
export interface SeasonRun {
  startDate: string;
  hasStarted: boolean;
  cancelled: boolean;
  availableSpots: number;
  capacity: number;
}

/** Can be booked today: not started, not cancelled, a spot free. */
export function isBookable(run: SeasonRun): boolean {
  return !run.hasStarted && !run.cancelled && run.availableSpots > 0;
}

/** On sale: not started and not cancelled (sold-out runs included: they take a waiting list). */
export function isOnSale(run: SeasonRun): boolean {
  return !run.hasStarted && !run.cancelled;
}

/**
 * "Filling fast" is a claim, so it is made only when true: a bookable run with
 * at most POLICY.fillingFastSpotsLeft spots left or at least
 * POLICY.fillingFastPercentSold of its places taken.
 */
export function isFillingFast(run: SeasonRun): boolean {
  if (!isBookable(run)) return false;
  const taken = run.capacity - run.availableSpots;
  return run.availableSpots <= POLICY.fillingFastSpotsLeft || taken * 100 >= run.capacity * POLICY.fillingFastPercentSold;
}

export interface Season {
  /** Calendar years of the runs on sale, ascending; empty when nothing is on sale. */
  years: number[];
  /** "2026", "2026-2027"; null when nothing is on sale (the texts then name no year). */
  label: string | null;
  /** Runs that can be booked today. */
  bookableCount: number;
  /** Runs on sale (bookable or sold out). */
  onSaleCount: number;
}

const yearOf = (date: string) => Number(date.slice(0, 4));

export function seasonOf(runs: ReadonlyArray<SeasonRun>): Season {
  const onSale = runs.filter(isOnSale);
  const years = [...new Set(onSale.map((r) => yearOf(r.startDate)))].sort((a, b) => a - b);
  const label = years.length === 0 ? null : years.length === 1 ? String(years[0]) : `${years[0]}-${years[years.length - 1]}`;
  return { years, label, bookableCount: runs.filter(isBookable).length, onSaleCount: onSale.length };
}

/** True when the runs listed together start in more than one year: their dates must then show the year. */
export function spansYears(runs: ReadonlyArray<Pick<SeasonRun, 'startDate'>>): boolean {
  return new Set(runs.map((r) => yearOf(r.startDate))).size > 1;
}

/** "Apr 13-18" for "Apr 13-18, 2026" unless the year is needed; a range across two years keeps its years. */
export function listedDates(dates: string, withYear: boolean): string {
  if (withYear || /\d{4}.*\d{4}/.test(dates)) return dates;
  return dates.replace(/, \d{4}$/, '');
}

/** "the 2026 workshops" / "the workshops": a link text that names the season only when one is on sale. */
export function seasonWorkshops(season: Pick<Season, 'label'>): string {
  return season.label ? `the ${season.label} workshops` : 'the workshops';
}

/** "1 workshop", "11 workshops": the runs that can be booked today. */
export function bookableWorkshops(season: Pick<Season, 'bookableCount'>): string {
  return `${season.bookableCount} workshop${season.bookableCount === 1 ? '' : 's'}`;
}

/** " in 2026", " in 2026-2027", or nothing when no season is on sale. */
export function inSeason(season: Pick<Season, 'label'>): string {
  return season.label ? ` in ${season.label}` : '';
}
