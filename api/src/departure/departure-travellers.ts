import { In, type EntityManager } from 'typeorm';
import { Booking } from '../booking/booking.entity';
import { BookingStatus } from '../shared/booking-status';

/** Readiness of one traveller's pre-trip tasks (issue 25's first half); null until tasks exist. */
export interface TravellerReadiness {
  done: number;
  total: number;
  /** Names of the tasks still missing, e.g. "waiver", "travel details". */
  missing: string[];
}

/** A traveller of a departure, as the roster, rooming list and messages read them. */
export interface DepartureTravellerRow {
  /** The traveller's own id; null for a place the booker has not named yet, or the booker before travellers existed. */
  travellerId: string | null;
  bookingId: string;
  bookingReference: string | null;
  /** 1 = the booker. */
  position: number;
  isBooker: boolean;
  /** "Traveller 2 of Ann Lee's booking" for a place not yet named. */
  name: string;
  named: boolean;
  email: string | null;
  age: number | null;
  roomType: string;
  healthConcerns: string | null;
  dietaryRestrictions: string | null;
  emergencyContactName: string | null;
  emergencyContactPhone: string | null;
  emergencyContactEmail: string | null;
  /** Arrival as the traveller gave it ("2026-05-13 14:05, flight UA 123"); null when not given. */
  arrival: string | null;
  /** Roommate preference for a shared room ("same gender", "no preference", a named person); null when not given. */
  roommatePreference: string | null;
  readiness: TravellerReadiness | null;
}

/**
 * Where the departure reads its travellers from. Until every traveller is kept
 * on the booking (issue 25, first half) the booker is the only named one and
 * the other places are listed unnamed; the travellers' own service replaces this
 * in the composition root when it lands.
 */
export interface DepartureTravellers {
  listForRun(m: EntityManager, workshopId: string, now: Date): Promise<DepartureTravellerRow[]>;
}

/** A booking that holds its spots on the departure: confirmed, or held and not lapsed. */
export function isLiveOnDeparture(b: Pick<Booking, 'status' | 'holdExpiresAt'>, now: Date): boolean {
  if (b.status === BookingStatus.confirmed) return true;
  return b.status === BookingStatus.held && (!b.holdExpiresAt || b.holdExpiresAt > now);
}

/** The bookers of live bookings, each booking's other places unnamed (before travellers existed). */
export class BookerTravellers implements DepartureTravellers {
  async listForRun(m: EntityManager, workshopId: string, now: Date): Promise<DepartureTravellerRow[]> {
    const bookings = await m.find(Booking, { where: { workshopId, status: In([BookingStatus.confirmed, BookingStatus.held]) }, order: { createdAt: 'ASC', customerName: 'ASC', id: 'ASC' } });
    return bookings.filter((b) => isLiveOnDeparture(b, now)).flatMap((b) => bookerRows(b));
  }
}

export function bookerRows(b: Booking): DepartureTravellerRow[] {
  const rows: DepartureTravellerRow[] = [];
  for (let position = 1; position <= b.numParticipants; position++) {
    const booker = position === 1;
    rows.push({
      travellerId: null,
      bookingId: b.id,
      bookingReference: b.reference,
      position,
      isBooker: booker,
      name: booker ? b.customerName : `Traveller ${position} of ${b.customerName}'s booking`,
      named: booker,
      email: booker ? b.customerEmail : null,
      age: booker ? b.age : null,
      roomType: b.roomType,
      healthConcerns: booker ? b.healthConcerns : null,
      dietaryRestrictions: booker ? b.dietaryRestrictions : null,
      emergencyContactName: booker ? b.emergencyContactName : null,
      emergencyContactPhone: booker ? b.emergencyContactPhone : null,
      emergencyContactEmail: booker ? b.emergencyContactEmail : null,
      arrival: null,
      roommatePreference: null,
      readiness: null,
    });
  }
  return rows;
}
