import { freeRunId, nextRunBase, nextRunDates } from './next-run';

describe('the next run of a workshop', () => {
  it('is a year later, the same length; Feb 29 becomes Feb 28', () => {
    expect(nextRunDates({ startDate: '2026-04-13', endDate: '2026-04-18' })).toEqual({ startDate: '2027-04-13', endDate: '2027-04-18', year: 2027 });
    expect(nextRunDates({ startDate: '2028-02-29', endDate: '2028-03-03' })).toEqual({ startDate: '2029-02-28', endDate: '2029-03-03', year: 2029 });
    expect(nextRunDates({ startDate: '2026-12-29', endDate: '2027-01-03' })).toEqual({ startDate: '2027-12-29', endDate: '2028-01-03', year: 2027 });
  });

  it('takes the source id without its year or counter, with the new year', () => {
    expect(nextRunBase('zion-canyon-light', 2027)).toBe('zion-canyon-light-2027');
    expect(nextRunBase('zion-canyon-light-2026', 2027)).toBe('zion-canyon-light-2027');
    expect(nextRunBase('zion-canyon-light-2026-3', 2027)).toBe('zion-canyon-light-2027');
    const long = nextRunBase(`${'a'.repeat(70)}`, 2027);
    expect(long.length).toBeLessThanOrEqual(61);
    expect(long.endsWith('-2027')).toBe(true);
  });

  it('proposes the first id that is free', () => {
    expect(freeRunId('zion-canyon-light', 2027, new Set())).toBe('zion-canyon-light-2027');
    expect(freeRunId('zion-canyon-light', 2027, new Set(['zion-canyon-light-2027']))).toBe('zion-canyon-light-2027-2');
    expect(freeRunId('zion-canyon-light-2026', 2027, new Set(['zion-canyon-light-2027', 'zion-canyon-light-2027-2', 'zion-canyon-light-2027-4']))).toBe('zion-canyon-light-2027-3');
  });
});
