import { isLiveStatus } from './booking-status';

/**
 * Money is integer cents everywhere inside the system. These helpers are the
 * only place cents become dollars (at the API edges the spec names, and on screen).
 * Isomorphic: imported by the api and by the web.
 */

/** Cents to a dollar number for JSON/GraphQL edges, e.g. 249500 -> 2495, 12345 -> 123.45. */
export function centsToDollars(cents: number): number {
  return Math.round(cents) / 100;
}

/** Whole or fractional dollars to integer cents, rounding half away from zero. */
export function dollarsToCents(dollars: number): number {
  return Math.round(dollars * 100);
}

/** A booking's money as stored: the price, any fee, what was received and what was given back. */
export interface BookingAmounts {
  /** The booking's status: a released one (expired, cancelled) owes nothing. */
  status: string;
  totalCents: number;
  feeCents: number;
  amountPaidCents: number;
  amountRefundedCents: number;
}

/**
 * Still to pay: on a live booking what it owes (price and fee) minus what was
 * received and kept, never negative; nothing once it is released (expired,
 * cancelled: its refunds are what became of its money). One formula for the
 * booking, its pages and its mails (issue 21).
 */
export function balanceCentsOf(a: BookingAmounts): number {
  if (!isLiveStatus(a.status)) return 0;
  return Math.max(0, a.totalCents + a.feeCents - netReceivedCents(a));
}

/** Received and kept: what was paid minus what was refunded (what a refund can still give back). */
export function netReceivedCents(a: Pick<BookingAmounts, 'amountPaidCents' | 'amountRefundedCents'>): number {
  return a.amountPaidCents - a.amountRefundedCents;
}

/** 1234567 -> "1,234,567". */
function groupThousands(whole: number): string {
  return String(whole).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}

/**
 * "$2,495" for whole amounts, "$748.50" when there are cents: the en-US currency format,
 * written out rather than through Intl.NumberFormat, whose first use loads the browser's
 * locale data (about 20 ms on a fast machine, on the critical path of every page's start;
 * docs/performance.md). A test holds it equal to Intl's output.
 */
export function formatCents(cents: number): string {
  const c = Math.round(cents);
  const abs = Math.abs(c);
  const rest = abs % 100;
  return `${c < 0 ? '-' : ''}$${groupThousands(Math.floor(abs / 100))}${rest ? `.${String(rest).padStart(2, '0')}` : ''}`;
}

/** Same as formatCents, for an amount already in dollars (API edge values). */
export function formatDollars(dollars: number): string {
  return formatCents(dollarsToCents(dollars));
}
