import { formatDateRange } from '../../shared/dates';
import { formatCents } from '../../shared/money';
import { balanceDueDate, POLICY } from '../../shared/policy';
import type { BookingMailData } from '../mail.types';
import type { Facts } from './layout';

/** "Feb 12, 2026" for a calendar date (YYYY-MM-DD). */
export function formatDay(date: string): string {
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

/** The money of a booking: what is left to pay and by when. */
export function balanceOf(d: BookingMailData): { balanceCents: number; dueDate: string; overdue: boolean } {
  const balanceCents = Math.max(0, d.totalCents - d.amountPaidCents);
  const dueDate = balanceDueDate(d.startDate);
  return { balanceCents, dueDate, overdue: dueDate <= d.at.slice(0, 10) };
}

export function balanceDueText(d: BookingMailData): string {
  const { balanceCents, dueDate, overdue } = balanceOf(d);
  if (balanceCents === 0) return 'Nothing: paid in full';
  const by = overdue ? `now (the balance is due ${POLICY.balanceDueDaysBefore} days before the start)` : `by ${formatDay(dueDate)}`;
  if (d.paymentOption === 'payment_plan' && d.installments) {
    return `${by}, in monthly installments (plan of ${d.installments})`;
  }
  return by;
}

export function workshopPlace(d: BookingMailData): string {
  return `${d.location}, ${d.state}`;
}

export function participantsText(d: BookingMailData): string {
  const people = plural(d.numParticipants, 'participant');
  return d.numSpouses ? `${people} + ${plural(d.numSpouses, 'non-photographer partner')}` : people;
}

export function roomText(d: BookingMailData): string {
  return d.roomType === 'private' ? 'Private room' : 'Shared room';
}

export function paymentOptionText(d: BookingMailData): string {
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
  if (d.amountPaidCents >= d.totalCents) return 'final payment';
  if (d.paymentOption === 'payment_plan') return 'installment';
  return `${POLICY.depositPercent}% deposit`;
}

/** The facts every booking mail shows, in the same order everywhere. */
export function bookingFacts(d: BookingMailData): Facts {
  const { balanceCents } = balanceOf(d);
  return [
    ['Workshop', d.workshopName],
    ['Dates', formatDateRange(d.startDate, d.endDate)],
    ['Location', workshopPlace(d)],
    ['Participants', participantsText(d)],
    ['Room', roomText(d)],
    ['Total', formatCents(d.totalCents)],
    ['Paid', formatCents(d.amountPaidCents)],
    ['Balance', formatCents(balanceCents)],
    ['Balance due', balanceDueText(d)],
    ['Booking', d.bookingId],
  ];
}
