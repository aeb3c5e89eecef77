import type { EntityManager } from 'typeorm';
import type { Database } from '../infrastructure/db/data-source';
import { AppError, ErrorCode } from '../infrastructure/errors';
import { storedId } from '../infrastructure/ids';
import { BookingLifecycle } from '../booking/booking-lifecycle';
import type { BookingEvents } from '../booking/booking-events';
import { INTERNAL_CLIENT } from '../booking/hold-limits';
import type { HeldOffers } from '../booking/booking-options';
import type { OutboxService } from '../mail/outbox.service';
import { Workshop } from '../workshop/workshop.entity';
import { WaitlistEntry } from './waitlist-entry.entity';
import type { WaitlistGuard } from './waitlist-guard';
import type { JoinWaitlistInput } from './waitlist.input';
import { WaitlistMails } from './waitlist.mails';
import type { ConfirmedWaitlistEntry, WaitlistOffer } from './waitlist.objects';
import { WaitlistOffers } from './waitlist-offers';
import { WaitlistRequests } from './waitlist-requests';
import { OFFER_HOURS, WaitlistState } from './waitlist.types';

/** Entries the admin list shows at most per workshop (a workshop has 12 spots). */
const ADMIN_LIST_LIMIT = 500;

export interface WaitlistOptions {
  /** Caps per client and email, and the challenge (docs/decisions/067); none: only the rate limit (tests). */
  guard?: WaitlistGuard;
  offerHours?: number;
  /** Where spots its offers give back are announced (spotsReleased: this service's own subscriber offers them again). */
  events?: BookingEvents;
}

/**
 * The waiting list of sold-out workshops (docs/decisions/061): the one service
 * the adapters, the booking form and the sweeper are given. Each operation is
 * one use case: joining and confirming (`waitlist-requests.ts`), the offers of
 * freed spots, their use by a booking and their lapse (`waitlist-offers.ts`);
 * the admin's list and removal are here. Time only from the injected clock.
 */
export class WaitlistService implements HeldOffers {
  /**
   * Claims and releases spots with the same conditional UPDATEs as bookings.
   * Its releases (a lapsed or removed offer, spots an offer did not use) offer
   * the spots again, like every release.
   */
  private readonly spots: BookingLifecycle;
  private readonly requests: WaitlistRequests;
  private readonly offers: WaitlistOffers;

  constructor(
    private readonly db: Database,
    private readonly clock: () => Date,
    /** Signs the confirmation links (BOOKING_LINK_SECRET). */
    linkSecret: string,
    /** Where the waiting-list mails are written, in the transaction of the change. */
    outbox: OutboxService | null = null,
    options: WaitlistOptions = {},
  ) {
    const mails = outbox ? new WaitlistMails(outbox) : null;
    this.spots = new BookingLifecycle(null, options.events ?? null);
    this.offers = new WaitlistOffers(db, clock, this.spots, mails, options.offerHours ?? OFFER_HOURS);
    this.requests = new WaitlistRequests(db, clock, linkSecret, mails, this.offers, options.guard);
  }

  /** Join the waiting list of a full workshop: a pending entry and its confirmation mail (WaitlistRequests.joinOrThrow). */
  joinOrThrow(input: JoinWaitlistInput, clientKey = INTERNAL_CLIENT): Promise<WaitlistEntry> {
    return this.requests.joinOrThrow(input, clientKey);
  }

  /** The confirmation link was opened: the entry takes its place in the queue (WaitlistRequests.confirmOrThrow). */
  confirmOrThrow(entryId: string, token: string): Promise<ConfirmedWaitlistEntry> {
    return this.requests.confirmOrThrow(entryId, token);
  }

  /** Entries whose email was not confirmed in time lapse; returns how many. */
  lapseUnconfirmed(): Promise<number> {
    return this.requests.lapseUnconfirmed();
  }

  /** Offer a workshop's free spots to its waiting list, in the caller's transaction (WaitlistOffers.offerFreedSpots). */
  offerFreedSpots(m: EntityManager, workshopId: string, now: Date): Promise<number> {
    return this.offers.offerFreedSpots(m, workshopId, now);
  }

  /** The offer of a link, for the booking form. */
  findOfferOrThrow(workshopId: string, token: string): Promise<WaitlistOffer> {
    return this.offers.findOfferOrThrow(workshopId, token);
  }

  /** A booking takes the spots of its offer (HeldOffers). */
  useOrThrow(m: EntityManager, offer: { token: string; workshopId: string; spots: number; bookingId: string }, now: Date): Promise<void> {
    return this.offers.useOrThrow(m, offer, now);
  }

  /** Lapse every offer whose hours are over; returns how many lapsed. */
  lapseExpiredOffers(): Promise<number> {
    return this.offers.lapseExpiredOffers();
  }

  /** Admin: a workshop's waiting list and the offers made, oldest first. NOT_FOUND for an unknown workshop. */
  async listForWorkshopOrThrow(workshopId: string): Promise<WaitlistEntry[]> {
    const workshop = await this.db.manager.findOneBy(Workshop, { id: workshopId });
    if (!workshop) throw AppError.notFound('Workshop');
    return this.db.manager.find(WaitlistEntry, { where: { workshopId }, order: { createdAt: 'ASC', id: 'ASC' }, take: ADMIN_LIST_LIMIT });
  }

  /**
   * Admin: remove an entry (pending, waiting or offered). An open offer's spots are released and pass to the
   * next fitting entry. WAITLIST_ENTRY_CLOSED when it is booked, lapsed or removed already.
   */
  async removeOrThrow(entryId: string): Promise<WaitlistEntry> {
    const now = this.clock();
    return this.db.transaction(async (m) => {
      const id = storedId(entryId);
      const entry = id ? await m.findOneBy(WaitlistEntry, { id }) : null;
      if (!entry) throw AppError.notFound('Waiting-list entry');
      if (entry.state !== WaitlistState.pending && entry.state !== WaitlistState.waiting && entry.state !== WaitlistState.offered) {
        throw new AppError(ErrorCode.WAITLIST_ENTRY_CLOSED, `This entry is already ${entry.state}`);
      }
      const moved = await m
        .createQueryBuilder()
        .update(WaitlistEntry)
        .set({ state: WaitlistState.removed })
        .where('id = :id AND state = :from', { id: entry.id, from: entry.state })
        .execute();
      if (moved.affected !== 1) throw new AppError(ErrorCode.WAITLIST_ENTRY_CHANGED, 'The entry changed meanwhile; reload and try again');
      const wasOffered = entry.state === WaitlistState.offered;
      entry.state = WaitlistState.removed;
      if (wasOffered) await this.spots.releaseSpots(m, entry.workshopId, entry.spots, now);
      return entry;
    });
  }
}
