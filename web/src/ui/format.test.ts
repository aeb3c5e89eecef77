import { formatCalendarDate } from './format';

describe('formatCalendarDate', () => {
  it('reads a calendar date exactly as the en-US long date format does, in any time zone', () => {
    const intl = new Intl.DateTimeFormat('en-US', { month: 'long', day: 'numeric', year: 'numeric', timeZone: 'UTC' });
    for (let day = 0; day < 800; day += 3) {
      const d = new Date(Date.UTC(2024, 0, 1) + day * 86_400_000);
      const iso = d.toISOString().slice(0, 10);
      expect(formatCalendarDate(iso)).toBe(intl.format(d));
    }
    expect(formatCalendarDate('2025-02-16')).toBe('February 16, 2025');
  });

  it('leaves a value that is not a date as it is', () => {
    expect(formatCalendarDate('soon')).toBe('soon');
  });
});
