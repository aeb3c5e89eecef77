import { balanceDueDate, computeDueNow, computeTotalCents, installmentCount, POLICY } from './policy';
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
    // Close or past: never fewer than 3.
    expect(installmentCount('2026-03-01', now)).toBe(3);
    expect(installmentCount('2026-02-02', new Date('2026-11-21T00:00:00Z'))).toBe(3);
    // Odd totals round the first installment up, so N installments always cover the total.
    expect(computeDueNow(1000_01, 'payment_plan', '2026-03-01', now).dueNowCents * 3).toBeGreaterThanOrEqual(1000_01);
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
