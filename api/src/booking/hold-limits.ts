import crypto from 'node:crypto';
import type { EntityManager, SelectQueryBuilder } from 'typeorm';
import { preparedSelectOf } from '../infrastructure/db/prepared-select';
import { AppError, ErrorCode } from '../infrastructure/errors';
import type { ProofOfWork } from '../infrastructure/proof-of-work/proof-of-work';
import { BookingStatus } from '../shared/booking-status';
import { Booking } from './booking.entity';

/**
 * How many unpaid spots one client (address) and one customer (email) may hold
 * at once, and when a booking first needs a solved proof-of-work challenge
 * (docs/decisions/056).
 */
export interface HoldLimits {
  /** Unpaid spots held at once by one client key (the address the transport sees). */
  maxHeldSpotsPerClient: number;
  /** Unpaid spots held at once under one customer email (lower-cased, trimmed). */
  maxHeldSpotsPerEmail: number;
  /** A booking that would take the client's or the email's unpaid spots above this needs a challenge. */
  freeHeldSpots: number;
  /** Bookings a client may start within `recentWindowMinutes` before the next needs a challenge. */
  freeRecentBookings: number;
  recentWindowMinutes: number;
}

/**
 * One whole group (12) is free and unchallenged; so is a family booking a few
 * workshops. Two full groups at once is the most anyone may hold unpaid; the
 * second needs a challenge.
 */
export const DEFAULT_HOLD_LIMITS: HoldLimits = {
  maxHeldSpotsPerClient: 24,
  maxHeldSpotsPerEmail: 24,
  freeHeldSpots: 12,
  // Ten: people behind one carrier-grade NAT share an address; a script churning holds does not stop at ten.
  freeRecentBookings: 10,
  recentWindowMinutes: 10,
};

/** Who is booking, as the guard sees it. */
export interface BookingClient {
  /** Keyed hash of the client key; null for bookings made inside the app. */
  clientKeyHash: string | null;
  email: string;
}

/**
 * The defence against one client holding the season (hardening finding 1): caps
 * on unpaid spots held at once per client and per email, counted in the
 * database, and a proof-of-work challenge beyond the free allowance. Runs inside
 * the booking's transaction, which `locks()` serialises per client and email.
 */
export class HoldGuard {
  constructor(
    private readonly hashSecret: string,
    private readonly proofOfWork: ProofOfWork,
    private readonly limits: HoldLimits = DEFAULT_HOLD_LIMITS,
  ) {}

  /** The client as stored: the key hashed with our secret, so no address is kept. */
  client(clientKey: string, email: string): BookingClient {
    const clientKeyHash =
      clientKey === INTERNAL_CLIENT ? null : crypto.createHmac('sha256', this.hashSecret).update(`client:${clientKey}`).digest('hex').slice(0, 40);
    return { clientKeyHash, email };
  }

  /** Names of the locks that serialise this client's and this email's bookings across instances. */
  locks(c: BookingClient): string[] {
    const email = crypto.createHmac('sha256', this.hashSecret).update(`email:${c.email}`).digest('hex').slice(0, 40);
    return [`hold:e:${email}`, ...(c.clientKeyHash ? [`hold:c:${c.clientKeyHash}`] : [])];
  }

  /**
   * Refuse a booking of `spots` that would go over a cap (HOLD_LIMIT_REACHED,
   * 429 with the wait until the client's first hold lapses), or that is beyond
   * the free allowance and comes without a valid, unused challenge solution
   * (CHALLENGE_REQUIRED, 428).
   */
  async checkOrThrow(m: EntityManager, c: BookingClient, spots: number, altcha: string | null | undefined, now: Date): Promise<void> {
    const { byEmail, byClient, recent } = await this.counts(m, c, now);
    const over =
      byClient.spots + spots > this.limits.maxHeldSpotsPerClient
        ? { held: byClient, max: this.limits.maxHeldSpotsPerClient, who: 'from this connection' }
        : byEmail.spots + spots > this.limits.maxHeldSpotsPerEmail
          ? { held: byEmail, max: this.limits.maxHeldSpotsPerEmail, who: 'under this email address' }
          : null;
    if (over) throw holdLimitError(over.held, over.max, over.who, spots, now);

    const reason =
      Math.max(byClient.spots, byEmail.spots) + spots > this.limits.freeHeldSpots
        ? `You already hold ${Math.max(byClient.spots, byEmail.spots)} unpaid spots`
        : c.clientKeyHash && recent >= this.limits.freeRecentBookings
          ? 'Several bookings were just made from this connection'
          : null;
    if (reason) await this.proofOfWork.redeemOrThrow(m, altcha, `${reason}; please confirm you are not a robot`);
  }

  /**
   * In one query (one round trip inside the booking's transaction): the unpaid
   * spots held now under the email and from the client (a hold that has not
   * lapsed) with when the first of each lapses, and the client's bookings in
   * the recent window. Both indexes (email, client) serve the OR.
   */
  private async counts(m: EntityManager, c: BookingClient, now: Date): Promise<{ byEmail: Held; byClient: Held; recent: number }> {
    // The SQL is written once per shape (with or without a client) and run on the transaction's
    // connection through the driver (PreparedSelect.rawIn, decision 111); the rows are getRawOne's.
    const withClient = c.clientKeyHash !== null;
    const parameters: Record<string, unknown> = { email: c.email, held: BookingStatus.held, now };
    if (withClient) Object.assign(parameters, { client: c.clientKeyHash, since: new Date(now.getTime() - this.limits.recentWindowMinutes * 60_000) });
    const [row] = (await preparedSelectOf(m, Booking).rawIn(m, withClient ? 'hold-counts:client' : 'hold-counts', () => countsQuery(m, withClient), parameters)) as Array<
      Record<'emailSpots' | 'emailFirstLapse' | 'clientSpots' | 'clientFirstLapse' | 'recent', number | string | Date | null>
    >;
    const held = (spotsValue: unknown, lapse: unknown): Held => ({ spots: Number(spotsValue ?? 0), firstLapse: toDate(lapse) });
    return {
      byEmail: held(row?.emailSpots, row?.emailFirstLapse),
      byClient: c.clientKeyHash ? held(row?.clientSpots, row?.clientFirstLapse) : EMPTY,
      recent: Number(row?.recent ?? 0),
    };
  }
}

/** The hold counts' query (HoldGuard.counts): its SQL is written once per shape, the values bound per call. */
function countsQuery(m: EntityManager, withClient: boolean): SelectQueryBuilder<Booking> {
  const heldNow = "b.status = :held AND (b.holdExpiresAt IS NULL OR b.holdExpiresAt > :now)";
  const byEmail = `b.customerEmail = :email AND ${heldNow}`;
  const byClient = `b.clientKeyHash = :client AND ${heldNow}`;
  const q = m
    .createQueryBuilder(Booking, 'b')
    .select(`COALESCE(SUM(CASE WHEN ${byEmail} THEN b.numParticipants ELSE 0 END), 0)`, 'emailSpots')
    .addSelect(`MIN(CASE WHEN ${byEmail} THEN b.holdExpiresAt END)`, 'emailFirstLapse');
  if (!withClient) return q.where('b.customerEmail = :email');
  return q
    .addSelect(`COALESCE(SUM(CASE WHEN ${byClient} THEN b.numParticipants ELSE 0 END), 0)`, 'clientSpots')
    .addSelect(`MIN(CASE WHEN ${byClient} THEN b.holdExpiresAt END)`, 'clientFirstLapse')
    .addSelect('COALESCE(SUM(CASE WHEN b.clientKeyHash = :client AND b.createdAt > :since THEN 1 ELSE 0 END), 0)', 'recent')
    .where('(b.customerEmail = :email OR b.clientKeyHash = :client)');
}

/** A datetime as the driver returns it: a Date (mysql2) or UTC text 'YYYY-MM-DD HH:MM:SS.SSS' (SQLite). */
function toDate(value: unknown): Date | null {
  if (value === null || value === undefined) return null;
  return value instanceof Date ? value : new Date(`${String(value).replace(' ', 'T')}Z`);
}

/** The client key of bookings made inside the app (tests, scripts): no per-client cap. */
export const INTERNAL_CLIENT = 'internal';

interface Held {
  spots: number;
  firstLapse: Date | null;
}

const EMPTY: Held = { spots: 0, firstLapse: null };

function holdLimitError(held: Held, max: number, who: string, wanted: number, now: Date): AppError {
  const waitSeconds = held.firstLapse ? Math.max(1, Math.ceil((held.firstLapse.getTime() - now.getTime()) / 1000)) : undefined;
  const when = waitSeconds ? `try again in ${duration(waitSeconds)}, when a hold lapses` : 'try again once we have confirmed or released one of your reservations';
  const message =
    `${held.spots} unpaid spots are already held ${who}, and at most ${max} may be held at once (you asked for ${wanted}). ` +
    `Pay for or give up a booking first, or ${when}.`;
  return new AppError(ErrorCode.HOLD_LIMIT_REACHED, message, [{ field: 'numParticipants', message }], waitSeconds);
}

/** "7 minutes", "3 hours", "6 days": rounded up, for people. */
export function duration(seconds: number): string {
  const [n, unit] = seconds <= 90 * 60 ? [Math.ceil(seconds / 60), 'minute'] : seconds <= 36 * 3600 ? [Math.ceil(seconds / 3600), 'hour'] : [Math.ceil(seconds / 86_400), 'day'];
  return `${n} ${unit}${n === 1 ? '' : 's'}`;
}
