import { balanceDueDate } from '../shared/policy';
import { isOpenInstallment } from '../shared/booking-status';
import type { Booking } from '../booking/booking.entity';
import { type BookingInstallment, PaymentPurpose } from '../booking/ledger.entities';
import type { Workshop } from '../workshop/workshop.entity';

/** What the customer pays next, as the manage page shows it and "pay now" charges it. */
export interface NextCharge {
  amountCents: number;
  purpose: PaymentPurpose;
  installmentNumber: number | null;
  label: string;
  dueDate: string | null;
}

/** The installments still to be paid (scheduled, or failed and retried), in the schedule's order. */
export function openInstallments(schedule: BookingInstallment[]): BookingInstallment[] {
  return schedule.filter(isOpenInstallment);
}

/**
 * What an open installment charges: the last open one takes whatever is left
 * (rounding, a transfer changed the total); none takes more than the balance.
 */
export function installmentChargeCents(installment: BookingInstallment, openCount: number, balanceCents: number): number {
  return openCount === 1 ? balanceCents : Math.min(installment.amountCents, balanceCents);
}

/** What the customer should pay next: the next unpaid installment, or the balance. */
export function nextCharge(booking: Booking, schedule: BookingInstallment[], workshop: Workshop): NextCharge | null {
  const balance = booking.balanceCents;
  if (balance <= 0) return null;
  const unpaid = openInstallments(schedule);
  if (booking.paymentOption === 'payment_plan' && unpaid.length) {
    const i = unpaid[0];
    return { amountCents: installmentChargeCents(i, unpaid.length, balance), purpose: PaymentPurpose.installment, installmentNumber: i.number, label: `Installment ${i.number} of ${schedule.length}`, dueDate: i.dueDate };
  }
  return { amountCents: balance, purpose: PaymentPurpose.balance, installmentNumber: null, label: 'Balance', dueDate: balanceDueDate(workshop.startDate) };
}
