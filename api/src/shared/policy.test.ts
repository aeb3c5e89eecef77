import {
  addMonths,
  balanceDueDate,
  cancellationQuote,
  computeDueNow,
  computeTotalCents,
  daysBeforeStart,
  installmentCount,
  installmentSchedule,
  localDate,
  paymentOptionsFor,
  POLICY,
  transferQuote,
} from './policy';
import { centsToDollars, formatCents, formatDollars } from './money';
import { formatDateRange } from './dates';

const price = 2895_00;

describe('computeTotalCents (spec section 9)', () => {
  it.each([
    // participants, spouses, room, supplement, expected total
    [1, 0, 'shared', null, 2895_00],
    [2, 0, 'shared', null, 5790_00],
    [1, 1, 'shared', null, 2895_00 + 1447_50],
    [3, 4, 'shared', null, 3 * 2895_00 + 4 * 1447_50],
    [1, 0, 'private', null, 2895_00 + 500_00], // default supplement
    [1, 0, 'private', 800_00, 2895_00 + 800_00], // the workshop's own
    [2, 1, 'private', 650_00, 5790_00 + 1447_50 + 650_00],
    [12, 0, 'shared', 800_00, 12 * 2895_00], // supplement only for private rooms
  ] as const)('%i participant(s), %i spouse(s), %s room, supplement %p → %i cents', (n, s, room, supplement, expected) => {
    expect(computeTotalCents({ priceCents: price, privateRoomSupplementCents: supplement, numParticipants: n, numSpouses: s, roomType: room })).toBe(expected);
  });

  it('rounds half a price of odd cents once per spouse', () => {
    expect(computeTotalCents({ priceCents: 1001, numParticipants: 1, numSpouses: 2, roomType: 'shared' })).toBe(1001 + 2 * 501);
  });
});

describe('computeDueNow', () => {
  const now = new Date('2026-01-10T12:00:00Z');

  it('charges 30% now for a deposit, everything for full payment', () => {
    expect(computeDueNow(7737_50, 'deposit', '2026-07-20', now)).toEqual({ dueNowCents: 2321_25, installments: null });
    expect(computeDueNow(7737_50, 'full', '2026-07-20', now)).toEqual({ dueNowCents: 7737_50, installments: null });
    expect(POLICY.depositPercent).toBe(30);
  });

  it('charges the first of N equal monthly installments, as many as fit before the balance is due (3..6)', () => {
    // Balance due 60 days before 2026-07-20 = 2026-05-21: Jan, Feb, Mar, Apr, May → 5 installments.
    expect(balanceDueDate('2026-07-20')).toBe('2026-05-21');
    expect(installmentCount('2026-07-20', now)).toBe(5);
    expect(computeDueNow(6000_00, 'payment_plan', '2026-07-20', now)).toEqual({ dueNowCents: 1200_00, installments: 5 });
    // Far away: capped at 6.
    expect(installmentCount('2026-12-07', now)).toBe(6);
    // Fewer than 3 fit: no plan (it is not offered; asking for it throws).
    expect(installmentCount('2026-05-01', now)).toBeNull();
    expect(installmentCount('2026-02-02', new Date('2026-11-21T00:00:00Z'))).toBeNull();
    expect(() => computeDueNow(1000_00, 'payment_plan', '2026-05-01', now)).toThrow();
  });

  it('makes a schedule whose amounts add up to the total and whose last date is on or before the balance due date', () => {
    const schedule = installmentSchedule(1000_01, '2026-07-20', now)!;
    expect(schedule.map((i) => i.dueDate)).toEqual(['2026-01-10', '2026-02-10', '2026-03-10', '2026-04-10', '2026-05-10']);
    expect(schedule.reduce((sum, i) => sum + i.amountCents, 0)).toBe(1000_01);
    expect(schedule.every((i) => i.dueDate <= balanceDueDate('2026-07-20'))).toBe(true);
    // Exactly 3 fit when the third month lands on the due date.
    expect(installmentSchedule(900_00, '2026-05-11', now)!.map((i) => i.dueDate)).toEqual(['2026-01-10', '2026-02-10', '2026-03-10']);
    expect(installmentSchedule(900_00, '2026-05-08', now)).toBeNull();
  });

  it('adds months the way a calendar does (the 31st becomes the last day of a short month)', () => {
    expect(addMonths('2026-01-31', 1)).toBe('2026-02-28');
    expect(addMonths('2026-11-30', 3)).toBe('2027-02-28');
    expect(addMonths('2026-12-15', 1)).toBe('2027-01-15');
  });
});

describe('payment options offered (the balance window)', () => {
  const now = new Date('2026-01-10T12:00:00Z');
  const offered = (start: string) => Object.fromEntries(paymentOptionsFor(start, now).map((o) => [o.option, o.available]));

  it('120 days away: everything; 70 days: no plan; 30 days: full payment only', () => {
    expect(offered('2026-05-10')).toEqual({ full: true, deposit: true, payment_plan: true });
    expect(offered('2026-03-21')).toEqual({ full: true, deposit: true, payment_plan: false });
    expect(offered('2026-02-09')).toEqual({ full: true, deposit: false, payment_plan: false });
  });

  it('says why an option is missing', () => {
    const [, deposit, plan] = paymentOptionsFor('2026-02-09', now);
    expect(deposit.reason).toBe('The balance is due 60 days before the workshop starts (December 11, 2025), so the full price is paid at booking.');
    expect(plan.reason).toMatch(/at least 3 monthly installments/);
  });
});

describe('days before the start, in the workshop time zone', () => {
  it('counts calendar days from today where the workshop is', () => {
    // 03:00 UTC on Jan 10 is still Jan 9 in Denver.
    const at = new Date('2026-01-10T03:00:00Z');
    expect(localDate(at, 'America/Denver')).toBe('2026-01-09');
    expect(daysBeforeStart('2026-01-20', at, 'America/Denver')).toBe(11);
    expect(daysBeforeStart('2026-01-20', at, 'UTC')).toBe(10);
    expect(daysBeforeStart('2026-01-10', at, 'UTC')).toBe(0);
    expect(daysBeforeStart('2026-01-09', at, 'UTC')).toBe(-1);
  });
});

describe('cancellation and transfer quotes (one function for pages, quote and refund)', () => {
  const now = new Date('2026-01-10T12:00:00Z');
  const start = (days: number) => new Date(now.getTime() + days * 86_400_000).toISOString().slice(0, 10);

  it.each([
    [120, 5000_00, 4800_00],
    [90, 1500_00, 1300_00],
    [89, 1500_00, 750_00],
    [60, 5000_00, 2500_00],
    [59, 5000_00, 1250_00],
    [30, 4000_00, 1000_00],
    [29, 5000_00, 0],
    [95, 150_00, 0], // the fee is never more than what was paid
  ])('%i days before, %i cents paid → %i cents back', (days, paid, refund) => {
    const q = cancellationQuote(start(days), now, paid);
    expect(q.refundCents).toBe(refund);
    expect(q.keptCents).toBe(paid - refund);
    expect(q.daysBeforeStart).toBe(days);
  });

  it.each([
    [60, true, 0],
    [59, true, 500_00],
    [30, true, 500_00],
    [29, false, 0],
  ])('a transfer %i days before: allowed %s, fee %i cents', (days, allowed, fee) => {
    expect(transferQuote(start(days), now)).toEqual({ daysBeforeStart: days, allowed, feeCents: fee });
  });
});

describe('cancellation tiers (the policy pages show them)', () => {
  it.each([
    [120, 100, 200_00],
    [90, 100, 200_00],
    [89, 50, 0],
    [60, 50, 0],
    [59, 25, 0],
    [30, 25, 0],
    [29, 0, 0],
    [0, 0, 0],
  ])('%i days before → %i%% refund, fee %i cents', (days, percent, fee) => {
    const tier = POLICY.cancellationTiers.find((t) => days >= t.minDaysBefore)!;
    expect({ refundPercent: tier.refundPercent, feeCents: tier.feeCents }).toEqual({ refundPercent: percent, feeCents: fee });
  });
});

describe('money and dates', () => {
  it('formats cents as dollars at the edges only', () => {
    expect(centsToDollars(7737_50)).toBe(7737.5);
    expect(formatCents(2895_00)).toBe('$2,895');
    expect(formatCents(2321_25)).toBe('$2,321.25');
    expect(formatDollars(2321.25)).toBe('$2,321.25');
  });

  it('formats date ranges with the year', () => {
    expect(formatDateRange('2026-04-13', '2026-04-18')).toBe('Apr 13-18, 2026');
    expect(formatDateRange('2026-09-28', '2026-10-03')).toBe('Sep 28 - Oct 3, 2026');
    expect(formatDateRange('2026-12-29', '2027-01-03')).toBe('Dec 29, 2026 - Jan 3, 2027');
  });
});
