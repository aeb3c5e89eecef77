import crypto from 'node:crypto';
import type { EntityManager } from 'typeorm';
import type { Database } from '../infrastructure/db/data-source';
import { AppError, ErrorCode } from '../infrastructure/errors';
import { clean } from '../infrastructure/text';
import { signId, verifySignedId } from '../infrastructure/signed-id';
import { BookingLifecycle } from '../booking/booking-lifecycle';
import type { BookingEvents } from '../booking/booking-events';
import { INTERNAL_CLIENT } from '../booking/hold-limits';
import type { HeldOffers } from '../booking/booking.service';
import type { OutboxService } from '../mail/outbox.service';
import { Workshop } from '../workshop/workshop.entity';
import { refuseUnlessOpen } from '../workshop/workshop.service';
import { WaitlistEntry } from './waitlist-entry.entity';
import { confirmDeadline, type WaitlistGuard } from './waitlist-guard';
import type { JoinWaitlistInput } from './waitlist.input';
import { WaitlistMails } from './waitlist.mails';
import type { ConfirmedWaitlistEntry, WaitlistOffer } from './waitlist.objects';
import { CONFIRM_HOURS, OFFER_HOURS, WaitlistState } from './waitlist.types';

/** How a refusal to join the waiting list of a started or cancelled workshop ends. */
const WAITLIST_CLOSED = 'its waiting list is closed';

/** The stored form of an offer token: its SHA-256, hex. */
export const hashOfferToken = (token: string): string => crypto.createHash('sha256').update(token, 'utf8').digest('hex');

/** Entries the admin list shows at most per workshop (a workshop has 12 spots). */
const ADMIN_LIST_LIMIT = 500;

/** Offers lapsed per sweep at most; the next sweep takes the rest. */
const SWEEP_BATCH = 500;

/** What the confirmation link's token signs (with BOOKING_LINK_SECRET): this purpose and the entry id. */
const CONFIRM_PURPOSE = 'waitlist-confirm:v1';

/** Entries whose email still waits for its confirmation; before `now - CONFIRM_HOURS` they lapsed. */
const confirmSince = (now: Date) => new Date(now.getTime() - CONFIRM_HOURS * 3_600_000);

export interface WaitlistOptions {
  /** Caps per client and email, and the challenge (docs/decisions/067); none: only the rate limit (tests). */
  guard?: WaitlistGuard;
  offerHours?: number;
  /** Where spots its offers give back are announced (spotsReleased: this service's own subscriber offers them again). */
  events?: BookingEvents;
}

/**
 * The waiting list of sold-out workshops (docs/decisions/061). When spots come
 * back, the first waiting entry whose request fits gets an offer: in the
 * transaction that released them its spots are claimed again (the workshop's
 * spots_claimed, through the booking lifecycle's conditional UPDATE, so they
 * are sold to nobody else and never oversold) and it gets a mail with a link
 * that books them. Unused offers lapse after 48 hours and pass to the next
 * entry. An entry joins the queue only once its email is confirmed through a
 * signed link (docs/decisions/067). Time only from the injected clock.
 */
export class WaitlistService implements HeldOffers {
  /**
   * Claims and releases spots with the same conditional UPDATEs as bookings.
   * Its releases (a lapsed or removed offer, spots an offer did not use) offer
   * the spots again, like every release.
   */
  private readonly spots: BookingLifecycle;
  private readonly mails: WaitlistMails | null;
  private readonly offerHours: number;

  constructor(
    private readonly db: Database,
    private readonly clock: () => Date,
    /** Signs the confirmation links (BOOKING_LINK_SECRET). */
    private readonly linkSecret: string,
    /** Where the waiting-list mails are written, in the transaction of the change. */
    outbox: OutboxService | null = null,
    private readonly options: WaitlistOptions = {},
  ) {
    this.offerHours = options.offerHours ?? OFFER_HOURS;
    this.mails = outbox ? new WaitlistMails(outbox) : null;
    this.spots = new BookingLifecycle(null, options.events ?? null);
  }

  /**
   * Join the waiting list of a workshop whose free spots do not cover the
   * request: a pending entry, and one mail to the address with the link that
   * confirms it. NOT_FOUND for an unknown workshop; WORKSHOP_STARTED or
   * WORKSHOP_CANCELLED for one that takes no bookings; SPOTS_AVAILABLE naming `spots` when
   * the spots are free (book them instead); ALREADY_WAITING naming `email` when this address
   * already waits (or was asked to confirm) for the workshop; the guard's
   * WAITLIST_LIMIT_REACHED (429) and CHALLENGE_REQUIRED (428).
   */
  async joinOrThrow(input: JoinWaitlistInput, clientKey = INTERNAL_CLIENT): Promise<WaitlistEntry> {
    const now = this.clock();
    const email = clean(input.email).toLowerCase();
    const lock = `waitlist:${crypto.createHash('sha256').update(`${input.workshopId}\n${email}`).digest('hex').slice(0, 40)}`;
    const guard = this.options.guard;
    const client = guard?.client(clientKey, email) ?? { clientKeyHash: null, email };
    // Serialised per workshop and email, and per client and email for the caps (as bookings, docs/decisions/056).
    return this.db.lockedTransaction([lock, ...(guard?.locks(client) ?? [])], async (m) => {
      const workshop = await m.findOneBy(Workshop, { id: input.workshopId });
      if (!workshop) throw AppError.notFound('Workshop');
      // A workshop that started or was cancelled waits for no one (its free spots are not an offer).
      refuseUnlessOpen(workshop, now, 'workshopId', WAITLIST_CLOSED);
      if (workshop.availableSpots >= input.spots) {
        const message = `${workshop.availableSpots === 1 ? '1 spot is' : `${workshop.availableSpots} spots are`} free on this workshop: book them instead`;
        throw new AppError(ErrorCode.SPOTS_AVAILABLE, message, [{ field: 'spots', message }]);
      }
      const open = await m
        .createQueryBuilder(WaitlistEntry, 'e')
        .where('e.workshopId = :workshopId AND e.email = :email AND e.state IN (:...open)', {
          workshopId: workshop.id,
          email,
          open: [WaitlistState.pending, WaitlistState.waiting, WaitlistState.offered],
        })
        // A pending entry whose link lapsed no longer counts (the sweep marks it lapsed within a minute).
        .andWhere('(e.state <> :pending OR e.createdAt > :since)', { pending: WaitlistState.pending, since: confirmSince(now) })
        .getCount();
      if (open > 0) {
        const message = 'This email is already on the waiting list of this workshop';
        throw new AppError(ErrorCode.ALREADY_WAITING, message, [{ field: 'email', message }]);
      }
      await guard?.checkOrThrow(m, client, input.spots, input.altcha, now);
      const entry = m.create(WaitlistEntry, {
        id: crypto.randomUUID(),
        workshopId: workshop.id,
        name: clean(input.name),
        email,
        spots: input.spots,
        state: WaitlistState.pending,
        offerTokenHash: null,
        offeredAt: null,
        offerExpiresAt: null,
        bookingId: null,
        createdAt: now,
        confirmedAt: null,
        clientKeyHash: client.clientKeyHash,
      });
      await m.insert(WaitlistEntry, entry);
      // One mail, with no text the visitor chose: the link that confirms the address (findings 6 and 10).
      await this.mails?.confirmRequest(m, entry, signId(this.linkSecret, CONFIRM_PURPOSE, entry.id));
      return entry;
    });
  }

  /**
   * The confirmation link was opened: the pending entry takes its place in the
   * queue (waiting, ordered by this moment), gets the "you are on the list" mail,
   * and, if spots are free and fit, their offer at once. Opening it again
   * answers the entry as it is now. NOT_FOUND for an unknown entry or a wrong
   * token (alike); CONFIRMATION_LINK_CLOSED naming `token` once the link lapsed or the entry was
   * removed; WORKSHOP_STARTED / WORKSHOP_CANCELLED when it waits for nothing any more.
   */
  async confirmOrThrow(entryId: string, token: string): Promise<ConfirmedWaitlistEntry> {
    const now = this.clock();
    if (!/^[0-9a-f-]{36}$/i.test(entryId) || !verifySignedId(this.linkSecret, CONFIRM_PURPOSE, entryId, token)) throw AppError.notFound('Waiting-list entry');
    return this.db.transaction(async (m) => {
      const entry = await m.findOneBy(WaitlistEntry, { id: entryId.toLowerCase() });
      if (!entry) throw AppError.notFound('Waiting-list entry');
      const workshop = await m.findOneByOrFail(Workshop, { id: entry.workshopId });
      if (entry.state === WaitlistState.removed) throw tokenError('This waiting-list request was removed');
      // Never confirmed: pending, or lapsed unconfirmed (a confirmed entry is answered as it is now).
      if (!entry.confirmedAt) {
        if (entry.state !== WaitlistState.pending || confirmDeadline(entry).getTime() <= now.getTime()) {
          throw tokenError(`This confirmation link expired ${CONFIRM_HOURS} hours after it was sent: please join the waiting list again`);
        }
        refuseUnlessOpen(workshop, now, 'workshopId', WAITLIST_CLOSED);
        const moved = await m
          .createQueryBuilder()
          .update(WaitlistEntry)
          .set({ state: WaitlistState.waiting, confirmedAt: now })
          .where('id = :id AND state = :pending AND created_at > :since', { id: entry.id, pending: WaitlistState.pending, since: confirmSince(now) })
          .execute();
        if (moved.affected === 1) {
          Object.assign(entry, { state: WaitlistState.waiting, confirmedAt: now });
          await this.mails?.joined(m, entry);
          // Spots that came back while the entry was pending: offered now if they fit (to the first in the queue).
          await this.offerFreedSpots(m, entry.workshopId, now);
        }
      }
      const current = await m.findOneByOrFail(WaitlistEntry, { id: entry.id });
      return { entry: current, workshopName: workshop.name, position: await this.positionOf(m, current) };
    });
  }

  /** A waiting entry's place in its workshop's queue (1 = next to get an offer that fits); null otherwise. */
  private async positionOf(m: EntityManager, entry: WaitlistEntry): Promise<number | null> {
    if (entry.state !== WaitlistState.waiting || !entry.confirmedAt) return null;
    const ahead = await m
      .createQueryBuilder(WaitlistEntry, 'e')
      .where('e.workshopId = :workshopId AND e.state = :waiting', { workshopId: entry.workshopId, waiting: WaitlistState.waiting })
      .andWhere('(e.confirmedAt < :at OR (e.confirmedAt = :at AND e.id < :id))', { at: entry.confirmedAt, id: entry.id })
      .getCount();
    return ahead + 1;
  }

  /**
   * Entries whose email was not confirmed within CONFIRM_HOURS lapse: one
   * compare-and-set UPDATE (several instances sweep; each row changes once).
   * Returns how many lapsed.
   */
  async lapseUnconfirmed(): Promise<number> {
    const now = this.clock();
    const result = await this.db.manager
      .createQueryBuilder()
      .update(WaitlistEntry)
      .set({ state: WaitlistState.lapsed })
      .where('state = :pending AND created_at <= :since', { pending: WaitlistState.pending, since: confirmSince(now) })
      .execute();
    return result.affected ?? 0;
  }

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
      const entry = /^[0-9a-f-]{36}$/i.test(entryId) ? await m.findOneBy(WaitlistEntry, { id: entryId.toLowerCase() }) : null;
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

/** A confirmation link that can no longer confirm: 409, naming token. */
function tokenError(message: string): AppError {
  return new AppError(ErrorCode.CONFIRMATION_LINK_CLOSED, message, [{ field: 'token', message }]);
}

/** A used, withdrawn or expired offer: 409, naming offerToken. */
function offerError(message: string): AppError {
  return new AppError(ErrorCode.OFFER_UNAVAILABLE, message, [{ field: 'offerToken', message }]);
}
