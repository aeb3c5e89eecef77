import type { EntityManager } from 'typeorm';
import type { AuditLog } from '../audit/audit-log.service';
import type { Workshop } from '../workshop/workshop.entity';
import type { Booking } from './booking.entity';
import type { BookingEvents } from './booking-events';
import type { BookingLifecycle } from './booking-lifecycle';
import type { HoldGuard } from './hold-limits';

/** What BookingService and its use cases are built with (composition-root.ts; tests pass a few). */
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
  catalog?: WorkshopLookup;
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
  /** Promo codes entered on the booking form, claimed in the booking's transaction (docs/decisions/096). */
  promos?: PromoClaimer;
}

/** Claims one use of a promo code for a new booking (docs/decisions/096). */
export interface PromoClaimer {
  /**
   * In the booking's transaction, after its spots were claimed: refuse a code that
   * cannot be used (PROMO_CODE_REFUSED naming promoCode) or claim one use (the cap
   * holds under a rush). Answers the stored code and the discount in cents.
   */
  claimOrThrow(
    m: EntityManager,
    code: string,
    booking: { bookingId: string; workshopId: string; customerEmail: string; numParticipants: number; subtotalCents: number },
    now: Date,
  ): Promise<{ code: string; discountCents: number }>;
}

/** The workshop facts a booking reads outside its transaction (the in-memory catalog, or the database). */
export interface WorkshopLookup {
  get(id: string): Promise<Pick<Workshop, 'availableSpots' | 'name' | 'startDate' | 'endDate' | 'timeZone' | 'cancelledAt'> | null>;
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
