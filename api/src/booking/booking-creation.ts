import crypto from 'node:crypto';
import type { EntityManager } from 'typeorm';
import type { Database } from '../infrastructure/db/data-source';
import { AppError, ErrorCode } from '../infrastructure/errors';
import { clean } from '../infrastructure/text';
import { computeDueNow, paymentOptionsFor } from '../shared/policy';
import { Workshop } from '../workshop/workshop.entity';
import { refuseUnlessOpen } from '../workshop/workshop.service';
import { Booking } from './booking.entity';
import type { BookingInput } from './booking.input';
import { BookingStatus } from './booking.types';
import type { BookingLifecycle } from './booking-lifecycle';
import type { BookingMails } from './booking.mails';
import type { BookingServiceOptions, HeldOffers, WorkshopLookup } from './booking-options';
import { BookingInstallment } from './ledger.entities';
import { priceOfBooking } from './booking-price';
import { type BookingClient, INTERNAL_CLIENT } from './hold-limits';
import { ClaimGate } from './claim-gate';
import { isDeadlock, isDuplicateKey } from '../infrastructure/db-errors';
import { insertBound, insertBoundRows } from '../infrastructure/db/bound-insert';
import { preparedSelectOf } from '../infrastructure/db/prepared-select';
import type { LapsedHolds } from './lapsed-holds';
import { installmentRows, newBookingRow } from './new-booking';
import { newBookingReference } from './booking-reference';

/** Work done in a new booking's transaction by whoever asked for it; what it throws rolls the booking back. */
export type BookingCreatedHook = (m: EntityManager, booking: Booking) => Promise<void>;

/**
 * Creating a booking that holds its spots (docs/decisions/003, 056): one
 * conditional UPDATE claims the spots inside the transaction that inserts the
 * row, so a workshop is never oversold; a full workshop is mostly refused
 * without a write transaction.
 */
/** Thrown inside a booking's transaction whose claim was refused: rolls back what it wrote. */
const REFUSED = Symbol('claim refused');

export class BookingCreation {
  /** This process's attempts in flight per workshop (docs/decisions/107). */
  private readonly gate = new ClaimGate();

  constructor(
    private readonly db: Database,
    private readonly clock: () => Date,
    private readonly options: BookingServiceOptions,
    private readonly lifecycle: BookingLifecycle,
    private readonly mails: BookingMails | null,
    private readonly holds: LapsedHolds,
    /** The workshops as the in-memory catalog holds them (or the database): the fast refusal reads them. */
    private readonly workshops: WorkshopLookup,
  ) {}

  /**
   * Create a booking holding its spots. Prices come from the workshop and the
   * policy module only. Throws NOT_FOUND for an unknown workshop,
   * WORKSHOP_STARTED (409) once its first day has come (docs/decisions/059), SOLD_OUT
   * (409) when the spots are not free, and the hold guard's HOLD_LIMIT_REACHED
   * (429) and CHALLENGE_REQUIRED (428). With an offer token the spots its
   * waiting-list offer holds are used instead of new ones (docs/decisions/061).
   * `inTransaction` runs in the booking's transaction right after its row is written
   * (a recovery link's claim, docs/decisions/098): what it throws undoes the booking.
   */
  async createOrThrow(input: BookingInput, clientKey = INTERNAL_CLIENT, inTransaction?: BookingCreatedHook): Promise<Booking> {
    const now = this.clock();
    const others = input.travellers?.length ?? 0;
    if (others > input.numParticipants - 1) {
      throw AppError.invalid([{ field: 'travellers', message: `travellers must list at most ${input.numParticipants - 1} other travellers (the booker is the first of ${input.numParticipants})` }]);
    }
    const customerEmail = clean(input.customerEmail).toLowerCase();
    // The offer's spots are claimed already: the catalog counts them as taken, and there is nothing to gate.
    if (input.offerToken) return this.createAndClaimOrThrow(input, clientKey, customerEmail, now, inTransaction);
    // Attempts that the spots already being claimed here would leave without room wait for those to end,
    // then take the fast refusal if the catalog says so (docs/decisions/107). The claim still decides.
    return this.gate.pass(
      input.workshopId,
      input.numParticipants,
      () => this.refuseWithoutClaimOrThrow(input, now),
      () => this.createAndClaimOrThrow(input, clientKey, customerEmail, now, inTransaction),
    );
  }

  private async createAndClaimOrThrow(input: BookingInput, clientKey: string, customerEmail: string, now: Date, inTransaction?: BookingCreatedHook): Promise<Booking> {
    const guard = this.options.holdGuard;
    const client = guard?.client(clientKey, customerEmail) ?? { clientKeyHash: null, email: customerEmail };
    // Filled in by an attempt whose claim was refused.
    const refused = { left: 0, lapsedHold: false };
    const attempt = async (): Promise<Booking | null> => {
      for (let run = 1; ; run++) {
        try {
          // Serialised per client and email, so parallel requests cannot all pass the caps (docs/decisions/056).
          return await this.db.lockedTransaction(guard?.locks(client) ?? [], (m) => this.inTransactionOrRefuse(m, input, client, customerEmail, now, refused, inTransaction));
        } catch (e) {
          // Refused: everything written before the claim was rolled back with it.
          if (e === REFUSED) return null;
          // MariaDB may pick this transaction as a deadlock's victim (e.g. against a workshop's cancellation): it was rolled back whole.
          if (run >= 3 || !isDeadlock(e)) throw e;
        }
      }
    };

    let booking = await attempt();
    // Spots may be tied up by holds that lapsed since the last sweep: free them and retry once.
    if (!booking && refused.lapsedHold && (await this.holds.releaseExpiredHolds(input.workshopId)) > 0) booking = await attempt();
    if (!booking) throw soldOutError(refused.left, input.numParticipants);
    return booking;
  }

  /**
   * The booking's transaction: the rows first, the spots' claim last (docs/decisions/107), so on
   * MySQL/MariaDB the run's row lock is held from the claim to the commit only. A refused claim
   * throws REFUSED (rolling back every row written) after noting what is left in `refused`. An
   * error thrown before the claim is answered as before the claim moved: SOLD_OUT when the claim
   * would have been refused, the error otherwise. With an offer token the offer's spots are taken first, as always.
   */
  private async inTransactionOrRefuse(
    m: EntityManager,
    input: BookingInput,
    client: BookingClient,
    customerEmail: string,
    now: Date,
    refused: { left: number; lapsedHold: boolean },
    inTransaction?: BookingCreatedHook,
  ): Promise<Booking> {
    // Read in the transaction, its SQL written once and run through the driver (decision 111): findOneBy's values.
    const [workshop] = await preparedSelectOf(m, Workshop).runIn(m, 'by-id', () => m.createQueryBuilder(Workshop, 'w').where('w.id = :id'), { id: input.workshopId });
    if (!workshop) throw AppError.notFound('Workshop');
    // Before the hold guard and the claim: nothing is taken for a workshop that has started or was cancelled.
    refuseUnlessOpen(workshop, now);
    await this.options.holdGuard?.checkOrThrow(m, client, input.numParticipants, input.altcha, now);
    const id = crypto.randomUUID();
    if (input.offerToken) {
      await this.offersOrThrow().useOrThrow(m, { token: input.offerToken, workshopId: workshop.id, spots: input.numParticipants, bookingId: id }, now);
      return this.writeBooking(m, input, workshop, id, client, customerEmail, now, inTransaction);
    }
    const refuse = async (): Promise<never> => {
      // What is left and whether a lapsed hold could free spots, read on this transaction's
      // connection (after it, they would queue for the pool again in a rush).
      refused.left = await this.spotsLeftInTransaction(m, workshop.id);
      refused.lapsedHold = await this.holds.hasLapsedHold(workshop.id, now, m);
      throw REFUSED;
    };
    let booking: Booking;
    try {
      booking = await this.writeBooking(m, input, workshop, id, client, customerEmail, now, inTransaction);
    } catch (e) {
      // The claim came first until decision 107: a workshop without the spots still answers SOLD_OUT
      // rather than the refusal of a promo code, a credit or a payment option. Only after the app's own
      // refusals: a driver's error may have ended the transaction (a deadlock), and a claim then would commit alone.
      if (!(e instanceof AppError)) throw e;
      const claimed = await this.lifecycle.claimSpots(m, workshop.id, input.numParticipants, now).catch(() => true);
      if (!claimed) await refuse();
      throw e;
    }
    if (!(await this.lifecycle.claimSpots(m, workshop.id, input.numParticipants, now))) await refuse();
    return booking;
  }

  /** The new booking's rows (booking, its travellers, jobs, installments, promo and credit uses, mail), in its transaction. */
  private async writeBooking(
    m: EntityManager,
    input: BookingInput,
    workshop: Workshop,
    id: string,
    client: BookingClient,
    customerEmail: string,
    now: Date,
    inTransaction?: BookingCreatedHook,
  ): Promise<Booking> {
    const subtotalCents = priceOfBooking(workshop, input);
    // The promo code's discount comes off the price before the deposit or installments are computed.
    const promo = await this.claimPromo(m, input, { bookingId: id, workshopId: workshop.id, customerEmail, subtotalCents }, now);
    const totalCents = subtotalCents - promo.discountCents;
    const offer = paymentOptionsFor(workshop.startDate, now, workshop.timeZone).find((o) => o.option === input.paymentOption);
    if (!offer?.available) throw AppError.invalid([{ field: 'paymentOption', message: offer?.reason ?? 'This payment option is not offered' }]);
    const charge = computeDueNow(totalCents, input.paymentOption, workshop.startDate, now, workshop.timeZone);
    const booking = m.create(
      Booking,
      newBookingRow(input, workshop, {
        id,
        reference: newBookingReference(),
        customerEmail,
        totalCents,
        promoCode: promo.code,
        discountCents: promo.discountCents,
        dueNowCents: charge.dueNowCents,
        installments: charge.installments,
        holdExpiresAt: this.holdExpiry(now),
        clientKeyHash: client.clientKeyHash,
        now,
      }),
    );
    await this.insertBookingRow(m, booking);
    await this.options.events?.publish('bookingCreated', { m, now, booking, workshop, travellers: input.travellers ?? [] });
    await inTransaction?.(m, booking);
    // One multi-row insert: a plan's dates in one round trip.
    const installments = installmentRows(booking, workshop, now);
    if (installments.length) await insertBoundRows(m, BookingInstallment, installments);
    const creditCode = input.creditCode?.trim();
    if (creditCode) {
      if (!this.options.credits) throw AppError.invalid([{ field: 'creditCode', message: 'Credit codes are not accepted here' }]);
      const credited = await this.options.credits.redeemOrThrow(m, creditCode, booking, now);
      // Paid in full (or its first payment) by the credit: confirmed, nothing to reserve or pay now.
      if (credited.status !== BookingStatus.held) return credited;
      Object.assign(booking, credited);
    }
    // Without a provider nobody pays online: tell the customer the spots are reserved.
    if (this.options.holdMinutes === null) await this.mails?.reserved(m, booking, workshop);
    return booking;
  }

  /**
   * The booking's row. Every column is set: nothing is read back after the insert (TypeORM would
   * select the defaults: a round trip); its values are bound to one SQL text written once
   * (bound-insert.ts: on SQLite one statement prepared once, on MySQL/MariaDB no query builder per booking). Its reference is drawn at random and the unique index checks it: taken (about
   * one in 28 million per booking stored), the insert alone failed and another is drawn, the
   * transaction going on (docs/decisions/107; it was a SELECT before every insert).
   */
  private async insertBookingRow(m: EntityManager, booking: Booking): Promise<void> {
    for (let draw = 1; ; draw++) {
      try {
        await insertBound(m, Booking, booking);
        return;
      } catch (e) {
        if (draw >= 5 || !isDuplicateKey(e) || !/reference/i.test(String((e as Error).message))) throw e;
        booking.reference = newBookingReference();
      }
    }
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
  private async refuseWithoutClaimOrThrow(input: BookingInput, now: Date): Promise<number> {
    const workshop = await this.workshops.get(input.workshopId);
    if (!workshop) throw AppError.notFound('Workshop');
    refuseUnlessOpen(workshop, now);
    if (workshop.availableSpots >= input.numParticipants) return workshop.availableSpots;
    // A lapsed hold still counts in the catalog: release it and let the claim decide.
    if ((await this.holds.hasLapsedHold(input.workshopId, now)) && (await this.holds.releaseExpiredHolds(input.workshopId)) > 0) return Infinity;
    throw soldOutError(workshop.availableSpots, input.numParticipants);
  }

  /** The promo code typed on the form, claimed in the booking's transaction; none: no discount. */
  private async claimPromo(
    m: EntityManager,
    input: BookingInput,
    b: { bookingId: string; workshopId: string; customerEmail: string; subtotalCents: number },
    now: Date,
  ): Promise<{ code: string | null; discountCents: number }> {
    const typed = input.promoCode?.trim();
    if (!typed) return { code: null, discountCents: 0 };
    if (!this.options.promos) throw AppError.invalid([{ field: 'promoCode', message: 'Promo codes are not accepted here' }]);
    return this.options.promos.claimOrThrow(m, typed, { ...b, numParticipants: input.numParticipants }, now);
  }

  private offersOrThrow(): HeldOffers {
    if (!this.options.offers) throw AppError.invalid([{ field: 'offerToken', message: 'offerToken is not a valid offer' }]);
    return this.options.offers;
  }
}

function soldOutError(left: number, wanted: number): AppError {
  const message =
    left === 0
      ? 'This workshop is sold out'
      : `Only ${left} ${left === 1 ? 'spot is' : 'spots are'} left for this workshop; you asked for ${wanted}`;
  return new AppError(ErrorCode.SOLD_OUT, message, [{ field: 'numParticipants', message }]);
}
