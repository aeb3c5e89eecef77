import crypto from 'node:crypto';
import { In, type EntityManager } from 'typeorm';
import { stringify } from 'csv-stringify/sync';
import type { Database } from '../infrastructure/db/data-source';
import { AppError, ErrorCode } from '../infrastructure/errors';
import { toSnake } from '../infrastructure/case';
import { Booking } from '../booking/booking.entity';
import { BookingPayment, BookingRefund } from '../booking/ledger.entities';
import { Traveller } from '../traveller/traveller.entity';
import { WaiverSignature } from '../traveller/waiver.entities';
import { CommunityMessage } from '../community/community-message.entity';
import { Testimonial } from '../testimonial/testimonial.entity';
import { ReviewRequest } from '../testimonial/review-request.entity';
import { WaitlistEntry } from '../waitlist/waitlist-entry.entity';
import { MailOutbox, MailStatus } from '../mail/mail-outbox.entity';
import { GiftCard, GiftCardKind } from '../gift-card/gift-card.entity';
import { DepartureMessageRecipient } from '../departure/departure-message.entity';
import { Workshop } from '../workshop/workshop.entity';
import { ADMIN_ACTOR, type AuditLog } from '../audit/audit-log.service';
import { BookingStatus } from '../shared/booking-status';
import type { JobScheduler } from '../infrastructure/jobs/job.types';
import { ERASED_MAIL_PAYLOAD, erasedValues } from './trip-data-retention';

/** What replaces a name; the email becomes `erased-<n>@erased.invalid` (unique per request, never deliverable: RFC 2606). */
export const ERASED_NAME = 'Erased customer';
export const ANONYMOUS_AUTHOR = 'Former participant';
export const erasedEmail = (requestId: string) => `erased-${requestId}@erased.invalid`;

/** Statuses that still hold spots (a live booking). */
const LIVE = [BookingStatus.held, BookingStatus.confirmed, BookingStatus.needs_attention];

/** Everything held about one email address, each section a list of rows with snake_case keys (the REST JSON and the CSV). */
export interface CustomerDataExport {
  email: string;
  exportedAt: string;
  sections: Record<ExportSection, Array<Record<string, unknown>>>;
}

export const EXPORT_SECTIONS = ['bookings', 'travellers', 'payments', 'refunds', 'credits', 'messages', 'reviews', 'waitlist_entries', 'mails_sent', 'waiver_signatures'] as const;
export type ExportSection = (typeof EXPORT_SECTIONS)[number];

/** What one erasure changed, per kind of record. */
export interface CustomerErasure {
  requestId: string;
  bookings: number;
  travellers: number;
  messages: number;
  reviews: number;
  waitlistEntries: number;
  mails: number;
  credits: number;
  /** Older audit entries whose address and names were replaced. */
  auditEntries: number;
}

function row(entity: object, omit: readonly string[] = []): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(entity)) {
    if (omit.includes(k) || typeof v === 'function' || (v !== null && typeof v === 'object' && !(v instanceof Date) && !Array.isArray(v) && k !== 'payload')) continue;
    out[toSnake(k)] = v instanceof Date ? v.toISOString() : v;
  }
  return out;
}

/**
 * A customer's personal data on their request (issue 26, docs/decisions/101):
 * the admin exports everything held about one email address, or erases the
 * customer. Erasure replaces personal fields, anonymises community posts, keeps
 * money records (amounts, dates, methods) with the name replaced, blanks the
 * mails' bodies, and writes every step to the audit log; refused while the
 * customer has a live booking of a run that has not started.
 */
export class PersonalDataService {
  constructor(
    private readonly db: Database,
    private readonly clock: () => Date,
    private readonly audit: AuditLog,
    private readonly jobs: JobScheduler,
  ) {}

  /** The customer's bookings: booked by them, or travelling on them. */
  private async bookingsOf(m: EntityManager, email: string): Promise<{ booked: Booking[]; travelling: Traveller[] }> {
    const booked = await m.find(Booking, { where: { customerEmail: email }, order: { createdAt: 'ASC' } });
    const travelling = await m.find(Traveller, { where: { email } });
    return { booked, travelling };
  }

  async exportOf(address: string): Promise<CustomerDataExport> {
    const email = address.trim().toLowerCase();
    const m = this.db.manager;
    const { booked, travelling } = await this.bookingsOf(m, email);
    const bookingIds = booked.map((b) => b.id);
    const travellers = bookingIds.length ? await m.find(Traveller, { where: [{ bookingId: In(bookingIds) }, { email }], order: { bookingId: 'ASC', position: 'ASC' } }) : travelling;
    const travellerIds = travellers.filter((t) => t.email === email || bookingIds.includes(t.bookingId)).map((t) => t.id);
    const byBooking = <T extends object>(entity: new () => T) => (bookingIds.length ? m.find(entity, { where: { bookingId: In(bookingIds) } as never }) : Promise.resolve([] as T[]));
    const sections: CustomerDataExport['sections'] = {
      bookings: booked.map((b) => row(b, ['clientKeyHash', 'providerCustomerId', 'providerPaymentMethodId', 'checkoutSessionId'])),
      travellers: travellers.map((t) => row(t)),
      payments: (await byBooking(BookingPayment)).map((p) => row(p)),
      refunds: (await byBooking(BookingRefund)).map((r) => row(r)),
      // Credits are balances in gift_cards (kind credit, decision 095): the customer is their recipient.
      credits: (await m.find(GiftCard, { where: { kind: GiftCardKind.credit, recipientEmail: email } })).map((c) => row(c, ['code', 'checkoutSessionId', 'providerPaymentId'])),
      messages: (await m.find(CommunityMessage, { where: { authorEmail: email }, order: { createdAt: 'ASC' } })).map((c) => row(c)),
      reviews: (bookingIds.length ? await m.find(Testimonial, { where: { bookingId: In(bookingIds) } }) : []).map((t) => row(t)),
      waitlist_entries: (await m.find(WaitlistEntry, { where: { email }, order: { createdAt: 'ASC' } })).map((w) => row(w, ['offerTokenHash', 'clientKeyHash'])),
      mails_sent: (await m.find(MailOutbox, { where: { recipient: email }, order: { createdAt: 'ASC' } })).map((o) => ({
        id: o.id,
        kind: o.kind,
        recipient: o.recipient,
        status: o.status,
        created_at: o.createdAt.toISOString(),
        sent_at: o.sentAt?.toISOString() ?? null,
        body: o.payload,
      })),
      waiver_signatures: (travellerIds.length ? await m.find(WaiverSignature, { where: { travellerId: In(travellerIds) } }) : []).map((w) => row(w)),
    };
    await this.audit.recordAlone({
      ...ADMIN_ACTOR,
      action: 'privacy.customer_exported',
      after: Object.fromEntries(EXPORT_SECTIONS.map((s) => [s, sections[s].length])),
      detail: `Everything held about one customer exported on their request (${booked.length} booking(s))`,
    });
    return { email, exportedAt: this.clock().toISOString(), sections };
  }

  /** The export as one CSV: a line per field (section, record id, field, value), so every kind of record fits one file. */
  async exportCsvOf(email: string): Promise<string> {
    return this.csvOf(await this.exportOf(email));
  }

  /** The CSV of an export already made. */
  csvOf(data: CustomerDataExport): string {
    const lines: string[][] = [];
    for (const section of EXPORT_SECTIONS) {
      for (const r of data.sections[section]) {
        const id = String(r.id ?? '');
        for (const [field, value] of Object.entries(r)) {
          const text = value === null || value === undefined ? '' : typeof value === 'object' ? JSON.stringify(value) : String(value);
          lines.push([section, id, field, defuse(text)]);
        }
      }
    }
    return stringify(lines, { header: true, columns: ['section', 'record_id', 'field', 'value'], record_delimiter: 'windows', bom: true });
  }

  /** Erase the customer; CUSTOMER_HAS_LIVE_BOOKING (409) while one of their live bookings has not started. */
  async eraseOrThrow(address: string): Promise<CustomerErasure> {
    const email = address.trim().toLowerCase();
    return this.db.transaction(async (m) => {
      const now = this.clock();
      const today = now.toISOString().slice(0, 10);
      const { booked, travelling } = await this.bookingsOf(m, email);
      const relevant = [...new Set([...booked.map((b) => b.id), ...travelling.map((t) => t.bookingId)])];
      const all = relevant.length ? await m.find(Booking, { where: { id: In(relevant) } }) : [];
      const runs = all.length ? await m.find(Workshop, { where: { id: In([...new Set(all.map((b) => b.workshopId))]) }, select: { id: true, startDate: true, endDate: true } }) : [];
      const startOf = new Map(runs.map((r) => [r.id, r.startDate]));
      const live = all.filter((b) => LIVE.includes(b.status) && (startOf.get(b.workshopId) ?? '') >= today);
      if (live.length) {
        throw new AppError(
          ErrorCode.CUSTOMER_HAS_LIVE_BOOKING,
          `This customer has ${live.length} live booking(s) of a workshop that has not started (${live.map((b) => b.reference ?? b.id).join(', ')}): cancel or refund them first, or erase after the workshop; erasing now would remove the contact and health details the trip needs.`,
        );
      }
      const requestId = crypto.randomUUID().slice(0, 8);
      const replacement = erasedEmail(requestId);
      const step = (detail: string, after: Record<string, unknown>, bookingId?: string, workshopId?: string) =>
        this.audit.record(m, { ...ADMIN_ACTOR, action: 'privacy.customer_erased', bookingId: bookingId ?? null, workshopId: workshopId ?? null, after: { requestId, ...after }, detail: `Erasure ${requestId}: ${detail}` });
      const result: CustomerErasure = { requestId, bookings: 0, travellers: 0, messages: 0, reviews: 0, waitlistEntries: 0, mails: 0, credits: 0, auditEntries: 0 };
      const trip = erasedValues();

      // 0. Older audit entries (decision 101 amendment): their address and names replaced wherever they appear
      //    (actor, sentence, before/after values; money amounts kept), before this erasure's own entries are written.
      const bookingIds = booked.map((b) => b.id);
      const names = [
        ...booked.map((b) => b.customerName),
        ...travelling.map((t) => t.name),
        ...(bookingIds.length ? await m.find(Traveller, { where: { bookingId: In(bookingIds) }, select: { id: true, name: true } }) : []).map((t) => t.name),
        ...(await m.find(CommunityMessage, { where: { authorEmail: email }, select: { id: true, authorName: true } })).map((c) => c.authorName),
        ...(await m.find(WaitlistEntry, { where: { email }, select: { id: true, name: true } })).map((w) => w.name),
      ].filter((n): n is string => typeof n === 'string' && n !== '');
      const auditEntries = await this.audit.rewriteErased(m, { email, names, bookingIds: [...new Set([...bookingIds, ...travelling.map((t) => t.bookingId)])], replacementEmail: replacement, replacementName: ERASED_NAME });

      // 1. Their bookings: personal fields replaced, money columns untouched.
      for (const b of booked) {
        await m.update(Booking, { id: b.id }, {
          ...trip.booking,
          customerName: ERASED_NAME,
          customerEmail: replacement,
          customerPhone: '',
          specialRequests: null,
          tripGoals: '',
          cameraBody: '',
          lenses: '',
          otherEquipment: null,
          clientKeyHash: null,
          updatedAt: now,
        });
        const t = await m.update(Traveller, { bookingId: b.id }, { ...trip.traveller, name: null, email: null, gearTicked: null, updatedAt: now });
        result.bookings++;
        result.travellers += t.affected ?? 0;
        // No more review asks or task reminders to an erased customer (mails to the replaced address are suppressed anyway).
        await this.jobs.cancelByKeyPrefix(m, `review:${b.id}:`);
        await this.jobs.cancelByKeyPrefix(m, `travellers:${b.id}:`);
        await step('booking: name, email, phone, health, dietary, emergency contact, age, equipment and goals replaced; its travellers erased; payments and refunds kept', { fields: 'personal' }, b.id, b.workshopId);
      }
      // 2. Where they travel on someone else's booking: their own traveller row only.
      for (const t of travelling.filter((t) => !booked.some((b) => b.id === t.bookingId))) {
        await m.update(Traveller, { id: t.id }, { ...trip.traveller, name: null, email: null, gearTicked: null, updatedAt: now });
        result.travellers++;
        await step('traveller on another customer’s booking erased', { travellerId: t.id }, t.bookingId);
      }
      const travellerIds = travelling.map((t) => t.id);
      if (travellerIds.length) {
        await m.update(WaiverSignature, { travellerId: In(travellerIds) }, { nameTyped: ERASED_NAME, signedBy: ERASED_NAME, ip: '', userAgent: '' });
      }
      // 3. Community posts: anonymised (the words stay on the board, the name and address do not).
      result.messages = (await m.update(CommunityMessage, { authorEmail: email }, { authorName: ANONYMOUS_AUTHOR, authorEmail: replacement })).affected ?? 0;
      await step(`${result.messages} community post(s) anonymised`, { messages: result.messages });
      // 4. Reviews written from their bookings: name and place removed.
      if (bookingIds.length) result.reviews = (await m.update(Testimonial, { bookingId: In(bookingIds) }, { clientName: ANONYMOUS_AUTHOR, location: '' })).affected ?? 0;
      await m.update(ReviewRequest, { email }, { email: replacement });
      await step(`${result.reviews} review(s) anonymised`, { reviews: result.reviews });
      // 5. Waiting-list entries.
      result.waitlistEntries = (await m.update(WaitlistEntry, { email }, { name: ERASED_NAME, email: replacement, clientKeyHash: null })).affected ?? 0;
      await step(`${result.waitlistEntries} waiting-list entr(ies) erased`, { waitlistEntries: result.waitlistEntries });
      // 6. Credits: the money stays, the address is replaced.
      result.credits = (await m.update(GiftCard, { kind: GiftCardKind.credit, recipientEmail: email }, { recipientEmail: replacement, buyerEmail: replacement, recipientName: '' })).affected ?? 0;
      await m.update(DepartureMessageRecipient, { email }, { name: ERASED_NAME, email: replacement });
      await step(`${result.credits} credit(s) kept with the address replaced`, { credits: result.credits });
      // 7. Mails: sent ones lose their bodies and address; ones still waiting are not sent.
      const mails = await m
        .createQueryBuilder()
        .update(MailOutbox)
        .set({ payload: ERASED_MAIL_PAYLOAD, recipient: replacement, status: () => `CASE WHEN status IN ('${MailStatus.pending}', '${MailStatus.sending}') THEN '${MailStatus.suppressed}' ELSE status END` })
        .where('recipient = :email', { email })
        .execute();
      result.mails = mails.affected ?? 0;
      await step(`${result.mails} mail(s) blanked`, { mails: result.mails });
      // 8. The audit log's older entries (step 0).
      result.auditEntries = auditEntries;
      await step(`${auditEntries} earlier audit entr(ies) rewritten: address and name replaced, amounts kept`, { auditEntries });
      return result;
    });
  }
}

function defuse(text: string): string {
  return /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
}
