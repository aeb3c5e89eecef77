import type { Database } from '../infrastructure/db/data-source';
import { AppError } from '../infrastructure/errors';
import { centsToDollars } from '../shared/money';
import { Booking } from '../booking/booking.entity';
import { BookingStatus, isLive, isUnlapsedHold } from '../shared/booking-status';
import { CommunityMessage } from '../community/community-message.entity';
import { Workshop } from '../workshop/workshop.entity';
import { UnmatchedPayment } from '../payment/unmatched-payment.entity';
import { ADMIN_ACTOR, type AuditLog } from '../audit/audit-log.service';
import { type AdminStats, UNMATCHED_PAYMENTS_SHOWN, type WorkshopSales } from './admin.types';

/**
 * The admin dashboard's figures and its changes to messages and photos (its
 * lists are AdminListsService's). Callers have already passed the admin guard;
 * nothing here is reachable without it.
 */
export class AdminService {
  constructor(
    private readonly db: Database,
    private readonly clock: () => Date,
    /** Each change below is recorded in its own transaction (docs/decisions/060). */
    private readonly audit: AuditLog,
  ) {}

  /**
   * Totals and per-workshop sales.
   * - totalBookings counts live bookings: confirmed, needing attention, or held
   *   with a hold that has not lapsed. Expired and cancelled ones are not counted.
   * - totalRevenue is money received minus money refunded (refunds decided:
   *   made online, or owed and made by the admin), over every booking, in
   *   dollars (docs/decisions/062).
   * - spotsSold counts participants of confirmed bookings; spotsHeld those of
   *   unpaid, unlapsed holds. A workshop reaches its minimum on sold spots only.
   * - unmatchedPayments: paid sessions that changed no booking (hardening finding 3).
   */
  async stats(): Promise<AdminStats> {
    const now = this.clock();
    const [workshops, bookings, totalMessages, unmatchedPayments] = await Promise.all([
      this.db.manager.find(Workshop, { order: { startDate: 'ASC', id: 'ASC' } }),
      this.db.manager.find(Booking, {
        select: { id: true, workshopId: true, status: true, numParticipants: true, amountPaidCents: true, amountRefundedCents: true, holdExpiresAt: true },
      }),
      this.db.manager.count(CommunityMessage),
      this.db.manager.find(UnmatchedPayment, { order: { receivedAt: 'DESC', sessionId: 'ASC' }, take: UNMATCHED_PAYMENTS_SHOWN }),
    ]);

    const sales = new Map<string, WorkshopSales & { revenueCents: number }>();
    for (const w of workshops) {
      sales.set(w.id, {
        id: w.id,
        name: w.name,
        startDate: w.startDate,
        capacity: w.capacity,
        minimumParticipants: w.minimumParticipants,
        spotsSold: 0,
        spotsHeld: 0,
        reachedMinimum: false,
        bookings: 0,
        revenue: 0,
        revenueCents: 0,
      });
    }
    let totalBookings = 0;
    let revenueCents = 0;
    for (const b of bookings) {
      const s = sales.get(b.workshopId);
      revenueCents += b.netReceivedCents;
      if (s) s.revenueCents += b.netReceivedCents;
      if (!isLive(b, now)) continue;
      totalBookings += 1;
      if (!s) continue;
      s.bookings += 1;
      if (b.status === BookingStatus.confirmed) s.spotsSold += b.numParticipants;
      if (isUnlapsedHold(b, now)) s.spotsHeld += b.numParticipants;
    }

    return {
      totalWorkshops: workshops.length,
      totalBookings,
      totalRevenue: centsToDollars(revenueCents),
      totalMessages,
      workshops: [...sales.values()].map(({ revenueCents: cents, ...s }) => ({
        ...s,
        revenue: centsToDollars(cents),
        reachedMinimum: s.spotsSold >= s.minimumParticipants,
      })),
      unmatchedPayments,
    };
  }

  /** Moderation: remove a message; 404 when there is no such message. */
  async deleteMessageOrThrow(id: string): Promise<void> {
    await this.db.transaction(async (m) => {
      const existing = await m.findOneBy(CommunityMessage, { id });
      if (!existing) throw AppError.notFound('Message');
      await m.delete(CommunityMessage, { id });
      const { authorName, authorEmail, topic, message, createdAt } = existing;
      await this.audit.record(m, {
        ...ADMIN_ACTOR,
        action: 'message.deleted',
        workshopId: existing.workshopId,
        before: { id, authorName, authorEmail, topic, message, createdAt },
        detail: `Message by ${authorName} removed from the board`,
      });
    });
  }

  /** Set a workshop's photograph (the address is validated by the input class); 404 for an unknown workshop. */
  async updateWorkshopPhotoOrThrow(workshopId: string, imageUrl: string): Promise<Workshop> {
    return this.db.transaction(async (m) => {
      const existing = await m.findOneBy(Workshop, { id: workshopId });
      if (!existing) throw AppError.notFound('Workshop');
      // A targeted update: never write back the whole row (spotsClaimed is changed elsewhere).
      await m.update(Workshop, { id: workshopId }, { imageUrl, updatedAt: this.clock() });
      await this.audit.record(m, { ...ADMIN_ACTOR, action: 'workshop.photo_changed', workshopId, before: { imageUrl: existing.imageUrl }, after: { imageUrl } });
      return (await m.findOneBy(Workshop, { id: workshopId }))!;
    });
  }
}
