import type { EntityManager } from 'typeorm';
import { formatCents } from '../shared/money';
import { balanceDueDate } from '../shared/policy';
import { BookingStatus, isLiveStatus } from '../shared/booking-status';
import type { Booking } from '../booking/booking.entity';
import type { BookingService } from '../booking/booking.service';
import type { PaymentReceived } from '../booking/booking-lifecycle';
import { BookingMailKind } from '../booking/booking-mail-data';
import { BookingInstallment, type BookingRefund, InstallmentState, PaymentMethod, PaymentPurpose, RefundReason, RefundState } from '../booking/ledger.entities';
import { Workshop } from '../workshop/workshop.entity';
import { type AuditLog, SYSTEM_ACTOR } from '../audit/audit-log.service';
import { changedMeanwhile, refundsOf } from './money-audit';
import type { MoneySchedule } from './money-jobs';
import type { RefundMaker } from './refund-maker';

/**
 * What a payment applied to a booking sets off, in its transaction
 * (docs/decisions/062, 065): the audit row, the installment marked paid, the
 * schedule of what is left (installment charges or the balance's reminders),
 * and money that arrived for a cancelled booking refunded in full.
 */
export class PaymentReactions {
  constructor(
    private readonly bookings: BookingService,
    private readonly schedule: MoneySchedule,
    private readonly maker: RefundMaker,
    private readonly audit: AuditLog | null = null,
  ) {}

  async afterPayment(m: EntityManager, booking: Booking, payment: PaymentReceived & { id: string }, previous: BookingStatus, now: Date): Promise<BookingRefund[]> {
    // The admin's recorded payments are audited as the admin's action (booking.payment_recorded).
    if (payment.source === 'provider') {
      await this.audit?.record(m, {
        ...SYSTEM_ACTOR,
        action: 'payment.received',
        bookingId: booking.id,
        workshopId: booking.workshopId,
        before: { amountPaidCents: booking.amountPaidCents - payment.amountCents, status: previous },
        after: { amountPaidCents: booking.amountPaidCents, status: booking.status, paymentStatus: booking.paymentStatus },
        detail: `${formatCents(payment.amountCents)} ${payment.purpose === PaymentPurpose.installment ? `for installment ${payment.installmentNumber}` : `(${payment.purpose})`} through ${payment.providerPaymentId ?? 'the payment provider'}`,
      });
    }
    // Money for a cancelled booking (the lifecycle kept its status): all of it goes back.
    if (!isLiveStatus(booking.status)) return this.refundLatePaymentOrThrow(m, booking, payment, now);
    if (payment.installmentNumber) {
      await m
        .createQueryBuilder()
        .update(BookingInstallment)
        .set({ state: InstallmentState.paid, paidAt: now, lastError: null })
        .where('booking_id = :id AND number = :n', { id: booking.id, n: payment.installmentNumber })
        .execute();
    }
    if (booking.status !== BookingStatus.confirmed) return [];
    const workshop = await m.findOneByOrFail(Workshop, { id: booking.workshopId });
    if (booking.balanceCents <= 0) {
      // Paid in full: nothing left to remind or charge.
      await this.schedule.cancelBalanceWork(m, booking.id);
      return [];
    }
    if (previous === BookingStatus.confirmed) return []; // the schedule exists since the first payment
    if (booking.paymentOption === 'payment_plan') {
      const schedule = await m.find(BookingInstallment, { where: { bookingId: booking.id }, order: { number: 'ASC' } });
      for (const i of schedule) if (i.state === InstallmentState.scheduled) await this.schedule.installment(m, booking.id, i.number, i.dueDate, now);
    } else {
      await this.schedule.balanceWork(m, booking.id, balanceDueDate(workshop.startDate), now);
    }
    return [];
  }

  /**
   * Money that arrived for a cancelled booking (a checkout or an off-session
   * charge that completed after the cancel committed) or for an expired hold
   * of a cancelled workshop, in its payment's transaction: refunded in full
   * through the refund claim (a row and its job, made at once by the caller
   * when it can be), audited, and mailed (docs/decisions/065).
   */
  private async refundLatePaymentOrThrow(m: EntityManager, booking: Booking, payment: PaymentReceived & { id: string }, now: Date): Promise<BookingRefund[]> {
    const workshop = await m.findOneByOrFail(Workshop, { id: booking.workshopId });
    const lateFor = workshop.cancelledAt ? 'workshop' : 'booking';
    const after = `the ${lateFor} was cancelled`;
    const online = Boolean(payment.providerPaymentId);
    const rows = await this.bookings.lifecycle.recordRefunds(
      m,
      booking,
      [
        {
          amountCents: payment.amountCents,
          method: online ? PaymentMethod.card : PaymentMethod.offline,
          state: online ? RefundState.pending : RefundState.owed,
          reason: RefundReason.late_payment,
          paymentId: payment.id,
          providerPaymentId: payment.providerPaymentId ?? null,
          note: `Paid after ${after}: refunded in full`,
        },
      ],
      now,
    );
    if (!rows) throw changedMeanwhile();
    await this.maker.scheduleJobs(m, booking.id, rows, now);
    await this.audit?.record(m, {
      ...SYSTEM_ACTOR,
      action: 'refund.issued',
      bookingId: booking.id,
      workshopId: booking.workshopId,
      before: { status: booking.status, amountRefundedCents: booking.amountRefundedCents - payment.amountCents },
      after: { status: booking.status, amountRefundedCents: booking.amountRefundedCents, refunds: refundsOf(rows) },
      detail: `${formatCents(payment.amountCents)} paid after ${after}: refunded in full`,
    });
    await this.bookings.mails?.money(m, BookingMailKind.latePaymentRefunded, booking, {
      refundCents: payment.amountCents,
      refundOwedCents: online ? 0 : payment.amountCents,
      lateFor,
    });
    return rows;
  }
}
