import { formatCents } from '../shared/money';
import { lastRefundingTierDays, transferClosesDaysBefore } from '../shared/policy';

/** The quote in one sentence (the manage page shows it above the confirm button). */
export function cancellationExplanation(days: number, percent: number, feeCents: number, paidCents: number, refundCents: number, keptFeesCents = 0, capCents: number | null = null): string {
  const when = days >= 0 ? `${days} days before the start` : 'after the start';
  if (percent === 0) return `Cancelling ${when} gives no refund under our cancellation policy (under ${lastRefundingTierDays()} days).`;
  const fee = feeCents ? ` minus the ${formatCents(feeCents)} cancellation fee` : '';
  const paid = keptFeesCents ? `the ${formatCents(paidCents)} you have paid toward the price (the ${formatCents(keptFeesCents)} of fees are kept)` : `the ${formatCents(paidCents)} you have paid`;
  const capped = capCents !== null && refundCents === capCents ? `, capped by your transfer at what cancelling your original booking returned that day` : '';
  return `Cancelling ${when} refunds ${percent}% of ${paid}${fee}${capped}: ${formatCents(refundCents)}.`;
}

/** "Transfers close N days before the start (D days to go)", N from POLICY.transferTiers (no full stop). */
export function transferClosedSentence(daysBeforeStart: number): string {
  return `Transfers close ${transferClosesDaysBefore()} days before the start (${daysBeforeStart} days to go)`;
}
