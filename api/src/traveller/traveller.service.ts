import { insertBoundRows } from '../infrastructure/db/bound-insert';
import crypto from 'node:crypto';
import { In, type EntityManager } from 'typeorm';
import { Booking } from '../booking/booking.entity';
import { LIVE_STATUSES } from '../shared/booking-status';
import { gearDone, readinessOf, type Readiness, type TaskKind } from '../shared/pre-trip';
import { Workshop } from '../workshop/workshop.entity';
import { Traveller } from './traveller.entity';
import { WaiverSignature, WaiverVersion } from './waiver.entities';
import { DEFAULT_WAIVER_TEXT, waiverHash } from './waiver-text';

/** A traveller named on the booking form, or left for later (`later`: no name or email yet). */
export interface TravellerNaming {
  name?: string | null;
  email?: string | null;
  later?: boolean | null;
}

/** A workshop's current waiver: its newest version, or the default text until the admin writes one. */
export interface CurrentWaiver {
  /** Null for the default text (no version saved yet). */
  versionId: string | null;
  /** 0 for the default text. */
  version: number;
  text: string;
  contentHash: string;
}

/** What a traveller gave of themselves for the health and travel tasks, as kept on their row. */
export type TravellerAnswers = Pick<
  Traveller,
  'age' | 'healthConcerns' | 'dietaryRestrictions' | 'emergencyContactName' | 'emergencyContactPhone' | 'emergencyContactEmail' | 'arrivalDate' | 'arrivalTime' | 'arrivalBy' | 'flightNumber' | 'roommatePreference' | 'roommateName'
>;

/** The answers of a traveller's row (the roster and the traveller's own page show them as given). */
export function answersOf(t: Traveller): TravellerAnswers {
  return {
    age: t.age,
    healthConcerns: t.healthConcerns,
    dietaryRestrictions: t.dietaryRestrictions,
    emergencyContactName: t.emergencyContactName,
    emergencyContactPhone: t.emergencyContactPhone,
    emergencyContactEmail: t.emergencyContactEmail,
    arrivalDate: t.arrivalDate,
    arrivalTime: t.arrivalTime,
    arrivalBy: t.arrivalBy,
    flightNumber: t.flightNumber,
    roommatePreference: t.roommatePreference,
    roommateName: t.roommateName,
  };
}

/** One traveller of a departure's roster, with their task state (docs/decisions/084). */
export interface RosterTraveller extends TravellerAnswers {
  travellerId: string;
  bookingId: string;
  bookingReference: string | null;
  bookingStatus: string;
  /** 1 = the booker. */
  position: number;
  isBooker: boolean;
  /** Null until the booker names them. */
  name: string | null;
  email: string | null;
  bookerName: string;
  bookerEmail: string;
  roomType: string;
  /** Tasks done of all, and which are missing. */
  readiness: Readiness;
}

/** Either the database's manager or a transaction's. */
type Reader = Pick<EntityManager, 'find' | 'findOneBy' | 'findBy' | 'query'>;

/**
 * The travellers of bookings (docs/decisions/084): created with every booking,
 * kept in step with its participants, and read per departure.
 */
export class TravellerService {
  /**
   * In the booking's transaction: one traveller per participant. The booker is
   * position 1 (their details copied from the booking form, to be confirmed);
   * `others` name positions 2..N in order; the rest are placeholders.
   */
  async createForBooking(m: EntityManager, booking: Booking, others: readonly TravellerNaming[], now: Date): Promise<Traveller[]> {
    const rows: Traveller[] = [];
    for (let position = 1; position <= booking.numParticipants; position++) {
      const base = m.create(Traveller, emptyTraveller(booking.id, position, now));
      if (position === 1) {
        Object.assign(base, {
          name: booking.customerName,
          email: booking.customerEmail,
          age: booking.age,
          healthConcerns: booking.healthConcerns,
          dietaryRestrictions: booking.dietaryRestrictions,
          emergencyContactName: booking.emergencyContactName,
          emergencyContactPhone: booking.emergencyContactPhone,
          emergencyContactEmail: booking.emergencyContactEmail,
        });
      } else {
        const named = others[position - 2];
        if (named && !named.later && named.name) {
          base.name = named.name.trim();
          base.email = named.email ? named.email.trim().toLowerCase() : null;
        }
      }
      rows.push(base);
    }
    // Every column set (emptyTraveller): one bound multi-row insert, nothing read back (decision 111).
    await insertBoundRows(m, Traveller, rows);
    return rows;
  }

  /**
   * Keep the travellers in step with the booking's participants (a transfer or
   * an admin change): missing positions are added as placeholders, positions
   * beyond the count removed (highest first: the booker always stays).
   */
  async syncCount(m: EntityManager, booking: Booking, now: Date): Promise<void> {
    const existing = await m.find(Traveller, { where: { bookingId: booking.id }, order: { position: 'ASC' } });
    if (!existing.length) {
      await this.createForBooking(m, booking, [], now);
      return;
    }
    const extra = existing.filter((t) => t.position > booking.numParticipants);
    if (extra.length) await m.delete(Traveller, { id: In(extra.map((t) => t.id)) });
    const have = new Set(existing.map((t) => t.position));
    const add: Traveller[] = [];
    for (let p = 1; p <= booking.numParticipants; p++) if (!have.has(p)) add.push(m.create(Traveller, emptyTraveller(booking.id, p, now)));
    if (add.length) await m.insert(Traveller, add);
  }

  /** The travellers of one booking, by position. */
  async listForBooking(m: Reader, bookingId: string): Promise<Traveller[]> {
    return m.find(Traveller, { where: { bookingId }, order: { position: 'ASC' } });
  }

  /**
   * Every traveller of every live booking (held, confirmed, needs attention) of a
   * workshop run, by booking then position, with their readiness: the admin's
   * departure view reads this. Stable shape: fields are added, never renamed.
   * A caller that has read the run passes it (it is not read again), else its id.
   */
  async listForRun(m: Reader, run: Workshop | string): Promise<RosterTraveller[]> {
    const workshop = typeof run === 'string' ? await m.findOneBy(Workshop, { id: run }) : run;
    if (!workshop) return [];
    const bookings = await m.find(Booking, { where: { workshopId: workshop.id, status: In([...LIVE_STATUSES]) }, order: { createdAt: 'ASC', id: 'ASC' } });
    if (!bookings.length) return [];
    const travellers = await m.find(Traveller, { where: { bookingId: In(bookings.map((b) => b.id)) }, order: { position: 'ASC' } });
    const done = await this.tasksDone(m, workshop, travellers);
    const byBooking = new Map<string, Traveller[]>();
    for (const t of travellers) byBooking.set(t.bookingId, [...(byBooking.get(t.bookingId) ?? []), t]);
    const out: RosterTraveller[] = [];
    for (const b of bookings) {
      for (const t of byBooking.get(b.id) ?? []) {
        out.push({
          travellerId: t.id,
          bookingId: b.id,
          bookingReference: b.reference,
          bookingStatus: b.status,
          position: t.position,
          isBooker: t.position === 1,
          name: t.name,
          email: t.email,
          bookerName: b.customerName,
          bookerEmail: b.customerEmail,
          roomType: b.roomType,
          ...answersOf(t),
          readiness: readinessOf(done.get(t.id)!),
        });
      }
    }
    return out;
  }

  /** Which of each traveller's tasks are done, for travellers of one workshop (its current waiver, its gear list). */
  async tasksDone(m: Reader, workshop: Workshop, travellers: readonly Traveller[]): Promise<Map<string, Record<TaskKind, boolean>>> {
    const waiver = await this.currentWaiver(m, workshop.id);
    const signed = travellers.length
      ? await m.find(WaiverSignature, { where: { travellerId: In(travellers.map((t) => t.id)), contentHash: waiver.contentHash, workshopId: workshop.id } })
      : [];
    const signedBy = new Set(signed.map((s) => s.travellerId));
    return new Map(
      travellers.map((t) => [
        t.id,
        {
          waiver: signedBy.has(t.id),
          health: t.healthConfirmedAt !== null,
          travel: t.travelConfirmedAt !== null,
          gear: gearDone(workshop.workshopType, t.gearTicked),
        },
      ]),
    );
  }

  /** The workshop's current waiver (newest version, or the default text). */
  async currentWaiver(m: Reader, workshopId: string): Promise<CurrentWaiver> {
    const [latest] = await m.find(WaiverVersion, { where: { workshopId }, order: { version: 'DESC' }, take: 1 });
    if (latest) return { versionId: latest.id, version: latest.version, text: latest.text, contentHash: latest.contentHash };
    return { versionId: null, version: 0, text: DEFAULT_WAIVER_TEXT, contentHash: waiverHash(DEFAULT_WAIVER_TEXT) };
  }
}

function emptyTraveller(bookingId: string, position: number, now: Date): Partial<Traveller> {
  return {
    id: crypto.randomUUID(),
    bookingId,
    position,
    name: null,
    email: null,
    age: null,
    healthConcerns: null,
    dietaryRestrictions: null,
    emergencyContactName: null,
    emergencyContactPhone: null,
    emergencyContactEmail: null,
    healthConfirmedAt: null,
    arrivalDate: null,
    arrivalTime: null,
    arrivalBy: null,
    flightNumber: null,
    roommatePreference: null,
    roommateName: null,
    travelConfirmedAt: null,
    gearTicked: null,
    createdAt: now,
    updatedAt: now,
  };
}
