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
  /** held or confirmed: only a confirmed booking's other travellers are written to (docs/decisions/088). */
  bookingStatus: string;
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

/**
 * Whom a departure mail may go to: the booker of any live booking (their own
 * address, mailed about the booking already), the other travellers only once
 * the booking is paid: an unpaid booking's typed addresses are never mailed
 * (hardening finding 8, as the travellers' own links).
 */
export function mayBeMailed(t: Pick<DepartureTravellerRow, 'isBooker' | 'bookingStatus' | 'email'>): t is Pick<DepartureTravellerRow, 'isBooker' | 'bookingStatus'> & { email: string } {
  return Boolean(t.email) && (t.isBooker || t.bookingStatus === BookingStatus.confirmed);
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
      bookingStatus: b.status,
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

/** A traveller as the travellers' own service lists a run (traveller/traveller.service.ts `listForRun`). */
export interface RosterTravellerSource {
  travellerId: string;
  bookingId: string;
  bookingReference: string | null;
  bookingStatus: string;
  position: number;
  isBooker: boolean;
  name: string | null;
  email: string | null;
  bookerName: string;
  roomType: string;
  age: number | null;
  healthConcerns: string | null;
  dietaryRestrictions: string | null;
  emergencyContactName: string | null;
  emergencyContactPhone: string | null;
  emergencyContactEmail: string | null;
  arrivalDate: string | null;
  arrivalTime: string | null;
  arrivalBy: string | null;
  flightNumber: string | null;
  roommatePreference: string | null;
  roommateName: string | null;
  readiness: { tasksDone: number; tasksTotal: number; missing: readonly string[] };
}

/** Bookings that take part in the departure: a booking that needs the admin's attention (paid, spots gone) is not on it. */
const ON_DEPARTURE = new Set<string>([BookingStatus.held, BookingStatus.confirmed]);

/**
 * Every traveller kept on the booking (issue 25, first half: the travellers'
 * service), mapped to the departure's rows: a place not yet named keeps a
 * label, arrival and roommate preference become one line each.
 */
export class RosterTravellers implements DepartureTravellers {
  constructor(private readonly source: { listForRun(m: EntityManager, workshopId: string): Promise<RosterTravellerSource[]> }) {}

  async listForRun(m: EntityManager, workshopId: string): Promise<DepartureTravellerRow[]> {
    const rows = await this.source.listForRun(m, workshopId);
    return rows.filter((t) => ON_DEPARTURE.has(t.bookingStatus)).map(toRow);
  }
}

function toRow(t: RosterTravellerSource): DepartureTravellerRow {
  const arrival = [t.arrivalDate, t.arrivalTime, t.arrivalBy, t.flightNumber ? `flight ${t.flightNumber}` : null].filter(Boolean).join(', ');
  const roommate = t.roommatePreference === 'named' ? t.roommateName : t.roommatePreference ? t.roommatePreference.replace(/_/g, ' ') : null;
  return {
    travellerId: t.travellerId,
    bookingId: t.bookingId,
    bookingReference: t.bookingReference,
    bookingStatus: t.bookingStatus,
    position: t.position,
    isBooker: t.isBooker,
    name: t.name ?? `Traveller ${t.position} of ${t.bookerName}'s booking`,
    named: t.name !== null,
    email: t.email,
    age: t.age,
    roomType: t.roomType,
    healthConcerns: t.healthConcerns,
    dietaryRestrictions: t.dietaryRestrictions,
    emergencyContactName: t.emergencyContactName,
    emergencyContactPhone: t.emergencyContactPhone,
    emergencyContactEmail: t.emergencyContactEmail,
    arrival: arrival || null,
    roommatePreference: roommate ?? null,
    readiness: { done: t.readiness.tasksDone, total: t.readiness.tasksTotal, missing: [...t.readiness.missing] },
  };
}
