import { formatCents } from 'api/shared/money';
import { cancellationQuote, cancellationRefund, POLICY, transferSettlement } from 'api/shared/policy';
import { GIFT_CARD_RULES } from 'api/shared/gift-cards';

/**
 * Sentences and table rows derived from POLICY, shared by the FAQ, the terms
 * and the cancellation policy so that no page can contradict another.
 */

export interface PolicyRow {
  /** "90 or more days", "60-89 days", "Less than 30 days". */
  window: string;
  /** What the participant gets or pays in that window. */
  outcome: string;
}

/** Day windows of tiers ordered by descending `minDaysBefore`. */
function windows(mins: readonly number[]): string[] {
  return mins.map((min, i) => {
    if (i === 0) return `${min} or more days`;
    const upper = mins[i - 1] - 1;
    if (min === 0) return `Less than ${mins[i - 1]} days`;
    return `${min}-${upper} days`;
  });
}

function refundOutcome(refundPercent: number, feeCents: number): string {
  if (refundPercent <= 0) return 'No refund';
  const base = refundPercent === 100 ? 'Full refund' : `${refundPercent}% refund`;
  return feeCents > 0 ? `${base} minus a ${formatCents(feeCents)} administration fee` : base;
}

/** Cancellation by the participant, one row per tier. */
export const CANCELLATION_ROWS: PolicyRow[] = (() => {
  const labels = windows(POLICY.cancellationTiers.map((t) => t.minDaysBefore));
  return POLICY.cancellationTiers.map((t, i) => ({ window: labels[i], outcome: refundOutcome(t.refundPercent, t.feeCents) }));
})();

/** Transfer of a booking to another person or another workshop, one row per tier. */
export const TRANSFER_ROWS: PolicyRow[] = (() => {
  const labels = windows(POLICY.transferTiers.map((t) => t.minDaysBefore));
  return POLICY.transferTiers.map((t, i) => ({
    window: labels[i],
    outcome: !t.allowed ? 'Transfers not available' : t.feeCents > 0 ? `${formatCents(t.feeCents)} transfer fee` : 'Free transfer',
  }));
})();

/** "90 or more days before the start: full refund minus a $200 administration fee; 60-89 days: 50% refund; ..." */
export function rowsSentence(rows: PolicyRow[]): string {
  return rows.map((r, i) => `${r.window}${i === 0 ? ' before the start' : ''}: ${lowerFirst(r.outcome)}`).join('; ');
}

const lowerFirst = (s: string) => s.charAt(0).toLowerCase() + s.slice(1);

export const DEPOSIT = `${POLICY.depositPercent}%`;
export const SPOUSE_RATE = `${POLICY.spousePercent}%`;
export const INSTALLMENTS = `${POLICY.minInstallments}-${POLICY.maxInstallments} monthly installments`;
export const BALANCE_DUE = `${POLICY.balanceDueDaysBefore} days before the workshop starts`;
export const REFUND_TIME = `${POLICY.refundBusinessDays} business days`;
export const PROCESSING_TIME = `${POLICY.cancellationProcessingBusinessDays} business days`;
export const DEFAULT_SUPPLEMENT = formatCents(POLICY.defaultPrivateRoomSupplementCents);
/** "half price" reads better than "50%" in marketing copy, and stays true only while the rate is 50. */
export const SPOUSE_PRICE_PHRASE = POLICY.spousePercent === 50 ? 'half price' : `${POLICY.spousePercent}% of the price`;

/** The page copy is written for the policy's date, October 2025. */
export const LEGAL_LAST_UPDATED = 'October 2025';

/**
 * A worked example of the refund rule, computed by the same function that
 * quotes and makes refunds (shared/policy.ts cancellationQuote): the pages can
 * never describe a refund the site would not give.
 */
export const REFUND_EXAMPLE: string = (() => {
  const at = new Date('2026-01-01T12:00:00Z');
  const start = (days: number) => new Date(at.getTime() + days * 86_400_000).toISOString().slice(0, 10);
  const deposit = 1500_00;
  const full = 5000_00;
  const a = cancellationQuote(start(75), at, deposit);
  const b = cancellationQuote(start(100), at, full);
  return `For example, with a ${formatCents(deposit)} deposit paid, cancelling 75 days before the start returns ${formatCents(a.refundCents)}; with ${formatCents(full)} paid in full, cancelling 100 days before returns ${formatCents(b.refundCents)}.`;
})();

/**
 * Which tier applies after a transfer (docs/decisions/066), in the words of
 * shared/policy.ts cancellationRefund and transferSettlement.
 */
export const TRANSFER_AFTER_RULE =
  'After a transfer, the tiers above apply to the new workshop\'s dates and to what you have paid toward the price (transfer fees are kept and never refunded), ' +
  'and a later cancellation never returns more than cancelling your original booking would have on the day of the transfer, minus what the transfer refunded and its fee, plus what you pay after the transfer.';

/** The money of a transfer in words: the difference, its cap and the balance window. */
export const TRANSFER_MONEY_RULE =
  `When you move to a workshop with a different price, you pay the difference, or we refund it at once, but never more than cancelling that day would return (minus any transfer fee): the rest is kept under this policy. ` +
  `A workshop less than ${POLICY.balanceDueDaysBefore} days from its start (its balance is due) takes your booking only when nothing would be left to pay, and a cancelled workshop takes no transfers.`;

/**
 * A worked example of the transfer rule, computed by the functions that move
 * the money and quote the refunds: the page cannot promise more than the site gives.
 */
export const TRANSFER_EXAMPLE: string = (() => {
  const at = new Date('2026-01-01T12:00:00Z');
  const start = (days: number) => new Date(at.getTime() + days * 86_400_000).toISOString().slice(0, 10);
  const paid = 3000_00;
  const money = { netPaidCents: paid, feeCents: 0, refundCapCents: null, refundCapPaidCents: null };
  const after = (s: ReturnType<typeof transferSettlement>, extraPaid = 0) => ({
    netPaidCents: paid - s.refundNowCents + extraPaid,
    feeCents: s.feesAfterCents,
    refundCapCents: s.refundCapCents,
    refundCapPaidCents: s.refundCapPaidCents,
  });
  const a = transferSettlement({ startDate: start(65) }, at, money, 1000_00);
  const aLater = cancellationRefund(start(200), at, after(a)).refundCents;
  const b = transferSettlement({ startDate: start(40) }, at, money, paid);
  const bLater = cancellationRefund(start(200), at, after(b)).refundCents;
  const bPaid = cancellationRefund(start(200), at, after(b, b.balanceCents)).refundCents;
  return (
    `For example, with ${formatCents(paid)} paid, moving 65 days before the start to a ${formatCents(1000_00)} workshop refunds ${formatCents(a.refundNowCents)} at once (${formatCents(a.keptCents)} is kept) and cancelling afterwards returns ${aLater ? formatCents(aLater) : 'nothing more'}; ` +
    `moving 40 days before the start to a workshop of the same price costs the ${formatCents(b.transferFeeCents)} fee, and cancelling afterwards returns ${formatCents(bLater)} (${formatCents(bPaid)} once the fee is paid), never the fee.`
  );
})();

/** What a credit is (docs/decisions/095): a balance like a gift card's, spent in parts, valid five years. */
export const CREDIT_RULE = `A credit is a balance valid for ${GIFT_CARD_RULES.validYears} years: use it when you book or to pay a booking's balance or installments, in as many parts as you like.`;
