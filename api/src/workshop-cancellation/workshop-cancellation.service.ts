import type { EntityManager } from 'typeorm';
import type { Database } from '../infrastructure/db/data-source';
import type { Logger } from '../infrastructure/logger';
import { AppError, ErrorCode } from '../infrastructure/errors';
import { LIVE_STATUSES } from '../shared/booking-status';
import { catalogWindowStart, hasStarted } from '../shared/workshop-calendar';
import { goNoGo, type GoNoGo } from '../shared/go-no-go';
import { Booking } from '../booking/booking.entity';
import { BookingStatus } from '../booking/booking.types';
import type { BookingEventMap, BookingEvents } from '../booking/booking-events';
import { RefundReason } from '../booking/ledger.entities';
import type { CancellationService } from '../money/cancellation.service';
import { BookingChangedMeanwhileError } from '../booking/booking-errors';
import type { PaymentService } from '../payment/payment.service';
import type { OutboxService } from '../mail/outbox.service';
import { WaitlistEntry } from '../waitlist/waitlist-entry.entity';
import { WaitlistState } from '../waitlist/waitlist.types';
import { WaitlistMails } from '../waitlist/waitlist.mails';
import { Workshop } from '../workshop/workshop.entity';
import { CREDIT_CHOICE_DAYS } from '../credit/credits.service';
import { refundSplit } from './workshop-cancellation-reactions';

type WorkshopCancelledEvent = BookingEventMap['workshopCancelled'];

/** A workshop with its go/no-go numbers (the admin dashboard). */
export interface WorkshopGoNoGo extends GoNoGo {
  workshop: Workshop;
}

export interface WorkshopCancellationResult {
  workshop: Workshop;
  /** Bookings cancelled, with their refunds decided (pending online, owed offline). */
  bookingsCancelled: number;
  onlineRefundCents: number;
  offlineRefundCents: number;
  waitlistClosed: number;
}

/** Tries of the cancellation transaction when payments keep landing on its bookings. */
const CANCEL_ATTEMPTS = 5;

/** Normalise a typed name for the confirmation: trimmed, inner runs of spaces as one, case kept. */
const typedName = (s: string) => s.trim().replace(/\s+/g, ' ');

/**
 * Go or no-go and the cancellation of a workshop (docs/decisions/063). The
 * cancellation is one transaction: the workshop marked cancelled (no longer
 * bookable), every live booking cancelled through CancellationService with
 * no fee and its online refunds scheduled CREDIT_CHOICE_DAYS later (the
 * customer may take a credit instead, or the refund now), the waiting list
 * closed, a mail to every customer, and one audit row.
 */
export class WorkshopCancellationService {
  constructor(
    private readonly db: Database,
    private readonly cancellations: CancellationService,
    private readonly payments: Pick<PaymentService, 'expireSessionOf'>,
    private readonly outbox: OutboxService | null,
    private readonly clock: () => Date,
    private readonly logger: Logger,
    private readonly events: BookingEvents | null = null,
  ) {}

  /**
   * Go or no-go for the runs of the catalog window not archived (upcoming, under way and
   * those ended within a year: shared/workshop-calendar catalogWindowStart), in date order,
   * with participants paid (confirmed) and held (unexpired holds) summed in SQL for those
   * runs only. Older runs have taken place: the admin's paged workshop list reaches them
   * (docs/decisions/076).
   */
  async goNoGoList(): Promise<WorkshopGoNoGo[]> {
    const now = this.clock();
    const workshops = await this.db.manager
      .createQueryBuilder(Workshop, 'w')
      .where('w.archivedAt IS NULL AND w.endDate >= :from', { from: catalogWindowStart(now) })
      .orderBy('w.startDate', 'ASC')
      .addOrderBy('w.id', 'ASC')
      .getMany();
    if (workshops.length === 0) return [];
    const rows: Array<{ workshopId: string; status: string; spots: string | number }> = await this.db.manager
      .createQueryBuilder(Booking, 'b')
      .select('b.workshopId', 'workshopId')
      .addSelect('b.status', 'status')
      .addSelect('SUM(b.numParticipants)', 'spots')
      .where('b.workshopId IN (:...ids)', { ids: workshops.map((w) => w.id) })
      .andWhere('(b.status = :confirmed OR (b.status = :held AND (b.holdExpiresAt IS NULL OR b.holdExpiresAt > :now)))', { confirmed: BookingStatus.confirmed, held: BookingStatus.held, now })
      .groupBy('b.workshopId')
      .addGroupBy('b.status')
      .getRawMany();
    const spots = new Map(rows.map((r) => [`${r.workshopId} ${r.status}`, Number(r.spots ?? 0)]));
    const count = (id: string, status: string) => spots.get(`${id} ${status}`) ?? 0;
    return workshops.map((w) => ({
      workshop: w,
      ...goNoGo(
        { ...w, decisionDate: w.decisionDate, cancelled: w.cancelled, paid: count(w.id, BookingStatus.confirmed), held: count(w.id, BookingStatus.held) },
        now,
      ),
    }));
  }

  /**
   * "Cancel this workshop". `confirmName` must be the workshop's name as the
   * admin typed it (BAD_USER_INPUT naming confirmName otherwise: nothing
   * changes); WORKSHOP_ALREADY_CANCELLED when it is cancelled already, WORKSHOP_STARTED when it has started.
   */
  async cancelOrThrow(workshopId: string, confirmName: string): Promise<WorkshopCancellationResult> {
    // A payment landing on one of its bookings meanwhile makes that booking's compare-and-set fail: the whole
    // cancellation rolls back and is decided again on what is now there (its refunds then include that payment).
    for (let attempt = 1; ; attempt++) {
      try {
        return await this.cancelOnceOrThrow(workshopId, confirmName);
      } catch (e) {
        if (!(e instanceof BookingChangedMeanwhileError) || attempt >= CANCEL_ATTEMPTS) throw e;
        this.logger.info({ workshopId, attempt }, 'a booking changed during the workshop cancellation: deciding again');
      }
    }
  }

  private async cancelOnceOrThrow(workshopId: string, confirmName: string): Promise<WorkshopCancellationResult> {
    const now = this.clock();
    const refundsDueAt = new Date(now.getTime() + CREDIT_CHOICE_DAYS * 86_400_000);
    const result = await this.db.transaction(async (m) => {
      const workshop = typeof workshopId === 'string' ? await m.findOneBy(Workshop, { id: workshopId }) : null;
      if (!workshop) throw AppError.notFound('Workshop');
      if (typeof confirmName !== 'string' || typedName(confirmName) !== typedName(workshop.name)) {
        throw AppError.invalid([{ field: 'confirmName', message: `confirmName must be the workshop's name exactly: ${workshop.name}` }]);
      }
      if (workshop.cancelledAt) throw new AppError(ErrorCode.WORKSHOP_ALREADY_CANCELLED, `${workshop.name} is already cancelled`);
      if (hasStarted(workshop, now)) throw new AppError(ErrorCode.WORKSHOP_STARTED, `${workshop.name} has already started: it can no longer be cancelled here`);
      const marked = await m
        .createQueryBuilder()
        .update(Workshop)
        .set({ cancelledAt: now, updatedAt: now })
        .where('id = :id AND cancelled_at IS NULL', { id: workshop.id })
        .execute();
      if (marked.affected !== 1) throw new AppError(ErrorCode.WORKSHOP_ALREADY_CANCELLED, `${workshop.name} is already cancelled`);
      workshop.cancelledAt = now;
      // The waiting list first: spots the bookings give back are offered to nobody.
      const waitlistClosed = await this.closeWaitlist(m, workshop.id);
      const liveQuery = m
        .createQueryBuilder(Booking, 'b')
        .where('b.workshopId = :id AND b.status IN (:...live)', { id: workshop.id, live: LIVE_STATUSES })
        .orderBy('b.createdAt', 'ASC');
      // A locking read on MySQL/MariaDB: it sees the bookings a transfer or booking moved here after this
      // transaction's first read (its snapshot), committed while the UPDATE above waited for their claim (docs/decisions/066).
      if (this.db.kind !== 'sqlite') liveQuery.setLock('pessimistic_write');
      const live = await liveQuery.getMany();
      let onlineRefundCents = 0;
      let offlineRefundCents = 0;
      const cancelled: WorkshopCancelledEvent['cancelled'] = [];
      for (const b of live) {
        const { booking, refunds } = await this.cancellations.cancelInTransactionOrThrow(
          m,
          b.id,
          'admin',
          { applyPolicyFee: false, reason: RefundReason.workshop_cancelled, refundsDueAt, mail: false },
          now,
        );
        const { online, offline } = refundSplit(refunds);
        onlineRefundCents += online;
        offlineRefundCents += offline;
        cancelled.push({ booking, refunds });
      }
      // The audit row and each customer's mail are its subscribers (composition-root.ts), in this transaction.
      await this.events?.publish('workshopCancelled', { m, now, workshop, cancelled, refundsDueAt, waitlistClosed, onlineRefundCents, offlineRefundCents });
      return { workshop, bookingsCancelled: live.length, onlineRefundCents, offlineRefundCents, waitlistClosed, cancelled: live };
    });
    // A checkout left open must not be payable any more (as for any cancellation).
    for (const b of result.cancelled) await this.payments.expireSessionOf(b);
    this.logger.info({ workshopId, bookings: result.bookingsCancelled }, 'workshop cancelled');
    const { cancelled: _cancelled, ...summary } = result;
    return { ...summary, workshop: (await this.db.manager.findOneBy(Workshop, { id: workshopId })) ?? result.workshop };
  }

  /** Close the waiting list: every waiting entry and open offer is removed; the offers' spots are given back. */
  private async closeWaitlist(m: EntityManager, workshopId: string): Promise<number> {
    const open = await m.find(WaitlistEntry, { where: [{ workshopId, state: WaitlistState.waiting }, { workshopId, state: WaitlistState.offered }] });
    let offeredSpots = 0;
    for (const e of open) {
      const changed = await m.createQueryBuilder().update(WaitlistEntry).set({ state: WaitlistState.removed }).where('id = :id AND state = :from', { id: e.id, from: e.state }).execute();
      if (changed.affected === 1 && e.state === WaitlistState.offered) offeredSpots += e.spots;
      if (changed.affected === 1 && this.outbox) await new WaitlistMails(this.outbox).closed(m, e, await m.findOneByOrFail(Workshop, { id: workshopId }));
    }
    if (offeredSpots > 0) {
      await m.createQueryBuilder().update(Workshop).set({ spotsClaimed: () => `spots_claimed - ${Math.trunc(offeredSpots)}` }).where('id = :id AND spots_claimed >= :n', { id: workshopId, n: offeredSpots }).execute();
    }
    return open.length;
  }
}
