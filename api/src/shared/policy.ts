/**
 * Every business number of the booking policy, in one place.
 * The server prices bookings from it; the FAQ, terms and cancellation pages
 * render it, so no page can contradict another (spec section 9).
 * Isomorphic: imported by the api and by the web.
 */

export const POLICY = {
  /** Maximum group size of every workshop. */
  maxGroupSize: 12,
  /** Below this many participants a workshop may be cancelled. */
  minParticipants: 6,
  /** Number of workshops in the 2026 season. */
  workshopsPerSeason: 11,
  season: 2026,

  /** Deposit charged at booking, as a percentage of the total. */
  depositPercent: 30,
  /** A non-photographer spouse or partner pays this percentage of the workshop price. */
  spousePercent: 50,
  maxSpouses: 4,
  /** Used when a workshop does not set its own private room supplement. */
  defaultPrivateRoomSupplementCents: 500_00,
  /** Range quoted in policy texts for private rooms. */
  privateRoomSupplementRangeText: '$500-800',

  minAge: 18,
  maxAge: 99,

  /**
   * Balance due this many days before the workshop starts. The owner's FAQ said 30
   * and the terms said 60; we follow the terms everywhere (docs/decisions/002).
   */
  balanceDueDaysBefore: 60,
  /** Monthly installments of a payment plan. */
  minInstallments: 3,
  maxInstallments: 6,

  /** Cancellation by the participant: the policy page's tiers (the FAQ renders the same). */
  cancellationTiers: [
    { minDaysBefore: 90, refundPercent: 100, feeCents: 200_00 },
    { minDaysBefore: 60, refundPercent: 50, feeCents: 0 },
    { minDaysBefore: 30, refundPercent: 25, feeCents: 0 },
    { minDaysBefore: 0, refundPercent: 0, feeCents: 0 },
  ],
  /** Transfer of a booking to another person or workshop. */
  transferTiers: [
    { minDaysBefore: 60, feeCents: 0, allowed: true },
    { minDaysBefore: 30, feeCents: 500_00, allowed: true },
    { minDaysBefore: 0, feeCents: 0, allowed: false },
  ],
  refundBusinessDays: '7-10',
  cancellationProcessingBusinessDays: '2-3',
  /** When we cancel a workshop. */
  providerCancellationRefundPercent: 100,

  /** Unpaid holds created with a checkout session expire with it (Stripe's minimum). */
  checkoutHoldMinutes: 30,
  /** A booking that has not started checkout keeps its spots this long (docs/decisions/056). */
  unpaidHoldMinutes: 10,
  /** Without online payment, an unpaid reservation lasts this many days unless the admin records a payment. */
  offlineReservationDays: 7,
  responseTimeHours: 24,
} as const;

export type RoomType = 'shared' | 'private';
export type PaymentOption = 'deposit' | 'full' | 'payment_plan';

export interface PriceInput {
  priceCents: number;
  privateRoomSupplementCents?: number | null;
  numParticipants: number;
  numSpouses: number;
  roomType: RoomType;
}

/** Total = price x participants + 50% x price x spouses + private supplement (spec section 9). */
export function computeTotalCents(input: PriceInput): number {
  const spouseCents = Math.round((input.priceCents * POLICY.spousePercent) / 100) * input.numSpouses;
  const supplement =
    input.roomType === 'private'
      ? (input.privateRoomSupplementCents ?? POLICY.defaultPrivateRoomSupplementCents)
      : 0;
  return input.priceCents * input.numParticipants + spouseCents + supplement;
}

/** The date the balance is due: balanceDueDaysBefore days before the start (UTC date, YYYY-MM-DD). */
export function balanceDueDate(startDate: string): string {
  const d = new Date(`${startDate}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() - POLICY.balanceDueDaysBefore);
  return d.toISOString().slice(0, 10);
}

/**
 * How many monthly installments fit between now and the balance due date,
 * clamped to the plan's 3..6 (when fewer than 3 fit, the plan still has 3).
 */
export function installmentCount(startDate: string, now: Date): number {
  const due = new Date(`${balanceDueDate(startDate)}T00:00:00Z`);
  let months =
    (due.getUTCFullYear() - now.getUTCFullYear()) * 12 + (due.getUTCMonth() - now.getUTCMonth());
  if (due.getUTCDate() < now.getUTCDate()) months -= 1;
  // The first installment is paid today, so months that fit + 1 installments in all.
  const fit = months + 1;
  return Math.min(POLICY.maxInstallments, Math.max(POLICY.minInstallments, fit));
}

export interface ChargeNow {
  /** What is charged at booking. */
  dueNowCents: number;
  /** Installments of a payment plan, null otherwise. */
  installments: number | null;
}

/** What is charged today for a payment option. */
export function computeDueNow(
  totalCents: number,
  option: PaymentOption,
  startDate: string,
  now: Date,
): ChargeNow {
  switch (option) {
    case 'full':
      return { dueNowCents: totalCents, installments: null };
    case 'deposit':
      return { dueNowCents: Math.round((totalCents * POLICY.depositPercent) / 100), installments: null };
    case 'payment_plan': {
      const n = installmentCount(startDate, now);
      return { dueNowCents: Math.ceil(totalCents / n), installments: n };
    }
  }
}
