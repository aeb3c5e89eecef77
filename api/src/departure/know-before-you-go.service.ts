import crypto from 'node:crypto';
import type { EntityManager } from 'typeorm';
import type { Database } from '../infrastructure/db/data-source';
import { isDuplicateKey } from '../infrastructure/db-errors';
import { AppError } from '../infrastructure/errors';
import type { ClaimedJob, JobOutcome, JobScheduler } from '../infrastructure/jobs/job.types';
import { clean, cleanOptional } from '../infrastructure/text';
import type { OutboxService } from '../mail/outbox.service';
import { ADMIN_ACTOR, SYSTEM_ACTOR, type AuditLog } from '../audit/audit-log.service';
import { addDays, daysUntilStart } from '../shared/dates';
import { Workshop } from '../workshop/workshop.entity';
import { DepartureMessage, DepartureMessageKind, DepartureMessageRecipient } from './departure-message.entity';
import { type DepartureTravellers, mayBeMailed } from './departure-travellers';
import { DepartureMailKind, type KnowBeforeYouGoMailData } from './departure.mails';
import type { SetKnowBeforeYouGoInput } from './departure.input';
import { KnowBeforeYouGo } from './know-before-you-go.entity';

/** The job kind of the know-before-you-go mails; its handler is registered in composition-root.ts. */
export const KBYG_JOB = 'departure.know_before_you_go';
/** The mails go this many days before the start (the later one overtakes the earlier after downtime). */
export const KBYG_DAYS = [14, 2] as const;
/** They go at this hour (UTC) of their day: morning across the US. */
const RUN_HOUR_UTC = 15;
/**
 * A mail whose details are not written yet waits until the next mail's time (where it is overtaken) or the start
 * (where it ends); saving the details makes it due at once (scheduleMails), so no polling.
 */
const waitForDetailsUntil = (startDate: string, days: number, now: Date): Date => {
  const until = kbygDueAt(startDate, Math.max(0, ...KBYG_DAYS.filter((d) => d < days)));
  return until > now ? until : new Date(now.getTime() + 24 * 60 * 60 * 1000);
};

/** When the mail `days` before `startDate` is due: 15:00 UTC of its day. */
export const kbygDueAt = (startDate: string, days: number): Date => new Date(`${addDays(startDate, -days)}T${String(RUN_HOUR_UTC).padStart(2, '0')}:00:00.000Z`);

export const kbygJobKey = (workshopId: string, startDate: string, days: number) => `departure:${workshopId}:kbyg:${startDate}:${days}`;

/**
 * Know before you go (issue 25, docs/decisions/087): the admin keeps the
 * details per workshop run. Every run has its two mails as database jobs from
 * the moment it is created (or scheduled again, which copies the details; the
 * migration KnowBeforeYouGoJobs scheduled the runs that existed before); a
 * change of its start date moves them at once. A mail due while the details
 * are not written waits (an audit row tells the admin) and goes as soon as
 * they are saved, unless a later mail overtook it. Each job
 * mails every traveller of every live booking once, in one transaction with a
 * `departure_messages` row under the job's key: a run repeated after a lapsed
 * claim finds the row and sends nothing twice.
 */
export class KnowBeforeYouGoService {
  constructor(
    private readonly db: Database,
    private readonly clock: () => Date,
    private readonly jobs: JobScheduler,
    private readonly outbox: OutboxService,
    private readonly audit: AuditLog,
    private readonly travellers: DepartureTravellers,
  ) {}

  /** The details of a run, null when none were written. NOT_FOUND for an unknown workshop. */
  async getOrThrow(workshopId: string): Promise<KnowBeforeYouGo | null> {
    await this.workshopOrThrow(this.db.manager, workshopId);
    return this.db.manager.findOneBy(KnowBeforeYouGo, { workshopId });
  }

  /** The details of a booking's run (the manage page). */
  async forWorkshop(workshopId: string): Promise<KnowBeforeYouGo | null> {
    return this.db.manager.findOneBy(KnowBeforeYouGo, { workshopId });
  }

  async setOrThrow(input: SetKnowBeforeYouGoInput): Promise<KnowBeforeYouGo> {
    const now = this.clock();
    return this.db.transaction(async (m) => {
      const workshop = await this.workshopOrThrow(m, input.workshopId);
      const before = await m.findOneBy(KnowBeforeYouGo, { workshopId: workshop.id });
      const row = m.create(KnowBeforeYouGo, {
        workshopId: workshop.id,
        meetingAddress: clean(input.meetingAddress),
        meetingMapUrl: cleanOptional(input.meetingMapUrl),
        meetingTime: input.meetingTime,
        weather: clean(input.weather),
        whatToBring: clean(input.whatToBring),
        emergencyPhone: clean(input.emergencyPhone),
        updatedAt: now,
      });
      await m.save(row);
      await this.scheduleMails(m, workshop, now);
      await this.audit.record(m, {
        ...ADMIN_ACTOR,
        action: 'departure.know_before_you_go_changed',
        workshopId: workshop.id,
        before: before ? snapshot(before) : null,
        after: snapshot(row),
      });
      return row;
    });
  }

  /**
   * The run's two mails, at 15:00 UTC 14 and 2 days before its start; one already past is due now (its handler
   * decides if a later one overtook it). Idempotent: a pending job (one waiting for the details) is moved to its
   * time, a cancelled one (the run moved away and back) is pending again.
   */
  async scheduleMails(m: EntityManager, workshop: Workshop, now: Date): Promise<void> {
    if (workshop.cancelled || daysUntilStart(workshop.startDate, workshop.timeZone, now) <= 0) return;
    for (const days of KBYG_DAYS) {
      const when = kbygDueAt(workshop.startDate, days);
      const dueAt = when < now ? now : when;
      const key = kbygJobKey(workshop.id, workshop.startDate, days);
      await this.jobs.schedule(m, { kind: KBYG_JOB, key, dueAt, payload: { workshopId: workshop.id, startDate: workshop.startDate, days } });
      if (!(await this.jobs.reschedule(m, key, dueAt))) await this.jobs.reopen(m, key, dueAt);
    }
  }

  /** A run was created or scheduled again (`copiedFrom`): its mails are scheduled; "Schedule again" copies the details. */
  async runScheduled(m: EntityManager, workshop: Workshop, copiedFrom: string | null, now: Date): Promise<void> {
    const source = copiedFrom ? await m.findOneBy(KnowBeforeYouGo, { workshopId: copiedFrom }) : null;
    if (source && !(await m.existsBy(KnowBeforeYouGo, { workshopId: workshop.id }))) {
      const copy = m.create(KnowBeforeYouGo, { ...snapshot(source), workshopId: workshop.id, updatedAt: now });
      await m.insert(KnowBeforeYouGo, copy);
      await this.audit.record(m, {
        ...ADMIN_ACTOR,
        action: 'departure.know_before_you_go_changed',
        workshopId: workshop.id,
        before: null,
        after: snapshot(copy),
        detail: `Know before you go copied from ${copiedFrom}`,
      });
    }
    await this.scheduleMails(m, workshop, now);
  }

  /** The run's dates moved: the mails of the old start are cancelled and the new start's scheduled, now. */
  async datesChanged(m: EntityManager, before: Workshop, workshop: Workshop, now: Date): Promise<void> {
    if (before.startDate !== workshop.startDate) await this.jobs.cancelByKeyPrefix(m, `departure:${workshop.id}:kbyg:${before.startDate}:`);
    await this.scheduleMails(m, workshop, now);
  }

  /** The job: mail every traveller of every live booking of the run, once. */
  async runJob(job: ClaimedJob): Promise<JobOutcome> {
    const { workshopId, startDate, days } = job.payload as { workshopId: string; startDate: string; days: number };
    const now = this.clock();
    const workshop = await this.db.manager.findOneBy(Workshop, { id: workshopId });
    if (!workshop || workshop.cancelled) return { done: true, note: 'workshop gone or cancelled' };
    if (workshop.startDate !== startDate) {
      // The run moved: its mails follow the new start.
      await this.db.transaction((m) => this.scheduleMails(m, workshop, now));
      return { done: true, note: 'start date changed: scheduled again' };
    }
    const left = daysUntilStart(workshop.startDate, workshop.timeZone, now);
    // After downtime: an earlier mail a later one overtook is not sent (one mail, not two).
    if (left <= 0 || KBYG_DAYS.some((d) => d < days && left <= d)) return { done: true, note: 'overtaken' };
    const details = await this.db.manager.findOneBy(KnowBeforeYouGo, { workshopId });
    if (!details) {
      // Nothing to tell yet: the mail waits (saving the details makes it due at once); the admin is told once.
      if (job.attempts === 1) {
        await this.db.transaction((m) =>
          this.audit.record(m, {
            ...SYSTEM_ACTOR,
            action: 'departure.know_before_you_go_missing',
            workshopId,
            detail: `The ${days}-day know-before-you-go mail of ${workshop.name} waits: write its details in the departure view`,
          }),
        );
      }
      return { retryAt: waitForDetailsUntil(startDate, days, now), note: 'waiting for the details' };
    }
    try {
      const sent = await this.db.transaction(async (m) => {
        const key = kbygJobKey(workshopId, startDate, days);
        if (await m.findOneBy(DepartureMessage, { key })) return -1;
        const message = m.create(DepartureMessage, {
          id: crypto.randomUUID(),
          key,
          workshopId,
          kind: DepartureMessageKind.know_before_you_go,
          subject: `Know before you go (${days} days)`,
          body: `Meeting point: ${details.meetingAddress}, ${details.meetingTime} on the first day.`,
          includesWaitlist: false,
          createdAt: now,
        });
        await m.insert(DepartureMessage, message);
        const seen = new Set<string>();
        for (const t of await this.travellers.listForRun(m, workshop)) {
          if (!mayBeMailed(t) || seen.has(t.email.toLowerCase())) continue;
          seen.add(t.email.toLowerCase());
          const payload: KnowBeforeYouGoMailData = {
            workshopId,
            workshopName: workshop.name,
            startDate: workshop.startDate,
            endDate: workshop.endDate,
            timeZone: workshop.timeZone,
            location: workshop.location,
            state: workshop.state,
            recipientName: t.name,
            bookingId: t.bookingId,
            travellerId: t.travellerId,
            isBooker: t.isBooker,
            days,
            meetingAddress: details.meetingAddress,
            meetingMapUrl: details.meetingMapUrl,
            meetingTime: details.meetingTime,
            weather: details.weather,
            whatToBring: details.whatToBring,
            emergencyPhone: details.emergencyPhone,
          };
          const mail = await this.outbox.enqueue(m, { kind: DepartureMailKind.knowBeforeYouGo, to: t.email, payload, beyondLimit: true });
          await m.insert(DepartureMessageRecipient, { id: crypto.randomUUID(), messageId: message.id, bookingId: t.bookingId, travellerId: t.travellerId, name: t.name, email: t.email, audience: 'traveller', mailId: mail.id });
        }
        return seen.size;
      });
      return { done: true, note: sent < 0 ? 'sent already' : `${sent} mails` };
    } catch (e) {
      // Another run of the same job committed the message first (a lapsed claim taken over).
      if (isDuplicateKey(e)) return { done: true, note: 'sent already' };
      throw e;
    }
  }

  private async workshopOrThrow(m: EntityManager, workshopId: string): Promise<Workshop> {
    const workshop = await m.findOneBy(Workshop, { id: workshopId });
    if (!workshop) throw AppError.notFound('Workshop');
    return workshop;
  }
}

function snapshot(k: KnowBeforeYouGo): Record<string, unknown> {
  return { meetingAddress: k.meetingAddress, meetingMapUrl: k.meetingMapUrl, meetingTime: k.meetingTime, weather: k.weather, whatToBring: k.whatToBring, emergencyPhone: k.emergencyPhone };
}
