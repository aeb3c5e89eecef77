import type { EntityManager } from 'typeorm';
import { BookingStatus } from '../shared/booking-status';
import type { RosterTraveller } from '../traveller/traveller.service';
import type { Workshop } from '../workshop/workshop.entity';
import type { DepartureTraveller } from './departure.types';

/** A traveller of a departure, as the roster, rooming list and messages read them. */
export type DepartureTravellerRow = DepartureTraveller & {
  /** held or confirmed: only a confirmed booking's other travellers are written to (docs/decisions/088). */
  bookingStatus: string;
};

/** Where the departure reads its travellers from: the travellers' own service (`RosterTravellers`) in the composition root. */
export interface DepartureTravellers {
  /** The run's travellers; the caller has read the run already (it is not read again). */
  listForRun(m: EntityManager, workshop: Workshop): Promise<DepartureTravellerRow[]>;
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

/** Bookings that take part in the departure: a booking that needs the admin's attention (paid, spots gone) is not on it. */
const ON_DEPARTURE = new Set<string>([BookingStatus.held, BookingStatus.confirmed]);

/**
 * Every traveller kept on the booking (issue 25, first half: the travellers'
 * service), mapped to the departure's rows: a place not yet named keeps a
 * label, arrival and roommate preference become one line each.
 */
export class RosterTravellers implements DepartureTravellers {
  constructor(private readonly source: { listForRun(m: EntityManager, workshop: Workshop): Promise<RosterTraveller[]> }) {}

  async listForRun(m: EntityManager, workshop: Workshop): Promise<DepartureTravellerRow[]> {
    const rows = await this.source.listForRun(m, workshop);
    return rows.filter((t) => ON_DEPARTURE.has(t.bookingStatus)).map(toRow);
  }
}

function toRow(t: RosterTraveller): DepartureTravellerRow {
  // What the roster shows as the traveller gave it is passed on as it is; the rest is put in the roster's words.
  const { name, bookerName, bookerEmail: _bookerEmail, arrivalDate, arrivalTime, arrivalBy, flightNumber, roommatePreference, roommateName, readiness, ...asGiven } = t;
  const arrival = [arrivalDate, arrivalTime, arrivalBy, flightNumber ? `flight ${flightNumber}` : null].filter(Boolean).join(', ');
  const roommate = roommatePreference === 'named_person' ? roommateName : roommatePreference ? roommatePreference.replace(/_/g, ' ') : null;
  return {
    ...asGiven,
    name: name ?? `Traveller ${t.position} of ${bookerName}'s booking`,
    named: name !== null,
    arrival: arrival || null,
    roommatePreference: roommate ?? null,
    readiness: { done: readiness.tasksDone, total: readiness.tasksTotal, missing: [...readiness.missing] },
  };
}
