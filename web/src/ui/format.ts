const longDate = new Intl.DateTimeFormat('en-US', { month: 'long', day: 'numeric', year: 'numeric', timeZone: 'UTC' });

/** A calendar date (YYYY-MM-DD) as "February 16, 2025", independent of the viewer's time zone. */
export function formatCalendarDate(date: string): string {
  const d = new Date(`${date}T00:00:00Z`);
  return Number.isNaN(d.getTime()) ? date : longDate.format(d);
}
