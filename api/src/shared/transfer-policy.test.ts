import { cancellationQuote, cancellationRefund, type BookingMoney, transferSettlement } from './policy';

/**
 * Issue 21, finding 2: a transfer never undoes the cancellation policy
 * (docs/decisions/066). cancellationRefund is the one function that says what a
 * cancellation returns, before and after a transfer; transferSettlement says
 * what a transfer moves and fixes the cap a later cancellation obeys.
 */
const now = new Date('2026-01-15T12:00:00Z');
const start = (days: number) => new Date(now.getTime() + days * 86_400_000).toISOString().slice(0, 10);
const fresh = (netPaidCents: number, feeCents = 0): BookingMoney => ({ netPaidCents, feeCents, refundCapCents: null, refundCapPaidCents: null });
const at = (days: number) => ({ startDate: start(days), timeZone: 'UTC' });
/** The booking's money after the settlement (refund made, fees and cap written). */
const after = (money: BookingMoney, s: ReturnType<typeof transferSettlement>): BookingMoney => ({
  netPaidCents: money.netPaidCents - s.refundNowCents,
  feeCents: s.feesAfterCents,
  refundCapCents: s.refundCapCents,
  refundCapPaidCents: s.refundCapPaidCents,
});

describe('cancellationRefund without a transfer is the tier of what was paid', () => {
  it.each([
    [120, 3000_00, 2800_00],
    [75, 3000_00, 1500_00],
    [45, 3000_00, 750_00],
    [20, 3000_00, 0],
  ])('%i days before, %i cents paid → %i back', (days, paid, refund) => {
    const q = cancellationRefund(start(days), now, fresh(paid));
    expect(q.refundCents).toBe(refund);
    expect(q.refundCents).toBe(cancellationQuote(start(days), now, paid).refundCents);
    expect(q.paidCents).toBe(paid);
    expect(q.keptCents).toBe(paid - refund);
  });

  it('fees kept (a transfer fee) are never part of "paid" for a refund', () => {
    // 3,500 received of which 500 is a fee: 100% of 3,000 minus the 200 cancellation fee.
    expect(cancellationRefund(start(120), now, fresh(3500_00, 500_00)).refundCents).toBe(2800_00);
    expect(cancellationRefund(start(120), now, fresh(400_00, 500_00)).refundCents).toBe(0);
  });
});

describe('transferSettlement + a later cancellation never return more than cancelling on the day of the transfer', () => {
  it('the owner\'s case: $3,000 paid at 65 days, moved to a $1,000 workshop, then cancelled: $1,500 back in all, not $2,800', () => {
    const money = fresh(3000_00);
    const s = transferSettlement(at(65), now, money, 1000_00);
    expect(s).toMatchObject({ transferFeeCents: 0, refundNowCents: 1500_00, keptCents: 500_00, balanceCents: 0, feesAfterCents: 500_00, refundCapCents: 0 });
    // Cancelled the same day, or later at any tier of the destination: nothing more.
    for (const days of [200, 95, 70, 40, 10]) expect(cancellationRefund(start(days), now, after(money, s)).refundCents).toBe(0);
  });

  it.each([
    // days before the original start, its tier, the price moved to
    [120, 2800_00, 1000_00], // 100% minus the $200 fee
    [100, 2800_00, 2900_00],
    [75, 1500_00, 1000_00], // 50%
    [65, 1500_00, 2000_00],
    [45, 750_00, 1000_00], // 25%, $500 transfer fee
    [35, 750_00, 3000_00],
  ])('at %i days (cancelling returns %i), moved to a %i-cent workshop: the two refunds together stay within it and the fee stays kept', (days, cancelToday, newPrice) => {
    const money = fresh(3000_00);
    expect(cancellationRefund(start(days), now, money).refundCents).toBe(cancelToday);
    const s = transferSettlement(at(days), now, money, newPrice);
    const moved = after(money, s);
    for (const destDays of [200, 91, 75, 45, 10]) {
      const later = cancellationRefund(start(destDays), now, moved).refundCents;
      // Never more than cancelling the original that day, minus the transfer fee (kept on top).
      expect(s.refundNowCents + later).toBeLessThanOrEqual(Math.max(0, cancelToday - s.transferFeeCents));
    }
    // What moves adds up: paid = refund now + new total + fees - balance.
    expect(money.netPaidCents).toBe(s.refundNowCents + newPrice + s.feesAfterCents - s.balanceCents);
  });

  it('at 40 days the $500 fee is charged and a later cancellation never refunds it, paid or not', () => {
    const money = fresh(3000_00);
    const s = transferSettlement(at(40), now, money, 3000_00);
    expect(s).toMatchObject({ transferFeeCents: 500_00, refundNowCents: 0, keptCents: 0, balanceCents: 500_00, feesAfterCents: 500_00, refundCapCents: 250_00 });
    const moved = after(money, s);
    // Cancelling the original at 40 days: 750 back, 2,250 kept. After the move the fee is kept on top.
    expect(cancellationRefund(start(120), now, moved)).toMatchObject({ refundCents: 250_00, keptCents: 2750_00 });
    // The fee paid afterwards does not come back either.
    const feePaid = { ...moved, netPaidCents: moved.netPaidCents + 500_00 };
    expect(cancellationRefund(start(120), now, feePaid)).toMatchObject({ refundCents: 750_00, keptCents: 2750_00 });
  });

  it('money paid after the transfer follows the destination\'s tier (a deposit moved to a dearer workshop, the balance paid later)', () => {
    const money = fresh(900_00);
    const s = transferSettlement(at(100), now, money, 4000_00);
    expect(s).toMatchObject({ refundNowCents: 0, balanceCents: 3100_00, refundCapCents: 700_00, refundCapPaidCents: 900_00 });
    const paid = { ...after(money, s), netPaidCents: 4000_00 };
    expect(cancellationRefund(start(140), now, paid).refundCents).toBe(3800_00); // 100% of 4,000 minus 200
    expect(cancellationRefund(start(70), now, paid).refundCents).toBe(2000_00); // 50%
    expect(cancellationRefund(start(45), now, paid).refundCents).toBe(1000_00); // 25%
    expect(cancellationRefund(start(10), now, paid).refundCents).toBe(0);
  });

  it('a second transfer obeys the cap of the first', () => {
    const money = fresh(3000_00);
    const first = after(money, transferSettlement(at(70), now, money, 2000_00)); // 1,000 back, cap 500
    expect(first.refundCapCents).toBe(500_00);
    const s2 = transferSettlement(at(65), now, first, 1000_00);
    expect(s2.refundNowCents).toBe(500_00);
    expect(cancellationRefund(start(200), now, after(first, s2)).refundCents).toBe(0);
  });

  it('a refund the admin makes after the transfer counts toward the cap', () => {
    const money = fresh(3000_00);
    const moved = after(money, transferSettlement(at(75), now, money, 2000_00)); // 1,000 back, cap 500
    expect(cancellationRefund(start(200), now, { ...moved, netPaidCents: moved.netPaidCents - 300_00 }).refundCents).toBe(200_00);
  });
});
