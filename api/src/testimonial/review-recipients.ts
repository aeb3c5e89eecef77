import type { EntityManager } from 'typeorm';
import type { Booking } from '../booking/booking.entity';
import { Traveller } from '../traveller/traveller.entity';

/** Someone of a booking who is asked for a review: one review each per run. */
export interface ReviewRecipient {
  /** Stable within the booking: 'booker' for the person who booked, else the traveller's id. */
  key: string;
  name: string;
  email: string;
}

/**
 * Who of a booking is asked to review its run (docs/decisions/089): every
 * traveller (decision 084) with an email, in their order on the booking. The
 * booker (position 1) is keyed 'booker' with the booking's name and email, as
 * before travellers existed, so links and reviews made then keep working; the
 * others by their traveller id. A traveller still to be named (no email) is not
 * asked. A booking without traveller rows (written around the app) asks the booker.
 */
export async function reviewRecipients(m: EntityManager, booking: Pick<Booking, 'id' | 'customerName' | 'customerEmail'>): Promise<ReviewRecipient[]> {
  const booker: ReviewRecipient = { key: 'booker', name: booking.customerName, email: booking.customerEmail };
  const travellers = await m.find(Traveller, { where: { bookingId: booking.id }, order: { position: 'ASC' } });
  const others = travellers.filter((t) => t.position > 1 && t.email).map((t) => ({ key: t.id, name: t.name ?? '', email: t.email! }));
  return [booker, ...others];
}
