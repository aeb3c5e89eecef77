import crypto from 'node:crypto';
import type { EntityManager } from 'typeorm';
import type { Database } from '../infrastructure/db/data-source';
import type { ClaimedJob, JobOutcome, JobScheduler, ScheduleJob } from '../infrastructure/jobs/job.types';
import { Booking } from '../booking/booking.entity';
import { Traveller } from '../traveller/traveller.entity';
import { Workshop } from '../workshop/workshop.entity';
import { GiftCard, GiftCardKind } from '../gift-card/gift-card.entity';
import { SYSTEM_ACTOR, type AuditLog } from '../audit/audit-log.service';
import { ACCOUNTING_RETENTION_YEARS, accountingEraseAt } from '../shared/retention';
import { ERASED_NAME, erasedEmail } from './personal-data.service';

/** The job that replaces the names and email addresses on one booking's money records after the accounting period (docs/decisions/102). */
export const ACCOUNTING_ERASE_JOB = 'privacy.accounting_erase';
export const accountingJobKey = (bookingId: string) => `privacy:${bookingId}:accounting`;

/**
 * The end of the accounting period (shared/retention.ts: 7 years after the workshop): one job per
 * booking, scheduled in the booking's own transaction, moved with a transfer, run once by one
 * worker (the JobQueue) and caught up after downtime. It does to that booking what the erasure of
 * a customer does to their money records: the booking's name, email and phone, its travellers'
 * names and emails and the address on the credits it issued are replaced, and the audit entries of
 * that booking get the name and address replaced; amounts, dates and methods stay, so the books
 * still add up. Other bookings of the same address (later ones, still in their period) and
 * entries not tied to this booking are left alone. One audit row says what was done, no value.
 */
export class AccountingRetention {
  constructor(
    private readonly db: Database,
    private readonly clock: () => Date,
    private readonly jobs: JobScheduler,
    private readonly audit: AuditLog,
  ) {}

  /** In the booking's transaction (bookingCreated). */
  async schedule(m: EntityManager, booking: Pick<Booking, 'id' | 'workshopId'>, workshop?: Pick<Workshop, 'endDate'>): Promise<void> {
    const run = workshop ?? (await m.findOne(Workshop, { where: { id: booking.workshopId }, select: { id: true, endDate: true } }));
    if (!run) return;
    await this.jobs.schedule(m, this.jobFor(booking, run));
  }

  /** The erasure job of a booking on `run`. */
  jobFor(booking: Pick<Booking, 'id'>, run: Pick<Workshop, 'endDate'>): ScheduleJob {
    return { kind: ACCOUNTING_ERASE_JOB, key: accountingJobKey(booking.id), dueAt: accountingEraseAt(run.endDate), payload: { bookingId: booking.id } };
  }

  /** A transfer: the books of the new run's end count. */
  async move(m: EntityManager, booking: Pick<Booking, 'id' | 'workshopId'>, to: Pick<Workshop, 'endDate'>): Promise<void> {
    if (!(await this.jobs.reschedule(m, accountingJobKey(booking.id), accountingEraseAt(to.endDate)))) await this.schedule(m, booking, to);
  }

  async runJob(job: ClaimedJob): Promise<JobOutcome> {
    const bookingId = String(job.payload.bookingId ?? '');
    return this.db.transaction(async (m) => {
      const booking = await m.findOne(Booking, { where: { id: bookingId } });
      if (!booking) return { done: true, note: 'booking gone' };
      const run = await m.findOne(Workshop, { where: { id: booking.workshopId }, select: { id: true, endDate: true } });
      if (!run) return { done: true, note: 'run gone' };
      const now = this.clock();
      // The run moved later (new dates): wait for its own period.
      const due = accountingEraseAt(run.endDate);
      if (due.getTime() > now.getTime()) return { retryAt: due, note: 'kept for the accounting period' };
      // The customer was erased on request already: nothing personal is left on it.
      if (booking.customerEmail.endsWith('@erased.invalid')) return { done: true, note: 'erased on request already' };
      const travellers = await m.find(Traveller, { where: { bookingId: booking.id } });
      const requestId = crypto.randomUUID().slice(0, 8);
      const replacement = erasedEmail(requestId);
      const names = [booking.customerName, ...travellers.map((t) => t.name)].filter((n): n is string => typeof n === 'string' && n !== '' && n !== ERASED_NAME);
      // The booking's own audit entries first, before this job's entry is written.
      const auditEntries = await this.audit.rewriteErased(m, { email: booking.customerEmail, names, bookingIds: [booking.id], bookingsOnly: true, replacementEmail: replacement, replacementName: ERASED_NAME });
      await m.update(Booking, { id: booking.id }, { customerName: ERASED_NAME, customerEmail: replacement, customerPhone: '', clientKeyHash: null, updatedAt: now });
      if (travellers.length) await m.update(Traveller, { bookingId: booking.id }, { name: null, email: null, updatedAt: now });
      // Credits are gift_cards rows of kind credit since issue 27 (decision 095, amendment).
      const credits = (await m.update(GiftCard, { kind: GiftCardKind.credit, sourceBookingId: booking.id }, { recipientEmail: replacement, buyerEmail: replacement, recipientName: '' })).affected ?? 0;
      await this.audit.record(m, {
        ...SYSTEM_ACTOR,
        action: 'privacy.accounting_erased',
        bookingId: booking.id,
        workshopId: booking.workshopId,
        after: { requestId, years: ACCOUNTING_RETENTION_YEARS, auditEntries, credits },
        detail: `Erasure ${requestId}: ${ACCOUNTING_RETENTION_YEARS} years after the workshop the booking's name, email and phone, its travellers' names and emails, ${credits} credit(s)' address and ${auditEntries} audit entr(ies) were replaced; amounts kept`,
      });
      return { done: true, note: `erased ${requestId}` };
    });
  }
}
