import crypto from 'node:crypto';
import type { EntityManager } from 'typeorm';
import { ADMIN_ACTOR, type AuditLog } from '../audit/audit-log.service';
import { Booking } from '../booking/booking.entity';
import type { ManageLinks } from '../booking/manage-link';
import type { Database } from '../infrastructure/db/data-source';
import { AppError, ErrorCode } from '../infrastructure/errors';
import { isDeadlock, isDuplicateKey } from '../infrastructure/db-errors';
import { cleanOptional } from '../infrastructure/text';
import type { OutboxService } from '../mail/outbox.service';
import { BookingStatus, isLiveStatus } from '../shared/booking-status';
import { formatDateRange } from '../shared/dates';
import { addDays, daysBetween, localDate } from '../shared/policy';
import { gearList, readinessOf, tasksDeadline, type TaskKind } from '../shared/pre-trip';
import { Workshop } from '../workshop/workshop.entity';
import type { TravellerLinks } from './traveller-link';
import { Traveller } from './traveller.entity';
import type { NameTravellerInput, SaveWaiverInput, SignWaiverInput, TravellerAccessInput, TravellerGearInput, TravellerHealthInput, TravellerTravelInput } from './traveller.input';
import { TravellerMailKind, type TravellerMailData, type WaiverSignedMailData } from './traveller.mails';
import type { BookingTravellers, TravellerTasks, WorkshopWaiver } from './traveller.objects';
import { answersOf, type TravellerService } from './traveller.service';
import { signedWaiverPdf, type SignedWaiver } from './waiver-pdf';
import { WaiverSignature, WaiverVersion } from './waiver.entities';
import { waiverHash } from './waiver-text';

/** Who acts on a traveller's tasks: the traveller (their own link) or the booker (the manage link). */
export type TaskActor = 'traveller' | 'booker';

/** The request facts a signature records. */
export interface SigningClient {
  ip: string;
  userAgent: string;
}

interface Authorized {
  traveller: Traveller;
  booking: Booking;
  workshop: Workshop;
  actor: TaskActor;
}

/** The days before the first day a traveller may say they arrive. */
const EARLIEST_ARRIVAL_DAYS = 7;

/**
 * Each traveller's pre-trip tasks (docs/decisions/084, 085): what their page
 * shows, and every change to them, by the traveller through their own link or
 * the booker through the manage link. Every rule of the tasks is here.
 */
export class TravellerTasksService {
  constructor(
    private readonly db: Database,
    private readonly clock: () => Date,
    private readonly travellers: TravellerService,
    private readonly links: TravellerLinks,
    private readonly manageLinks: ManageLinks,
    private readonly outbox: OutboxService,
    private readonly audit: AuditLog,
  ) {}

  /** The tasks' deadline of a booking on its (current) workshop. */
  deadlineOf(booking: Booking, workshop: Workshop): string {
    return tasksDeadline(workshop.startDate, booking.createdAt, workshop.timeZone);
  }

  /**
   * The traveller behind a link: their own link (the token signs the traveller
   * id) or the booker's manage link (bookingId given; the traveller must be on
   * it). A token of one traveller for another, or any wrong token: NOT_FOUND.
   */
  async authorizeOrThrow(access: TravellerAccessInput, m: EntityManager = this.db.manager): Promise<Authorized> {
    const refused = new AppError(ErrorCode.NOT_FOUND, 'Traveller not found, or the link is not valid');
    let actor: TaskActor;
    if (access.bookingId) {
      if (!this.manageLinks.verify(access.bookingId, access.token)) throw refused;
      actor = 'booker';
    } else {
      if (!this.links.verify(access.travellerId, access.token)) throw refused;
      actor = 'traveller';
    }
    const traveller = await m.findOneBy(Traveller, { id: access.travellerId });
    if (!traveller || (access.bookingId && traveller.bookingId !== access.bookingId)) throw refused;
    const booking = await m.findOneByOrFail(Booking, { id: traveller.bookingId });
    const workshop = await m.findOneByOrFail(Workshop, { id: booking.workshopId });
    return { traveller, booking, workshop, actor };
  }

  /** A traveller's tasks page. */
  async viewOrThrow(access: TravellerAccessInput): Promise<TravellerTasks> {
    const a = await this.authorizeOrThrow(access);
    return this.view(this.db.manager, a);
  }

  /**
   * Sign the workshop's current waiver. The hash must be the current version's
   * (a newer one is refused: read it first); signing the same version twice
   * keeps the first signature. The signed copy is mailed (a PDF).
   */
  async signWaiverOrThrow(input: SignWaiverInput, client: SigningClient): Promise<TravellerTasks> {
    // Another signature at the same moment may take a key first: the same traveller's (two tabs, a double
    // click; a retry finds it and changes nothing) or another traveller's first signature of the default
    // text, which saved it as version 1 (a retry signs that version); on MariaDB the two inserts can also
    // deadlock, and the victim was rolled back whole. Each is run again, a few times at most.
    for (let attempt = 1; ; attempt++) {
      try {
        return await this.signInTransaction(input, client);
      } catch (error) {
        if (attempt >= 3 || !(isDuplicateKey(error) || isDeadlock(error))) throw error;
      }
    }
  }

  private async signInTransaction(input: SignWaiverInput, client: SigningClient): Promise<TravellerTasks> {
    return this.db.transaction(async (m) => {
      const a = await this.writableOrThrow(input, m);
      const current = await this.travellers.currentWaiver(m, a.workshop.id);
      if (current.contentHash !== input.contentHash) {
        throw new AppError(ErrorCode.CONFLICT, 'The release of liability changed since it was shown: read the current version and sign again', [
          { field: 'contentHash', message: 'contentHash is not the current version of the waiver' },
        ]);
      }
      const already = await m.findOneBy(WaiverSignature, { travellerId: a.traveller.id, workshopId: a.workshop.id, contentHash: current.contentHash });
      if (already) return this.view(m, a);
      const now = this.clock();
      const versionId = current.versionId ?? (await this.saveVersion(m, a.workshop.id, current.text, now)).id;
      const signature = m.create(WaiverSignature, {
        id: crypto.randomUUID(),
        travellerId: a.traveller.id,
        workshopId: a.workshop.id,
        waiverVersionId: versionId,
        contentHash: current.contentHash,
        nameTyped: input.fullName.trim(),
        signedBy: a.actor,
        signedAt: now,
        ip: client.ip.slice(0, 45),
        userAgent: client.userAgent.slice(0, 500),
      });
      await m.insert(WaiverSignature, signature);
      const to = a.traveller.email ?? a.booking.customerEmail;
      const payload: WaiverSignedMailData = {
        travellerId: a.traveller.id,
        name: a.traveller.name ?? input.fullName,
        pdfName: pdfName(a.workshop, a.traveller, input.fullName),
        waiver: { ...this.signedWaiver(a, current.version, current.text, signature), signedAt: now.toISOString() },
      };
      await this.outbox.enqueue(m, { kind: TravellerMailKind.waiverSigned, to, payload, beyondLimit: true });
      return this.view(m, a);
    });
  }

  async saveHealthOrThrow(input: TravellerHealthInput): Promise<TravellerTasks> {
    return this.db.transaction(async (m) => {
      const a = await this.writableOrThrow(input, m);
      const now = this.clock();
      Object.assign(a.traveller, {
        age: input.age,
        healthConcerns: cleanOptional(input.healthConcerns),
        dietaryRestrictions: cleanOptional(input.dietaryRestrictions),
        emergencyContactName: input.emergencyContactName.trim(),
        emergencyContactPhone: input.emergencyContactPhone.trim(),
        emergencyContactEmail: input.emergencyContactEmail.trim().toLowerCase(),
        healthConfirmedAt: now,
        updatedAt: now,
      });
      await m.save(a.traveller);
      return this.view(m, a);
    });
  }

  async saveTravelOrThrow(input: TravellerTravelInput): Promise<TravellerTasks> {
    return this.db.transaction(async (m) => {
      const a = await this.writableOrThrow(input, m);
      const { startDate, endDate } = a.workshop;
      const earliest = addDays(startDate, -EARLIEST_ARRIVAL_DAYS);
      if (!isCalendarDate(input.arrivalDate) || daysBetween(earliest, input.arrivalDate) < 0 || daysBetween(input.arrivalDate, endDate) < 0) {
        throw AppError.invalid([{ field: 'arrivalDate', message: `arrivalDate must be between ${earliest} and ${endDate}` }]);
      }
      const shared = a.booking.roomType === 'shared';
      if (shared && !input.roommatePreference) throw AppError.invalid([{ field: 'roommatePreference', message: 'roommatePreference is required for a shared room' }]);
      if (!shared && input.roommatePreference) throw AppError.invalid([{ field: 'roommatePreference', message: 'roommatePreference is only for a shared room' }]);
      let roommateName: string | null = null;
      if (input.roommatePreference === 'named_person') {
        roommateName = cleanOptional(input.roommateName);
        if (!roommateName) throw AppError.invalid([{ field: 'roommateName', message: 'roommateName is required to room with a named person' }]);
        const onDeparture = await this.travellers.listForRun(m, a.workshop);
        const match = onDeparture.find((t) => t.travellerId !== a.traveller.id && t.name && sameName(t.name, roommateName!));
        if (!match) throw AppError.invalid([{ field: 'roommateName', message: 'roommateName must be a traveller on the same departure' }]);
        roommateName = match.name;
      }
      const now = this.clock();
      Object.assign(a.traveller, {
        arrivalDate: input.arrivalDate,
        arrivalTime: input.arrivalTime,
        arrivalBy: input.arrivalBy,
        flightNumber: cleanOptional(input.flightNumber)?.toUpperCase().replace(/\s+/g, '') ?? null,
        roommatePreference: shared ? input.roommatePreference! : null,
        roommateName,
        travelConfirmedAt: now,
        updatedAt: now,
      });
      await m.save(a.traveller);
      return this.view(m, a);
    });
  }

  async saveGearOrThrow(input: TravellerGearInput): Promise<TravellerTasks> {
    return this.db.transaction(async (m) => {
      const a = await this.writableOrThrow(input, m);
      const ids = new Set(gearList(a.workshop.workshopType).map((g) => g.id));
      const unknown = input.ticked.find((id) => !ids.has(id));
      if (unknown !== undefined) throw AppError.invalid([{ field: 'ticked', message: `ticked must list items of this workshop's gear list (unknown: ${unknown.slice(0, 40)})` }]);
      a.traveller.gearTicked = [...new Set(input.ticked)];
      a.traveller.updatedAt = this.clock();
      await m.save(a.traveller);
      return this.view(m, a);
    });
  }

  /** The travellers of a booking with their progress, for the manage page. */
  async bookingTravellersOrThrow(bookingId: string, token: string): Promise<BookingTravellers> {
    const booking = await this.bookingOrThrow(bookingId, token);
    return this.bookingTravellers(this.db.manager, booking);
  }

  /**
   * The booker names or renames another traveller (never the booker's own row),
   * until the tasks' deadline. A new address gets the traveller's own link.
   */
  async nameTravellerOrThrow(input: NameTravellerInput): Promise<BookingTravellers> {
    return this.db.transaction(async (m) => {
      const booking = await this.bookingOrThrow(input.bookingId, input.token, m);
      const workshop = await m.findOneByOrFail(Workshop, { id: booking.workshopId });
      if (!isLiveStatus(booking.status)) throw new AppError(ErrorCode.BOOKING_NOT_LIVE, 'This booking is no longer live');
      const now = this.clock();
      const deadline = this.deadlineOf(booking, workshop);
      if (daysBetween(localDate(now, workshop.timeZone), deadline) < 0) {
        throw new AppError(ErrorCode.CONFLICT, `Travellers can be named until ${deadline}; write to us to change them now`, [{ field: 'travellerId', message: 'the deadline to name travellers has passed' }]);
      }
      const traveller = await m.findOneBy(Traveller, { id: input.travellerId, bookingId: booking.id });
      if (!traveller) throw AppError.invalid([{ field: 'travellerId', message: 'travellerId must be a traveller of this booking' }]);
      if (traveller.position === 1) throw AppError.invalid([{ field: 'travellerId', message: 'the booker’s own details are the booking’s' }]);
      const email = input.email.trim().toLowerCase();
      const newAddress = traveller.email !== email;
      traveller.name = input.name.trim();
      traveller.email = email;
      traveller.updatedAt = now;
      await m.save(traveller);
      // A held booking's travellers are invited when it is paid (inviteOnFirstPayment).
      if (newAddress && booking.status !== BookingStatus.held) await this.invite(m, traveller, booking, workshop);
      return this.bookingTravellers(m, booking);
    });
  }

  /**
   * In the transaction of a booking's first payment (it leaves `held`): each
   * named traveller other than the booker gets their own link by mail (the
   * booker has the manage page). Never before: until someone pays, the addresses
   * typed on the form are nobody's word (hardening finding 8).
   */
  async inviteOnFirstPayment(m: EntityManager, booking: Booking, previousStatus: string): Promise<void> {
    if (previousStatus !== BookingStatus.held || booking.status === BookingStatus.held || !isLiveStatus(booking.status)) return;
    const workshop = await m.findOneByOrFail(Workshop, { id: booking.workshopId });
    const all = await this.travellers.listForBooking(m, booking.id);
    for (const t of all) if (t.position > 1 && t.email) await this.invite(m, t, booking, workshop);
  }

  /** Admin: the workshop's waiver, current and every version. */
  async waiverOrThrow(workshopId: string): Promise<WorkshopWaiver> {
    const workshop = await this.db.manager.findOneBy(Workshop, { id: workshopId });
    if (!workshop) throw AppError.notFound('Workshop');
    const current = await this.travellers.currentWaiver(this.db.manager, workshopId);
    const versions = await this.db.manager.find(WaiverVersion, { where: { workshopId }, order: { version: 'DESC' } });
    return {
      workshopId,
      current: { version: current.version, text: current.text, contentHash: current.contentHash, createdAt: versions[0]?.createdAt ?? null },
      versions: versions.map((v) => ({ version: v.version, text: v.text, contentHash: v.contentHash, createdAt: v.createdAt })),
    };
  }

  /**
   * Admin: save a new version of the workshop's waiver (the same text as the
   * current one changes nothing). Travellers who have not travelled yet are
   * asked again: their signature names the old hash.
   */
  async saveWaiverOrThrow(input: SaveWaiverInput): Promise<WorkshopWaiver> {
    await this.saveVersionInTransaction(input).catch((error: unknown) => {
      // Two saves at once took the same version number: the other one stands; reload and save again.
      if (isDuplicateKey(error)) throw new AppError(ErrorCode.CONFLICT, 'The waiver was saved by someone else meanwhile: reload it and save again', [{ field: 'text', message: 'the waiver changed meanwhile' }]);
      throw error;
    });
    return this.waiverOrThrow(input.workshopId);
  }

  private async saveVersionInTransaction(input: SaveWaiverInput): Promise<void> {
    await this.db.transaction(async (m) => {
      const workshop = await m.findOneBy(Workshop, { id: input.workshopId });
      if (!workshop) throw AppError.notFound('Workshop');
      const text = input.text.replace(/\r\n/g, '\n').trim();
      const current = await this.travellers.currentWaiver(m, workshop.id);
      if (current.contentHash === waiverHash(text)) return;
      const version = await this.saveVersion(m, workshop.id, text, this.clock());
      await this.audit.record(m, { ...ADMIN_ACTOR, action: 'waiver.version_saved', workshopId: workshop.id, after: { version: version.version, contentHash: version.contentHash } });
    });
  }

  /** Admin: the signed copy (PDF) of a traveller's latest signature of their workshop's waiver. */
  async signedPdfOrThrow(travellerId: string): Promise<{ filename: string; pdf: Uint8Array }> {
    const m = this.db.manager;
    const traveller = await m.findOneBy(Traveller, { id: travellerId });
    if (!traveller) throw AppError.notFound('Traveller');
    const booking = await m.findOneByOrFail(Booking, { id: traveller.bookingId });
    const workshop = await m.findOneByOrFail(Workshop, { id: booking.workshopId });
    const [signature] = await m.find(WaiverSignature, { where: { travellerId, workshopId: workshop.id }, order: { signedAt: 'DESC' }, take: 1 });
    if (!signature) throw new AppError(ErrorCode.NOT_FOUND, 'This traveller has not signed the waiver of their workshop');
    const version = await m.findOneByOrFail(WaiverVersion, { id: signature.waiverVersionId });
    const a: Authorized = { traveller, booking, workshop, actor: signature.signedBy as TaskActor };
    const pdf = await signedWaiverPdf(this.signedWaiver(a, version.version, version.text, signature));
    return { filename: pdfName(workshop, traveller, signature.nameTyped), pdf };
  }

  private signedWaiver(a: Authorized, version: number, text: string, s: WaiverSignature): SignedWaiver {
    return {
      workshopName: a.workshop.name,
      workshopDates: formatDateRange(a.workshop.startDate, a.workshop.endDate),
      travellerName: a.traveller.name ?? s.nameTyped,
      version,
      text,
      contentHash: s.contentHash,
      nameTyped: s.nameTyped,
      signedAt: s.signedAt,
      signedBy: s.signedBy,
      ip: s.ip,
      userAgent: s.userAgent,
    };
  }

  private async saveVersion(m: EntityManager, workshopId: string, text: string, now: Date): Promise<WaiverVersion> {
    const [latest] = await m.find(WaiverVersion, { where: { workshopId }, order: { version: 'DESC' }, take: 1 });
    const row = m.create(WaiverVersion, { id: crypto.randomUUID(), workshopId, version: (latest?.version ?? 0) + 1, text, contentHash: waiverHash(text), createdAt: now });
    // Two saves racing for one number: the unique index refuses the second.
    await m.insert(WaiverVersion, row);
    return row;
  }

  private async invite(m: EntityManager, t: Traveller, booking: Booking, workshop: Workshop): Promise<void> {
    const payload: TravellerMailData = {
      travellerId: t.id,
      name: t.name ?? '',
      bookingId: booking.id,
      workshopName: workshop.name,
      startDate: workshop.startDate,
      endDate: workshop.endDate,
      deadline: this.deadlineOf(booking, workshop),
    };
    await this.outbox.enqueue(m, { kind: TravellerMailKind.tasksInvite, to: t.email!, payload });
  }

  /** A change to the tasks: the link's check, a live booking, and a workshop that has not started. */
  private async writableOrThrow(access: TravellerAccessInput, m: EntityManager): Promise<Authorized> {
    const a = await this.authorizeOrThrow(access, m);
    if (!isLiveStatus(a.booking.status)) throw new AppError(ErrorCode.BOOKING_NOT_LIVE, 'This booking is no longer live: its tasks are closed');
    if (daysBetween(localDate(this.clock(), a.workshop.timeZone), a.workshop.startDate) < 0) {
      throw new AppError(ErrorCode.WORKSHOP_STARTED, 'The workshop has started: its pre-trip tasks are closed');
    }
    return a;
  }

  private async bookingOrThrow(bookingId: string, token: string, m: EntityManager = this.db.manager): Promise<Booking> {
    const booking = await m.findOneBy(Booking, { id: bookingId });
    if (!booking || !this.manageLinks.verify(booking.id, token)) throw new AppError(ErrorCode.NOT_FOUND, 'Booking not found, or the link is not valid');
    return booking;
  }

  private async bookingTravellers(m: EntityManager, booking: Booking): Promise<BookingTravellers> {
    const workshop = await m.findOneByOrFail(Workshop, { id: booking.workshopId });
    const rows = await this.travellers.listForBooking(m, booking.id);
    const done = await this.travellers.tasksDone(m, workshop, rows);
    const deadline = this.deadlineOf(booking, workshop);
    return {
      bookingId: booking.id,
      deadline,
      canEditTravellers: isLiveStatus(booking.status) && daysBetween(localDate(this.clock(), workshop.timeZone), deadline) >= 0,
      travellers: rows.map((t) => ({ travellerId: t.id, position: t.position, name: t.name, email: t.email, readiness: readinessOf(done.get(t.id)!) })),
    };
  }

  private async view(m: EntityManager, a: Authorized): Promise<TravellerTasks> {
    const { traveller: t, booking, workshop } = a;
    const waiver = await this.travellers.currentWaiver(m, workshop.id);
    const signature = await m.findOneBy(WaiverSignature, { travellerId: t.id, workshopId: workshop.id, contentHash: waiver.contentHash });
    const done = (await this.travellers.tasksDone(m, workshop, [t])).get(t.id)! as Record<TaskKind, boolean>;
    const ticked = new Set(t.gearTicked ?? []);
    return {
      travellerId: t.id,
      bookingId: booking.id,
      position: t.position,
      name: t.name,
      email: t.email,
      workshopId: workshop.id,
      workshopName: workshop.name,
      startDate: workshop.startDate,
      endDate: workshop.endDate,
      workshopType: workshop.workshopType,
      roomType: booking.roomType,
      deadline: this.deadlineOf(booking, workshop),
      waiver: { version: waiver.version, text: waiver.text, contentHash: waiver.contentHash, signed: Boolean(signature), signedName: signature?.nameTyped ?? null, signedAt: signature?.signedAt ?? null },
      ...answersOf(t),
      healthConfirmedAt: t.healthConfirmedAt,
      travelConfirmedAt: t.travelConfirmedAt,
      gear: gearList(workshop.workshopType).map((g) => ({ ...g, ticked: ticked.has(g.id) })),
      readiness: readinessOf(done),
    };
  }
}

const sameName = (a: string, b: string) => a.trim().toLowerCase().replace(/\s+/g, ' ') === b.trim().toLowerCase().replace(/\s+/g, ' ');

function isCalendarDate(s: string): boolean {
  const d = new Date(`${s}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === s;
}

function pdfName(workshop: Workshop, t: Traveller, typed: string): string {
  const who = (t.name ?? typed).toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '') || 'traveller';
  return `waiver-${workshop.id}-${who}.pdf`;
}
