import type { EntityManager } from 'typeorm';
import { AppError, ErrorCode } from '../infrastructure/errors';
import crypto from 'node:crypto';
import { BookingStatus, canTransition, isLiveStatus, paymentStatusOf, SPOT_HOLDING_STATUSES } from '../shared/booking-status';
import { Workshop } from '../workshop/workshop.entity';
import { Booking } from './booking.entity';
import { BookingPayment, BookingRefund, PaymentMethod, RefundState } from './ledger.entities';
import type { BookingMails } from './booking.mails';
import type { BookingEvents, PaymentReceived, PaymentSource } from './booking-events';

/**
 * shared/booking-status.ts's holdsSpots as a query condition on the booking
 * alias `b`, for lists that must agree with it (the participants panel).
 */
export function holdsSpotsWhere(b: string, now: Date): [where: string, parameters: Record<string, unknown>] {
  return [
    `(${b}.status = :holdsSpotsConfirmed OR (${b}.status = :holdsSpotsHeld AND (${b}.holdExpiresAt IS NULL OR ${b}.holdExpiresAt > :holdsSpotsNow)))`,
    { holdsSpotsConfirmed: BookingStatus.confirmed, holdsSpotsHeld: BookingStatus.held, holdsSpotsNow: now },
  ];
}

/** The columns a status change may write. */
type StatusChanges = Pick<Booking, 'status' | 'paymentStatus' | 'holdExpiresAt'> &
  Partial<Pick<Booking, 'amountPaidCents' | 'amountRefundedCents' | 'workshopId' | 'workshopName' | 'totalCents' | 'feeCents' | 'refundCapCents' | 'refundCapPaidCents' | 'promoCode' | 'discountCents'>>;

/** What a transfer writes on the booking besides the workshop (shared/policy.ts transferSettlement, docs/decisions/066). */
export interface MovedMoney {
  totalCents: number;
  /** Every fee kept after the move (earlier ones, the transfer fee, overpayment kept under the policy). */
  feeCents: number;
  refundCapCents: number;
  refundCapPaidCents: number;
}

export type { PaymentReceived, PaymentSource } from './booking-events';

/** A refund decided for a booking (online ones name the payment they give back). */
export interface RefundDecided {
  amountCents: number;
  method: PaymentMethod;
  state: RefundState.pending | RefundState.owed | RefundState.succeeded;
  reason: BookingRefund['reason'];
  paymentId?: string | null;
  providerPaymentId?: string | null;
  providerRefundId?: string | null;
  note?: string | null;
}

/** The payment status of a booking with these changes applied. */
function statusAfter(booking: Booking, changes: Partial<Booking>): Booking['paymentStatus'] {
  const b = { ...booking, ...changes };
  return paymentStatusOf({
    status: b.status,
    paymentOption: b.paymentOption,
    owedCents: b.totalCents + b.feeCents,
    receivedCents: b.amountPaidCents,
    refundedCents: b.amountRefundedCents,
  });
}

export interface AppliedPayment {
  /** The booking with the payment applied. */
  booking: Booking;
  previousStatus: BookingStatus;
  /**
   * Paid after the booking was released: the spots were taken again, or they
   * were gone; or it was cancelled (or its workshop was), so the money is
   * refunded in full and the status stays (docs/decisions/065).
   */
  late: 'spots_retaken' | 'spots_gone' | 'refund' | null;
  /** The ledger row of this payment. */
  paymentId: string;
  /** Refunds decided in the payment's transaction (money for a cancelled booking): the caller makes them once it commits. */
  refunds: BookingRefund[];
}

/**
 * The one place that changes a booking's status and the spots it holds
 * (docs/decisions/051). Every change runs inside the caller's transaction,
 * follows the transition table of shared/booking-status.ts, and is a
 * compare-and-set on the status read, so concurrent sweeps, webhooks and admin
 * actions cannot both win (docs/decisions/003). Callers turn a lost race
 * (null or false) into their own retry or error.
 */
export class BookingLifecycle {
  constructor(
    /** Mails caused by the changes, written in the same transaction. */
    private readonly mails: BookingMails | null = null,
    /** Where paymentApplied, spotsReleased and holdLapsed are published, in the change's transaction (docs/decisions/071). */
    private readonly events: BookingEvents | null = null,
  ) {}

  /**
   * Atomically take `n` spots if they are free, on a workshop that is not
   * cancelled (a cancelled workshop takes no booking, transfer or late payment,
   * whatever its caller read). True when taken.
   */
  async claimSpots(m: EntityManager, workshopId: string, n: number, now: Date): Promise<boolean> {
    const result = await m
      .createQueryBuilder()
      .update(Workshop)
      .set({ spotsClaimed: () => 'spots_claimed + :n', updatedAt: now })
      .where('id = :id AND spots_claimed + :n <= capacity AND cancelled_at IS NULL', { id: workshopId, n })
      .execute();
    return result.affected === 1;
  }

  /** Give `n` spots back. */
  async releaseSpots(m: EntityManager, workshopId: string, n: number, now: Date): Promise<void> {
    const result = await m
      .createQueryBuilder()
      .update(Workshop)
      .set({ spotsClaimed: () => 'spots_claimed - :n', updatedAt: now })
      .where('id = :id AND spots_claimed >= :n', { id: workshopId, n })
      .execute();
    if (result.affected === 1) await this.events?.publish('spotsReleased', { m, workshopId, now });
  }

  /**
   * Release a booking's spots: its hold lapsed or its checkout expired
   * (expired), or it was cancelled (cancelled). What becomes of money already
   * received is the caller's refund decision (recordRefunds, same
   * transaction). Throws BOOKING_ALREADY_RELEASED when the table refuses the move (the booking
   * was already released); false when the booking changed meanwhile (its
   * status, or a payment applied since it was read).
   */
  async releaseOrThrow(m: EntityManager, booking: Booking, to: BookingStatus.expired | BookingStatus.cancelled, now: Date): Promise<boolean> {
    if (!canTransition(booking.status, to)) throw new AppError(ErrorCode.BOOKING_ALREADY_RELEASED, `This booking is already ${booking.status}`);
    const changes: StatusChanges = { status: to, paymentStatus: statusAfter(booking, { status: to }), holdExpiresAt: null };
    // Also compare the amount paid: a payment applied since the read would be missing from the caller's refund decision.
    if (!(await this.compareAndSet(m, booking, changes, now, booking.amountPaidCents))) return false;
    if (SPOT_HOLDING_STATUSES.includes(booking.status)) await this.releaseSpots(m, booking.workshopId, booking.numParticipants, now);
    const previous = booking.status;
    if (to === BookingStatus.expired) await this.mails?.holdExpired(m, booking);
    Object.assign(booking, changes, { updatedAt: now });
    if (to === BookingStatus.expired && previous === BookingStatus.held) await this.events?.publish('holdLapsed', { m, booking, now });
    return true;
  }

  /**
   * Apply money received. A held booking becomes confirmed; a confirmed or
   * needs_attention one keeps its status. Provider payments that arrive after
   * a hold expired re-take its spots if they are free (confirmed), otherwise
   * the booking needs the admin. Provider payments for a cancelled booking, or
   * an expired one whose workshop is cancelled, are recorded and the status
   * stays: the money is refunded in full (late 'refund', a paymentApplied
   * subscriber decides the refund in this transaction). The admin cannot record payments
   * on a released booking (BOOKING_NOT_LIVE). Null when the booking changed meanwhile
   * (status or amount paid): nothing is written and the caller may retry.
   */
  async applyPaymentOrThrow(m: EntityManager, booking: Booking, payment: PaymentReceived, now: Date): Promise<AppliedPayment | null | 'duplicate'> {
    const { amountCents, source } = payment;
    this.assertTakesPaymentsOrThrow(booking, source);
    if (payment.providerPaymentId && (await m.existsBy(BookingPayment, { providerPaymentId: payment.providerPaymentId }))) return 'duplicate';
    const previousStatus = booking.status;
    let status: BookingStatus;
    let late: AppliedPayment['late'] = null;
    if (isLiveStatus(previousStatus)) {
      status = previousStatus === BookingStatus.held && !payment.keepHold ? BookingStatus.confirmed : previousStatus;
    } else if (previousStatus === BookingStatus.cancelled || !(await this.lockOpenWorkshop(m, booking.workshopId, now))) {
      // Never confirmed again, and no spots taken on a cancelled workshop: the money goes back.
      status = previousStatus;
      late = 'refund';
    } else if (await this.claimSpots(m, booking.workshopId, booking.numParticipants, now)) {
      status = BookingStatus.confirmed;
      late = 'spots_retaken';
    } else {
      status = BookingStatus.needs_attention;
      late = 'spots_gone';
    }
    if (status !== previousStatus && !canTransition(previousStatus, status)) throw new Error(`booking lifecycle: ${previousStatus} -> ${status} is not in the table`);
    const amountPaidCents = booking.amountPaidCents + amountCents;
    const changes: StatusChanges = {
      status,
      paymentStatus: statusAfter(booking, { status, amountPaidCents }),
      amountPaidCents,
      // A booking still held (part paid by a credit) keeps its hold's expiry.
      holdExpiresAt: status === BookingStatus.held ? booking.holdExpiresAt : null,
    };
    // Also compare the amount paid: two payments read the same total, only one may add to it.
    if (!(await this.compareAndSet(m, booking, changes, now, booking.amountPaidCents))) return null;
    const paymentId = crypto.randomUUID();
    await m.insert(BookingPayment, {
      id: paymentId,
      bookingId: booking.id,
      amountCents,
      method: payment.method ?? (source === 'admin' ? PaymentMethod.offline : PaymentMethod.card),
      purpose: payment.purpose,
      installmentNumber: payment.installmentNumber ?? null,
      providerPaymentId: payment.providerPaymentId ?? null,
      checkoutSessionId: payment.checkoutSessionId ?? null,
      refundedCents: 0,
      note: payment.note?.slice(0, 300) ?? null,
      receivedAt: now,
    });
    const paid = Object.assign(new Booking(), booking, changes, { updatedAt: now });
    // Mail only here, where the payment is applied once: a replayed event sends nothing.
    // A credit that leaves the booking held is no payment received yet: the checkout's payment mails it.
    // Money to refund is no payment received for the customer: the refund's mail tells them.
    if (status !== BookingStatus.held && late !== 'refund') await this.mails?.paymentApplied(m, paid, amountCents, previousStatus);
    const applied = { m, booking: paid, payment: { ...payment, id: paymentId }, previousStatus, now, refunds: [] as BookingRefund[] };
    await this.events?.publish('paymentApplied', applied);
    const refunds = applied.refunds;
    if (late === 'refund' && !refunds.length) throw new Error('booking lifecycle: money for a cancelled booking was recorded without its refund');
    return { booking: paid, previousStatus, late, paymentId, refunds };
  }

  /**
   * Record refunds decided for the booking (a cancellation, the admin, a
   * transfer to a cheaper workshop): the rows, the running total and the
   * payment status, compare-and-set on the refunded total so two refunds read
   * at once cannot both pass. Online refunds are then made by the caller
   * (pending until the provider confirms). Returns the rows, or null when the
   * booking changed meanwhile.
   */
  async recordRefunds(m: EntityManager, booking: Booking, refunds: RefundDecided[], now: Date): Promise<BookingRefund[] | null> {
    const total = refunds.reduce((sum, r) => sum + r.amountCents, 0);
    if (total <= 0) return [];
    const amountRefundedCents = booking.amountRefundedCents + total;
    const result = await m
      .createQueryBuilder()
      .update(Booking)
      .set({ amountRefundedCents, paymentStatus: statusAfter(booking, { amountRefundedCents }), updatedAt: now })
      .where('id = :id AND status = :status AND amount_refunded_cents = :before', { id: booking.id, status: booking.status, before: booking.amountRefundedCents })
      .execute();
    if (result.affected !== 1) return null;
    const rows: BookingRefund[] = [];
    for (const r of refunds) {
      if (r.amountCents <= 0) continue;
      const row = m.create(BookingRefund, {
        id: crypto.randomUUID(),
        bookingId: booking.id,
        paymentId: r.paymentId ?? null,
        amountCents: r.amountCents,
        method: r.method,
        state: r.state,
        reason: r.reason,
        providerPaymentId: r.providerPaymentId ?? null,
        providerRefundId: r.providerRefundId ?? null,
        note: r.note?.slice(0, 300) ?? null,
        lastError: null,
        createdAt: now,
        completedAt: r.state === RefundState.succeeded ? now : null,
      });
      await m.insert(BookingRefund, row);
      if (r.paymentId) {
        await m
          .createQueryBuilder()
          .update(BookingPayment)
          .set({ refundedCents: () => `refunded_cents + ${Math.trunc(r.amountCents)}` })
          .where('id = :id', { id: r.paymentId })
          .execute();
      }
      rows.push(row);
    }
    Object.assign(booking, { amountRefundedCents, paymentStatus: statusAfter(booking, { amountRefundedCents }), updatedAt: now });
    return rows;
  }

  /**
   * Lock the workshop row while it is not cancelled: an UPDATE reads the latest
   * committed row and keeps its lock until the caller's transaction ends, so a
   * workshop cancellation cannot slip in between this check and a late
   * payment's claim of spots (it waits, then cancels the booking with the rest).
   */
  private async lockOpenWorkshop(m: EntityManager, workshopId: string, now: Date): Promise<boolean> {
    const result = await m.createQueryBuilder().update(Workshop).set({ updatedAt: now }).where('id = :id AND cancelled_at IS NULL', { id: workshopId }).execute();
    return result.affected === 1;
  }

  /**
   * A refund the provider refused in the end: it no longer counts as refunded
   * (the admin sees it failed and decides).
   */
  async refundFailed(m: EntityManager, refund: BookingRefund, error: string, now: Date): Promise<void> {
    const changed = await m
      .createQueryBuilder()
      .update(BookingRefund)
      .set({ state: RefundState.failed, lastError: error.slice(0, 300), completedAt: now })
      .where('id = :id AND state IN (:...open)', { id: refund.id, open: [RefundState.pending, RefundState.processing] })
      .execute();
    if (changed.affected !== 1) return;
    if (refund.paymentId) {
      await m.createQueryBuilder().update(BookingPayment).set({ refundedCents: () => `refunded_cents - ${Math.trunc(refund.amountCents)}` }).where('id = :id', { id: refund.paymentId }).execute();
    }
    const booking = await m.findOneByOrFail(Booking, { id: refund.bookingId });
    const amountRefundedCents = booking.amountRefundedCents - refund.amountCents;
    await m
      .createQueryBuilder()
      .update(Booking)
      .set({ amountRefundedCents, paymentStatus: statusAfter(booking, { amountRefundedCents }), updatedAt: now })
      .where('id = :id', { id: booking.id })
      .execute();
  }

  /**
   * Move a live booking to another workshop (a transfer): the new workshop's
   * spots are claimed with the same atomic rule as a booking, the old ones
   * given back, the price and the fee replaced, all in the caller's
   * transaction, with the refund cap the transfer fixes. False when the new
   * spots are not free (or the workshop is cancelled); BOOKING_NOT_TRANSFERABLE
   * or BOOKING_CHANGED when the booking's status or money changed meanwhile.
   */
  async moveOrThrow(m: EntityManager, booking: Booking, target: Pick<Workshop, 'id' | 'name'>, money: MovedMoney, now: Date): Promise<boolean> {
    const { totalCents, feeCents } = money;
    if (booking.status !== BookingStatus.confirmed) throw new AppError(ErrorCode.BOOKING_NOT_TRANSFERABLE, `A ${booking.status} booking cannot be transferred`);
    if (!(await this.claimSpots(m, target.id, booking.numParticipants, now))) return false;
    const changes: StatusChanges = {
      status: booking.status,
      holdExpiresAt: null,
      workshopId: target.id,
      workshopName: target.name,
      totalCents,
      feeCents,
      refundCapCents: money.refundCapCents,
      refundCapPaidCents: money.refundCapPaidCents,
      // The new workshop's full price: a promo code was for the booking as made (docs/decisions/097).
      promoCode: null,
      discountCents: 0,
      paymentStatus: statusAfter(booking, { totalCents, feeCents }),
    };
    const moved = await m
      .createQueryBuilder()
      .update(Booking)
      .set({ ...changes, updatedAt: now })
      .where('id = :id AND status = :status AND workshop_id = :from AND amount_paid_cents = :paid AND amount_refunded_cents = :refunded', {
        id: booking.id,
        status: booking.status,
        from: booking.workshopId,
        paid: booking.amountPaidCents,
        refunded: booking.amountRefundedCents,
      })
      .execute();
    if (moved.affected !== 1) throw new AppError(ErrorCode.BOOKING_CHANGED, 'The booking changed meanwhile; reload and try again');
    await this.releaseSpots(m, booking.workshopId, booking.numParticipants, now);
    Object.assign(booking, changes, { updatedAt: now });
    return true;
  }

  /**
   * The admin records payments on live bookings only; a payment that reached
   * the provider is always taken (it must never be lost).
   */
  assertTakesPaymentsOrThrow(booking: Pick<Booking, 'status'>, source: PaymentSource): void {
    if (source === 'admin' && !isLiveStatus(booking.status)) {
      throw new AppError(ErrorCode.BOOKING_NOT_LIVE, `A ${booking.status} booking cannot take payments; the customer must book again`);
    }
  }

  /** Only a held booking can be paid online; anything else was paid already or released. */
  assertCheckoutAllowedOrThrow(booking: Pick<Booking, 'status'>): void {
    if (booking.status === BookingStatus.held) return;
    if (booking.status === BookingStatus.confirmed || booking.status === BookingStatus.needs_attention) {
      throw new AppError(ErrorCode.ALREADY_PAID, 'This booking is already paid');
    }
    throw new AppError(ErrorCode.BOOKING_EXPIRED, 'The reservation expired before payment. Please book again.');
  }

  /** Move the booking only if it is still in the status it was read with. */
  private async compareAndSet(m: EntityManager, booking: Booking, changes: StatusChanges, now: Date, expectAmountPaidCents?: number): Promise<boolean> {
    const q = m
      .createQueryBuilder()
      .update(Booking)
      .set({ ...changes, updatedAt: now })
      .where('id = :id AND status = :from', { id: booking.id, from: booking.status });
    if (expectAmountPaidCents !== undefined) q.andWhere('amount_paid_cents = :paidBefore', { paidBefore: expectAmountPaidCents });
    return (await q.execute()).affected === 1;
  }
}
