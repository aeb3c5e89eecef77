import { formatDateRange } from '../shared/dates';
import { balanceCentsOf, formatCents } from '../shared/money';
import { balanceDueDate, POLICY } from '../shared/policy';
import type { FactList } from '../mail/mail-layout';
import type { Booking } from './booking.entity';
import type { Workshop } from '../workshop/workshop.entity';

/** The mails a booking sends; the value is stored in mail_outbox.kind. */
export const BookingMailKind = {
  /** Customer: spots reserved, no payment provider (the admin arranges payment). */
  bookingReserved: 'booking_reserved',
  /** Customer: a payment (deposit, installment or in full) was applied; the booking is confirmed. */
  bookingPaid: 'booking_paid',
  /** Customer: paid after the hold lapsed and the spots were taken meanwhile. */
  paymentNeedsAttention: 'payment_needs_attention',
  /** Customer: an unpaid hold expired and the spots were released. */
  holdExpired: 'hold_expired',
  /** Admin: a new paid booking. */
  adminNewBooking: 'admin_new_booking',
  /** Admin: a late payment for spots that are no longer free. */
  adminPaymentAttention: 'admin_payment_attention',
  /** Customer: the balance falls due soon (14 and 3 days before). */
  balanceReminder: 'balance_reminder',
  /** Customer and admin: the balance due date passed unpaid. */
  balanceOverdue: 'balance_overdue',
  adminBalanceOverdue: 'admin_balance_overdue',
  /** Customer: an installment charge failed (declined or needs authentication): pay from the link. */
  installmentFailed: 'installment_failed',
  /** Admin: the last retry of an installment failed. */
  adminInstallmentFailed: 'admin_installment_failed',
  /** Customer: the booking was cancelled, with the refund it gives. */
  bookingCancelled: 'booking_cancelled',
  /** Customer: the booking moved to another workshop. */
  bookingTransferred: 'booking_transferred',
  /** Customer: the admin refunded money. */
  refundIssued: 'refund_issued',
  /** Customer: a payment arrived after the booking (or its workshop) was cancelled and was refunded in full. */
  latePaymentRefunded: 'late_payment_refunded',
} as const;
export type BookingMailKind = (typeof BookingMailKind)[keyof typeof BookingMailKind];

/**
 * A booking and its workshop as they were when the mail was caused. Stored as
 * the outbox payload, so the mail tells what happened even if the booking
 * changes again before it is sent. Money in cents.
 */
export interface BookingMailData {
  bookingId: string;
  /** The short reference a customer quotes ("WL-7KQ2M"); mails enqueued before it existed lack it. */
  reference?: string;
  workshopId: string;
  workshopName: string;
  location: string;
  state: string;
  /** YYYY-MM-DD, first and last day. */
  startDate: string;
  endDate: string;
  customerName: string;
  customerEmail: string;
  customerPhone: string;
  numParticipants: number;
  numSpouses: number;
  roomType: string;
  paymentOption: string;
  installments: number | null;
  status: string;
  paymentStatus: string;
  totalCents: number;
  /** The promo code used and what it took off the price (totalCents is after it); older rows lack them. */
  promoCode?: string;
  discountCents?: number;
  /** Charged at booking: deposit, first installment or the total. */
  dueNowCents: number;
  amountPaidCents: number;
  /** The payment this mail is about; null when none. */
  paymentCents: number | null;
  /** Fees kept on top of the price, and money refunded so far (older rows lack them: 0). */
  feeCents?: number;
  amountRefundedCents?: number;
  /** What this mail is about, when it is not a payment: a refund, an amount due, a failed charge. */
  refundCents?: number;
  dueCents?: number;
  /** YYYY-MM-DD. */
  dueDate?: string;
  installmentNumber?: number;
  failure?: string;
  /** Retries left after a failed charge. */
  retriesLeft?: number;
  /** Where a transferred booking came from. */
  fromWorkshopName?: string;
  /** A transfer (docs/decisions/066): overpayment kept under the policy, and what cancelling returned before and returns after it, that day. */
  keptCents?: number;
  /** The fee this transfer charged (feeCents is every fee the booking keeps). */
  transferFeeCents?: number;
  cancelBeforeCents?: number;
  cancelAfterCents?: number;
  /** YYYY-MM-DD in the workshop's time zone, the day it happened (a transfer's windows are counted from it). */
  today?: string;
  /** Refund money still to come by hand (paid offline). */
  refundOwedCents?: number;
  /** A payment refunded because it arrived after this was cancelled. */
  lateFor?: 'booking' | 'workshop';
  /** Online refund money decided but not made yet (a workshop cancellation's, waiting for the customer's choice). */
  refundPendingCents?: number;
  /** When it happened (ISO 8601, UTC). */
  at: string;
}

export type WorkshopFields = Pick<Workshop, 'location' | 'state' | 'startDate' | 'endDate'>;

export function bookingMailData(b: Booking, w: WorkshopFields, paymentCents: number | null, at: Date): BookingMailData {
  return {
    bookingId: b.id,
    reference: b.reference ?? undefined,
    workshopId: b.workshopId,
    workshopName: b.workshopName,
    location: w.location,
    state: w.state,
    startDate: w.startDate,
    endDate: w.endDate,
    customerName: b.customerName,
    customerEmail: b.customerEmail,
    customerPhone: b.customerPhone,
    numParticipants: b.numParticipants,
    numSpouses: b.numSpouses,
    roomType: b.roomType,
    paymentOption: b.paymentOption,
    installments: b.installments,
    status: b.status,
    paymentStatus: b.paymentStatus,
    totalCents: b.totalCents,
    ...(b.discountCents ? { promoCode: b.promoCode ?? undefined, discountCents: b.discountCents } : {}),
    dueNowCents: b.dueNowCents,
    amountPaidCents: b.amountPaidCents,
    paymentCents,
    feeCents: b.feeCents ?? 0,
    amountRefundedCents: b.amountRefundedCents ?? 0,
    at: at.toISOString(),
  };
}

/** Every site address a booking mail links to (the web's routes, spec section 2). */
export const bookingUrls = (origin: string) => ({
  confirmation: (bookingId: string) => `${origin}/confirmation/${encodeURIComponent(bookingId)}`,
  booking: (workshopId: string) => `${origin}/booking/${encodeURIComponent(workshopId)}`,
  equipment: () => `${origin}/equipment`,
  cancellationPolicy: () => `${origin}/cancellation-policy`,
  admin: () => `${origin}/admin/dashboard`,
});

/** "Feb 12, 2026" for a calendar date (YYYY-MM-DD). */
function formatDay(date: string): string {
  return new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' }).format(
    new Date(`${date}T00:00:00Z`),
  );
}

export function plural(n: number, one: string, many = `${one}s`): string {
  return `${n} ${n === 1 ? one : many}`;
}

export function firstName(fullName: string): string {
  return fullName.trim().split(/\s+/)[0] || fullName;
}

export function datesOf(d: BookingMailData): string {
  return formatDateRange(d.startDate, d.endDate);
}

/** The money of a booking: what is left to pay and by when (nothing on a released booking). */
export function balanceOf(d: BookingMailData): { balanceCents: number; dueDate: string; overdue: boolean } {
  const balanceCents = balanceCentsOf({
    status: d.status,
    totalCents: d.totalCents,
    feeCents: d.feeCents ?? 0,
    amountPaidCents: d.amountPaidCents,
    amountRefundedCents: d.amountRefundedCents ?? 0,
  });
  const dueDate = balanceDueDate(d.startDate);
  return { balanceCents, dueDate, overdue: dueDate <= d.at.slice(0, 10) };
}

function balanceDueText(d: BookingMailData): string {
  const { balanceCents, dueDate, overdue } = balanceOf(d);
  if (balanceCents === 0) return 'Nothing: paid in full';
  const by = overdue ? `now (the balance is due ${POLICY.balanceDueDaysBefore} days before the start)` : `by ${formatDay(dueDate)}`;
  if (d.paymentOption === 'payment_plan' && d.installments) {
    return `${by}, in monthly installments (plan of ${d.installments})`;
  }
  return by;
}

/** Why a released booking owes nothing, in the words of its "Balance due" line. */
const RELEASED_TEXT: Record<string, string> = {
  cancelled: 'Nothing: the booking is cancelled',
  expired: 'Nothing: the reservation expired',
};

/** Paid after its hold lapsed and the spots were gone: nothing falls due until the admin moves or refunds it. */
const NEEDS_ATTENTION_TEXT = 'Nothing for now: we will contact you to move or refund your booking';

/**
 * The money lines of a booking: a live one says what is left to pay and by
 * when; a released one (cancelled, expired) owes nothing and says so, with what
 * came back and what is still to come back; one paid after its spots were gone
 * owes nothing until we move or refund it (issue 21).
 */
function moneyFacts(d: BookingMailData): FactList {
  const refunded = d.amountRefundedCents ?? 0;
  const released = RELEASED_TEXT[d.status];
  if (released) {
    const toCome = Math.min(refunded, (d.refundOwedCents ?? 0) + (d.refundPendingCents ?? 0));
    return [
      ...(refunded - toCome > 0 ? ([['Refunded', formatCents(refunded - toCome)]] as FactList) : []),
      ...(toCome > 0 ? ([['Still to refund', formatCents(toCome)]] as FactList) : []),
      ['Balance due', released],
    ];
  }
  if (d.status === 'needs_attention') {
    return [...(refunded ? ([['Refunded', formatCents(refunded)]] as FactList) : []), ['Balance due', NEEDS_ATTENTION_TEXT]];
  }
  return [
    ...(refunded ? ([['Refunded', formatCents(refunded)]] as FactList) : []),
    ['Balance', formatCents(balanceOf(d).balanceCents)],
    ['Balance due', balanceDueText(d)],
  ];
}

export function workshopPlace(d: BookingMailData): string {
  return `${d.location}, ${d.state}`;
}

export function participantsText(d: BookingMailData): string {
  const people = plural(d.numParticipants, 'participant');
  return d.numSpouses ? `${people} + ${plural(d.numSpouses, 'non-photographer partner')}` : people;
}

function paymentOptionText(d: BookingMailData): string {
  switch (d.paymentOption) {
    case 'full':
      return 'Payment in full';
    case 'payment_plan':
      return `Payment plan${d.installments ? ` (${d.installments} monthly installments)` : ''}`;
    default:
      return `${POLICY.depositPercent}% deposit`;
  }
}

/** What the customer paid this time, in words. */
export function paymentLabel(d: BookingMailData): string {
  if (d.paymentOption === 'full') return 'payment in full';
  if (d.installmentNumber) return `installment ${d.installmentNumber}${d.installments ? ` of ${d.installments}` : ''}`;
  if (d.amountPaidCents >= d.totalCents) return 'final payment';
  if (d.paymentOption === 'payment_plan') return 'installment';
  return `${POLICY.depositPercent}% deposit`;
}

/** "Booking reference WL-7KQ2M" to quote, then the long id the links carry. */
export function referenceFacts(d: Pick<BookingMailData, 'bookingId' | 'reference'>): FactList {
  return [...(d.reference ? ([['Booking reference', d.reference]] as FactList) : []), ['Booking', d.bookingId]];
}

/** The facts every booking mail shows, in the same order everywhere. */
export function bookingFacts(d: BookingMailData): FactList {
  return [
    ['Workshop', d.workshopName],
    ['Dates', datesOf(d)],
    ['Location', workshopPlace(d)],
    ['Participants', participantsText(d)],
    ['Room', d.roomType === 'private' ? 'Private room' : 'Shared room'],
    ...discountFacts(d),
    ['Total', formatCents(d.totalCents)],
    ...(d.feeCents ? ([['Fees', formatCents(d.feeCents)]] as FactList) : []),
    ['Paid', formatCents(d.amountPaidCents)],
    ...moneyFacts(d),
    ...referenceFacts(d),
  ];
}

/** The promo code's line (docs/decisions/096): the discount as the booking stored it, already taken off the total. */
export function discountFacts(d: Pick<BookingMailData, 'promoCode' | 'discountCents'>): FactList {
  return d.discountCents ? [[`Discount${d.promoCode ? ` (${d.promoCode})` : ''}`, `-${formatCents(d.discountCents)}`]] : [];
}

/** Who booked and how they pay: the admin notices add these to the booking facts. */
export function customerFacts(d: BookingMailData): FactList {
  return [
    ['Customer', d.customerName],
    ['Email', d.customerEmail],
    ['Phone', d.customerPhone],
    ['Payment option', paymentOptionText(d)],
    ['This payment', d.paymentCents === null ? '-' : formatCents(d.paymentCents)],
    ['Status', `${d.status} / ${d.paymentStatus}`],
  ];
}
