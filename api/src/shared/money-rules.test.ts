import { isOpenInstallment, OPEN_INSTALLMENT_STATES } from './booking-status';
import { netReceivedCents } from './money';
import { lastRefundingTierDays, POLICY, transferClosesDaysBefore, transferQuote } from './policy';

describe('the money rules read in one place (issue 22 item 5)', () => {
  it('the transfer window closes where POLICY.transferTiers stops allowing transfers', () => {
    expect(transferClosesDaysBefore()).toBe(30);
    const start = '2026-09-30';
    const at = (daysBefore: number) => new Date(Date.parse(`${start}T12:00:00Z`) - daysBefore * 86_400_000);
    expect(transferQuote(start, at(transferClosesDaysBefore())).allowed).toBe(true);
    expect(transferQuote(start, at(transferClosesDaysBefore() - 1)).allowed).toBe(false);
  });

  it('a cancellation refunds nothing below the last refunding tier, found by its refund and not by its index', () => {
    expect(lastRefundingTierDays()).toBe(30);
    const tier = POLICY.cancellationTiers.find((t) => t.minDaysBefore === lastRefundingTierDays())!;
    expect(tier.refundPercent).toBeGreaterThan(0);
    expect(POLICY.cancellationTiers.filter((t) => t.minDaysBefore < lastRefundingTierDays()).every((t) => t.refundPercent === 0)).toBe(true);
  });

  it('an open installment is a scheduled or failed one', () => {
    expect(OPEN_INSTALLMENT_STATES).toEqual(['scheduled', 'failed']);
    expect(['scheduled', 'failed', 'paid', 'cancelled'].map((state) => isOpenInstallment({ state }))).toEqual([true, true, false, false]);
  });

  it('net received is paid minus refunded', () => {
    expect(netReceivedCents({ amountPaidCents: 150_00, amountRefundedCents: 40_00 })).toBe(110_00);
  });
});
