import type { EntityManager } from 'typeorm';
import type { Booking } from '../booking/booking.entity';

/** Someone of a booking who is asked for a review: one review each per run. */
export interface ReviewRecipient {
  /** Stable within the booking: 'booker' for the person who booked. */
  key: string;
  name: string;
  email: string;
}

/**
 * Who of a booking is asked to review its run (docs/decisions/089). Until the
 * travellers model (issue 25, branch i25a) is merged this is the booker only.
 * Once it is, only this body changes: read the booking's travellers in `m`
 * (position order, those with an email), key the booker's (position 1) as
 * 'booker' (links and reviews already made keep working) and every other one by
 * its traveller id (at most 64 characters, [A-Za-z0-9_-]: a UUID fits).
 */
export async function reviewRecipients(_m: EntityManager, booking: Pick<Booking, 'id' | 'customerName' | 'customerEmail'>): Promise<ReviewRecipient[]> {
  return [{ key: 'booker', name: booking.customerName, email: booking.customerEmail }];
}
