import { addMonths, balanceDueDate, type BookingMoney, cancellationRefund, daysBeforeStart, localDate, POLICY, transferSettlement, type TransferSettlement } from '../shared/policy';
import { formatCents, netReceivedCents } from '../shared/money';
import type { TransferTextInput } from '../shared/transfer-text';
import type { Booking } from '../booking/booking.entity';
import { priceOfBooking } from '../booking/booking-price';
import type { Workshop } from '../workshop/workshop.entity';

/** A booking's money as shared/policy.ts reads it. */
export function moneyOf(b: Pick<Booking, 'amountPaidCents' | 'amountRefundedCents' | 'feeCents' | 'refundCapCents' | 'refundCapPaidCents'>): BookingMoney {
  return {
    netPaidCents: netReceivedCents(b),
    feeCents: b.feeCents,
    refundCapCents: b.refundCapCents ?? null,
    refundCapPaidCents: b.refundCapPaidCents ?? null,
  };
}

/** Everything a transfer of `booking` from `from` to `target` would move today (docs/decisions/066). */
export interface TransferTerms {
  target: Workshop;
  newTotalCents: number;
  settlement: TransferSettlement;
  /** When the balance left is due (a plan's first new installment); null when nothing is left to pay. */
  dueDate: string | null;
  /** The sentences' figures (shared/transfer-text.ts): the manage page's quote and the mail. */
  text: TransferTextInput;
  /** Why the target is no destination; null when it is one (free spots are the claim's to decide). */
  problem: string | null;
}

/**
 * The one computation behind the transfer options, the transfer itself and its
 * mail: shared/policy.ts transferSettlement for the money, and the rules of a
 * destination: another workshop, not cancelled, not started or archived, and,
 * inside its balance window, only when nothing would be left to pay (a
 * transfer never creates a balance that is already due).
 */
export function transferTerms(booking: Booking, from: Workshop, target: Workshop, now: Date): TransferTerms {
  const newTotalCents = priceOfBooking(target, booking);
  const money = moneyOf(booking);
  const settlement = transferSettlement(from, now, money, newTotalCents);
  const today = localDate(now, target.timeZone);
  const due = balanceDueDate(target.startDate);
  const inBalanceWindow = today >= due;
  // The balance date (a plan's new installments all fall on or before it, replanOrThrow), or today for a plan whose
  // next month is past it (its one installment is due today); never before today: a destination inside its balance
  // window takes no balance.
  const planDueToday = booking.paymentOption === 'payment_plan' && addMonths(today, 1) > due;
  const dueDate = settlement.balanceCents <= 0 ? null : planDueToday ? today : due;
  const after: BookingMoney = {
    netPaidCents: money.netPaidCents - settlement.refundNowCents,
    feeCents: settlement.feesAfterCents,
    refundCapCents: settlement.refundCapCents,
    refundCapPaidCents: settlement.refundCapPaidCents,
  };
  let problem: string | null = null;
  if (target.id === from.id) problem = 'workshopId must be another workshop';
  else if (target.cancelledAt) problem = `${target.name} was cancelled: it is no destination for a transfer`;
  else if (target.archivedAt || daysBeforeStart(target.startDate, now, target.timeZone) <= 0) problem = 'That workshop has already started';
  else if (inBalanceWindow && settlement.balanceCents > 0) {
    problem = `${target.name} is less than ${POLICY.balanceDueDaysBefore} days away, so its balance is due already: a booking moves there only when nothing would be left to pay (${formatCents(settlement.balanceCents)} would be)`;
  }
  return {
    target,
    newTotalCents,
    settlement,
    dueDate,
    problem,
    text: {
      fromName: from.name,
      toName: target.name,
      toStartDate: target.startDate,
      today,
      transferFeeCents: settlement.transferFeeCents,
      refundNowCents: settlement.refundNowCents,
      keptCents: settlement.keptCents,
      cancelBeforeCents: cancellationRefund(from.startDate, now, money, from.timeZone).refundCents,
      balanceCents: settlement.balanceCents,
      balanceDueDate: dueDate,
      cancelAfterCents: cancellationRefund(target.startDate, now, after, target.timeZone).refundCents,
    },
  };
}
