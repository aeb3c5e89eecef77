import type { EntityManager } from 'typeorm';
import { AppError, ErrorCode } from '../infrastructure/errors';
import { dollarsToCents, formatCents } from '../shared/money';
import { cancellationRefund } from '../shared/policy';
import { BookingStatus, isLiveStatus, OPEN_INSTALLMENT_STATES } from '../shared/booking-status';
import { Booking } from '../booking/booking.entity';
import { BookingInstallment, type BookingRefund, InstallmentState, RefundReason } from '../booking/ledger.entities';
import { Workshop } from '../workshop/workshop.entity';
import type { PaymentService } from '../payment/payment.service';
import type { BookingAccountService } from './booking-account.service';
import type { BookingAccount } from './booking-account.types';
import type { Actor } from './money-audit';
import { changedMeanwhile } from '../booking/booking-errors';
import type { RefundingDeps } from './money-deps';
import { moneyOf } from './transfer-terms';

export interface CancelOptions {
  applyPolicyFee: boolean;
  expectedRefundCents?: number;
  reason?: RefundReason;
}

/**
 * Cancelling a booking (docs/decisions/062, 065): spots back at once,
 * scheduled work cancelled, and the refund decided in the same transaction,
 * then made through the provider (a job per refund retries until it is).
 */
export class CancellationService {
  constructor(
    private readonly deps: RefundingDeps,
    private readonly payments: Pick<PaymentService, 'expireSessionOf'>,
    /** The manage page's read model: what the customer's and the admin's money panel show after a cancellation. */
    private readonly accounts: Pick<BookingAccountService, 'account'>,
  ) {}

  /**
   * The customer (and the admin with applyPolicyFee) gets what
   * cancellationQuote gives today; the admin without it, everything paid.
   * `expectedRefundCents` refuses a quote that changed since it was shown (a
   * day passed, a tier changed).
   */
  async cancelOrThrow(bookingId: string, actor: Actor, options: CancelOptions): Promise<Booking> {
    const now = this.deps.clock();
    const { booking, refunds } = await this.deps.db.transaction((m) => this.cancelInTransactionOrThrow(m, bookingId, actor, options, now));
    this.deps.logger.info({ bookingId, actor, refunds: refunds.length }, 'booking cancelled');
    // A checkout left open must not be payable any more (it would take the spots again).
    await this.payments.expireSessionOf(booking);
    await this.deps.maker.makeNow(refunds);
    return (await this.deps.bookings.findById(bookingId)) ?? booking;
  }

  /**
   * "Cancel my booking" from the manage page: the policy's refund, refused if it
   * is no longer the `expectedRefund` (dollars) the page showed. Answers the
   * manage page as it is after.
   */
  async cancelByCustomerOrThrow(bookingId: string, expectedRefund?: number | null): Promise<BookingAccount> {
    const expectedRefundCents = expectedRefund === undefined || expectedRefund === null ? undefined : dollarsToCents(expectedRefund);
    return this.accounts.account(await this.cancelOrThrow(bookingId, 'customer', { applyPolicyFee: true, expectedRefundCents }));
  }

  /** The admin's money panel cancels: the policy's refund (`applyPolicyFee`) or everything paid; answers the panel's account. */
  async cancelByAdminOrThrow(bookingId: string, applyPolicyFee: boolean): Promise<BookingAccount> {
    return this.accounts.account(await this.cancelOrThrow(bookingId, 'admin', { applyPolicyFee }));
  }

  /**
   * cancelOrThrow's work inside the caller's transaction (a workshop
   * cancellation cancels every booking in its own, docs/decisions/063).
   * `refundsDueAt` schedules the online refunds' jobs then instead of now (the
   * caller makes no refund at once); `mail: false` leaves the mail to the caller.
   */
  async cancelInTransactionOrThrow(
    m: EntityManager,
    bookingId: string,
    actor: Actor,
    options: CancelOptions & { refundsDueAt?: Date; mail?: boolean },
    now: Date,
  ): Promise<{ booking: Booking; refunds: BookingRefund[] }> {
    const booking = await m.findOneBy(Booking, { id: bookingId });
    if (!booking) throw AppError.notFound('Booking');
    if (!isLiveStatus(booking.status)) throw new AppError(ErrorCode.BOOKING_ALREADY_RELEASED, `This booking is already ${booking.status}`);
    const before = { status: booking.status, paymentStatus: booking.paymentStatus };
    const workshop = await m.findOneByOrFail(Workshop, { id: booking.workshopId });
    const paid = booking.netReceivedCents;
    // The policy's refund, after a transfer too (docs/decisions/066): the same function as the manage page's quote.
    const refundCents = options.applyPolicyFee ? cancellationRefund(workshop.startDate, now, moneyOf(booking), workshop.timeZone).refundCents : paid;
    if (options.expectedRefundCents !== undefined && options.expectedRefundCents !== refundCents) {
      throw new AppError(ErrorCode.REFUND_QUOTE_CHANGED, `The refund is now ${formatCents(refundCents)} (it was quoted as ${formatCents(options.expectedRefundCents)}); please review and confirm again`, [
        { field: 'expectedRefund', message: `The refund is now ${formatCents(refundCents)}` },
      ]);
    }
    if (!(await this.deps.bookings.lifecycle.releaseOrThrow(m, booking, BookingStatus.cancelled, now))) throw changedMeanwhile();
    await this.deps.schedule.cancelAll(m, booking.id);
    await m
      .createQueryBuilder()
      .update(BookingInstallment)
      .set({ state: InstallmentState.cancelled })
      .where('booking_id = :id AND state IN (:...open)', { id: booking.id, open: OPEN_INSTALLMENT_STATES })
      .execute();
    const refunds = await this.deps.decider.decideOrThrow(m, booking, refundCents, options.reason ?? RefundReason.cancellation, now, undefined, options.refundsDueAt);
    await this.deps.events.publish('bookingCancelled', { m, now, booking, actor, before, refundCents, refunds, applyPolicyFee: options.applyPolicyFee, mail: options.mail !== false });
    return { booking, refunds };
  }
}
