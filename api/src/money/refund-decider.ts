import type { EntityManager } from 'typeorm';
import type { BookingLifecycle } from '../booking/booking-lifecycle';
import type { BookingEvents } from '../booking/booking-events';
import type { Booking } from '../booking/booking.entity';
import { BookingPayment, type BookingRefund, PaymentMethod, type RefundReason, RefundState } from '../booking/ledger.entities';
import { changedMeanwhile } from '../booking/booking-errors';
import type { RefundMaker } from './refund-maker';

type DecidedRefund = Parameters<BookingLifecycle['recordRefunds']>[2][number];

/**
 * Decides how a refund is paid, in the caller's transaction: split over the
 * booking's online payments (newest first, each up to what is left of it), a
 * credit code's part given back as a new credit, the rest owed by the admin
 * for money paid offline. Each online part gets the job that makes it
 * (RefundMaker, docs/decisions/065).
 */
export class RefundDecider {
  constructor(
    private readonly lifecycle: Pick<BookingLifecycle, 'recordRefunds'>,
    private readonly maker: RefundMaker,
    /** refundDecided for each row (a credit code's part becomes a new credit: CreditsService, docs/decisions/063). */
    private readonly events: BookingEvents | null = null,
  ) {}

  async decideOrThrow(m: EntityManager, booking: Booking, refundCents: number, reason: RefundReason, now: Date, note?: string, dueAt: Date = now): Promise<BookingRefund[]> {
    if (refundCents <= 0) return [];
    const payments = await m.find(BookingPayment, { where: { bookingId: booking.id }, order: { receivedAt: 'DESC' } });
    let left = refundCents;
    const decided: DecidedRefund[] = [];
    for (const p of payments) {
      if (left <= 0) break;
      const part = Math.min(left, p.amountCents - p.refundedCents);
      if (part <= 0) continue;
      if (p.method === PaymentMethod.credit) {
        // Paid with a credit code: given back as a new credit, never as money (docs/decisions/063).
        decided.push({ amountCents: part, method: PaymentMethod.credit, state: RefundState.succeeded, reason, paymentId: p.id, note });
      } else if (p.method === PaymentMethod.card && p.providerPaymentId) {
        decided.push({ amountCents: part, method: PaymentMethod.card, state: RefundState.pending, reason, paymentId: p.id, providerPaymentId: p.providerPaymentId, note });
      } else continue;
      left -= part;
    }
    if (left > 0) decided.push({ amountCents: left, method: PaymentMethod.offline, state: RefundState.owed, reason, note });
    const rows = await this.lifecycle.recordRefunds(m, booking, decided, now);
    if (!rows) throw changedMeanwhile();
    for (const refund of rows) await this.events?.publish('refundDecided', { m, booking, refund, now });
    await this.maker.scheduleJobs(m, booking.id, rows, dueAt);
    return rows;
  }
}
