import type { EntityManager } from 'typeorm';
import { EventBus } from '../infrastructure/events';
import type { BookingStatus } from '../shared/booking-status';
import type { Workshop } from '../workshop/workshop.entity';
import type { Booking } from './booking.entity';
import type { BookingRefund, PaymentMethod, PaymentPurpose } from './ledger.entities';

/** Who is paying: the provider (a paid checkout session or charge) or the admin (money received outside it). */
export type PaymentSource = 'provider' | 'admin';

/** Money received, as the ledger records it. */
export interface PaymentReceived {
  amountCents: number;
  source: PaymentSource;
  purpose: PaymentPurpose;
  installmentNumber?: number | null;
  /** The provider's PaymentIntent: a second payment with it is a duplicate and changes nothing. */
  providerPaymentId?: string | null;
  checkoutSessionId?: string | null;
  note?: string | null;
  /** How it was paid when not the source's usual way (a credit code: PaymentMethod.credit). */
  method?: PaymentMethod;
  /**
   * A credit that covers only part of the first payment (docs/decisions/063):
   * the booking stays held until checkout takes the rest.
   */
  keepHold?: boolean;
}

/** Every booking event happens inside a transaction; its subscribers write in it (`m`) or roll it back by throwing. */
interface InTransaction {
  m: EntityManager;
  now: Date;
}

/** Who acted (the audit's actor). */
export type EventActor = 'customer' | 'admin' | 'system';

/**
 * The booking events (docs/decisions/071, docs/architecture.md names each
 * subscriber), published where they happen, inside the transaction that
 * causes them. Subscribers are registered in composition-root.ts only.
 */
export interface BookingEventMap {
  /**
   * A booking was created (its row inserted, before any credit is applied):
   * its travellers are made from `travellers` (docs/decisions/084).
   */
  bookingCreated: InTransaction & { booking: Booking; workshop: Workshop; travellers: ReadonlyArray<{ name?: string | null; email?: string | null; later?: boolean | null }> };
  /**
   * A payment was applied to a booking, once (lifecycle.applyPaymentOrThrow).
   * Subscribers add the refunds they decide to `refunds` (money for a
   * cancelled booking); the publisher makes them once its transaction committed.
   */
  paymentApplied: InTransaction & { booking: Booking; payment: PaymentReceived & { id: string }; previousStatus: BookingStatus; refunds: BookingRefund[] };
  /** The admin created a run, or scheduled one again (`copiedFrom`: the run it was copied from). */
  workshopScheduled: InTransaction & { workshop: Workshop; copiedFrom: string | null };
  /** The admin moved a run's dates (start, end or time zone): `before` and `workshop` (after). */
  workshopDatesChanged: InTransaction & { before: Workshop; workshop: Workshop };
  /** Spots of a workshop came back (a release, a lapse, a cancellation, a capacity raise). */
  spotsReleased: InTransaction & { workshopId: string };
  /** A held booking's hold lapsed (expired without payment). */
  holdLapsed: InTransaction & { booking: Booking };
  /** A refund was decided (split over the payments); a credit code's part is given back as a new credit. */
  refundDecided: InTransaction & { booking: Booking; refund: BookingRefund };
  /** A live booking was cancelled, its refund decided (`mail: false`: the caller mails, e.g. a workshop cancellation). */
  bookingCancelled: InTransaction & {
    booking: Booking;
    actor: EventActor;
    before: { status: string; paymentStatus: string };
    refundCents: number;
    refunds: BookingRefund[];
    applyPolicyFee: boolean;
    mail: boolean;
  };
  /** A confirmed booking moved to another workshop, its money settled. */
  bookingTransferred: InTransaction & {
    booking: Booking;
    actor: EventActor;
    from: Workshop;
    to: Workshop;
    refunds: BookingRefund[];
    /** The figures the options showed and the mail states (money/transfer-terms.ts). */
    money: { newTotalCents: number; feesAfterCents: number; refundCapCents: number | null; transferFeeCents: number; refundNowCents: number; keptCents: number; dueCents: number; dueDate?: string; cancelBeforeCents: number; cancelAfterCents: number; today: string };
  };
  /** Money arrived for a cancelled booking (or a cancelled workshop's lapsed hold) and is refunded in full. */
  latePaymentRefunded: InTransaction & { booking: Booking; payment: PaymentReceived & { id: string }; refunds: BookingRefund[]; lateFor: 'booking' | 'workshop' };
  /**
   * The admin cancelled a workshop: its live bookings were cancelled with no fee (each published
   * `bookingCancelled` with `mail: false`), its waiting list closed; the refunds wait until `refundsDueAt`.
   */
  workshopCancelled: InTransaction & {
    workshop: Workshop;
    cancelled: Array<{ booking: Booking; refunds: BookingRefund[] }>;
    refundsDueAt: Date;
    waitlistClosed: number;
    onlineRefundCents: number;
    offlineRefundCents: number;
  };
}

/** The one bus of booking events of a process (built by the composition root). */
export class BookingEvents extends EventBus<BookingEventMap> {}
