import type { EntityManager } from 'typeorm';
import { AppError, ErrorCode } from '../infrastructure/errors';
import type { ProofOfWork } from '../infrastructure/proof-of-work/proof-of-work';
import { duration, type BookingClient, type HoldGuard } from '../booking/hold-limits';
import { WaitlistEntry } from './waitlist-entry.entity';
import { CONFIRM_HOURS, DEFAULT_WAITLIST_LIMITS, WaitlistState, type WaitlistEntryLimits } from './waitlist.types';

const HOUR = 3_600_000;

/** Rows read per check at most: far above every cap, so a flood cannot make the check slow. */
const READ_LIMIT = 200;

/**
 * The defence against one client hoarding offers or mailing strangers through
 * the waiting list (issue 21 findings 6 and 10, docs/decisions/067): the hold
 * guard's client key and locks, caps on entries joined a day and on open spots
 * asked for, per client and per email, counted in the database, and the
 * proof-of-work challenge beyond a free allowance. Runs in the join's
 * transaction, serialised per client and email by `locks()`.
 */
export class WaitlistGuard {
  constructor(
    private readonly holds: HoldGuard,
    private readonly proofOfWork: ProofOfWork,
    private readonly limits: WaitlistEntryLimits = DEFAULT_WAITLIST_LIMITS,
  ) {}

  /** The client as stored: its key hashed as bookings store it. */
  client(clientKey: string, email: string): BookingClient {
    return this.holds.client(clientKey, email);
  }

  locks(c: BookingClient): string[] {
    return this.holds.locks(c).map((name) => `waitlist:${name}`);
  }

  /**
   * Refuse an entry of `spots` over a cap (WAITLIST_LIMIT_REACHED, 429, with the wait
   * until the first counted entry stops counting), or beyond the free allowance
   * without a valid, unused challenge solution (CHALLENGE_REQUIRED, 428).
   */
  async checkOrThrow(m: EntityManager, c: BookingClient, spots: number, altcha: string | null | undefined, now: Date): Promise<void> {
    const rows = await this.recentOrOpen(m, c, now);
    const byClient = c.clientKeyHash ? rows.filter((e) => e.clientKeyHash === c.clientKeyHash) : [];
    const byEmail = rows.filter((e) => e.email === c.email);
    const since = now.getTime() - this.limits.windowHours * HOUR;
    const joined = (list: WaitlistEntry[]) => list.filter((e) => e.createdAt.getTime() > since);
    const open = (list: WaitlistEntry[]) => list.filter((e) => isOpen(e, now));
    const openSpots = (list: WaitlistEntry[]) => open(list).reduce((sum, e) => sum + e.spots, 0);
    const windowEnd = (list: WaitlistEntry[]) => new Date(Math.min(...joined(list).map((e) => e.createdAt.getTime())) + this.limits.windowHours * HOUR);

    const l = this.limits;
    if (joined(byClient).length >= l.maxEntriesPerClient) {
      throw limitError(`${joined(byClient).length} waiting-list requests were made from this connection in the last ${l.windowHours} hours, and at most ${l.maxEntriesPerClient} may be`, 'spots', windowEnd(byClient), now);
    }
    if (joined(byEmail).length >= l.maxEntriesPerEmail) {
      throw limitError(`${joined(byEmail).length} waiting-list requests were made for this email address in the last ${l.windowHours} hours, and at most ${l.maxEntriesPerEmail} may be`, 'email', windowEnd(byEmail), now);
    }
    for (const [list, max, who] of [
      [byClient, l.maxOpenSpotsPerClient, 'from this connection'],
      [byEmail, l.maxOpenSpotsPerEmail, 'under this email address'],
    ] as const) {
      if (openSpots(list) + spots > max) {
        throw limitError(`${openSpots(list)} spots are already asked for on waiting lists ${who}, and at most ${max} may be at once (you asked for ${spots})`, 'spots', firstLapse(open(list)), now);
      }
    }

    const reason =
      Math.max(openSpots(byClient), openSpots(byEmail)) + spots > l.freeOpenSpots
        ? `You already wait for ${Math.max(openSpots(byClient), openSpots(byEmail))} spots`
        : c.clientKeyHash && joined(byClient).length >= l.freeEntriesPerClient
          ? 'Several waiting-list requests were just made from this connection'
          : null;
    if (reason) await this.proofOfWork.redeemOrThrow(m, altcha, `${reason}; please confirm you are not a robot`);
  }

  /** The client's and the email's entries joined within the window or still open (idx_waitlist_email_created, idx_waitlist_client_created). */
  private recentOrOpen(m: EntityManager, c: BookingClient, now: Date): Promise<WaitlistEntry[]> {
    const q = m
      .createQueryBuilder(WaitlistEntry, 'e')
      .where(c.clientKeyHash ? '(e.email = :email OR e.clientKeyHash = :client)' : 'e.email = :email', { email: c.email, client: c.clientKeyHash })
      .andWhere('(e.createdAt > :since OR e.state IN (:...open))', {
        since: new Date(now.getTime() - Math.max(this.limits.windowHours, CONFIRM_HOURS) * HOUR),
        open: [WaitlistState.waiting, WaitlistState.offered],
      })
      .orderBy('e.createdAt', 'DESC')
      .limit(READ_LIMIT);
    return q.getMany();
  }
}

/** Open: asks for spots now (a pending entry until its confirmation lapses, a waiting one, an open offer). */
function isOpen(e: WaitlistEntry, now: Date): boolean {
  if (e.state === WaitlistState.pending) return confirmDeadline(e).getTime() > now.getTime();
  return e.state === WaitlistState.waiting || e.state === WaitlistState.offered;
}

/** Until when a pending entry may be confirmed. */
export function confirmDeadline(e: Pick<WaitlistEntry, 'createdAt'>): Date {
  return new Date(e.createdAt.getTime() + CONFIRM_HOURS * HOUR);
}

/** When the first of these open entries stops counting: a pending one lapses, an offer ends (waiting ones wait). */
function firstLapse(open: WaitlistEntry[]): Date | null {
  const ends = open.map((e) => (e.state === WaitlistState.pending ? confirmDeadline(e) : e.state === WaitlistState.offered ? e.offerExpiresAt : null)).filter((d): d is Date => d !== null);
  return ends.length ? new Date(Math.min(...ends.map((d) => d.getTime()))) : null;
}

function limitError(what: string, field: 'spots' | 'email', until: Date | null, now: Date): AppError {
  const waitSeconds = until ? Math.max(1, Math.ceil((until.getTime() - now.getTime()) / 1000)) : undefined;
  const when = waitSeconds ? `Please try again in ${duration(waitSeconds)}.` : 'Please leave a waiting list first (reply to its email), or try again once an offer has been used.';
  const message = `${what}. ${when}`;
  return new AppError(ErrorCode.WAITLIST_LIMIT_REACHED, message, [{ field, message }], waitSeconds);
}
