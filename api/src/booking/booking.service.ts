import type { EntityManager } from 'typeorm';
import type { Database } from '../infrastructure/db/data-source';
import { AppError } from '../infrastructure/errors';
import { storedId } from '../infrastructure/ids';
import type { RateLimitRule } from '../infrastructure/rate-limit';
import { balanceDueDate, POLICY } from '../shared/policy';
import type { OutboxService } from '../mail/outbox.service';
import { Workshop } from '../workshop/workshop.entity';
import { refuseUnlessOpen } from '../workshop/workshop.service';
import { Booking } from './booking.entity';
import type { BookingInput } from './booking.input';
import { BookingStatus } from './booking.types';
import { BookingLifecycle } from './booking-lifecycle';
import { BookingMails } from './booking.mails';
import { BookingCreation, type BookingCreatedHook } from './booking-creation';
import type { BookingServiceOptions, WorkshopLookup } from './booking-options';
import { INTERNAL_CLIENT } from './hold-limits';
import { LapsedHolds } from './lapsed-holds';
import { OfflinePayments } from './offline-payments';

export type { BookingServiceOptions, CreditRedeemer, HeldOffers } from './booking-options';
export type { BookingCreatedHook } from './booking-creation';

/**
 * Booking attempts per client and minute. Generous: a person books a handful of
 * times at most; this only stops a script from hammering the spot claims.
 */
export const BOOKING_RATE_LIMIT: RateLimitRule = { name: 'booking attempts', limit: 1000, windowMs: 60_000 };

/**
 * Bookings and the spots they hold: the one service the adapters, the money
 * domain and the sweeper are given. Each operation is one use case in a file
 * of its own: creating a booking (`booking-creation.ts`), lapsed holds and
 * their release (`lapsed-holds.ts`), the admin's offline payments
 * (`offline-payments.ts`); this class reads bookings and answers the facts
 * the booking JSON needs. Spots and statuses change only through its
 * lifecycle (docs/decisions/051): every spot change is one conditional UPDATE
 * checked by its affected-row count, inside the same transaction as the
 * booking row, so a workshop can never be oversold (docs/decisions/003).
 */
export class BookingService {
  /** Every status change and spot claim goes through it (docs/decisions/051). */
  readonly lifecycle: BookingLifecycle;
  readonly mails: BookingMails | null;
  private readonly workshops: WorkshopLookup;
  private readonly creation: BookingCreation;
  private readonly holds: LapsedHolds;
  private readonly offlinePayments: OfflinePayments;

  constructor(
    private readonly db: Database,
    private readonly clock: () => Date,
    private readonly options: BookingServiceOptions,
    /** Where booking mails are written, in the transaction of the change that causes them. */
    outbox: OutboxService | null = null,
  ) {
    this.mails = outbox ? new BookingMails(outbox, clock) : null;
    this.lifecycle = options.lifecycle ?? new BookingLifecycle(this.mails, options.events ?? null);
    this.workshops = options.catalog ?? { get: (id) => db.manager.findOneBy(Workshop, { id }) };
    this.holds = new LapsedHolds(db, clock, this.lifecycle);
    this.creation = new BookingCreation(db, clock, options, this.lifecycle, this.mails, this.holds, this.workshops);
    this.offlinePayments = new OfflinePayments(db, clock, this.lifecycle, options.audit);
  }

  async findById(id: string): Promise<Booking | null> {
    const stored = storedId(id);
    return stored ? this.db.manager.findOneBy(Booking, { id: stored }) : null;
  }

  async getByIdOrThrow(id: string): Promise<Booking> {
    const booking = await this.findById(id);
    if (!booking) throw AppError.notFound('Booking');
    return booking;
  }

  /** A booking holding its spots (BookingCreation.createOrThrow: prices, caps, the claim, the offer or credit it uses). */
  createOrThrow(input: BookingInput, clientKey = INTERNAL_CLIENT, inTransaction?: BookingCreatedHook): Promise<Booking> {
    return this.creation.createOrThrow(input, clientKey, inTransaction);
  }

  /**
   * Whether this site takes payments online (a payment provider is configured).
   * Without one (the embedded default) the admin arranges every payment with the
   * customer; the confirmation page says which (issue 21).
   */
  get paysOnline(): boolean {
    return this.options.holdMinutes !== null;
  }

  /**
   * When what is left to pay falls due (YYYY-MM-DD, 60 days before the start:
   * shared/policy balanceDueDate); null when nothing is left (paid, released,
   * or paid after its spots were gone and waiting for the admin).
   */
  async balanceDueDateOf(booking: Pick<Booking, 'workshopId' | 'status' | 'balanceCents'>): Promise<string | null> {
    if (booking.balanceCents <= 0 || booking.status === BookingStatus.needs_attention) return null;
    const workshop = await this.workshops.get(booking.workshopId);
    return workshop ? balanceDueDate(workshop.startDate) : null;
  }

  /**
   * A held booking of a workshop that has started cannot be paid for any more:
   * checkout refuses it with WORKSHOP_STARTED (docs/decisions/059). The hold
   * itself lapses as usual.
   */
  async assertWorkshopNotStartedOrThrow(booking: Pick<Booking, 'workshopId'>): Promise<void> {
    const workshop = await this.workshops.get(booking.workshopId);
    if (workshop) refuseUnlessOpen(workshop, this.clock(), 'bookingId');
  }

  /** Atomically take `n` spots if they are free. True when taken. */
  claimSpots(m: EntityManager, workshopId: string, n: number, now: Date): Promise<boolean> {
    return this.lifecycle.claimSpots(m, workshopId, n, now);
  }

  /** Give `n` spots back. */
  releaseSpots(m: EntityManager, workshopId: string, n: number, now: Date): Promise<void> {
    return this.lifecycle.releaseSpots(m, workshopId, n, now);
  }

  /** Release one held booking's spots (LapsedHolds.releaseHold); false when it no longer held spots. */
  releaseHold(bookingId: string, status: BookingStatus.expired | BookingStatus.cancelled, onlyIfSession?: string): Promise<boolean> {
    return this.holds.releaseHold(bookingId, status, onlyIfSession);
  }

  /** Admin: money received outside the payment provider (OfflinePayments.recordPaymentOrThrow). */
  recordPaymentOrThrow(id: string, amountCents: number): Promise<Booking> {
    return this.offlinePayments.recordPaymentOrThrow(id, amountCents);
  }

  /** Release every lapsed hold; returns how many were released. Run by the sweeper. */
  releaseExpiredHolds(workshopId?: string, onReleased?: (b: Booking) => Promise<void>): Promise<number> {
    return this.holds.releaseExpiredHolds(workshopId, onReleased);
  }
}

/**
 * Hold length when a provider is configured and no checkout has started yet: a
 * visitor who books goes straight to payment, so a few minutes is plenty; the
 * checkout session then keeps the spots for its own life (docs/decisions/056).
 */
export const PROVIDER_HOLD_MINUTES = POLICY.unpaidHoldMinutes;

/**
 * Without a provider the admin arranges every payment (we answer within a day):
 * a reservation nobody pays lapses after a week instead of blocking spots until
 * the admin notices it (docs/decisions/056).
 */
export const OFFLINE_RESERVATION_MINUTES = POLICY.offlineReservationDays * 24 * 60;
