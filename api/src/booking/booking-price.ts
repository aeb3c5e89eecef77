import { computeTotalCents, type PriceInput } from '../shared/policy';
import type { Workshop } from '../workshop/workshop.entity';

/** Who a booking is for: what its price depends on besides the workshop. */
export type BookingParty = Pick<PriceInput, 'numParticipants' | 'numSpouses' | 'roomType'>;

/**
 * The price of a party on a workshop, in cents: one place for a new booking
 * (its input) and a transfer (the booking moved to another workshop).
 */
export function priceOfBooking(workshop: Pick<Workshop, 'priceCents' | 'privateRoomSupplementCents'>, party: BookingParty): number {
  return computeTotalCents({
    priceCents: workshop.priceCents,
    privateRoomSupplementCents: workshop.privateRoomSupplementCents,
    numParticipants: party.numParticipants,
    numSpouses: party.numSpouses,
    roomType: party.roomType,
  });
}
