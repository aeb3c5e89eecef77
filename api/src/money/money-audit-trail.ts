import { formatCents } from '../shared/money';
import type { BookingEventMap } from '../booking/booking-events';
import { PaymentPurpose } from '../booking/ledger.entities';
import { type AuditLog, SYSTEM_ACTOR } from '../audit/audit-log.service';
import { actorOf, refundsOf } from './money-audit';

/**
 * The audit rows of the money's booking events (docs/decisions/060),
 * written in the event's transaction. Subscribed in composition-root.ts.
 */
export class MoneyAuditTrail {
  constructor(private readonly audit: AuditLog) {}

  /** paymentApplied: money through the provider (the admin's recorded payments are audited as the admin's action). */
  async paymentReceived({ m, booking, payment, previousStatus }: BookingEventMap['paymentApplied']): Promise<void> {
    if (payment.source !== 'provider') return;
    await this.audit.record(m, {
      ...SYSTEM_ACTOR,
      action: 'payment.received',
      bookingId: booking.id,
      workshopId: booking.workshopId,
      before: { amountPaidCents: booking.amountPaidCents - payment.amountCents, status: previousStatus },
      after: { amountPaidCents: booking.amountPaidCents, status: booking.status, paymentStatus: booking.paymentStatus },
      detail: `${formatCents(payment.amountCents)} ${payment.purpose === PaymentPurpose.installment ? `for installment ${payment.installmentNumber}` : `(${payment.purpose})`} through ${payment.providerPaymentId ?? 'the payment provider'}`,
    });
  }

  async bookingCancelled({ m, booking, actor, before, refundCents, refunds, applyPolicyFee }: BookingEventMap['bookingCancelled']): Promise<void> {
    await this.audit.record(m, {
      ...actorOf(actor, booking),
      action: 'booking.cancelled',
      bookingId: booking.id,
      workshopId: booking.workshopId,
      before,
      after: { status: booking.status, paymentStatus: booking.paymentStatus, amountPaidCents: booking.amountPaidCents, amountRefundedCents: booking.amountRefundedCents, refunds: refundsOf(refunds) },
      detail: `Cancelled by the ${actor}${applyPolicyFee ? ' under the cancellation policy' : ' with everything refunded'}: ${formatCents(refundCents)} refunded`,
    });
  }

  async bookingTransferred({ m, booking, actor, from, to, refunds, money: x }: BookingEventMap['bookingTransferred']): Promise<void> {
    await this.audit.record(m, {
      ...actorOf(actor, booking),
      action: 'booking.transferred',
      bookingId: booking.id,
      workshopId: to.id,
      before: { workshopId: from.id },
      after: { workshopId: to.id, totalCents: x.newTotalCents, feeCents: x.feesAfterCents, refundCapCents: x.refundCapCents, refunds: refundsOf(refunds) },
      detail: `Moved from ${from.name} to ${to.name}${x.transferFeeCents ? ` with a ${formatCents(x.transferFeeCents)} fee` : ''}${x.refundNowCents > 0 ? `, ${formatCents(x.refundNowCents)} refunded` : ''}${x.keptCents > 0 ? `, ${formatCents(x.keptCents)} kept under the cancellation policy` : ''}`,
    });
  }

  async latePaymentRefunded({ m, booking, payment, refunds, lateFor }: BookingEventMap['latePaymentRefunded']): Promise<void> {
    await this.audit.record(m, {
      ...SYSTEM_ACTOR,
      action: 'refund.issued',
      bookingId: booking.id,
      workshopId: booking.workshopId,
      before: { status: booking.status, amountRefundedCents: booking.amountRefundedCents - payment.amountCents },
      after: { status: booking.status, amountRefundedCents: booking.amountRefundedCents, refunds: refundsOf(refunds) },
      detail: `${formatCents(payment.amountCents)} paid after the ${lateFor} was cancelled: refunded in full`,
    });
  }
}
