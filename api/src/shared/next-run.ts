import { addDays, daysBetween } from './dates';

/** Longest workshop id (workshop-editor.input.ts says the same). */
const MAX_ID = 64;

/** The dates of the run a year later: the same month and day (Feb 29 → Feb 28), the same length. */
export function nextRunDates(w: { startDate: string; endDate: string }): { startDate: string; endDate: string; year: number } {
  const year = Number(w.startDate.slice(0, 4)) + 1;
  const startDate = `${year}${w.startDate.slice(4)}`.replace(/-02-29$/, '-02-28');
  return { startDate, endDate: addDays(startDate, daysBetween(w.startDate, w.endDate)), year };
}

/** The id the next runs of `sourceId` in `year` start from: without the source's own year (and counter), with the new year. */
export function nextRunBase(sourceId: string, year: number): string {
  const base = sourceId.replace(/-\d{4}(-\d+)?$/, '');
  const suffix = `-${year}`;
  return `${base.slice(0, MAX_ID - suffix.length - 3).replace(/-+$/, '')}${suffix}`;
}

/**
 * The first free id for a run of `sourceId` in `year` (docs/decisions/079):
 * "zion-canyon-light-2027", else "zion-canyon-light-2027-2", "-3"... `taken`
 * holds the ids that exist (the server reads those starting with the base).
 */
export function freeRunId(sourceId: string, year: number, taken: ReadonlySet<string>): string {
  const base = nextRunBase(sourceId, year);
  if (!taken.has(base)) return base;
  for (let n = 2; ; n++) if (!taken.has(`${base}-${n}`)) return `${base}-${n}`;
}
