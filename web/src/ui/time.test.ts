import { formatExactTime, formatRelativeTime } from './time';

describe('formatRelativeTime', () => {
  const now = new Date('2026-03-10T12:00:00.000Z');
  const ago = (seconds: number) => new Date(now.getTime() - seconds * 1000);

  it.each([
    [0, 'just now'],
    [44, 'just now'],
    [50, '1 minute ago'],
    [5 * 60, '5 minutes ago'],
    [3600, '1 hour ago'],
    [5 * 3600, '5 hours ago'],
    [24 * 3600, 'yesterday'],
    [3 * 24 * 3600, '3 days ago'],
    [14 * 24 * 3600, '2 weeks ago'],
    [65 * 24 * 3600, '2 months ago'],
    [800 * 24 * 3600, '2 years ago'],
  ])('%i seconds ago reads "%s"', (seconds, text) => {
    expect(formatRelativeTime(ago(seconds), now)).toBe(text);
  });

  it('reads a time slightly ahead of the local clock as just now', () => {
    expect(formatRelativeTime(new Date(now.getTime() + 90_000), now)).toBe('just now');
  });
});

describe('formatExactTime', () => {
  it('gives the date, the time and the zone', () => {
    expect(formatExactTime(new Date('2026-03-01T12:00:00.000Z'))).toMatch(/Mar 1, 2026.*\d{1,2}:\d\d\s?[AP]M/);
  });
});
