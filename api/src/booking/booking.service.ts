import crypto from 'node:crypto';
import type { EntityManager } from 'typeorm';
import type { Database } from '../infrastructure/db/data-source';
import { AppError, ErrorCode } from '../infrastructure/errors';
import type { RateLimitRule } from '../infrastructure/rate-limit';
import { clean, cleanOptional } from '../infrastructure/text';
import { balanceDueDate, computeDueNow, installmentSchedule, paymentOptionsFor, POLICY } from '../shared/policy';
import { formatCents } from '../shared/money';
import type { OutboxService } from '../mail/outbox.service';
import { Workshop } from '../workshop/workshop.entity';
import { refuseUnlessOpen } from '../workshop/workshop.service';
import { Booking } from './booking.entity';
import type { BookingInput } from './booking.input';
import { BookingStatus, PaymentStatus } from './booking.types';
import { BookingLifecycle } from './booking-lifecycle';
import type { BookingEvents } from './booking-events';
import { BookingInstallment, InstallmentState, PaymentPurpose } from './ledger.entities';
import { BookingMails } from './booking.mails';
import { priceOfBooking } from './booking-price';
import { INTERNAL_CLIENT, type HoldGuard } from './hold-limits';
import { ADMIN_ACTOR, type AuditLog } from '../audit/audit-log.service';

/**
 * Booking attempts per client and minute. Generous: a person books a handful of
 * times at most; this only stops a script from hammering the spot claims.
 */
export const BOOKING_RATE_LIMIT: RateLimitRule = { name: 'booking attempts', limit: 1000, windowMs: 60_000 };

export interface BookingServiceOptions {
  /**
   * Minutes an unpaid hold lasts when a payment provider is configured, until a
   * checkout session is started (which moves the expiry to the session's). Null:
   * no provider, the admin arranges payment (see reservationMinutes).
   */
  holdMinutes: number | null;
  /** Without a provider: minutes a reservation lasts unless the admin records a payment. Unset: until the admin acts. */
  reservationMinutes?: number;
  /** Caps on unpaid spots per client and email, and the challenge beyond the free allowance (docs/decisions/056). */
  holdGuard?: HoldGuard;
  /**
   * The workshops as the in-memory catalog holds them (current as of the last
   * committed write): lets a refusal of a full workshop skip the database.
   */
  catalog?: { get(id: string): Promise<Pick<Workshop, 'availableSpots' | 'name' | 'startDate' | 'endDate' | 'timeZone' | 'cancelledAt'> | null> };
  /** The audit log: admin actions and money movements are recorded in their transaction (docs/decisions/060). */
  audit?: AuditLog;
  /** Where the lifecycle publishes the booking events, in their transactions (docs/decisions/071). */
  events?: BookingEvents;
  /** The lifecycle shared with the services built before this one (the credits'); otherwise one of its own with `events`. */
  lifecycle?: BookingLifecycle;
  /** The waiting list's offers: a booking with an offer token takes the spots its offer holds. */
  offers?: HeldOffers;
  /** Credit codes entered on the booking form, applied in the booking's transaction (docs/decisions/063). */
  credits?: CreditRedeemer;
}

/** Applies a credit code to a new booking (docs/decisions/063). */
export interface CreditRedeemer {
  /**
   * In the booking's transaction: mark the credit used by the booking
   * (compare-and-set: never twice; a 4xx naming creditCode otherwise) and
   * record it as a payment. Returns the booking as it is after that.
   */
  redeemOrThrow(m: EntityManager, code: string, booking: Booking, now: Date): Promise<Booking>;
}

/** Spots a waiting-list offer already claimed, as booking creation takes them (docs/decisions/061). */
export interface HeldOffers {
  /**
   * In the booking's transaction: check the offer (a 4xx naming offerToken
   * when it is unknown, for another workshop, used or expired; one naming
   * numParticipants when it asks for more than the offer holds), mark it
   * booked by `bookingId` and give back any spots held beyond `spots`.
   */
  useOrThrow(m: EntityManager, offer: { token: string; workshopId: string; spots: number; bookingId: string }, now: Date): Promise<void>;
}

/** How long a "no lapsed hold" answer is trusted by the fast refusal (see noLapsedHoldAt). */
const LAPSED_HOLD_RECHECK_MS = 1000;

/** The fields of a booking an audit entry compares (money in cents). */
const auditState = (b: Booking) => ({ status: b.status, paymentStatus: b.paymentStatus, amountPaidCents: b.amountPaidCents, totalCents: b.totalCents });

/**
 * Bookings and the spots they hold: creating them, and the admin's and the
 * sweeper's changes. Spots and statuses change only through its lifecycle
 * (docs/decisions/051): every spot change is one conditional UPDATE checked by
 * its affected-row count, inside the same transaction as the booking row, so a
 * workshop can never be oversold under any concurrency (docs/decisions/003).
 */
export class BookingService {
  /** Every status change and spot claim goes through it (docs/decisions/051). */
  readonly lifecycle: BookingLifecycle;
  readonly mails: BookingMails | null;

  constructor(
    private readonly db: Database,
    private readonly clock: () => Date,
    private readonly options: BookingServiceOptions,
    /** Where booking mails are written, in the transaction of the change that causes them. */
    outbox: OutboxService | null = null,
  ) {
    this.mails = outbox ? new BookingMails(outbox, clock) : null;
    this.lifecycle = options.lifecycle ?? new BookingLifecycle(this.mails, options.events ?? null);
  }

  async findById(id: string): Promise<Booking | null> {
    if (typeof id !== 'string' || !/^[0-9a-f-]{36}$/i.test(id)) return null;
    return this.db.manager.findOneBy(Booking, { id: id.toLowerCase() });
  }

  async getByIdOrThrow(id: string): Promise<Booking> {
    const booking = await this.findById(id);
    if (!booking) throw AppError.notFound('Booking');
    return booking;
  }

  /**
   * Create a booking holding its spots. Prices come from the workshop and the
   * policy module only. Throws NOT_FOUND for an unknown workshop,
   * WORKSHOP_STARTED (409) once its first day has come (docs/decisions/059), SOLD_OUT
   * (409) when the spots are not free, and the hold guard's HOLD_LIMIT_REACHED
   * (429) and CHALLENGE_REQUIRED (428). With an offer token the spots its
   * waiting-list offer holds are used instead of new ones (docs/decisions/061).
   */
  async createOrThrow(input: BookingInput, clientKey = INTERNAL_CLIENT): Promise<Booking> {
    const now = this.clock();
    const offerToken = input.offerToken ?? null;
    // The offer's spots are claimed already: the catalog counts them as taken.
    if (!offerToken) await this.refuseWithoutClaimOrThrow(input, now);

    const customerEmail = clean(input.customerEmail).toLowerCase();
    const guard = this.options.holdGuard;
    const client = guard?.client(clientKey, customerEmail) ?? { clientKeyHash: null, email: customerEmail };
    // Filled in by an attempt whose claim was refused.
    const refused = { left: 0, lapsedHold: false };
    const attempt = () =>
      // Serialised per client and email, so parallel requests cannot all pass the caps (docs/decisions/056).
      this.db.lockedTransaction(guard?.locks(client) ?? [], async (m) => {
        const workshop = await m.findOneBy(Workshop, { id: input.workshopId });
        if (!workshop) throw AppError.notFound('Workshop');
        // Before the hold guard and the claim: nothing is taken for a workshop that has started or was cancelled.
        refuseUnlessOpen(workshop, now);
        await guard?.checkOrThrow(m, client, input.numParticipants, input.altcha, now);
        const id = crypto.randomUUID();
        if (offerToken) await this.offersOrThrow().useOrThrow(m, { token: offerToken, workshopId: workshop.id, spots: input.numParticipants, bookingId: id }, now);
        else if (!(await this.lifecycle.claimSpots(m, workshop.id, input.numParticipants, now))) {
          // Refused: what is left and whether a lapsed hold could free spots, read on this
          // transaction's connection (after it, they would queue for the pool again in a rush).
          refused.left = await this.spotsLeftInTransaction(m, workshop.id);
          refused.lapsedHold = await this.hasLapsedHold(workshop.id, now, m);
          return null;
        }
        const totalCents = priceOfBooking(workshop, input);
        const offer = paymentOptionsFor(workshop.startDate, now, workshop.timeZone).find((o) => o.option === input.paymentOption);
        if (!offer?.available) throw AppError.invalid([{ field: 'paymentOption', message: offer?.reason ?? 'This payment option is not offered' }]);
        const charge = computeDueNow(totalCents, input.paymentOption, workshop.startDate, now, workshop.timeZone);
        const booking = m.create(Booking, {
          id,
          workshopId: workshop.id,
          workshopName: workshop.name,
          customerName: clean(input.customerName),
          customerEmail,
          customerPhone: clean(input.customerPhone),
          numParticipants: input.numParticipants,
          roomType: input.roomType,
          numSpouses: input.numSpouses,
          paymentOption: input.paymentOption,
          installments: charge.installments,
          specialRequests: cleanOptional(input.specialRequests),
          age: input.age,
          experienceLevel: input.experienceLevel,
          cameraBody: clean(input.cameraBody),
          lenses: clean(input.lenses),
          otherEquipment: cleanOptional(input.otherEquipment),
          healthConcerns: cleanOptional(input.healthConcerns),
          dietaryRestrictions: cleanOptional(input.dietaryRestrictions),
          tripGoals: clean(input.tripGoals),
          emergencyContactName: clean(input.emergencyContactName),
          emergencyContactPhone: clean(input.emergencyContactPhone),
          emergencyContactEmail: clean(input.emergencyContactEmail).toLowerCase(),
          status: BookingStatus.held,
          paymentStatus: PaymentStatus.pending,
          totalCents,
          dueNowCents: charge.dueNowCents,
          amountPaidCents: 0,
          amountRefundedCents: 0,
          feeCents: 0,
          providerCustomerId: null,
          providerPaymentMethodId: null,
          holdExpiresAt: this.holdExpiry(now),
          checkoutSessionId: null,
          clientKeyHash: client.clientKeyHash,
          createdAt: now,
          updatedAt: now,
        });
        await m.insert(Booking, booking);
        // A plan's schedule is fixed when booked: the first installment is what checkout charges.
        const schedule = input.paymentOption === 'payment_plan' ? installmentSchedule(totalCents, workshop.startDate, now, workshop.timeZone) : null;
        // One multi-row insert: a plan's dates in one round trip.
        if (schedule?.length) {
          await m.insert(
            BookingInstallment,
            schedule.map((i) => ({
              id: crypto.randomUUID(),
              bookingId: booking.id,
              number: i.number,
              dueDate: i.dueDate,
              amountCents: i.amountCents,
              state: InstallmentState.scheduled,
              failedAttempts: 0,
              lastError: null,
              paidAt: null,
            })),
          );
        }
        // Without a provider nobody pays online: tell the customer the spots are reserved.
        const creditCode = input.creditCode?.trim();
        if (creditCode) {
          if (!this.options.credits) throw AppError.invalid([{ field: 'creditCode', message: 'Credit codes are not accepted here' }]);
          const credited = await this.options.credits.redeemOrThrow(m, creditCode, booking, now);
          // Paid in full (or its first payment) by the credit: confirmed, nothing to reserve or pay now.
          if (credited.status !== BookingStatus.held) return credited;
          Object.assign(booking, credited);
        }
        if (this.options.holdMinutes === null) await this.mails?.reserved(m, booking, workshop);
        return booking;
      });

    let booking = await attempt();
    // Spots may be tied up by holds that lapsed since the last sweep: free them and retry once.
    if (!booking && refused.lapsedHold && (await this.releaseExpiredHolds(input.workshopId)) > 0) booking = await attempt();
    if (!booking) throw this.soldOutError(refused.left, input.numParticipants);
    return booking;
  }

  /**
   * The spots a workshop has left, as committed now, inside a transaction whose claim was just
   * refused: a locking read on MySQL (a plain one would see the transaction's older snapshot;
   * the refused UPDATE holds the row's lock already), a plain one on SQLite (one writer).
   */
  private async spotsLeftInTransaction(m: EntityManager, workshopId: string): Promise<number> {
    const locking = this.db.kind === 'sqlite' ? '' : ' FOR UPDATE';
    const rows = (await m.query(`SELECT capacity - spots_claimed AS spots_left FROM workshops WHERE id = ?${locking}`, [workshopId])) as Array<{ spots_left: number | string }>;
    return Math.max(0, Number(rows[0]?.spots_left ?? 0));
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
    const workshop = this.options.catalog
      ? await this.options.catalog.get(booking.workshopId)
      : await this.db.manager.findOneBy(Workshop, { id: booking.workshopId });
    return workshop ? balanceDueDate(workshop.startDate) : null;
  }

  /**
   * A held booking of a workshop that has started cannot be paid for any more:
   * checkout refuses it with WORKSHOP_STARTED (docs/decisions/059). The hold
   * itself lapses as usual.
   */
  async assertWorkshopNotStartedOrThrow(booking: Pick<Booking, 'workshopId'>): Promise<void> {
    const workshop = this.options.catalog
      ? await this.options.catalog.get(booking.workshopId)
      : await this.db.manager.findOneBy(Workshop, { id: booking.workshopId });
    if (workshop) refuseUnlessOpen(workshop, this.clock(), 'bookingId');
  }

  /** When a new booking's spots go back on sale if nothing happens (docs/decisions/003, 056). */
  private holdExpiry(now: Date): Date | null {
    const minutes = this.options.holdMinutes ?? this.options.reservationMinutes;
    return minutes === undefined ? null : new Date(now.getTime() + minutes * 60_000);
  }

  /**
   * Fast refusal without a write transaction when the workshop is clearly full
   * (a rush is mostly refusals): the catalog shows too few spots and no hold of
   * the workshop has lapsed. Only reads; the claim inside the transaction stays
   * the only thing that decides a booking.
   */
  private async refuseWithoutClaimOrThrow(input: BookingInput, now: Date): Promise<void> {
    const workshop = this.options.catalog
      ? await this.options.catalog.get(input.workshopId)
      : await this.db.manager.findOneBy(Workshop, { id: input.workshopId });
    if (!workshop) throw AppError.notFound('Workshop');
    refuseUnlessOpen(workshop, now);
    if (workshop.availableSpots >= input.numParticipants) return;
    // A lapsed hold still counts in the catalog: release it and let the claim decide.
    if ((await this.hasLapsedHold(input.workshopId, now)) && (await this.releaseExpiredHolds(input.workshopId)) > 0) return;
    throw this.soldOutError(workshop.availableSpots, input.numParticipants);
  }

  /**
   * When each workshop was last found to have no lapsed hold. For a second after
   * that, a refusal does not ask again: a sold-out workshop in a rush is asked
   * hundreds of times a second, and a hold that lapsed within that second is
   * released by the next check, the claim's retry or the hold sweeper. Bounded by
   * the number of workshops.
   */
  private readonly noLapsedHoldAt = new Map<string, number>();

  /**
   * One indexed read (idx_bookings_status_hold): does a held booking of the
   * workshop have a hold that lapsed by `now`? Plain SQL through the driver's own
   * parameter escaping (dates as each engine stores them): the query builder
   * cost more than the rest of a refusal.
   */
  private async hasLapsedHold(workshopId: string, now: Date, m: EntityManager = this.db.manager): Promise<boolean> {
    const checkedAt = this.noLapsedHoldAt.get(workshopId);
    if (checkedAt !== undefined && checkedAt <= now.getTime() && now.getTime() - checkedAt < LAPSED_HOLD_RECHECK_MS) return false;
    const lapsed = await this.queryLapsedHold(workshopId, now, m);
    if (lapsed) this.noLapsedHoldAt.delete(workshopId);
    else this.noLapsedHoldAt.set(workshopId, now.getTime());
    return lapsed;
  }

  private async queryLapsedHold(workshopId: string, now: Date, m: EntityManager): Promise<boolean> {
    const [sql, parameters] = this.db.dataSource.driver.escapeQueryWithParameters(
      'SELECT 1 AS lapsed FROM bookings WHERE status = :held AND hold_expires_at IS NOT NULL AND hold_expires_at <= :now AND workshop_id = :workshopId LIMIT 1',
      { held: BookingStatus.held, now, workshopId },
    );
    const rows: unknown[] = await m.query(sql, parameters);
    return rows.length > 0;
  }

  /** Atomically take `n` spots if they are free. True when taken. */
  claimSpots(m: EntityManager, workshopId: string, n: number, now: Date): Promise<boolean> {
    return this.lifecycle.claimSpots(m, workshopId, n, now);
  }

  /** Give `n` spots back. */
  releaseSpots(m: EntityManager, workshopId: string, n: number, now: Date): Promise<void> {
    return this.lifecycle.releaseSpots(m, workshopId, n, now);
  }

  /**
   * Release one held booking's spots (its hold lapsed, its checkout expired, or
   * the admin cancelled it). Idempotent: false when it no longer held spots.
   */
  async releaseHold(bookingId: string, status: BookingStatus.expired | BookingStatus.cancelled, onlyIfSession?: string): Promise<boolean> {
    const now = this.clock();
    return this.db.transaction(async (m) => {
      const booking = await m.findOneBy(Booking, { id: bookingId });
      if (!booking || booking.status !== BookingStatus.held) return false;
      if (onlyIfSession && booking.checkoutSessionId !== onlyIfSession) return false;
      return this.lifecycle.releaseOrThrow(m, booking, status, now);
    });
  }

  /**
   * Admin: record money received outside the payment provider (bank transfer,
   * card by phone, or every payment when no provider is configured). A held
   * booking becomes confirmed; the customer gets the same confirmation mail.
   */
  async recordPaymentOrThrow(id: string, amountCents: number): Promise<Booking> {
    const now = this.clock();
    return this.db.transaction(async (m) => {
      const booking = await this.findInTransactionOrThrow(m, id);
      this.lifecycle.assertTakesPaymentsOrThrow(booking, 'admin');
      const owed = booking.balanceCents;
      if (!Number.isSafeInteger(amountCents) || amountCents <= 0 || amountCents > owed) {
        const message = `amount must be more than $0 and at most the balance of ${formatCents(owed)}`;
        throw AppError.invalid([{ field: 'amount', message }]);
      }
      const before = auditState(booking);
      const applied = await this.lifecycle.applyPaymentOrThrow(m, booking, { amountCents, source: 'admin', purpose: PaymentPurpose.offline }, now);
      if (!applied || applied === 'duplicate') throw changedMeanwhile();
      await this.options.audit?.record(m, {
        ...ADMIN_ACTOR,
        action: 'booking.payment_recorded',
        bookingId: booking.id,
        workshopId: booking.workshopId,
        before,
        after: auditState(applied.booking),
        detail: `${formatCents(amountCents)} received outside the payment provider`,
      });
      return applied.booking;
    });
  }

  private async findInTransactionOrThrow(m: EntityManager, id: string): Promise<Booking> {
    const booking = typeof id === 'string' && /^[0-9a-f-]{36}$/i.test(id) ? await m.findOneBy(Booking, { id: id.toLowerCase() }) : null;
    if (!booking) throw AppError.notFound('Booking');
    return booking;
  }

  /** Held bookings whose hold has lapsed (optionally of one workshop). */
  async findLapsedHolds(workshopId?: string): Promise<Booking[]> {
    const q = this.db.manager
      .createQueryBuilder(Booking, 'b')
      .where('b.status = :held AND b.holdExpiresAt IS NOT NULL AND b.holdExpiresAt <= :now', {
        held: BookingStatus.held,
        now: this.clock(),
      })
      .orderBy('b.holdExpiresAt', 'ASC')
      .limit(500);
    if (workshopId) q.andWhere('b.workshopId = :workshopId', { workshopId });
    return q.getMany();
  }

  /** Release every lapsed hold; returns how many were released. Run by the sweeper. */
  async releaseExpiredHolds(workshopId?: string, onReleased?: (b: Booking) => Promise<void>): Promise<number> {
    let released = 0;
    for (const booking of await this.findLapsedHolds(workshopId)) {
      if (await this.releaseHold(booking.id, BookingStatus.expired)) {
        released++;
        await onReleased?.(booking);
      }
    }
    return released;
  }

  private offersOrThrow(): HeldOffers {
    if (!this.options.offers) throw AppError.invalid([{ field: 'offerToken', message: 'offerToken is not a valid offer' }]);
    return this.options.offers;
  }

  private soldOutError(left: number, wanted: number): AppError {
    const message =
      left === 0
        ? 'This workshop is sold out'
        : `Only ${left} ${left === 1 ? 'spot is' : 'spots are'} left for this workshop; you asked for ${wanted}`;
    return new AppError(ErrorCode.SOLD_OUT, message, [{ field: 'numParticipants', message }]);
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

function changedMeanwhile(): AppError {
  return new AppError(ErrorCode.BOOKING_CHANGED, 'The booking changed meanwhile; reload and try again');
}
