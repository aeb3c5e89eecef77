import type { EntityManager } from 'typeorm';
import { AppError, ErrorCode } from '../infrastructure/errors';
import {
  BookingStatus,
  canTransition,
  isLiveStatus,
  PaymentStatus,
  paymentStatusAfterPayment,
  SPOT_HOLDING_STATUSES,
} from '../shared/booking-status';
import { Workshop } from '../workshop/workshop.entity';
import { Booking } from './booking.entity';
import type { BookingMails } from './booking.mails';

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
type StatusChanges = Pick<Booking, 'status' | 'paymentStatus' | 'holdExpiresAt'> & Partial<Pick<Booking, 'amountPaidCents'>>;

/** Who is paying: the provider (a paid checkout session) or the admin (money received outside it). */
export type PaymentSource = 'provider' | 'admin';

export interface AppliedPayment {
  /** The booking with the payment applied. */
  booking: Booking;
  previousStatus: BookingStatus;
  /** Paid after the booking was released: the spots were taken again, or they were gone. */
  late: 'spots_retaken' | 'spots_gone' | null;
}

export interface BookingLifecycleOptions {
  /**
   * Called at the end of every release of spots, inside its transaction: the
   * waiting list offers them to the next fitting entry (docs/decisions/061).
   */
  onSpotsReleased?: (m: EntityManager, workshopId: string, now: Date) => Promise<void>;
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
    private readonly options: BookingLifecycleOptions = {},
  ) {}

  /** Atomically take `n` spots if they are free. True when taken. */
  async claimSpots(m: EntityManager, workshopId: string, n: number, now: Date): Promise<boolean> {
    const result = await m
      .createQueryBuilder()
      .update(Workshop)
      .set({ spotsClaimed: () => 'spots_claimed + :n', updatedAt: now })
      .where('id = :id AND spots_claimed + :n <= capacity', { id: workshopId, n })
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
    if (result.affected === 1) await this.options.onSpotsReleased?.(m, workshopId, now);
  }

  /**
   * Release a booking's spots: its hold lapsed or its checkout expired
   * (expired), or the admin cancelled it (cancelled). Money already received is
   * flagged refund_due. Throws CONFLICT when the table refuses the move (the
   * booking was already released); false when the booking changed meanwhile.
   */
  async releaseOrThrow(m: EntityManager, booking: Booking, to: BookingStatus.expired | BookingStatus.cancelled, now: Date): Promise<boolean> {
    if (!canTransition(booking.status, to)) throw new AppError(ErrorCode.CONFLICT, `This booking is already ${booking.status}`);
    const paymentStatus =
      to === BookingStatus.expired ? PaymentStatus.expired : booking.amountPaidCents > 0 ? PaymentStatus.refund_due : booking.paymentStatus;
    const changes: StatusChanges = { status: to, paymentStatus, holdExpiresAt: null };
    if (!(await this.compareAndSet(m, booking, changes, now))) return false;
    if (SPOT_HOLDING_STATUSES.includes(booking.status)) await this.releaseSpots(m, booking.workshopId, booking.numParticipants, now);
    if (to === BookingStatus.expired) await this.mails?.holdExpired(m, booking);
    Object.assign(booking, changes, { updatedAt: now });
    return true;
  }

  /**
   * Apply money received. A held booking becomes confirmed; a confirmed or
   * needs_attention one keeps its status. Provider payments that arrive after
   * the booking was released re-take its spots if they are free (confirmed),
   * otherwise the booking needs the admin; the admin cannot record payments on
   * a released booking (CONFLICT). Null when the booking changed meanwhile
   * (status or amount paid): nothing is written and the caller may retry.
   */
  async applyPaymentOrThrow(m: EntityManager, booking: Booking, amountCents: number, source: PaymentSource, now: Date): Promise<AppliedPayment | null> {
    this.assertTakesPaymentsOrThrow(booking, source);
    const previousStatus = booking.status;
    let status: BookingStatus;
    let late: AppliedPayment['late'] = null;
    if (isLiveStatus(previousStatus)) {
      status = previousStatus === BookingStatus.held ? BookingStatus.confirmed : previousStatus;
    } else if (await this.claimSpots(m, booking.workshopId, booking.numParticipants, now)) {
      status = BookingStatus.confirmed;
      late = 'spots_retaken';
    } else {
      status = BookingStatus.needs_attention;
      late = 'spots_gone';
    }
    if (!canTransition(previousStatus, status)) throw new Error(`booking lifecycle: ${previousStatus} -> ${status} is not in the table`);
    const amountPaidCents = booking.amountPaidCents + amountCents;
    const changes: StatusChanges = {
      status,
      paymentStatus: paymentStatusAfterPayment(amountPaidCents, booking.totalCents),
      amountPaidCents,
      holdExpiresAt: null,
    };
    // Also compare the amount paid: two payments read the same total, only one may add to it.
    if (!(await this.compareAndSet(m, booking, changes, now, booking.amountPaidCents))) return null;
    const paid = Object.assign(new Booking(), booking, changes, { updatedAt: now });
    // Mail only here, where the payment is applied once: a replayed event sends nothing.
    await this.mails?.paymentApplied(m, paid, amountCents, previousStatus);
    return { booking: paid, previousStatus, late };
  }

  /**
   * The admin records payments on live bookings only; a payment that reached
   * the provider is always taken (it must never be lost).
   */
  assertTakesPaymentsOrThrow(booking: Pick<Booking, 'status'>, source: PaymentSource): void {
    if (source === 'admin' && !isLiveStatus(booking.status)) {
      throw new AppError(ErrorCode.CONFLICT, `A ${booking.status} booking cannot take payments; the customer must book again`);
    }
  }

  /** Only a held booking can be paid online; anything else was paid already or released. */
  assertCheckoutAllowedOrThrow(booking: Pick<Booking, 'status'>): void {
    if (booking.status === BookingStatus.held) return;
    if (booking.status === BookingStatus.confirmed || booking.status === BookingStatus.needs_attention) {
      throw new AppError(ErrorCode.CONFLICT, 'This booking is already paid');
    }
    throw new AppError(ErrorCode.CONFLICT, 'The reservation expired before payment. Please book again.');
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
