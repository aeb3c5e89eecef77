import type { EntityManager } from 'typeorm';
import type { MailTemplates } from '../mail/mail.types';
import type { OutboxService } from '../mail/outbox.service';
import { BookingStatus } from '../shared/booking-status';
import { PaymentSlot } from '../money/payment-slot';
import { Workshop } from '../workshop/workshop.entity';
import type { Booking } from './booking.entity';
import { BookingMailKind, bookingMailData, type BookingMailData, type WorkshopFields } from './booking-mail-data';
import {
  adminNewBooking,
  adminPaymentAttention,
  bookingPaid,
  bookingReserved,
  holdExpired,
  paymentNeedsAttention,
} from './booking-mail-templates';
import {
  adminBalanceOverdue,
  adminInstallmentFailed,
  balanceOverdue,
  balanceReminder,
  bookingCancelled,
  bookingTransferred,
  installmentFailed,
  latePaymentRefunded,
  refundIssued,
} from './money-mail-templates';

/** How each booking mail looks, by kind: registered with the outbox by the composition root. */
export const BOOKING_MAILS: MailTemplates = {
  [BookingMailKind.bookingReserved]: bookingReserved,
  [BookingMailKind.bookingPaid]: bookingPaid,
  [BookingMailKind.paymentNeedsAttention]: paymentNeedsAttention,
  [BookingMailKind.holdExpired]: holdExpired,
  [BookingMailKind.adminNewBooking]: adminNewBooking,
  [BookingMailKind.adminPaymentAttention]: adminPaymentAttention,
  [BookingMailKind.balanceReminder]: balanceReminder,
  [BookingMailKind.balanceOverdue]: balanceOverdue,
  [BookingMailKind.adminBalanceOverdue]: adminBalanceOverdue,
  [BookingMailKind.installmentFailed]: installmentFailed,
  [BookingMailKind.adminInstallmentFailed]: adminInstallmentFailed,
  [BookingMailKind.bookingCancelled]: bookingCancelled,
  [BookingMailKind.bookingTransferred]: bookingTransferred,
  [BookingMailKind.refundIssued]: refundIssued,
  [BookingMailKind.latePaymentRefunded]: latePaymentRefunded,
};

/**
 * Which mails a booking event sends, to whom. Called by the booking lifecycle
 * inside the transaction that makes the change, so a mail exists if and only
 * if the change committed.
 */
export class BookingMails {
  constructor(
    private readonly outbox: OutboxService,
    private readonly clock: () => Date,
  ) {}

  /** Spots reserved with no payment provider: tell the customer. */
  async reserved(m: EntityManager, booking: Booking, workshop?: WorkshopFields): Promise<void> {
    const data = bookingMailData(booking, workshop ?? (await this.workshopOf(m, booking)), null, this.clock());
    await this.outbox.enqueue(m, { kind: BookingMailKind.bookingReserved, to: booking.customerEmail, payload: data });
  }

  /**
   * A payment was applied (once: the lifecycle calls this only when it applies
   * it). `booking` carries its new status and amounts.
   */
  async paymentApplied(m: EntityManager, booking: Booking, paymentCents: number, previousStatus: BookingStatus): Promise<void> {
    const data = bookingMailData(booking, await this.workshopOf(m, booking), paymentCents, this.clock());
    const admin = this.outbox.adminEmail;
    if (booking.status === BookingStatus.needs_attention) {
      await this.outbox.enqueue(m, { kind: BookingMailKind.paymentNeedsAttention, to: booking.customerEmail, payload: data, beyondLimit: true });
      await this.outbox.enqueue(m, { kind: BookingMailKind.adminPaymentAttention, to: admin, payload: data });
      return;
    }
    // Paid mails pass the recipient limit: only money received causes them.
    await this.outbox.enqueue(m, { kind: BookingMailKind.bookingPaid, to: booking.customerEmail, payload: data, beyondLimit: true });
    // The admin hears about each new paid booking, not about every later installment.
    if (previousStatus !== BookingStatus.confirmed) {
      await this.outbox.enqueue(m, { kind: BookingMailKind.adminNewBooking, to: admin, payload: data });
    }
  }

  /**
   * An unpaid hold lapsed and its spots were released. Only to a customer who
   * went on to checkout (a session was created): anyone can type any address
   * into the booking form, and a hold nobody tried to pay must not let them
   * mail a stranger text of their choosing (hardening finding 8).
   */
  async holdExpired(m: EntityManager, booking: Booking): Promise<void> {
    if (!checkoutStarted(booking)) return;
    const data = bookingMailData(booking, await this.workshopOf(m, booking), null, this.clock());
    await this.outbox.enqueue(m, { kind: BookingMailKind.holdExpired, to: booking.customerEmail, payload: data });
  }

  /**
   * A money mail (docs/decisions/062): the booking as it is now plus what the
   * mail is about. Customer mails pass the recipient limit (money moved or
   * is due); admin ones go to the admin address.
   */
  async money(m: EntityManager, kind: BookingMailKind, booking: Booking, extra: Partial<BookingMailData>, to: 'customer' | 'admin' = 'customer'): Promise<void> {
    const data = { ...bookingMailData(booking, await this.workshopOf(m, booking), null, this.clock()), ...extra };
    await this.outbox.enqueue(m, { kind, to: to === 'admin' ? this.outbox.adminEmail : booking.customerEmail, payload: data, beyondLimit: to === 'customer' });
  }

  private workshopOf(m: EntityManager, booking: Booking): Promise<Workshop> {
    return m.findOneByOrFail(Workshop, { id: booking.workshopId });
  }
}

/** A checkout session was created for the booking (a claim on the slot may still be creating it). */
function checkoutStarted(booking: Pick<Booking, 'checkoutSessionId'>): boolean {
  const slot = PaymentSlot.parse(booking.checkoutSessionId);
  return !slot.isFree && !slot.isCreatingSession();
}
