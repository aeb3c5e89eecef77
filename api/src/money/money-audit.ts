import { ADMIN_ACTOR, type AuditActor, customerActor, SYSTEM_ACTOR } from '../audit/audit-log.service';
import type { Booking } from '../booking/booking.entity';
import { type BookingRefund, RefundState } from '../booking/ledger.entities';

/** Who acts on a booking's money. */
export type Actor = 'customer' | 'admin' | 'system';

/** The refunds of one action, as its audit row lists them. */
export function refundsOf(refunds: BookingRefund[]): Array<Record<string, unknown>> {
  return refunds.map((r) => ({ refundId: r.id, amountCents: r.amountCents, method: r.method, state: r.state, reason: r.reason }));
}

export function actorOf(actor: Actor, booking: Booking): AuditActor {
  return actor === 'admin' ? ADMIN_ACTOR : actor === 'customer' ? customerActor(booking.customerEmail) : SYSTEM_ACTOR;
}

/** What of `refunds` the admin owes (money paid offline, paid back by hand). */
export function owedCents(refunds: BookingRefund[]): number {
  return refunds.filter((r) => r.state === RefundState.owed).reduce((s, r) => s + r.amountCents, 0);
}
