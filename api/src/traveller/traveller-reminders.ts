import crypto from 'node:crypto';
import type { EntityManager } from 'typeorm';
import { Booking } from '../booking/booking.entity';
import type { Database } from '../infrastructure/db/data-source';
import type { ClaimedJob, JobOutcome, JobScheduler, ScheduleJob } from '../infrastructure/jobs/job.types';
import { MailOutbox } from '../mail/mail-outbox.entity';
import type { OutboxService } from '../mail/outbox.service';
import { isLiveStatus } from '../shared/booking-status';
import { addDays, daysBetween, localDate } from '../shared/policy';
import { PRE_TRIP, readinessOf, tasksDeadline } from '../shared/pre-trip';
import { Workshop } from '../workshop/workshop.entity';
import { TravellerMailKind, type TravellerMailData } from './traveller.mails';
import type { TravellerService } from './traveller.service';

/** Kinds of the travellers' scheduled work; the handler is registered in composition-root.ts. */
export const TRAVELLER_JOBS = { tasksReminder: 'traveller.tasks_reminder' } as const;

/** Reminders run at this hour (UTC) of their day: morning across the US, like the money's. */
const RUN_HOUR_UTC = 15;
const runAt = (date: string): Date => new Date(`${date}T${String(RUN_HOUR_UTC).padStart(2, '0')}:00:00.000Z`);

/** Every reminder job of a booking is keyed under this prefix. */
export const travellerJobPrefix = (bookingId: string): string => `travellers:${bookingId}:`;

/** A mail's outbox id from the job and the traveller: the same reminder can never be written twice. */
function reminderMailId(jobKey: string, travellerId: string): string {
  const h = crypto.createHash('sha256').update(`${jobKey}|${travellerId}`).digest('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-5${h.slice(13, 16)}-${((parseInt(h[16], 16) & 0x3) | 0x8).toString(16)}${h.slice(17, 20)}-${h.slice(20, 32)}`;
}

/**
 * The tasks' reminders (docs/decisions/086): jobs in the database at 7, 3 and
 * 0 days before the deadline and 2 days after it, scheduled with the booking
 * (and again on a transfer), cancelled with it; each mails every traveller only
 * the tasks they still miss, and nobody who is done.
 */
export class TravellerReminders {
  constructor(
    private readonly db: Database,
    private readonly clock: () => Date,
    private readonly jobs: JobScheduler,
    private readonly travellers: TravellerService,
    private readonly outbox: OutboxService,
  ) {}

  /** In the caller's transaction: the reminders still ahead for its deadline on `workshop`. */
  async schedule(m: EntityManager, booking: Booking, workshop: Workshop, now: Date): Promise<void> {
    await this.jobs.scheduleMany(m, this.jobsFor(booking, workshop, now));
  }

  /**
   * The reminders still ahead for the booking's deadline on `workshop`, as jobs to schedule: a new
   * booking's go into one statement with its other jobs (composition-root.ts, docs/decisions/107).
   */
  jobsFor(booking: Pick<Booking, 'id' | 'createdAt'>, workshop: Pick<Workshop, 'id' | 'startDate' | 'timeZone'>, now: Date): ScheduleJob[] {
    const deadline = tasksDeadline(workshop.startDate, booking.createdAt, workshop.timeZone);
    const reminders: ScheduleJob[] = [];
    for (const offset of PRE_TRIP.reminderOffsets) {
      const when = runAt(addDays(deadline, offset));
      if (when <= now) continue; // booked too late for this one
      reminders.push({
        kind: TRAVELLER_JOBS.tasksReminder,
        key: `${travellerJobPrefix(booking.id)}reminder:${workshop.id}:${deadline}:${offset}`,
        dueAt: when,
        payload: { bookingId: booking.id, workshopId: workshop.id, deadline, offset },
      });
    }
    return reminders;
  }

  /** A cancelled or lapsed booking: no more reminders. */
  async cancel(m: EntityManager, bookingId: string): Promise<void> {
    await this.jobs.cancelByKeyPrefix(m, travellerJobPrefix(bookingId));
  }

  /** A transfer: the old workshop's reminders go, the new one's deadline gets its own. */
  async reschedule(m: EntityManager, booking: Booking, to: Workshop, now: Date): Promise<void> {
    await this.cancel(m, booking.id);
    await this.schedule(m, booking, to, now);
  }

  async run(job: ClaimedJob): Promise<JobOutcome> {
    const { bookingId, workshopId, deadline, offset } = job.payload as { bookingId: string; workshopId: string; deadline: string; offset: number };
    const booking = await this.db.manager.findOneBy(Booking, { id: bookingId });
    if (!booking || !isLiveStatus(booking.status)) return { done: true, note: 'booking not live' };
    if (booking.holdExpiresAt && booking.holdExpiresAt <= this.clock()) return { done: true, note: 'hold lapsed' };
    if (booking.workshopId !== workshopId) return { done: true, note: 'moved to another workshop' };
    const workshop = await this.db.manager.findOneByOrFail(Workshop, { id: workshopId });
    const today = localDate(this.clock(), workshop.timeZone);
    // After downtime: a reminder a later one overtook is not sent (one mail, not two).
    const overtaken = PRE_TRIP.reminderOffsets.some((o) => o > offset && daysBetween(addDays(deadline, o), today) >= 0);
    if (overtaken) return { done: true, note: 'overtaken' };
    if (daysBetween(today, workshop.startDate) < 0) return { done: true, note: 'workshop started' };
    const sent = await this.db.transaction(async (m) => {
      const rows = await this.travellers.listForBooking(m, bookingId);
      const done = await this.travellers.tasksDone(m, workshop, rows);
      let count = 0;
      for (const t of rows) {
        const { missing } = readinessOf(done.get(t.id)!);
        if (!missing.length) continue;
        const id = reminderMailId(job.key, t.id);
        if (await m.findOneBy(MailOutbox, { id })) continue;
        const toBooker = !t.email;
        const payload: TravellerMailData = {
          travellerId: t.id,
          name: toBooker ? booking.customerName : (t.name ?? booking.customerName),
          ...(toBooker ? { forName: t.name } : {}),
          toBooker,
          bookingId,
          workshopName: workshop.name,
          startDate: workshop.startDate,
          endDate: workshop.endDate,
          deadline,
          missing,
          offset,
        };
        await this.outbox.enqueue(m, { id, kind: TravellerMailKind.tasksReminder, to: t.email ?? booking.customerEmail, payload, beyondLimit: true });
        count++;
      }
      return count;
    });
    return { done: true, note: `${sent} reminders` };
  }
}
