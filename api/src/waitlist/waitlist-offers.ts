import crypto from 'node:crypto';
import type { EntityManager } from 'typeorm';
import type { Database } from '../infrastructure/db/data-source';
import { AppError, ErrorCode } from '../infrastructure/errors';
import type { BookingLifecycle } from '../booking/booking-lifecycle';
import type { HeldOffers } from '../booking/booking-options';
import { Workshop } from '../workshop/workshop.entity';
import { WaitlistEntry } from './waitlist-entry.entity';
import type { WaitlistMails } from './waitlist.mails';
import type { WaitlistOffer } from './waitlist.objects';
import { WaitlistState } from './waitlist.types';

/** The stored form of an offer token: its SHA-256, hex. */
export const hashOfferToken = (token: string): string => crypto.createHash('sha256').update(token, 'utf8').digest('hex');

/** Offers lapsed per sweep at most; the next sweep takes the rest. */
const SWEEP_BATCH = 500;

/**
 * Offers of freed spots to the waiting list (docs/decisions/061): in the
 * transaction that released them the spots are claimed again for the first
 * waiting entry that fits (the booking lifecycle's conditional UPDATE, so they
 * are sold to nobody else) and mailed as a link that books them; a booking
 * uses the offer (HeldOffers); unused offers lapse after their hours and pass
 * to the next entry.
 */
export class WaitlistOffers implements HeldOffers {
  constructor(
    private readonly db: Database,
    private readonly clock: () => Date,
    /**
     * Claims and releases spots with the same conditional UPDATEs as bookings.
     * Its releases (a lapsed or removed offer, spots an offer did not use) offer
     * the spots again, like every release.
     */
    private readonly spots: BookingLifecycle,
    private readonly mails: WaitlistMails | null,
    private readonly offerHours: number,
  ) {}

  /**
   * Offer a workshop's free spots to its waiting list, inside the caller's
   * transaction (a release of spots, or the workshop editor raising the
   * capacity): while spots are free, the oldest waiting entry whose request
   * fits gets them claimed and an offer mailed. Returns how many offers were made.
   */
  async offerFreedSpots(m: EntityManager, workshopId: string, now: Date): Promise<number> {
    let offered = 0;
    for (;;) {
      const workshop = await m.findOneBy(Workshop, { id: workshopId });
      const free = workshop?.availableSpots ?? 0;
      if (!workshop || free <= 0 || workshop.cancelledAt) return offered;
      const entry = await m
        .createQueryBuilder(WaitlistEntry, 'e')
        .where('e.workshopId = :workshopId AND e.state = :waiting AND e.spots <= :free', { workshopId, waiting: WaitlistState.waiting, free })
        // Only confirmed entries wait (pending ones never get offers); first confirmed, first served.
        .orderBy('e.confirmedAt', 'ASC')
        .addOrderBy('e.id', 'ASC')
        .getOne();
      if (!entry) return offered;
      const result = await this.offerOne(m, entry, workshop, now);
      if (result === 'spots_gone') return offered;
      if (result === 'offered') offered++;
    }
  }

  /**
   * Compare-and-set the entry to offered, then claim its spots; when the claim
   * fails (taken meanwhile) the entry goes back to waiting, unchanged.
   */
  private async offerOne(m: EntityManager, entry: WaitlistEntry, workshop: Workshop, now: Date): Promise<'offered' | 'entry_changed' | 'spots_gone'> {
    const token = crypto.randomBytes(32).toString('base64url');
    const changes = {
      state: WaitlistState.offered,
      offerTokenHash: hashOfferToken(token),
      offeredAt: now,
      offerExpiresAt: new Date(now.getTime() + this.offerHours * 3_600_000),
    };
    const moved = await m
      .createQueryBuilder()
      .update(WaitlistEntry)
      .set(changes)
      .where('id = :id AND state = :waiting', { id: entry.id, waiting: WaitlistState.waiting })
      .execute();
    if (moved.affected !== 1) return 'entry_changed';
    if (!(await this.spots.claimSpots(m, workshop.id, entry.spots, now))) {
      await m
        .createQueryBuilder()
        .update(WaitlistEntry)
        .set({ state: WaitlistState.waiting, offerTokenHash: null, offeredAt: null, offerExpiresAt: null })
        .where('id = :id AND state = :offered', { id: entry.id, offered: WaitlistState.offered })
        .execute();
      return 'spots_gone';
    }
    Object.assign(entry, changes);
    await this.mails?.offered(m, entry, token, workshop);
    return 'offered';
  }

  /** The offer of a link, for the booking form; the same 4xx errors as booking with it. */
  async findOfferOrThrow(workshopId: string, token: string): Promise<WaitlistOffer> {
    const entry = this.checkOfferOrThrow(await this.entryOfToken(this.db.manager, token), workshopId, this.clock());
    return { workshopId: entry.workshopId, name: entry.name, email: entry.email, spots: entry.spots, expiresAt: entry.offerExpiresAt! };
  }

  /**
   * A booking takes the spots of its offer (HeldOffers, called by
   * BookingService.createOrThrow in its transaction): no new claim; the entry
   * becomes booked; spots held beyond the booking's go back (and on).
   */
  async useOrThrow(m: EntityManager, offer: { token: string; workshopId: string; spots: number; bookingId: string }, now: Date): Promise<void> {
    const entry = this.checkOfferOrThrow(await this.entryOfToken(m, offer.token), offer.workshopId, now);
    if (offer.spots > entry.spots) {
      const message = `Your offer holds ${entry.spots === 1 ? '1 spot' : `${entry.spots} spots`}: book at most ${entry.spots}`;
      throw AppError.invalid([{ field: 'numParticipants', message }]);
    }
    const used = await m
      .createQueryBuilder()
      .update(WaitlistEntry)
      .set({ state: WaitlistState.booked, bookingId: offer.bookingId })
      .where('id = :id AND state = :offered AND offer_expires_at > :now', { id: entry.id, offered: WaitlistState.offered, now })
      .execute();
    if (used.affected !== 1) throw offerError('This offer was used or expired meanwhile');
    if (offer.spots < entry.spots) await this.spots.releaseSpots(m, entry.workshopId, entry.spots - offer.spots, now);
  }

  private entryOfToken(m: EntityManager, token: string): Promise<WaitlistEntry | null> {
    if (typeof token !== 'string' || token.length === 0 || token.length > 100) return Promise.resolve(null);
    return m.findOneBy(WaitlistEntry, { offerTokenHash: hashOfferToken(token) });
  }

  private checkOfferOrThrow(entry: WaitlistEntry | null, workshopId: string, now: Date): WaitlistEntry {
    if (!entry || entry.workshopId !== workshopId || !entry.offerExpiresAt) {
      throw AppError.invalid([{ field: 'offerToken', message: 'offerToken is not a valid offer for this workshop' }]);
    }
    if (entry.state === WaitlistState.booked) throw offerError('This offer was already used to book');
    if (entry.state === WaitlistState.removed) throw offerError('This offer was withdrawn');
    if (entry.state === WaitlistState.lapsed || entry.offerExpiresAt.getTime() <= now.getTime()) {
      throw offerError(`This offer expired at ${entry.offerExpiresAt.toISOString()}; the spots went to the next person waiting`);
    }
    return entry;
  }

  /** Offers whose time ran out, oldest first (idx_waitlist_state_offer_expires). */
  private findLapsedOffers(now: Date): Promise<WaitlistEntry[]> {
    return this.db.manager
      .createQueryBuilder(WaitlistEntry, 'e')
      .where('e.state = :offered AND e.offerExpiresAt <= :now', { offered: WaitlistState.offered, now })
      .orderBy('e.offerExpiresAt', 'ASC')
      .limit(SWEEP_BATCH)
      .getMany();
  }

  /**
   * Lapse every offer whose 48 hours are over: each in its own transaction, a
   * compare-and-set (several instances sweep, one wins), its spots released
   * and offered to the next fitting entry. Returns how many lapsed.
   */
  async lapseExpiredOffers(): Promise<number> {
    const now = this.clock();
    let lapsed = 0;
    for (const entry of await this.findLapsedOffers(now)) {
      const done = await this.db.transaction(async (m) => {
        const moved = await m
          .createQueryBuilder()
          .update(WaitlistEntry)
          .set({ state: WaitlistState.lapsed })
          .where('id = :id AND state = :offered AND offer_expires_at <= :now', { id: entry.id, offered: WaitlistState.offered, now })
          .execute();
        if (moved.affected !== 1) return false;
        await this.spots.releaseSpots(m, entry.workshopId, entry.spots, now);
        return true;
      });
      if (done) lapsed++;
    }
    return lapsed;
  }
}

/** A used, withdrawn or expired offer: 409, naming offerToken. */
function offerError(message: string): AppError {
  return new AppError(ErrorCode.OFFER_UNAVAILABLE, message, [{ field: 'offerToken', message }]);
}
