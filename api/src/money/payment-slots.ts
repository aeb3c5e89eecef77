import type { Database } from '../infrastructure/db/data-source';
import { BookingStatus } from '../shared/booking-status';
import { Booking } from '../booking/booking.entity';
import { CheckoutSessionRecord } from '../payment/checkout-session.entity';
import { PaymentSlot } from './payment-slot';

/**
 * The payment slot's writes (its value type is PaymentSlot): a claim is a
 * compare-and-set of the booking's checkout_session_id from what was read to
 * the claim, in a transaction; the claimer then settles it (to the session it
 * created) or releases it. Used by PaymentService for checkouts and charges.
 */
export class PaymentSlots {
  constructor(
    private readonly db: Database,
    private readonly clock: () => Date,
  ) {}

  /**
   * Compare-and-set the booking's payment slot from what we read to our
   * marker: a free slot, a finished session, or a stale marker left by a
   * crashed request can be taken; a fresh marker cannot.
   */
  async claim(booking: Booking, marker: string, now: Date, requireHeld: boolean): Promise<boolean> {
    const previous = booking.checkoutSessionId;
    const slot = PaymentSlot.parse(previous);
    if (slot.isBusy(now)) return false;
    if (requireHeld && slot.sessionId) return false;
    const result = await this.db.transaction((m) => {
      const q = m.createQueryBuilder().update(Booking).set({ checkoutSessionId: marker, updatedAt: now }).where('id = :id', { id: booking.id });
      if (requireHeld) q.andWhere('status = :held', { held: BookingStatus.held });
      else q.andWhere('status = :confirmed', { confirmed: BookingStatus.confirmed });
      if (previous) q.andWhere('checkout_session_id = :previous', { previous });
      else q.andWhere('checkout_session_id IS NULL');
      return q.execute();
    });
    if (result.affected === 1) booking.checkoutSessionId = marker;
    return result.affected === 1;
  }

  /**
   * Store the outcome of our claim on creating the booking's session, and the
   * session we created (kept even if our claim was taken over meanwhile: its
   * address was handed out, so it may be paid).
   */
  async settle(bookingId: string, marker: string, sessionId: string | null, holdExpiresAt?: Date, created?: CheckoutSessionRecord): Promise<void> {
    const now = this.clock();
    await this.db.transaction(async (m) => {
      if (created) await m.createQueryBuilder().insert().into(CheckoutSessionRecord).values(created).orIgnore().execute();
      await m
        .createQueryBuilder()
        .update(Booking)
        .set({ checkoutSessionId: sessionId, updatedAt: now, ...(holdExpiresAt ? { holdExpiresAt } : {}) })
        .where('id = :id AND checkout_session_id = :marker', { id: bookingId, marker })
        .execute();
    });
  }

  /** Give the slot back after a charge (to nothing: the charge is recorded in the ledger). */
  async release(bookingId: string, marker: string): Promise<void> {
    await this.settle(bookingId, marker, null);
  }
}
