import type { Database } from '../infrastructure/db/data-source';
import { AppError } from '../infrastructure/errors';
import { storedId } from '../infrastructure/ids';
import { formatCents } from '../shared/money';
import { ADMIN_ACTOR, type AuditLog } from '../audit/audit-log.service';
import { Booking } from './booking.entity';
import type { BookingLifecycle } from './booking-lifecycle';
import { changedMeanwhile } from './booking-errors';
import { PaymentPurpose } from './ledger.entities';

/** The fields of a booking an audit entry compares (money in cents). */
const auditState = (b: Booking) => ({ status: b.status, paymentStatus: b.paymentStatus, amountPaidCents: b.amountPaidCents, totalCents: b.totalCents });

/**
 * The admin records money received outside the payment provider (bank
 * transfer, card by phone, or every payment when no provider is configured),
 * through the booking's lifecycle, with its audit row in the same transaction.
 */
export class OfflinePayments {
  constructor(
    private readonly db: Database,
    private readonly clock: () => Date,
    private readonly lifecycle: BookingLifecycle,
    private readonly audit: AuditLog | undefined,
  ) {}

  /**
   * A held booking becomes confirmed; the customer gets the same confirmation
   * mail. A 422 naming amount unless it is more than $0 and at most the balance.
   */
  async recordPaymentOrThrow(id: string, amountCents: number): Promise<Booking> {
    const now = this.clock();
    return this.db.transaction(async (m) => {
      const stored = storedId(id);
      const booking = stored ? await m.findOneBy(Booking, { id: stored }) : null;
      if (!booking) throw AppError.notFound('Booking');
      this.lifecycle.assertTakesPaymentsOrThrow(booking, 'admin');
      const owed = booking.balanceCents;
      if (!Number.isSafeInteger(amountCents) || amountCents <= 0 || amountCents > owed) {
        const message = `amount must be more than $0 and at most the balance of ${formatCents(owed)}`;
        throw AppError.invalid([{ field: 'amount', message }]);
      }
      const before = auditState(booking);
      const applied = await this.lifecycle.applyPaymentOrThrow(m, booking, { amountCents, source: 'admin', purpose: PaymentPurpose.offline }, now);
      if (!applied || applied === 'duplicate') throw changedMeanwhile();
      await this.audit?.record(m, {
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
}
