import crypto from 'node:crypto';
import type { EntityManager } from 'typeorm';
import type { Database } from '../infrastructure/db/data-source';
import { AppError, ErrorCode } from '../infrastructure/errors';
import type { RateLimitRule } from '../infrastructure/rate-limit';
import { clean, cleanOptional } from '../infrastructure/text';
import { computeDueNow, computeTotalCents, POLICY } from '../shared/policy';
import { formatCents } from '../shared/money';
import type { OutboxService } from '../mail/outbox.service';
import { Workshop } from '../workshop/workshop.entity';
import { Booking } from './booking.entity';
import type { BookingInput } from './booking.input';
import { BookingStatus, PaymentStatus } from './booking.types';

/**
 * Booking attempts per client and minute. Generous: a person books a handful of
 * times at most; this only stops a script from hammering the spot claims.
 */
export const BOOKING_RATE_LIMIT: RateLimitRule = { name: 'booking attempts', limit: 1000, windowMs: 60_000 };

export interface BookingServiceOptions {
  /**
   * Minutes an unpaid hold lasts when a payment provider is configured (the
   * checkout session then sets the exact expiry). Null: no provider, holds stay
   * until the admin acts.
   */
  holdMinutes: number | null;
}

/**
 * Bookings and the spots they hold. The only code that changes
 * Workshop.spotsClaimed: every change is one conditional UPDATE checked by its
 * affected-row count, inside the same transaction as the booking row, so a
 * workshop can never be oversold under any concurrency (docs/decisions/003).
 */
export class BookingService {
  constructor(
    private readonly db: Database,
    private readonly clock: () => Date,
    private readonly options: BookingServiceOptions,
    /** Mails caused by booking changes, written in the same transaction. */
    private readonly outbox: OutboxService | null = null,
  ) {}

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
   * policy module only. Throws NOT_FOUND for an unknown workshop and SOLD_OUT
   * (409) when the spots are not free.
   */
  async createOrThrow(input: BookingInput): Promise<Booking> {
    const now = this.clock();
    const attempt = () =>
      this.db.transaction(async (m) => {
        const workshop = await m.findOneBy(Workshop, { id: input.workshopId });
        if (!workshop) throw AppError.notFound('Workshop');
        if (!(await this.claimSpots(m, workshop.id, input.numParticipants, now))) return null;
        const totalCents = computeTotalCents({
          priceCents: workshop.priceCents,
          privateRoomSupplementCents: workshop.privateRoomSupplementCents,
          numParticipants: input.numParticipants,
          numSpouses: input.numSpouses,
          roomType: input.roomType,
        });
        const charge = computeDueNow(totalCents, input.paymentOption, workshop.startDate, now);
        const booking = m.create(Booking, {
          id: crypto.randomUUID(),
          workshopId: workshop.id,
          workshopName: workshop.name,
          customerName: clean(input.customerName),
          customerEmail: clean(input.customerEmail).toLowerCase(),
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
          holdExpiresAt: this.options.holdMinutes === null ? null : new Date(now.getTime() + this.options.holdMinutes * 60_000),
          checkoutSessionId: null,
          createdAt: now,
          updatedAt: now,
        });
        await m.insert(Booking, booking);
        // Without a provider nobody pays online: tell the customer the spots are reserved.
        if (this.options.holdMinutes === null) await this.outbox?.enqueueBookingReserved(m, booking, workshop);
        return booking;
      });

    // Fast refusal without a write transaction when the workshop is clearly full (a rush is mostly
    // refusals); the claim inside the transaction stays the only thing that decides a booking.
    const snapshot = await this.db.manager.findOneBy(Workshop, { id: input.workshopId });
    if (!snapshot) throw AppError.notFound('Workshop');
    if (snapshot.availableSpots < input.numParticipants && (await this.releaseExpiredHolds(input.workshopId)) === 0) {
      throw this.soldOutError(snapshot.availableSpots, input.numParticipants);
    }

    let booking = await attempt();
    // Spots may be tied up by holds that lapsed since the last sweep: free them and retry once.
    if (!booking && (await this.releaseExpiredHolds(input.workshopId)) > 0) booking = await attempt();
    if (!booking) {
      const now = await this.db.manager.findOneBy(Workshop, { id: input.workshopId });
      throw this.soldOutError(now?.availableSpots ?? 0, input.numParticipants);
    }
    return booking;
  }

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
    await m
      .createQueryBuilder()
      .update(Workshop)
      .set({ spotsClaimed: () => 'spots_claimed - :n', updatedAt: now })
      .where('id = :id AND spots_claimed >= :n', { id: workshopId, n })
      .execute();
  }

  /**
   * Move a booking from one status to another only if it is still in `from`
   * (a compare-and-set: concurrent callers cannot both win).
   */
  async transition(
    m: EntityManager,
    id: string,
    from: BookingStatus[],
    changes: Partial<Pick<Booking, 'status' | 'paymentStatus' | 'holdExpiresAt' | 'amountPaidCents' | 'checkoutSessionId'>>,
    now: Date,
    /** Also require the amount paid to be unchanged since it was read (no lost payment updates). */
    expectAmountPaidCents?: number,
  ): Promise<boolean> {
    const q = m
      .createQueryBuilder()
      .update(Booking)
      .set({ ...changes, updatedAt: now })
      .where('id = :id AND status IN (:...from)', { id, from });
    if (expectAmountPaidCents !== undefined) q.andWhere('amount_paid_cents = :paidBefore', { paidBefore: expectAmountPaidCents });
    return (await q.execute()).affected === 1;
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
      const paymentStatus = status === BookingStatus.expired ? PaymentStatus.expired : booking.paymentStatus;
      if (!(await this.transition(m, booking.id, [BookingStatus.held], { status, paymentStatus, holdExpiresAt: null }, now))) return false;
      await this.releaseSpots(m, booking.workshopId, booking.numParticipants, now);
      if (status === BookingStatus.expired) await this.outbox?.enqueueHoldExpired(m, booking);
      return true;
    });
  }

  /**
   * Admin: cancel a booking. Its spots come back at once; money already received
   * is flagged `refund_due` for the admin to refund.
   */
  async cancelOrThrow(id: string): Promise<Booking> {
    const now = this.clock();
    return this.db.transaction(async (m) => {
      const booking = await this.findInTransactionOrThrow(m, id);
      if (booking.status === BookingStatus.expired || booking.status === BookingStatus.cancelled) {
        throw new AppError(ErrorCode.CONFLICT, `This booking is already ${booking.status}`);
      }
      const paymentStatus = booking.amountPaidCents > 0 ? PaymentStatus.refundDue : booking.paymentStatus;
      const changes = { status: BookingStatus.cancelled, paymentStatus, holdExpiresAt: null };
      if (!(await this.transition(m, booking.id, [booking.status], changes, now))) throw changedMeanwhile();
      if (booking.status === BookingStatus.held || booking.status === BookingStatus.confirmed) {
        await this.releaseSpots(m, booking.workshopId, booking.numParticipants, now);
      }
      return Object.assign(booking, changes, { updatedAt: now });
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
      if (![BookingStatus.held, BookingStatus.confirmed, BookingStatus.needs_attention].includes(booking.status)) {
        throw new AppError(ErrorCode.CONFLICT, `A ${booking.status} booking cannot take payments; the customer must book again`);
      }
      const owed = booking.totalCents - booking.amountPaidCents;
      if (!Number.isSafeInteger(amountCents) || amountCents <= 0 || amountCents > owed) {
        const message = `amount must be more than $0 and at most the balance of ${formatCents(owed)}`;
        throw AppError.invalid([{ field: 'amount', message }]);
      }
      const amountPaidCents = booking.amountPaidCents + amountCents;
      const changes = {
        status: booking.status === BookingStatus.held ? BookingStatus.confirmed : booking.status,
        paymentStatus: amountPaidCents >= booking.totalCents ? PaymentStatus.paid : PaymentStatus.depositPaid,
        amountPaidCents,
        holdExpiresAt: null,
      };
      if (!(await this.transition(m, booking.id, [booking.status], changes, now, booking.amountPaidCents))) throw changedMeanwhile();
      await this.outbox?.enqueuePaymentApplied(m, { ...booking, ...changes }, amountCents, booking.status);
      return Object.assign(booking, changes, { updatedAt: now });
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

  private soldOutError(left: number, wanted: number): AppError {
    const message =
      left === 0
        ? 'This workshop is sold out'
        : `Only ${left} ${left === 1 ? 'spot is' : 'spots are'} left for this workshop; you asked for ${wanted}`;
    return new AppError(ErrorCode.SOLD_OUT, message, [{ field: 'numParticipants', message }]);
  }
}

/** Hold length when a provider is configured: the checkout session's minimum life. */
export const PROVIDER_HOLD_MINUTES = POLICY.checkoutHoldMinutes;

function changedMeanwhile(): AppError {
  return new AppError(ErrorCode.CONFLICT, 'The booking changed meanwhile; reload and try again');
}
