import crypto from 'node:crypto';
import { In, type EntityManager } from 'typeorm';
import type { Database } from '../infrastructure/db/data-source';
import { AppError } from '../infrastructure/errors';
import { clean } from '../infrastructure/text';
import type { OutboxService } from '../mail/outbox.service';
import { MailOutbox } from '../mail/mail-outbox.entity';
import { ADMIN_ACTOR, type AuditLog } from '../audit/audit-log.service';
import { Booking } from '../booking/booking.entity';
import { WaitlistEntry } from '../waitlist/waitlist-entry.entity';
import { WaitlistState } from '../waitlist/waitlist.types';
import { Workshop } from '../workshop/workshop.entity';
import { DepartureMessage, DepartureMessageKind, DepartureMessageRecipient } from './departure-message.entity';
import { type DepartureTravellerRow, type DepartureTravellers, mayBeMailed } from './departure-travellers';
import { DepartureMailKind, type GroupMessageMailData } from './departure.mails';
import type { GroupMessageInput } from './departure.input';
import type { DepartureMessageRecipientPreview, DepartureMessageWithRecipients, DepartureReadiness, DepartureView, GroupMessagePreview, InstructorMessage, MyDeparture } from './departure.types';
import { KnowBeforeYouGo } from './know-before-you-go.entity';
import { roomingList } from './rooming';

/** The columns of the departure CSV, in order. */
export const DEPARTURE_CSV_COLUMNS = [
  'booking_reference',
  'position',
  'name',
  'email',
  'age',
  'room_type',
  'ready',
  'missing',
  'dietary_restrictions',
  'health_concerns',
  'emergency_contact_name',
  'emergency_contact_phone',
  'emergency_contact_email',
  'arrival',
  'roommate_preference',
] as const;

/** Waiting-list entries a group message may reach: confirmed and still waiting (or holding an offer). */
const REACHABLE_WAITLIST = [WaitlistState.waiting, WaitlistState.offered];

/**
 * The admin's departure view of a workshop run (issue 25, docs/decisions/088):
 * the roster, readiness, rooming list, dietary and health list, emergency
 * contacts and arrivals, as JSON, GraphQL and CSV; and "Message the group":
 * previewed, then sent through the outbox with one audit row naming the
 * recipients, each recipient's delivery state read from its outbox row.
 */
export class DepartureService {
  constructor(
    private readonly db: Database,
    private readonly clock: () => Date,
    private readonly outbox: OutboxService,
    private readonly audit: AuditLog,
    private readonly travellers: DepartureTravellers,
  ) {}

  async viewOrThrow(workshopId: string): Promise<DepartureView> {
    const m = this.db.manager;
    const workshop = await this.workshopOrThrow(m, workshopId);
    const travellers = await this.travellers.listForRun(m, workshop);
    return {
      workshopId: workshop.id,
      workshopName: workshop.name,
      dates: workshop.dates,
      startDate: workshop.startDate,
      timeZone: workshop.timeZone,
      travellerCount: travellers.length,
      readyCount: travellers.filter(isReady).length,
      travellers,
      rooms: roomingList(travellers),
      knowBeforeYouGo: await m.findOneBy(KnowBeforeYouGo, { workshopId: workshop.id }),
      messages: await this.messagesOf(m, workshop.id),
    };
  }

  /** Readiness at a glance of several runs (beside go/no-go): travellers, and how many have every task done. Unknown ids are left out. */
  async readiness(workshopIds: readonly string[]): Promise<DepartureReadiness[]> {
    const m = this.db.manager;
    const known = workshopIds.length ? await m.find(Workshop, { where: { id: In([...new Set(workshopIds)]) } }) : [];
    const out: DepartureReadiness[] = [];
    for (const w of known) {
      const travellers = await this.travellers.listForRun(m, w);
      out.push({ workshopId: w.id, travellerCount: travellers.length, readyCount: travellers.filter(isReady).length });
    }
    return out;
  }

  /** The roster as CSV records (the columns of DEPARTURE_CSV_COLUMNS); the REST route writes them. */
  async csvRecordsOrThrow(workshopId: string): Promise<{ workshop: Workshop; records: Array<Record<(typeof DEPARTURE_CSV_COLUMNS)[number], string>> }> {
    const m = this.db.manager;
    const workshop = await this.workshopOrThrow(m, workshopId);
    const travellers = await this.travellers.listForRun(m, workshop);
    const records = travellers.map((t) => ({
      booking_reference: t.bookingReference ?? t.bookingId,
      position: String(t.position),
      name: t.name,
      email: t.email ?? '',
      age: t.age === null ? '' : String(t.age),
      room_type: t.roomType,
      ready: t.readiness ? `${t.readiness.done}/${t.readiness.total}` : '',
      missing: t.readiness?.missing.join('; ') ?? '',
      dietary_restrictions: t.dietaryRestrictions ?? '',
      health_concerns: t.healthConcerns ?? '',
      emergency_contact_name: t.emergencyContactName ?? '',
      emergency_contact_phone: t.emergencyContactPhone ?? '',
      emergency_contact_email: t.emergencyContactEmail ?? '',
      arrival: t.arrival ?? '',
      roommate_preference: t.roommatePreference ?? '',
    }));
    return { workshop, records };
  }

  /** What "Send" would send, to whom: nothing is written. */
  async previewOrThrow(input: GroupMessageInput): Promise<GroupMessagePreview> {
    const m = this.db.manager;
    const workshop = await this.workshopOrThrow(m, input.workshopId);
    const recipients = await this.recipientsOf(m, workshop, Boolean(input.includeWaitlist));
    return { subject: clean(input.subject), text: clean(input.body), recipients: recipients.map(({ name, email, audience }) => ({ name, email, audience })) };
  }

  /**
   * Send a message to the group: one transaction writes the message, a mail per
   * recipient in the outbox, a recipient row per mail and one audit row naming
   * them; if any of it fails, nothing was accepted. A departure without anyone
   * to write to is refused (422 naming workshopId).
   */
  async sendOrThrow(input: GroupMessageInput): Promise<DepartureMessageWithRecipients> {
    const now = this.clock();
    const id = await this.db.transaction(async (m) => {
      const workshop = await this.workshopOrThrow(m, input.workshopId);
      const recipients = await this.recipientsOf(m, workshop, Boolean(input.includeWaitlist));
      if (!recipients.length) throw AppError.invalid([{ field: 'workshopId', message: 'workshopId has no travellers to write to yet' }]);
      const message = m.create(DepartureMessage, {
        id: crypto.randomUUID(),
        workshopId: workshop.id,
        kind: DepartureMessageKind.group,
        subject: clean(input.subject),
        body: clean(input.body),
        includesWaitlist: Boolean(input.includeWaitlist),
        createdAt: now,
      });
      message.key = `group:${message.id}`;
      await m.insert(DepartureMessage, message);
      for (const r of recipients) {
        const payload: GroupMessageMailData = {
          messageId: message.id,
          workshopId: workshop.id,
          workshopName: workshop.name,
          startDate: workshop.startDate,
          endDate: workshop.endDate,
          recipientName: r.name,
          bookingId: r.bookingId,
          travellerId: r.travellerId,
          isBooker: r.isBooker,
          subject: message.subject,
          body: message.body,
        };
        const mail = await this.outbox.enqueue(m, { kind: DepartureMailKind.groupMessage, to: r.email, payload, beyondLimit: true });
        await m.insert(DepartureMessageRecipient, { id: crypto.randomUUID(), messageId: message.id, bookingId: r.bookingId, travellerId: r.travellerId, name: r.name, email: r.email, audience: r.audience, mailId: mail.id });
      }
      await this.audit.record(m, {
        ...ADMIN_ACTOR,
        action: 'departure.message_sent',
        workshopId: workshop.id,
        after: { messageId: message.id, subject: message.subject, includesWaitlist: message.includesWaitlist, recipients: recipients.map((r) => r.email) },
        detail: `${recipients.length} recipient(s): ${message.subject}`,
      });
      return message.id;
    });
    const sent = (await this.messagesOf(this.db.manager, input.workshopId)).find((x) => x.message.id === id);
    return sent!;
  }

  /** The manage page's part: the run's know before you go and the instructor's messages to this booking's travellers. */
  async forBooking(booking: Booking): Promise<MyDeparture> {
    const m = this.db.manager;
    const knowBeforeYouGo = await m.findOneBy(KnowBeforeYouGo, { workshopId: booking.workshopId });
    const rows = await m
      .createQueryBuilder(DepartureMessage, 'msg')
      .innerJoin(DepartureMessageRecipient, 'r', 'r.message_id = msg.id')
      .where('r.booking_id = :bookingId AND msg.kind = :kind', { bookingId: booking.id, kind: DepartureMessageKind.group })
      .orderBy('msg.created_at', 'DESC')
      .getMany();
    const seen = new Set<string>();
    const messages: InstructorMessage[] = [];
    for (const r of rows) {
      if (seen.has(r.id)) continue;
      seen.add(r.id);
      messages.push({ id: r.id, subject: r.subject, body: r.body, sentAt: r.createdAt });
    }
    return { knowBeforeYouGo, messages };
  }

  private async recipientsOf(m: EntityManager, workshop: Workshop, includeWaitlist: boolean): Promise<Array<DepartureMessageRecipientPreview & { bookingId: string | null; travellerId: string | null; isBooker: boolean }>> {
    const out: Array<DepartureMessageRecipientPreview & { bookingId: string | null; travellerId: string | null; isBooker: boolean }> = [];
    const seen = new Set<string>();
    const add = (r: (typeof out)[number]) => {
      const key = r.email.toLowerCase();
      if (seen.has(key)) return;
      seen.add(key);
      out.push(r);
    };
    for (const t of await this.travellers.listForRun(m, workshop)) {
      if (mayBeMailed(t)) add({ name: t.name, email: t.email, audience: 'traveller', bookingId: t.bookingId, travellerId: t.travellerId, isBooker: t.isBooker });
    }
    if (includeWaitlist) {
      const entries = await m.find(WaitlistEntry, { where: { workshopId: workshop.id, state: In(REACHABLE_WAITLIST) }, order: { createdAt: 'ASC' } });
      for (const e of entries) add({ name: e.name, email: e.email, audience: 'waitlist', bookingId: null, travellerId: null, isBooker: false });
    }
    return out;
  }

  private async messagesOf(m: EntityManager, workshopId: string): Promise<DepartureMessageWithRecipients[]> {
    const messages = await m.find(DepartureMessage, { where: { workshopId }, order: { createdAt: 'DESC', id: 'ASC' }, take: 50 });
    if (!messages.length) return [];
    const recipients = await m.find(DepartureMessageRecipient, { where: { messageId: In(messages.map((x) => x.id)) } });
    const mails = recipients.length ? await m.find(MailOutbox, { where: { id: In(recipients.map((r) => r.mailId)) }, select: { id: true, status: true, sentAt: true } }) : [];
    const mailById = new Map(mails.map((x) => [x.id, x]));
    return messages.map((message) => ({
      message,
      recipients: recipients
        .filter((r) => r.messageId === message.id)
        .map((r) => ({ name: r.name, email: r.email, audience: r.audience, delivery: mailById.get(r.mailId)?.status ?? 'pending', sentAt: mailById.get(r.mailId)?.sentAt ?? null })),
    }));
  }

  private async workshopOrThrow(m: EntityManager, workshopId: string): Promise<Workshop> {
    const workshop = await m.findOneBy(Workshop, { id: workshopId });
    if (!workshop) throw AppError.notFound('Workshop');
    return workshop;
  }
}

/** Every pre-trip task done (none counted until tasks exist). */
export function isReady(t: DepartureTravellerRow): boolean {
  return Boolean(t.readiness && t.readiness.total > 0 && t.readiness.done >= t.readiness.total);
}

