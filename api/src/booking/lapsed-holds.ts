import type { EntityManager } from 'typeorm';
import type { Database } from '../infrastructure/db/data-source';
import { Booking } from './booking.entity';
import { BookingStatus } from './booking.types';
import type { BookingLifecycle } from './booking-lifecycle';

/** How long a "no lapsed hold" answer is trusted by the fast refusal (see noLapsedHoldAt). */
const LAPSED_HOLD_RECHECK_MS = 1000;

/**
 * Held bookings whose hold lapsed (docs/decisions/003, 056): finding them, and
 * giving their spots back, one booking per transaction through the lifecycle.
 * Run by the hold sweeper, and by booking creation when a full workshop may
 * only look full because of them.
 */
export class LapsedHolds {
  /**
   * When each workshop was last found to have no lapsed hold. For a second after
   * that, a refusal does not ask again: a sold-out workshop in a rush is asked
   * hundreds of times a second, and a hold that lapsed within that second is
   * released by the next check, the claim's retry or the hold sweeper. Bounded by
   * the number of workshops.
   */
  private readonly noLapsedHoldAt = new Map<string, number>();

  constructor(
    private readonly db: Database,
    private readonly clock: () => Date,
    private readonly lifecycle: BookingLifecycle,
  ) {}

  /**
   * One indexed read (idx_bookings_status_hold): does a held booking of the
   * workshop have a hold that lapsed by `now`? Plain SQL through the driver's own
   * parameter escaping (dates as each engine stores them): the query builder
   * cost more than the rest of a refusal.
   */
  async hasLapsedHold(workshopId: string, now: Date, m: EntityManager = this.db.manager): Promise<boolean> {
    const checkedAt = this.noLapsedHoldAt.get(workshopId);
    if (checkedAt !== undefined && checkedAt <= now.getTime() && now.getTime() - checkedAt < LAPSED_HOLD_RECHECK_MS) return false;
    const lapsed = await this.queryLapsedHold(workshopId, now, m);
    if (lapsed) this.noLapsedHoldAt.delete(workshopId);
    else this.noLapsedHoldAt.set(workshopId, now.getTime());
    return lapsed;
  }

  private async queryLapsedHold(workshopId: string, now: Date, m: EntityManager): Promise<boolean> {
    const [sql, parameters] = this.db.dataSource.driver.escapeQueryWithParameters(
      'SELECT 1 AS lapsed FROM bookings WHERE status = :held AND hold_expires_at IS NOT NULL AND hold_expires_at <= :now AND workshop_id = :workshopId LIMIT 1',
      { held: BookingStatus.held, now, workshopId },
    );
    const rows: unknown[] = await m.query(sql, parameters);
    return rows.length > 0;
  }

  /**
   * Release one held booking's spots (its hold lapsed, its checkout expired, or
   * the admin cancelled it). Idempotent: false when it no longer held spots.
   */
  async releaseHold(bookingId: string, status: BookingStatus.expired | BookingStatus.cancelled, onlyIfSession?: string): Promise<boolean> {
    const now = this.clock();
    return this.db.transaction(async (m) => {
      const booking = await m.findOneBy(Booking, { id: bookingId });
      if (!booking || booking.status !== BookingStatus.held) return false;
      if (onlyIfSession && booking.checkoutSessionId !== onlyIfSession) return false;
      return this.lifecycle.releaseOrThrow(m, booking, status, now);
    });
  }

  /** Held bookings whose hold has lapsed (optionally of one workshop). */
  async findLapsedHolds(workshopId?: string): Promise<Booking[]> {
    const q = this.db.manager
      .createQueryBuilder(Booking, 'b')
      .where('b.status = :held AND b.holdExpiresAt IS NOT NULL AND b.holdExpiresAt <= :now', {
        held: BookingStatus.held,
        now: this.clock(),
      })
      .orderBy('b.holdExpiresAt', 'ASC')
      .limit(500);
    if (workshopId) q.andWhere('b.workshopId = :workshopId', { workshopId });
    return q.getMany();
  }

  /** Release every lapsed hold; returns how many were released. Run by the sweeper. */
  async releaseExpiredHolds(workshopId?: string, onReleased?: (b: Booking) => Promise<void>): Promise<number> {
    let released = 0;
    for (const booking of await this.findLapsedHolds(workshopId)) {
      if (await this.releaseHold(booking.id, BookingStatus.expired)) {
        released++;
        await onReleased?.(booking);
      }
    }
    return released;
  }
}
