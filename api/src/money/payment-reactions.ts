import type { EntityManager } from 'typeorm';
import { balanceDueDate } from '../shared/policy';
import { BookingStatus, isLiveStatus } from '../shared/booking-status';
import type { Booking } from '../booking/booking.entity';
import type { BookingLifecycle, PaymentReceived } from '../booking/booking-lifecycle';
import type { BookingEventMap, BookingEvents } from '../booking/booking-events';
import { BookingInstallment, type BookingRefund, InstallmentState, PaymentMethod, RefundReason, RefundState } from '../booking/ledger.entities';
import { Workshop } from '../workshop/workshop.entity';
import { changedMeanwhile } from '../booking/booking-errors';
import type { MoneySchedule } from './money-jobs';
import type { RefundMaker } from './refund-maker';

/**
 * What a payment applied to a booking sets off for its money, in its
 * transaction (docs/decisions/062, 065): the installment marked paid, the
 * schedule of what is left (installment charges or the balance's reminders),
 * and money that arrived for a cancelled booking refunded in full.
 */
export class PaymentReactions {
  constructor(
    private readonly lifecycle: Pick<BookingLifecycle, 'recordRefunds'>,
    private readonly schedule: MoneySchedule,
    private readonly maker: RefundMaker,
    /** latePaymentRefunded (its audit row and mail are subscribers). */
    private readonly events: BookingEvents,
  ) {}

  /** paymentApplied: what is left is scheduled, or money for a cancelled booking goes back (its refunds added to the event's). */
  async afterPayment(e: BookingEventMap['paymentApplied']): Promise<void> {
    const { m, booking, payment, previousStatus: previous, now } = e;
    // Money for a cancelled booking (the lifecycle kept its status): all of it goes back.
    if (!isLiveStatus(booking.status)) {
      e.refunds.push(...(await this.refundLatePaymentOrThrow(m, booking, payment, now)));
      return;
    }
    if (payment.installmentNumber) {
      await m
        .createQueryBuilder()
        .update(BookingInstallment)
        .set({ state: InstallmentState.paid, paidAt: now, lastError: null })
        .where('booking_id = :id AND number = :n', { id: booking.id, n: payment.installmentNumber })
        .execute();
    }
    if (booking.status !== BookingStatus.confirmed) return;
    const workshop = await m.findOneByOrFail(Workshop, { id: booking.workshopId });
    if (booking.balanceCents <= 0) {
      // Paid in full: nothing left to remind or charge.
      await this.schedule.cancelBalanceWork(m, booking.id);
      return;
    }
    if (previous === BookingStatus.confirmed) return; // the schedule exists since the first payment
    if (booking.paymentOption === 'payment_plan') {
      const schedule = await m.find(BookingInstallment, { where: { bookingId: booking.id }, order: { number: 'ASC' } });
      for (const i of schedule) if (i.state === InstallmentState.scheduled) await this.schedule.installment(m, booking.id, i.number, i.dueDate, now);
    } else {
      await this.schedule.balanceWork(m, booking.id, balanceDueDate(workshop.startDate), now);
    }
  }

  /**
   * Money that arrived for a cancelled booking (a checkout or an off-session
   * charge that completed after the cancel committed) or for an expired hold
   * of a cancelled workshop, in its payment's transaction: refunded in full
   * through the refund claim (a row and its job, made at once by the caller
   * when it can be); latePaymentRefunded audits and mails it (docs/decisions/065).
   */
  private async refundLatePaymentOrThrow(m: EntityManager, booking: Booking, payment: PaymentReceived & { id: string }, now: Date): Promise<BookingRefund[]> {
    const workshop = await m.findOneByOrFail(Workshop, { id: booking.workshopId });
    const lateFor = workshop.cancelledAt ? ('workshop' as const) : ('booking' as const);
    const online = Boolean(payment.providerPaymentId);
    const rows = await this.lifecycle.recordRefunds(
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
          note: `Paid after the ${lateFor} was cancelled: refunded in full`,
        },
      ],
      now,
    );
    if (!rows) throw changedMeanwhile();
    await this.maker.scheduleJobs(m, booking.id, rows, now);
    await this.events.publish('latePaymentRefunded', { m, booking, payment, refunds: rows, lateFor, now });
    return rows;
  }
}
