/**
 * The states of a booking and the moves between them (docs/decisions/051).
 * Pure and isomorphic: the api's booking lifecycle enforces it, the admin UI
 * reads it to decide which actions to offer.
 *
 * Enum keys equal their values: GraphQL shows the keys, REST JSON the values,
 * and both must be the strings stored in the database.
 */

/** Life cycle of a booking's claim on spots. */
export enum BookingStatus {
  /** Spots are held; payment not yet received. Expires at holdExpiresAt when set. */
  held = 'held',
  /** Paid (deposit, installment or in full): spots are sold. */
  confirmed = 'confirmed',
  /** The hold lapsed or its checkout expired: spots returned. */
  expired = 'expired',
  /** Cancelled by the admin: spots returned. */
  cancelled = 'cancelled',
  /** Paid after its hold lapsed and the spots were gone: the admin must refund or move it. */
  needs_attention = 'needs_attention',
}

/**
 * Where the money of a booking stands (docs/decisions/062). Derived from the
 * ledger by paymentStatusOf: never set by hand.
 */
export enum PaymentStatus {
  /** Nothing received yet. */
  pending = 'pending',
  /** The deposit (or more) of a deposit booking received, a balance is left. */
  deposit_paid = 'deposit_paid',
  /** Some installments of a payment plan received. */
  partially_paid = 'partially_paid',
  /** Everything owed has been received. */
  paid = 'paid',
  /** Everything received was given back (a cancelled booking). */
  refunded = 'refunded',
  /** Part of what was received was given back (a cancelled booking that kept a fee). */
  partially_refunded = 'partially_refunded',
}

export interface MoneyState {
  status: BookingStatus;
  paymentOption: string;
  /** Price plus fees kept (transfer fee). */
  owedCents: number;
  receivedCents: number;
  /** Refunds made (online ones succeeded, offline ones marked done or owed). */
  refundedCents: number;
}

/**
 * The payment status the ledger gives. A live booking says how much of what it
 * owes has come in (net of any refund of an overpayment); a released one says
 * what became of its money.
 */
export function paymentStatusOf(m: MoneyState): PaymentStatus {
  const live = m.status === BookingStatus.held || m.status === BookingStatus.confirmed || m.status === BookingStatus.needs_attention;
  if (!live && m.refundedCents > 0) return m.refundedCents >= m.receivedCents ? PaymentStatus.refunded : PaymentStatus.partially_refunded;
  const net = m.receivedCents - (live ? m.refundedCents : 0);
  if (net <= 0) return PaymentStatus.pending;
  if (net >= m.owedCents) return PaymentStatus.paid;
  return m.paymentOption === 'payment_plan' ? PaymentStatus.partially_paid : PaymentStatus.deposit_paid;
}

const { held, confirmed, expired, cancelled, needs_attention } = BookingStatus;

/**
 * Every allowed move, from -> to. A payment on a confirmed or needs_attention
 * booking keeps its status (confirmed -> confirmed). A payment that arrives
 * after a hold expired re-takes the spots if they are free, otherwise the
 * booking needs the admin. A cancelled booking is final: money that arrives
 * for it (a checkout or a charge that completed anyway) is refunded and its
 * status stays (docs/decisions/065). Anything not listed is refused.
 */
export const BOOKING_TRANSITIONS: Readonly<Record<BookingStatus, readonly BookingStatus[]>> = {
  [held]: [confirmed, expired, cancelled],
  [confirmed]: [confirmed, cancelled],
  [needs_attention]: [needs_attention, cancelled],
  [expired]: [confirmed, needs_attention],
  [cancelled]: [],
};

export function canTransition(from: BookingStatus, to: BookingStatus): boolean {
  return BOOKING_TRANSITIONS[from]?.includes(to) ?? false;
}

/** Statuses whose bookings have their spots counted in Workshop.spotsClaimed. */
export const SPOT_HOLDING_STATUSES: readonly BookingStatus[] = [held, confirmed];

/**
 * Live bookings: the admin can still record payments on them and cancel them.
 * A needs_attention booking holds no spots but has money on record.
 */
export const LIVE_STATUSES: readonly BookingStatus[] = [held, confirmed, needs_attention];

export function isLiveStatus(status: string): boolean {
  return (LIVE_STATUSES as readonly string[]).includes(status);
}

/** Installments still to be paid: scheduled, or failed and retried (or paid from the manage link). The rest are paid or cancelled. */
export const OPEN_INSTALLMENT_STATES: readonly string[] = ['scheduled', 'failed'];

/** Whether an installment is still to be paid (the API's InstallmentState and the web's generated type alike). */
export function isOpenInstallment(i: { state: string }): boolean {
  return OPEN_INSTALLMENT_STATES.includes(i.state);
}

type Hold = { status: BookingStatus; holdExpiresAt: Date | null };

/** A hold that has not lapsed (no expiry, or one still ahead of `now`). */
export function isUnlapsedHold(b: Hold, now: Date): boolean {
  return b.status === held && (b.holdExpiresAt === null || b.holdExpiresAt.getTime() > now.getTime());
}

/**
 * Whether the booking occupies its spots right now: confirmed, or a hold that
 * has not lapsed (a lapsed hold is released by the next sweep).
 */
export function holdsSpots(b: Hold, now: Date): boolean {
  return b.status === confirmed || isUnlapsedHold(b, now);
}

/** Whether the booking counts as a booking now: it holds spots, or it has money that needs the admin. */
export function isLive(b: Hold, now: Date): boolean {
  return holdsSpots(b, now) || b.status === needs_attention;
}
