import { isFillingFast, listedDates, seasonOf, spansYears, type SeasonRun } from './season';

const run = (startDate: string, over: Partial<SeasonRun> = {}): SeasonRun => ({ startDate, hasStarted: false, cancelled: false, availableSpots: 12, capacity: 12, ...over });

describe('season', () => {
  it('late in 2026 with 2027 on sale: both years, counting only what can be booked', () => {
    const s = seasonOf([
      run('2026-04-13', { hasStarted: true }),
      run('2026-12-07', { availableSpots: 0 }),
      run('2027-02-02', { cancelled: true }),
      run('2027-04-13'),
      run('2027-07-20', { availableSpots: 3 }),
    ]);
    expect(s).toEqual({ years: [2026, 2027], label: '2026-2027', bookableCount: 2, onSaleCount: 3 });
  });

  it('names one year when the runs on sale are of one year, and none when nothing is on sale', () => {
    expect(seasonOf([run('2026-04-13', { hasStarted: true }), run('2027-04-13')]).label).toBe('2027');
    expect(seasonOf([run('2026-04-13', { hasStarted: true })])).toEqual({ years: [], label: null, bookableCount: 0, onSaleCount: 0 });
  });

  it('is filling fast with 4 spots or fewer left or half the places taken, never when full, sold out, started or cancelled', () => {
    expect(isFillingFast(run('2027-04-13', { availableSpots: 12 }))).toBe(false);
    expect(isFillingFast(run('2027-04-13', { availableSpots: 7 }))).toBe(false);
    expect(isFillingFast(run('2027-04-13', { availableSpots: 6 }))).toBe(true);
    expect(isFillingFast(run('2027-04-13', { availableSpots: 4, capacity: 20 }))).toBe(true);
    expect(isFillingFast(run('2027-04-13', { availableSpots: 0 }))).toBe(false);
    expect(isFillingFast(run('2027-04-13', { availableSpots: 2, hasStarted: true }))).toBe(false);
    expect(isFillingFast(run('2027-04-13', { availableSpots: 2, cancelled: true }))).toBe(false);
  });

  it('shows the years of listed dates only when the runs span two years', () => {
    expect(spansYears([run('2026-04-13'), run('2027-04-13')])).toBe(true);
    expect(spansYears([run('2026-04-13'), run('2026-12-07')])).toBe(false);
    expect(listedDates('Apr 13-18, 2027', false)).toBe('Apr 13-18');
    expect(listedDates('Apr 13-18, 2027', true)).toBe('Apr 13-18, 2027');
    expect(listedDates('Dec 29, 2026 - Jan 3, 2027', false)).toBe('Dec 29, 2026 - Jan 3, 2027');
  });
});
