import { formatCents } from '../shared/money';
import { bookingMailData } from '../booking/booking-mail-data';
import type { BookingEventMap } from '../booking/booking-events';
import { PaymentMethod, RefundState } from '../booking/ledger.entities';
import type { OutboxService } from '../mail/outbox.service';
import { ADMIN_ACTOR, type AuditLog } from '../audit/audit-log.service';
import { CREDIT_CHOICE_DAYS } from '../credit/credits.service';
import { WorkshopCancellationMailKind, type WorkshopCancelledMailData } from './workshop-cancellation.mails';

type WorkshopCancelled = BookingEventMap['workshopCancelled'];

/**
 * What a workshop's cancellation sets off (subscribed to `workshopCancelled` in composition-root.ts):
 * the audit row and each customer's mail, written in the cancellation's transaction.
 */
export class WorkshopCancellationReactions {
  constructor(
    private readonly outbox: OutboxService | null,
    private readonly audit: AuditLog | null,
  ) {}

  async auditRow(e: WorkshopCancelled): Promise<void> {
    const { workshop, cancelled, refundsDueAt, onlineRefundCents, offlineRefundCents, waitlistClosed } = e;
    const day = refundsDueAt.toISOString().slice(0, 10);
    await this.audit?.record(e.m, {
      ...ADMIN_ACTOR,
      action: 'workshop.cancelled',
      workshopId: workshop.id,
      before: { cancelledAt: null, liveBookings: cancelled.length },
      after: { cancelledAt: e.now.toISOString(), bookingsCancelled: cancelled.length, onlineRefundCents, offlineRefundCents, waitlistClosed, refundsDueAt: refundsDueAt.toISOString() },
      detail: `${workshop.name} cancelled: ${cancelled.length} booking(s) cancelled with no fee; ${formatCents(onlineRefundCents)} to refund online on ${day} unless a credit is chosen, ${formatCents(offlineRefundCents)} paid offline to pay back`,
    });
  }

  /** Each customer's mail: what comes back, how (card, by hand, credit) and when, with the choice of a credit. */
  async mailCustomers(e: WorkshopCancelled): Promise<void> {
    if (!this.outbox) return;
    for (const { booking, refunds } of e.cancelled) {
      const { online, offline, credited } = refundSplit(refunds);
      const payload: WorkshopCancelledMailData = {
        ...bookingMailData(booking, e.workshop, null, e.now),
        onlineRefundCents: online,
        offlineRefundCents: offline,
        creditRefundCents: credited,
        refundCents: online + offline + credited,
        refundDate: e.refundsDueAt.toISOString().slice(0, 10),
        creditChoiceDays: CREDIT_CHOICE_DAYS,
      };
      await this.outbox.enqueue(e.m, { kind: WorkshopCancellationMailKind.workshopCancelled, to: booking.customerEmail, payload, beyondLimit: true });
    }
  }
}

/** A cancelled booking's refunds by how they come back: to the card (pending), by hand (owed), as a credit code. */
export function refundSplit(refunds: WorkshopCancelled['cancelled'][number]['refunds']): { online: number; offline: number; credited: number } {
  const sum = (keep: (r: (typeof refunds)[number]) => boolean) => refunds.filter(keep).reduce((s, r) => s + r.amountCents, 0);
  return {
    online: sum((r) => r.method === PaymentMethod.card && r.state === RefundState.pending),
    offline: sum((r) => r.state === RefundState.owed),
    credited: sum((r) => r.method === PaymentMethod.credit),
  };
}
