import type { Database } from '../infrastructure/db/data-source';
import { centsToDollars } from '../shared/money';
import { BookingStatus } from '../shared/booking-status';
import { catalogWindowStart } from '../shared/workshop-calendar';
import { Booking } from '../booking/booking.entity';
import { CommunityMessage } from '../community/community-message.entity';
import { Workshop } from '../workshop/workshop.entity';
import { UnmatchedPayment } from '../payment/unmatched-payment.entity';
import { type AdminStats, UNMATCHED_PAYMENTS_SHOWN, type WorkshopSales } from './admin.types';

/** One aggregate row: numbers come back as strings from MySQL, numbers from SQLite. */
type Sums = { bookings: string | number | null; sold: string | number | null; held: string | number | null; revenue: string | number | null };

const num = (v: string | number | null | undefined): number => Number(v ?? 0);

/**
 * The admin dashboard's figures, computed by aggregate queries (docs/decisions/076): no
 * booking is loaded into JavaScript, so the cost does not grow with the rows in memory.
 * - totalBookings counts live bookings: confirmed, needing attention, or held with a hold
 *   that has not lapsed. Expired and cancelled ones are not counted.
 * - totalRevenue is money received minus money refunded (refunds decided: made online, or
 *   owed and made by the admin), over every booking, in dollars (docs/decisions/062).
 * - Per workshop (the runs of the catalog window: upcoming, under way and the recent past,
 *   archived ones included, in season order): spotsSold counts participants of confirmed
 *   bookings, spotsHeld those of unpaid, unlapsed holds; a workshop reaches its minimum on
 *   sold spots only; revenue is its bookings' money received minus refunded.
 * - unmatchedPayments: paid sessions that changed no booking (hardening finding 3).
 */
export class AdminStatsService {
  constructor(
    private readonly db: Database,
    private readonly clock: () => Date,
  ) {}

  async stats(): Promise<AdminStats> {
    const now = this.clock();
    const m = this.db.manager;
    const [workshops, totals, totalWorkshops, totalMessages, unmatchedPayments] = await Promise.all([
      m
        .createQueryBuilder(Workshop, 'w')
        .where('w.endDate >= :from', { from: catalogWindowStart(now) })
        .orderBy('w.startDate', 'ASC')
        .addOrderBy('w.id', 'ASC')
        .getMany(),
      this.sums(now).getRawOne<Sums>(),
      m.count(Workshop),
      m.count(CommunityMessage),
      m.find(UnmatchedPayment, { order: { receivedAt: 'DESC', sessionId: 'ASC' }, take: UNMATCHED_PAYMENTS_SHOWN }),
    ]);
    const perWorkshop = new Map<string, Sums>();
    if (workshops.length) {
      const rows = await this.sums(now)
        .addSelect('b.workshopId', 'workshopId')
        .andWhere('b.workshopId IN (:...ids)', { ids: workshops.map((w) => w.id) })
        .groupBy('b.workshopId')
        .getRawMany<Sums & { workshopId: string }>();
      for (const r of rows) perWorkshop.set(r.workshopId, r);
    }
    const sales: WorkshopSales[] = workshops.map((w) => {
      const s = perWorkshop.get(w.id);
      const spotsSold = num(s?.sold);
      return {
        id: w.id,
        name: w.name,
        startDate: w.startDate,
        dates: w.dates,
        capacity: w.capacity,
        minimumParticipants: w.minimumParticipants,
        spotsSold,
        spotsHeld: num(s?.held),
        reachedMinimum: spotsSold >= w.minimumParticipants,
        bookings: num(s?.bookings),
        revenue: centsToDollars(num(s?.revenue)),
      };
    });
    return {
      totalWorkshops,
      totalBookings: num(totals?.bookings),
      totalRevenue: centsToDollars(num(totals?.revenue)),
      totalMessages,
      workshops: sales,
      unmatchedPayments,
    };
  }

  /**
   * The sums over bookings (all of them, or grouped by the caller): live bookings, sold and
   * held participants, net money. The live and hold rules are shared/booking-status's isLive
   * and isUnlapsedHold, written in SQL (a test compares them on every status and payment state).
   */
  private sums(now: Date) {
    const unlapsedHold = '(b.status = :held AND (b.holdExpiresAt IS NULL OR b.holdExpiresAt > :now))';
    const live = `(b.status IN (:confirmed, :needsAttention) OR ${unlapsedHold})`;
    return this.db.manager
      .createQueryBuilder(Booking, 'b')
      .select(`SUM(CASE WHEN ${live} THEN 1 ELSE 0 END)`, 'bookings')
      .addSelect('SUM(CASE WHEN b.status = :confirmed THEN b.numParticipants ELSE 0 END)', 'sold')
      .addSelect(`SUM(CASE WHEN ${unlapsedHold} THEN b.numParticipants ELSE 0 END)`, 'held')
      .addSelect('SUM(b.amountPaidCents - b.amountRefundedCents)', 'revenue')
      .where('1 = 1')
      .setParameters({ held: BookingStatus.held, confirmed: BookingStatus.confirmed, needsAttention: BookingStatus.needs_attention, now });
  }
}
