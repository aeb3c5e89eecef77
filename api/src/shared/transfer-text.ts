/**
 * The sentences of a transfer quote (docs/decisions/066): what moves (refund
 * now, overpayment kept, fee, new balance and its due date), what cancelling
 * afterwards returns today, and the destination's windows. The manage page
 * shows them before the customer confirms and the transfer mail repeats them,
 * from the numbers shared/policy.ts transferSettlement and cancellationRefund
 * computed: one text, the same figures as the money moved.
 * Isomorphic: imported by the api and its mail templates.
 */
import { formatCents } from './money';
import { addDays, formatIsoDate, lastRefundingTierDays, POLICY } from './policy';

export interface TransferTextInput {
  /** The workshop left and the one moved to. */
  fromName: string;
  toName: string;
  /** YYYY-MM-DD, the destination's first day, and today in its time zone. */
  toStartDate: string;
  today: string;
  transferFeeCents: number;
  refundNowCents: number;
  keptCents: number;
  /** What cancelling the booking returned today, before the move. */
  cancelBeforeCents: number;
  balanceCents: number;
  /** When the balance is due (the next installment for a plan); null when nothing is left to pay. */
  balanceDueDate: string | null;
  /** What cancelling right after the move returns today. */
  cancelAfterCents: number;
}

/** What moves, in the order it happens. */
export function transferMoneySentences(t: TransferTextInput): string[] {
  const lines: string[] = [];
  if (t.transferFeeCents > 0) lines.push(`A transfer fee of ${formatCents(t.transferFeeCents)} applies; it is kept, also if you cancel later.`);
  lines.push(t.refundNowCents > 0 ? `${formatCents(t.refundNowCents)} is refunded to your card now.` : 'Nothing is refunded now.');
  if (t.keptCents > 0) {
    lines.push(
      `${formatCents(t.keptCents)} of what you paid above the new price is kept under our cancellation policy: a transfer never returns more than cancelling today would (${formatCents(t.cancelBeforeCents)}${t.transferFeeCents ? ', minus the transfer fee' : ''}).`,
    );
  }
  lines.push(t.balanceCents > 0 && t.balanceDueDate ? `${formatCents(t.balanceCents)} is left to pay, due by ${formatIsoDate(t.balanceDueDate)}.` : 'Nothing is left to pay.');
  return lines;
}

/** What cancelling after the move gives, and the destination's transfer, balance and refund dates still ahead. */
export function transferWindowSentences(t: TransferTextInput): string[] {
  const lines = [
    `If you cancel after the transfer, you get ${formatCents(t.cancelAfterCents)} back today (cancelling now, before it, returns ${formatCents(t.cancelBeforeCents)}). From then on the cancellation tiers of ${t.toName} apply to what you paid toward the price, never returning more than ${t.fromName} would have today${t.transferFeeCents ? ' minus the transfer fee' : ''} plus what you pay later.`,
  ];
  const dates: string[] = [];
  const transfers: string[] = [];
  for (const tier of POLICY.transferTiers) {
    const lastDay = addDays(t.toStartDate, -tier.minDaysBefore);
    if (!tier.allowed || lastDay < t.today) continue;
    transfers.push(`${tier.feeCents ? `with a ${formatCents(tier.feeCents)} fee` : 'free'} until ${formatIsoDate(lastDay)}`);
  }
  dates.push(transfers.length ? `another transfer is possible ${transfers.join(', then ')}` : 'it is too close to its start for another transfer');
  for (const [i, tier] of POLICY.cancellationTiers.entries()) {
    const next = POLICY.cancellationTiers[i + 1];
    if (!next) break;
    const lastDay = addDays(t.toStartDate, -tier.minDaysBefore);
    if (lastDay < t.today) continue;
    dates.push(`a cancellation refunds ${tier.refundPercent}%${tier.feeCents ? ` minus ${formatCents(tier.feeCents)}` : ''} until ${formatIsoDate(lastDay)}`);
  }
  const zero = lastRefundingTierDays();
  dates.push(addDays(t.toStartDate, -zero) < t.today ? 'a cancellation refunds nothing' : `nothing from ${formatIsoDate(addDays(t.toStartDate, -zero + 1))}`);
  lines.push(`On ${t.toName}: ${dates.join('; ')}.`);
  return lines;
}
