import type { Booking } from '../booking/booking.entity';

/** Someone of a booking who is asked for a review: one review each per run. */
export interface ReviewRecipient {
  /** Stable within the booking: 'booker' for the person who booked. */
  key: string;
  name: string;
  email: string;
}

/**
 * Who of a booking is asked to review its run. Until the travellers model
 * (issue 25) lands this is the booker only; once it does, this one function
 * returns every traveller with an email (key = traveller id), and nothing else
 * changes (docs/decisions/089).
 */
export function reviewRecipients(booking: Pick<Booking, 'customerName' | 'customerEmail'>): ReviewRecipient[] {
  return [{ key: 'booker', name: booking.customerName, email: booking.customerEmail }];
}
