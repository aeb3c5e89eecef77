/**
 * Every business number of the booking policy, in one place.
 * The server prices bookings from it; the FAQ, terms and cancellation pages
 * render it, so no page can contradict another (spec section 9).
 * Isomorphic: imported by the api and by the web.
 */
import { addDays, daysBetween, daysUntilStart, todayIn } from './dates';

export { addDays, daysBetween };

export const POLICY = {
  /** Maximum group size of every workshop. */
  maxGroupSize: 12,
  /** Below this many participants a workshop may be cancelled. */
  minParticipants: 6,
  /**
   * A bookable run is "filling fast" (and "popular") with at most this many
   * spots left or at least this percentage of its places taken
   * (shared/season isFillingFast). The season's year(s) and counts are derived
   * from the catalog and the clock there too, never written here (issue 24).
   */
  fillingFastSpotsLeft: 4,
  fillingFastPercentSold: 50,

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
  /** A waiting-list request's confirmation link works this long; unconfirmed, it lapses (docs/decisions/067). */
  waitlistConfirmHours: 24,
  /** A waiting-list offer holds its spots this long (docs/decisions/061). */
  waitlistOfferHours: 48,
  responseTimeHours: 24,
} as const;

/**
 * The age rule as the booking form states it: what the form and the server
 * accept (minAge to maxAge), and the policy's guardian exception, which is
 * arranged with us rather than booked online (spec section 9).
 */
export const AGE_RULE_TEXT = `From ${POLICY.minAge} to ${POLICY.maxAge}. Under ${POLICY.minAge}? Write to us first: a younger photographer can join with a guardian.`;

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
 * A calendar date moved by whole months; a day the month lacks becomes its
 * last day (Jan 31 + 1 month = Feb 28).
 */
export function addMonths(date: string, months: number): string {
  const [y, m, d] = date.split('-').map(Number);
  const first = new Date(Date.UTC(y, m - 1 + months, 1));
  const last = new Date(Date.UTC(first.getUTCFullYear(), first.getUTCMonth() + 1, 0)).getUTCDate();
  first.setUTCDate(Math.min(d, last));
  return first.toISOString().slice(0, 10);
}

/** The calendar date (YYYY-MM-DD) it is at `now` in an IANA time zone (UTC when none): shared/dates todayIn. */
export function localDate(now: Date, timeZone?: string | null): string {
  return todayIn(timeZone || 'UTC', now);
}

/**
 * Calendar days from today, in the workshop's time zone, to its first day: the
 * measure of every "days before" rule (balance, cancellation tiers, transfers,
 * reminders). It is shared/dates daysUntilStart, the one implementation.
 */
export function daysBeforeStart(startDate: string, now: Date, timeZone?: string | null): number {
  return daysUntilStart(startDate, timeZone || 'UTC', now);
}

export interface Installment {
  /** 1-based. The first is charged at booking. */
  number: number;
  /** YYYY-MM-DD. */
  dueDate: string;
  amountCents: number;
}

/**
 * The monthly installments of a payment plan booked today: the first today,
 * one each month after, the last on or before the balance due date, at most
 * six. Null when fewer than three fit (the plan is not offered). Amounts add
 * up to the total exactly: the last one takes the rounding.
 */
export function installmentSchedule(totalCents: number, startDate: string, now: Date, timeZone?: string | null): Installment[] | null {
  const today = localDate(now, timeZone);
  const due = balanceDueDate(startDate);
  let n = 0;
  while (n < POLICY.maxInstallments && addMonths(today, n) <= due) n++;
  if (n < POLICY.minInstallments) return null;
  const each = Math.ceil(totalCents / n);
  return Array.from({ length: n }, (_, i) => ({
    number: i + 1,
    dueDate: addMonths(today, i),
    amountCents: i < n - 1 ? each : totalCents - each * (n - 1),
  }));
}

/** How many installments a plan booked now would have; null when the plan is not offered. */
export function installmentCount(startDate: string, now: Date, timeZone?: string | null): number | null {
  return installmentSchedule(1_000_00, startDate, now, timeZone)?.length ?? null;
}

export interface PaymentOptionOffer {
  option: PaymentOption;
  available: boolean;
  /** Why it is not offered (shown in the booking summary); null when available. */
  reason: string | null;
}

/**
 * Which ways to pay a booking made now can use: in full always; the deposit
 * only before the balance falls due (outside the 60-day window); the plan only
 * where at least three monthly installments fit before the balance due date.
 */
export function paymentOptionsFor(startDate: string, now: Date, timeZone?: string | null): PaymentOptionOffer[] {
  const due = balanceDueDate(startDate);
  const depositOpen = localDate(now, timeZone) < due;
  const planOpen = installmentSchedule(1_000_00, startDate, now, timeZone) !== null;
  const dueText = formatIsoDate(due);
  return [
    { option: 'full', available: true, reason: null },
    {
      option: 'deposit',
      available: depositOpen,
      reason: depositOpen
        ? null
        : `The balance is due ${POLICY.balanceDueDaysBefore} days before the workshop starts (${dueText}), so the full price is paid at booking.`,
    },
    {
      option: 'payment_plan',
      available: planOpen,
      reason: planOpen
        ? null
        : `A payment plan needs at least ${POLICY.minInstallments} monthly installments before the balance due date (${dueText}).`,
    },
  ];
}

/**
 * The calendar days (YYYY-MM-DD, the workshop's time zone) on which
 * paymentOptionsFor changes its answer: the first day the plan is no longer
 * offered (three monthly installments no longer fit before the balance due
 * date), then the balance due date, from which the deposit is not. A cache of
 * anything that states the options (the catalog snapshot and the pages made
 * from it) expires at the start of these days (issue 21).
 */
export function paymentOptionChangeDates(startDate: string): [planCloses: string, depositCloses: string] {
  const due = balanceDueDate(startDate);
  const span = POLICY.minInstallments - 1;
  // Months clamp to their last day, so several days can map to the same date: walk to the first that no longer fits.
  let planCloses = addMonths(due, -span);
  while (addMonths(planCloses, span) <= due) planCloses = addDays(planCloses, 1);
  return [planCloses, due];
}

const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];

/** "March 3, 2027" for 2027-03-03 (no Intl: the booking page stays light). */
export function formatIsoDate(date: string): string {
  const [y, m, d] = date.split('-').map(Number);
  return `${MONTHS[m - 1]} ${d}, ${y}`;
}

export interface ChargeNow {
  /** What is charged at booking. */
  dueNowCents: number;
  /** Installments of a payment plan, null otherwise. */
  installments: number | null;
}

/**
 * What is charged today for a payment option. Throws for an option that is
 * not offered now (check paymentOptionsFor first).
 */
export function computeDueNow(
  totalCents: number,
  option: PaymentOption,
  startDate: string,
  now: Date,
  timeZone?: string | null,
): ChargeNow {
  switch (option) {
    case 'full':
      return { dueNowCents: totalCents, installments: null };
    case 'deposit':
      return { dueNowCents: Math.round((totalCents * POLICY.depositPercent) / 100), installments: null };
    case 'payment_plan': {
      const schedule = installmentSchedule(totalCents, startDate, now, timeZone);
      if (!schedule) throw new Error('payment plan not offered for this date');
      return { dueNowCents: schedule[0].amountCents, installments: schedule.length };
    }
  }
}

export interface CancellationQuote {
  daysBeforeStart: number;
  /** Percentage of what was paid that comes back, before the fee. */
  refundPercent: number;
  feeCents: number;
  /** What the customer gets back: refundPercent of what they paid, minus the fee, never below zero. */
  refundCents: number;
  /** What the business keeps. */
  keptCents: number;
}

/**
 * The refund a participant's cancellation gives today (the cancellation page's
 * tiers). The percentages apply to the money paid so far, not to the price
 * (docs/decisions/062): a deposit is never worth more than it cost, and a
 * payment plan is treated like the money it has collected. One function for
 * the policy page, the FAQ, the quote on the manage page and the refund made.
 */
export function cancellationQuote(startDate: string, now: Date, paidCents: number, timeZone?: string | null): CancellationQuote {
  const days = daysBeforeStart(startDate, now, timeZone);
  const tier = POLICY.cancellationTiers.find((t) => days >= t.minDaysBefore) ?? POLICY.cancellationTiers[POLICY.cancellationTiers.length - 1];
  const refundCents = Math.max(0, Math.round((paidCents * tier.refundPercent) / 100) - tier.feeCents);
  return { daysBeforeStart: days, refundPercent: tier.refundPercent, feeCents: tier.feeCents, refundCents, keptCents: paidCents - refundCents };
}

export interface TransferQuote {
  daysBeforeStart: number;
  allowed: boolean;
  feeCents: number;
}

/** The fewest days before the start a transfer is still allowed (POLICY.transferTiers): below it the transfer window is closed. */
export function transferClosesDaysBefore(): number {
  return Math.min(...POLICY.transferTiers.filter((t) => t.allowed).map((t) => t.minDaysBefore));
}

/** The fewest days before the start a cancellation still refunds something (POLICY.cancellationTiers): below it, nothing. */
export function lastRefundingTierDays(): number {
  return Math.min(...POLICY.cancellationTiers.filter((t) => t.refundPercent > 0).map((t) => t.minDaysBefore));
}

/** Moving a booking to another workshop: free 60+ days before the start, a fee at 30-59, not under 30. */
export function transferQuote(startDate: string, now: Date, timeZone?: string | null): TransferQuote {
  const days = daysBeforeStart(startDate, now, timeZone);
  const tier = POLICY.transferTiers.find((t) => days >= t.minDaysBefore);
  return { daysBeforeStart: days, allowed: tier?.allowed ?? false, feeCents: tier?.allowed ? tier.feeCents : 0 };
}

/**
 * A booking's money as the cancellation rule reads it (docs/decisions/066).
 * `refundCapCents`/`refundCapPaidCents` are null until a transfer fixes them.
 */
export interface BookingMoney {
  /** Received minus refunded. */
  netPaidCents: number;
  /** Fees kept on top of the price (transfer fees, overpayment a transfer kept): never part of "paid" for a refund. */
  feeCents: number;
  /** Set by a transfer: the most a cancellation may return, as of `refundCapPaidCents` received and kept. */
  refundCapCents: number | null;
  /** Received minus refunded right after that transfer: money paid since raises the cap, money refunded since lowers it. */
  refundCapPaidCents: number | null;
}

export interface CancellationRefund extends CancellationQuote {
  /** Received minus refunded, fees included (what the manage page calls "paid so far"). */
  paidCents: number;
  /** The cap a transfer set, as it stands today; null when the booking was never transferred. */
  capCents: number | null;
}

/**
 * What a participant's cancellation returns today: the tier of the workshop the
 * booking is on, applied to the money paid toward the price (fees kept are not
 * "paid"), and, after a transfer, never more than the cap the transfer set
 * (transferSettlement) plus what was paid since. The one function for the
 * manage page's quote, the refund made and the cancellation mail.
 */
export function cancellationRefund(startDate: string, now: Date, money: BookingMoney, timeZone?: string | null): CancellationRefund {
  const paidCents = money.netPaidCents;
  const tier = cancellationQuote(startDate, now, Math.max(0, paidCents - money.feeCents), timeZone);
  const capCents =
    money.refundCapCents === null || money.refundCapPaidCents === null ? null : Math.max(0, money.refundCapCents + paidCents - money.refundCapPaidCents);
  const refundCents = Math.max(0, Math.min(tier.refundCents, capCents ?? Infinity, paidCents));
  return { ...tier, paidCents, capCents, refundCents, keptCents: paidCents - refundCents };
}

export interface TransferSettlement {
  /** The transfer fee of today's tier (of the workshop the booking leaves). */
  transferFeeCents: number;
  /** Refunded at once: the overpayment, never more than cancelling today would return minus the fee. */
  refundNowCents: number;
  /** Overpayment beyond that, kept under the cancellation policy (it joins the fees). */
  keptCents: number;
  /** Still to pay on the new workshop. */
  balanceCents: number;
  /** The booking's fees after the transfer: those before, the transfer fee and the overpayment kept. */
  feesAfterCents: number;
  /** Written on the booking: a later cancellation returns at most this plus what is paid since... */
  refundCapCents: number;
  /** ...measured from this (received minus refunded after the transfer). */
  refundCapPaidCents: number;
}

/**
 * What moving a booking to a workshop priced `newTotalCents` moves today
 * (docs/decisions/066). The rule, by construction: the refund now and every
 * later cancellation together never return more than cancelling on the day of
 * the transfer would have (cancellationRefund, so a second transfer obeys the
 * first's cap), minus the transfer fee, which is kept on top; money paid after
 * the transfer follows the new workshop's tiers.
 */
export function transferSettlement(from: { startDate: string; timeZone?: string | null }, now: Date, money: BookingMoney, newTotalCents: number): TransferSettlement {
  const transferFeeCents = transferQuote(from.startDate, now, from.timeZone).feeCents;
  const cancelToday = cancellationRefund(from.startDate, now, money, from.timeZone).refundCents;
  const allowance = Math.max(0, cancelToday - transferFeeCents);
  const over = money.netPaidCents - (newTotalCents + money.feeCents + transferFeeCents);
  const refundNowCents = Math.max(0, Math.min(over, allowance));
  const keptCents = Math.max(0, over - refundNowCents);
  const feesAfterCents = money.feeCents + transferFeeCents + keptCents;
  const netAfter = money.netPaidCents - refundNowCents;
  return {
    transferFeeCents,
    refundNowCents,
    keptCents,
    balanceCents: Math.max(0, newTotalCents + feesAfterCents - netAfter),
    feesAfterCents,
    refundCapCents: allowance - refundNowCents,
    refundCapPaidCents: netAfter,
  };
}
