import crypto from 'node:crypto';
import type { EntityManager } from 'typeorm';
import type { Database } from '../infrastructure/db/data-source';
import { AppError, ErrorCode } from '../infrastructure/errors';
import { storedId } from '../infrastructure/ids';
import { clean } from '../infrastructure/text';
import { signId, verifySignedId } from '../infrastructure/signed-id';
import { INTERNAL_CLIENT } from '../booking/hold-limits';
import { Workshop } from '../workshop/workshop.entity';
import { refuseUnlessOpen } from '../workshop/workshop.service';
import { WaitlistEntry } from './waitlist-entry.entity';
import { confirmDeadline, type WaitlistGuard } from './waitlist-guard';
import type { JoinWaitlistInput } from './waitlist.input';
import type { WaitlistMails } from './waitlist.mails';
import type { ConfirmedWaitlistEntry } from './waitlist.objects';
import type { WaitlistOffers } from './waitlist-offers';
import { CONFIRM_HOURS, WaitlistState } from './waitlist.types';

/** How a refusal to join the waiting list of a started or cancelled workshop ends. */
const WAITLIST_CLOSED = 'its waiting list is closed';

/** What the confirmation link's token signs (with BOOKING_LINK_SECRET): this purpose and the entry id. */
const CONFIRM_PURPOSE = 'waitlist-confirm:v1';

/** Entries whose email still waits for its confirmation; before `now - CONFIRM_HOURS` they lapsed. */
const confirmSince = (now: Date) => new Date(now.getTime() - CONFIRM_HOURS * 3_600_000);

/**
 * Asking for a place on a waiting list (docs/decisions/061, 067): joining
 * makes a pending entry and mails the link that confirms the address; only a
 * confirmed entry takes its place in the queue (and may get an offer at once).
 * Unconfirmed entries lapse after CONFIRM_HOURS.
 */
export class WaitlistRequests {
  constructor(
    private readonly db: Database,
    private readonly clock: () => Date,
    /** Signs the confirmation links (BOOKING_LINK_SECRET). */
    private readonly linkSecret: string,
    private readonly mails: WaitlistMails | null,
    private readonly offers: Pick<WaitlistOffers, 'offerFreedSpots'>,
    /** Caps per client and email, and the challenge (docs/decisions/067); none: only the rate limit (tests). */
    private readonly guard: WaitlistGuard | undefined,
  ) {}

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
    const guard = this.guard;
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
    const id = storedId(entryId);
    if (!id || !verifySignedId(this.linkSecret, CONFIRM_PURPOSE, entryId, token)) throw AppError.notFound('Waiting-list entry');
    return this.db.transaction(async (m) => {
      const entry = await m.findOneBy(WaitlistEntry, { id });
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
          await this.offers.offerFreedSpots(m, entry.workshopId, now);
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
}

/** A confirmation link that can no longer confirm: 409, naming token. */
function tokenError(message: string): AppError {
  return new AppError(ErrorCode.CONFIRMATION_LINK_CLOSED, message, [{ field: 'token', message }]);
}
