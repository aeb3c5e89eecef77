const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];

/** "April 2026" from "2026-04": the month of a trip. */
export function formatTripMonth(month: string): string {
  const m = /^(\d{4})-(\d{2})$/.exec(month);
  const index = m ? Number(m[2]) - 1 : -1;
  return m && index >= 0 && index < 12 ? `${MONTHS[index]} ${m[1]}` : month;
}

/**
 * A calendar date (YYYY-MM-DD) as "February 16, 2025", independent of the viewer's time zone.
 * Written out rather than through Intl.DateTimeFormat, whose first use loads the browser's
 * locale data on the critical path of hydration (docs/performance.md); a test holds it equal.
 */
export function formatCalendarDate(date: string): string {
  const d = new Date(`${date}T00:00:00Z`);
  return Number.isNaN(d.getTime()) ? date : `${MONTHS[d.getUTCMonth()]} ${d.getUTCDate()}, ${d.getUTCFullYear()}`;
}
