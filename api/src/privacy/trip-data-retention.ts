import type { EntityManager } from 'typeorm';
import type { Database } from '../infrastructure/db/data-source';
import type { ClaimedJob, JobOutcome, JobScheduler, ScheduleJob } from '../infrastructure/jobs/job.types';
import { Booking } from '../booking/booking.entity';
import { Traveller } from '../traveller/traveller.entity';
import { Workshop } from '../workshop/workshop.entity';
import { MailOutbox, MailStatus } from '../mail/mail-outbox.entity';
import { SYSTEM_ACTOR, type AuditLog } from '../audit/audit-log.service';
import { TRIP_DATA_RULES, tripDataEraseAt, type TripDataCategory } from '../shared/retention';

/** The job that erases one booking's trip-only data (docs/decisions/100). */
export const TRIP_DATA_ERASE_JOB = 'privacy.trip_data_erase';
export const tripDataJobKey = (bookingId: string) => `privacy:${bookingId}:trip-data`;

/** What an erased mail's payload becomes: the row stays (the record that a mail was sent), its body does not. */
export const ERASED_MAIL_PAYLOAD = { erased: true } as const;

/** The booking's NOT NULL text columns take '' when erased; the rest take null. */
const NOT_NULL_BOOKING_FIELDS = new Set(['emergencyContactName', 'emergencyContactPhone', 'emergencyContactEmail']);

/** The booking's and travellers' column values that erase the given categories. */
export function erasedValues(categories: readonly TripDataCategory[] = TRIP_DATA_RULES.map((r) => r.category)) {
  const booking: Record<string, null | string> = {};
  const traveller: Record<string, null> = {};
  for (const rule of TRIP_DATA_RULES.filter((r) => categories.includes(r.category))) {
    for (const f of rule.bookingFields) booking[f] = NOT_NULL_BOOKING_FIELDS.has(f) ? '' : null;
    for (const f of rule.travellerFields) traveller[f] = null;
  }
  return { booking, traveller };
}

/** Which categories hold a value on the booking or one of its travellers (the audit row names those, never the values). */
function categoriesHeld(booking: Booking, travellers: Traveller[]): TripDataCategory[] {
  const held = (row: object, fields: readonly string[]) => fields.some((f) => {
    const v = (row as Record<string, unknown>)[f];
    return v !== null && v !== undefined && v !== '';
  });
  return TRIP_DATA_RULES.filter((r) => held(booking, r.bookingFields) || travellers.some((t) => held(t, r.travellerFields))).map((r) => r.category);
}

/**
 * The retention rule of the trip-only data (health, dietary, emergency contact,
 * age, travel details; shared/retention.ts): one job per booking, scheduled in
 * the booking's own transaction for `retentionDays` after its run ends, moved
 * with a transfer, run once by one worker (the JobQueue), caught up after
 * downtime (a job due in the past runs at the next poll). It erases the
 * booking's and its travellers' fields, blanks the bodies of every mail older
 * than the retention period, and writes one audit row naming the categories
 * erased.
 */
export class TripDataRetention {
  constructor(
    private readonly db: Database,
    private readonly clock: () => Date,
    private readonly jobs: JobScheduler,
    private readonly audit: AuditLog,
    readonly retentionDays: number,
  ) {}

  eraseAt(endDate: string): Date {
    return tripDataEraseAt(endDate, this.retentionDays);
  }

  /** In the booking's transaction (bookingCreated). */
  async schedule(m: EntityManager, booking: Pick<Booking, 'id' | 'workshopId'>, workshop?: Pick<Workshop, 'endDate'>): Promise<void> {
    const run = workshop ?? (await m.findOne(Workshop, { where: { id: booking.workshopId }, select: { id: true, endDate: true } }));
    if (!run) return;
    await this.jobs.schedule(m, this.jobFor(booking, run));
  }

  /** The erasure job of a booking on `run` (a new booking's is scheduled with the accounting one: composition-root.ts). */
  jobFor(booking: Pick<Booking, 'id'>, run: Pick<Workshop, 'endDate'>): ScheduleJob {
    return { kind: TRIP_DATA_ERASE_JOB, key: tripDataJobKey(booking.id), dueAt: this.eraseAt(run.endDate), payload: { bookingId: booking.id } };
  }

  /** A transfer: the data is kept until the new run's end plus the period. */
  async move(m: EntityManager, booking: Pick<Booking, 'id' | 'workshopId'>, to: Pick<Workshop, 'endDate'>): Promise<void> {
    if (!(await this.jobs.reschedule(m, tripDataJobKey(booking.id), this.eraseAt(to.endDate)))) await this.schedule(m, booking, to);
  }

  async runJob(job: ClaimedJob): Promise<JobOutcome> {
    const bookingId = String(job.payload.bookingId ?? '');
    return this.db.transaction(async (m) => {
      const booking = await m.findOne(Booking, { where: { id: bookingId } });
      if (!booking) return { done: true, note: 'booking gone' };
      const run = await m.findOne(Workshop, { where: { id: booking.workshopId } });
      if (!run) return { done: true, note: 'run gone' };
      const now = this.clock();
      // The run moved later (a transfer, new dates) or the period was made longer: wait.
      const due = this.eraseAt(run.endDate);
      if (due.getTime() > now.getTime()) return { retryAt: due, note: 'kept until the run ends plus the retention period' };
      const categories = await this.eraseTripData(m, booking, now);
      // Every mail older than the period: theirs, and the admin's notices, waiting-list and board mails.
      await this.blankMailsOlderThanPeriod(m, now);
      await this.audit.record(m, {
        ...SYSTEM_ACTOR,
        action: 'privacy.trip_data_erased',
        bookingId: booking.id,
        workshopId: booking.workshopId,
        after: { categories, retentionDays: this.retentionDays },
        detail: categories.length
          ? `Erased ${this.retentionDays} days after the workshop ended: ${categories.join(', ')} (booking and travellers); mail bodies older than the period blanked`
          : `Nothing to erase ${this.retentionDays} days after the workshop ended; mail bodies older than the period blanked`,
      });
      return { done: true, note: categories.join(',') || 'nothing held' };
    });
  }

  /** Erase the trip-only data of one booking and its travellers; returns the categories that held a value. */
  async eraseTripData(m: EntityManager, booking: Booking, now: Date): Promise<TripDataCategory[]> {
    const travellers = await m.find(Traveller, { where: { bookingId: booking.id } });
    const categories = categoriesHeld(booking, travellers);
    const values = erasedValues();
    await m.update(Booking, { id: booking.id }, { ...values.booking, updatedAt: now });
    if (travellers.length) await m.update(Traveller, { bookingId: booking.id }, { ...values.traveller, updatedAt: now });
    return categories;
  }

  /**
   * The bodies (payloads) of every mail written before the retention period; mails still to send
   * keep theirs, and bodies blanked already are not written again.
   */
  async blankMailsOlderThanPeriod(m: EntityManager, now: Date): Promise<number> {
    const before = new Date(now.getTime() - this.retentionDays * 86_400_000);
    const q = m
      .createQueryBuilder()
      .update(MailOutbox)
      .set({ payload: ERASED_MAIL_PAYLOAD })
      .where('created_at < :before AND status IN (:...done) AND payload <> :erased', { before, done: [MailStatus.sent, MailStatus.failed, MailStatus.suppressed], erased: JSON.stringify(ERASED_MAIL_PAYLOAD) });
    return (await q.execute()).affected ?? 0;
  }
}
