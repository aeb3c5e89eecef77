import { addDays, daysBetween, daysUntilStart, formatDateRange, hasStarted, isCalendarDate, isTimeZone, runLabel, startOfDayIn, todayIn } from './dates';
import { hasEnded, isBoardOpen, nextCalendarChange, upcomingFirst } from './workshop-calendar';
import { paymentOptionChangeDates, paymentOptionsFor } from './policy';

describe('calendar dates', () => {
  it('formats ranges (unchanged)', () => {
    expect(formatDateRange('2026-05-14', '2026-05-19')).toBe('May 14-19, 2026');
  });

  it('names a run with its dates, from a range or from the api\'s dates text (the admin tells runs apart so)', () => {
    const name = 'Zion Canyon Light & Slot Canyons';
    expect(runLabel({ name, startDate: '2027-04-13', endDate: '2027-04-18' })).toBe('Zion Canyon Light & Slot Canyons, Apr 13-18, 2027');
    expect(runLabel({ name, startDate: '2026-04-13', endDate: '2026-04-18' })).toBe('Zion Canyon Light & Slot Canyons, Apr 13-18, 2026');
    expect(runLabel({ name, dates: 'Dec 29, 2026 - Jan 3, 2027' })).toBe('Zion Canyon Light & Slot Canyons, Dec 29, 2026 - Jan 3, 2027');
  });

  it('counts calendar days, across months, years and DST changes', () => {
    expect(daysBetween('2026-03-07', '2026-03-09')).toBe(2);
    expect(daysBetween('2026-12-31', '2027-01-01')).toBe(1);
    expect(daysBetween('2026-04-13', '2026-04-13')).toBe(0);
    expect(addDays('2026-02-28', 1)).toBe('2026-03-01');
    expect(addDays('2028-02-28', 1)).toBe('2028-02-29');
    expect(addDays('2026-01-05', -10)).toBe('2025-12-26');
  });

  it('knows today in a time zone, not in UTC', () => {
    const t = new Date('2026-04-13T05:30:00Z');
    expect(todayIn('UTC', t)).toBe('2026-04-13');
    expect(todayIn('America/Denver', t)).toBe('2026-04-12');
    expect(todayIn('Pacific/Honolulu', t)).toBe('2026-04-12');
    expect(todayIn('Asia/Tokyo', t)).toBe('2026-04-13');
  });

  it('daysUntilStart: 1 the day before, 0 on the first day, negative after, in the workshop zone', () => {
    expect(daysUntilStart('2026-04-13', 'America/Denver', new Date('2026-04-13T05:59:59Z'))).toBe(1);
    expect(daysUntilStart('2026-04-13', 'America/Denver', new Date('2026-04-13T06:00:00Z'))).toBe(0);
    expect(daysUntilStart('2026-04-13', 'America/Denver', new Date('2026-05-13T06:00:00Z'))).toBe(-30);
    expect(daysUntilStart('2026-12-07', 'America/New_York', new Date('2026-11-23T12:00:00Z'))).toBe(14);
    expect(hasStarted({ startDate: '2026-04-13', timeZone: 'America/Denver' }, new Date('2026-04-13T05:59:59Z'))).toBe(false);
    expect(hasStarted({ startDate: '2026-04-13', timeZone: 'America/Denver' }, new Date('2026-04-13T06:00:00Z'))).toBe(true);
  });

  it('startOfDayIn agrees with hasStarted, also on days the clocks change', () => {
    const cases: Array<[string, string, string]> = [
      ['2026-04-13', 'America/Denver', '2026-04-13T06:00:00.000Z'],
      ['2026-03-08', 'America/New_York', '2026-03-08T05:00:00.000Z'], // DST begins at 2:00 that day
      ['2026-11-01', 'America/New_York', '2026-11-01T04:00:00.000Z'], // DST ends at 2:00 that day
      ['2026-07-20', 'America/Anchorage', '2026-07-20T08:00:00.000Z'],
      ['2026-08-03', 'America/Phoenix', '2026-08-03T07:00:00.000Z'],
      ['2026-06-01', 'Pacific/Honolulu', '2026-06-01T10:00:00.000Z'],
    ];
    for (const [date, zone, iso] of cases) {
      const t = startOfDayIn(date, zone);
      expect(new Date(t).toISOString()).toBe(iso);
      expect(hasStarted({ startDate: date, timeZone: zone }, new Date(t - 1))).toBe(false);
      expect(hasStarted({ startDate: date, timeZone: zone }, new Date(t))).toBe(true);
    }
  });

  it('validates dates and time zones', () => {
    expect(isCalendarDate('2026-02-28')).toBe(true);
    expect(isCalendarDate('2026-02-29')).toBe(false);
    expect(isCalendarDate('2026-2-28')).toBe(false);
    expect(isCalendarDate(20260228)).toBe(false);
    expect(isTimeZone('America/Denver')).toBe(true);
    expect(isTimeZone('UTC')).toBe(true);
    expect(isTimeZone('Mars/Olympus')).toBe(false);
    expect(isTimeZone('America/Denver; DROP TABLE')).toBe(false);
    expect(isTimeZone('')).toBe(false);
  });
});

describe('workshop calendar rules', () => {
  const zion = { id: 'zion', startDate: '2026-04-13', endDate: '2026-04-18', timeZone: 'America/Denver' };
  const nyc = { id: 'nyc', startDate: '2026-04-24', endDate: '2026-04-27', timeZone: 'America/New_York' };
  const yellowstone = { id: 'yellowstone', startDate: '2026-02-02', endDate: '2026-02-07', timeZone: 'America/Denver' };

  it('boards take messages until 30 days after the last day', () => {
    expect(isBoardOpen(zion, new Date('2026-05-19T05:59:59Z'))).toBe(true);
    expect(isBoardOpen(zion, new Date('2026-05-19T06:00:00Z'))).toBe(false);
  });

  it('orders upcoming workshops first, then past ones, most recent first', () => {
    expect(upcomingFirst([yellowstone, nyc, zion], new Date('2026-04-20T12:00:00Z')).map((w) => w.id)).toEqual(['nyc', 'zion', 'yellowstone']);
    expect(upcomingFirst([nyc, zion, yellowstone], new Date('2026-01-01T12:00:00Z')).map((w) => w.id)).toEqual(['yellowstone', 'zion', 'nyc']);
  });

  it('a workshop is under way from its first day to its last, and has taken place from the day after', () => {
    expect(hasStarted(zion, new Date('2026-04-13T06:00:00Z')) && !hasEnded(zion, new Date('2026-04-13T06:00:00Z'))).toBe(true);
    expect(hasEnded(zion, new Date('2026-04-19T05:59:59Z'))).toBe(false);
    expect(hasEnded(zion, new Date('2026-04-19T06:00:00Z'))).toBe(true);
    expect(hasEnded(zion, new Date('2026-04-01T00:00:00Z'))).toBe(false);
  });

  it('the next change is the next start, end or board closing', () => {
    expect(new Date(nextCalendarChange([zion, nyc], new Date('2026-04-01T00:00:00Z'))).toISOString()).toBe('2026-04-13T06:00:00.000Z');
    expect(new Date(nextCalendarChange([zion], new Date('2026-04-13T06:00:00Z'))).toISOString()).toBe('2026-04-19T06:00:00.000Z');
    expect(new Date(nextCalendarChange([zion], new Date('2026-04-19T06:00:00Z'))).toISOString()).toBe('2026-05-19T06:00:00.000Z');
    expect(nextCalendarChange([zion], new Date('2027-01-01T00:00:00Z'))).toBe(Infinity);
  });

  it('the payment options a workshop offers change at the start of a day too: the plan closes, then the deposit (issue 21)', () => {
    // Zion starts 2026-04-13 (Denver): balance due 2026-02-12; 3 monthly installments fit up to 2025-12-12.
    expect(new Date(nextCalendarChange([zion], new Date('2025-12-01T00:00:00Z'))).toISOString()).toBe('2025-12-13T07:00:00.000Z');
    expect(new Date(nextCalendarChange([zion], new Date('2025-12-13T07:00:00Z'))).toISOString()).toBe('2026-02-12T07:00:00.000Z');
    expect(new Date(nextCalendarChange([zion], new Date('2026-02-12T07:00:00Z'))).toISOString()).toBe('2026-04-13T06:00:00.000Z');
    // Each instant is exactly where paymentOptionsFor changes its answer.
    const offered = (iso: string) => paymentOptionsFor(zion.startDate, new Date(iso), zion.timeZone).filter((o) => o.available).map((o) => o.option);
    expect(offered('2025-12-13T06:59:59Z')).toEqual(['full', 'deposit', 'payment_plan']);
    expect(offered('2025-12-13T07:00:00Z')).toEqual(['full', 'deposit']);
    expect(offered('2026-02-12T06:59:59Z')).toEqual(['full', 'deposit']);
    expect(offered('2026-02-12T07:00:00Z')).toEqual(['full']);
  });

  it.each(['2027-02-28', '2027-03-31', '2027-04-30', '2027-05-01', '2028-04-30'])('the plan closes on the first day 3 installments no longer fit before the balance due date (start %s)', (startDate) => {
    const [close] = paymentOptionChangeDates(startDate);
    const planOn = (day: string) => paymentOptionsFor(startDate, new Date(`${day}T12:00:00Z`), 'UTC').find((o) => o.option === 'payment_plan')!.available;
    expect(planOn(close)).toBe(false);
    expect(planOn(addDays(close, -1))).toBe(true);
  });
});
