import crypto from 'node:crypto';
import type { EntityManager } from 'typeorm';
import type { Database } from '../infrastructure/db/data-source';
import { AppError, ErrorCode } from '../infrastructure/errors';
import type { ClaimedJob, JobOutcome, JobScheduler } from '../infrastructure/jobs/job.types';
import type { AuditLog } from '../audit/audit-log.service';
import { ADMIN_ACTOR } from '../audit/audit-log.service';
import type { OutboxService } from '../mail/outbox.service';
import { Booking } from '../booking/booking.entity';
import { BookingStatus } from '../shared/booking-status';
import { addDays, formatDateRange, todayIn } from '../shared/dates';
import { Workshop } from '../workshop/workshop.entity';
import { ReviewRequest } from './review-request.entity';
import type { ReviewLinks } from './review-links';
import { reviewRecipients } from './review-recipients';
import { ReviewMailKind, type ReviewMailData } from './review.mails';
import type { ReplyToReviewInput, SubmitReviewInput } from './review.input';
import type { ReviewInvitation } from './review.objects';
import { ReviewStatus, Testimonial } from './testimonial.entity';

/** The job kind of the review mails; its handler is registered in composition-root.ts. */
export const REVIEW_REQUEST_JOB = 'review.request';
/** Days after a run's last day: the first ask, then the one reminder (docs/decisions/089). */
export const REVIEW_ASK_DAYS = [2, 7] as const;
/** A review link works this long after its mail. */
export const REVIEW_LINK_DAYS = 90;
/** The asks go out at this hour (UTC) of their day: morning across the US. */
const ASK_HOUR_UTC = 17;
/** A reminder needs this many days since the first ask (after downtime both could be due at once). */
const MIN_DAYS_BETWEEN_ASKS = 3;
const DAY_MS = 86_400_000;
/** An ask this late (downtime, or bookings older than reviews: the migration's backfill) is not sent. */
const TOO_LATE_DAYS = 30;

export type ReviewStage = 1 | 2;

/** When stage `stage` of a run that ends on `endDate` (YYYY-MM-DD) is due. */
export function reviewAskAt(endDate: string, stage: ReviewStage): Date {
  return new Date(`${addDays(endDate, REVIEW_ASK_DAYS[stage - 1])}T${String(ASK_HOUR_UTC).padStart(2, '0')}:00:00.000Z`);
}

export const reviewJobKey = (bookingId: string, stage: ReviewStage): string => `review:${bookingId}:ask:${stage}`;

/** "Ada L.": the default name shown, first name and the initial of the last. */
export function shortName(fullName: string): string {
  const parts = fullName.trim().split(/\s+/).filter(Boolean);
  if (parts.length < 2) return parts[0] ?? '';
  return `${parts[0]} ${parts[parts.length - 1]!.charAt(0).toUpperCase()}.`;
}

/**
 * Reviews from verified participants (issue 26, docs/decisions/089): the two
 * asks after a run (database jobs, one per booking and stage), the form behind
 * the personal link, and the admin's moderation. Every rule is here; the
 * resolver and REST routes authorize, limit and call one method.
 */
export class ReviewService {
  constructor(
    private readonly db: Database,
    private readonly clock: () => Date,
    private readonly outbox: OutboxService,
    private readonly jobs: JobScheduler,
    private readonly audit: AuditLog,
    private readonly links: ReviewLinks,
    /** Told after a moderation commits: the server-rendered pages showing reviews are kept with the catalog snapshot (decision 089). */
    private readonly publicReviewsChanged: () => void = () => {},
  ) {}

  // --- The asks: scheduled in the transaction that confirms (or moves) a booking ---

  /** Both asks of a confirmed booking, at its run's end + 2 and + 7 days (idempotent by key). */
  async scheduleAsks(m: EntityManager, booking: Pick<Booking, 'id' | 'status' | 'workshopId'>, workshop?: Pick<Workshop, 'endDate'>): Promise<void> {
    if (booking.status !== BookingStatus.confirmed) return;
    const run = workshop ?? (await m.findOne(Workshop, { where: { id: booking.workshopId }, select: { id: true, endDate: true } }));
    if (!run) return;
    for (const stage of [1, 2] as const) {
      await this.jobs.schedule(m, { kind: REVIEW_REQUEST_JOB, key: reviewJobKey(booking.id, stage), dueAt: reviewAskAt(run.endDate, stage), payload: { bookingId: booking.id, stage } });
    }
  }

  /** A booking moved to another run: its asks follow that run's end. */
  async moveAsks(m: EntityManager, booking: Pick<Booking, 'id' | 'status' | 'workshopId'>, to: Pick<Workshop, 'endDate'>): Promise<void> {
    for (const stage of [1, 2] as const) await this.jobs.reschedule(m, reviewJobKey(booking.id, stage), reviewAskAt(to.endDate, stage));
    await this.scheduleAsks(m, booking, to);
  }

  /**
   * The handler of one ask. Whoever took part (the booking still confirmed, on
   * the run it names now) gets the mail; a cancelled booking gets none. The
   * sent row (unique per booking, participant and stage) is written with the
   * mail, so a run again after a lapsed lease sends nothing twice.
   */
  async runAskJob(job: ClaimedJob): Promise<JobOutcome> {
    const bookingId = String(job.payload.bookingId ?? '');
    const stage = Number(job.payload.stage) as ReviewStage;
    if (stage !== 1 && stage !== 2) return { failed: `unknown stage ${String(job.payload.stage)}` };
    return this.db.transaction(async (m) => {
      const booking = await m.findOne(Booking, { where: { id: bookingId } });
      if (!booking) return { done: true, note: 'booking gone' };
      if (booking.status !== BookingStatus.confirmed) return { done: true, note: `not taking part (${booking.status})` };
      const run = await m.findOne(Workshop, { where: { id: booking.workshopId } });
      if (!run || run.cancelledAt) return { done: true, note: 'run cancelled' };
      const now = this.clock();
      const due = reviewAskAt(run.endDate, stage);
      // Moved to a later run (a transfer, new dates): wait for that one to end.
      if (due.getTime() > now.getTime()) return { retryAt: due, note: 'the run ends later now' };
      if (now.getTime() - due.getTime() > TOO_LATE_DAYS * DAY_MS) return { done: true, note: 'too late to ask' };
      let sent = 0;
      for (const r of await reviewRecipients(m, booking)) {
        if (await m.findOne(ReviewRequest, { where: { bookingId, recipientKey: r.key, stage } })) continue;
        if (stage === 2) {
          const first = await m.findOne(ReviewRequest, { where: { bookingId, recipientKey: r.key, stage: 1 } });
          if (!first || now.getTime() - first.sentAt.getTime() < MIN_DAYS_BETWEEN_ASKS * DAY_MS) continue;
          if (await m.exists(Testimonial, { where: { bookingId, recipientKey: r.key } })) continue;
        }
        await m.insert(ReviewRequest, { id: crypto.randomUUID(), bookingId, recipientKey: r.key, stage, email: r.email, sentAt: now });
        const payload: ReviewMailData = {
          bookingId,
          recipientKey: r.key,
          name: r.name,
          workshopName: run.name,
          startDate: run.startDate,
          endDate: run.endDate,
          expiresAt: new Date(now.getTime() + REVIEW_LINK_DAYS * DAY_MS).toISOString(),
        };
        await this.outbox.enqueue(m, { kind: stage === 1 ? ReviewMailKind.reviewRequest : ReviewMailKind.reviewReminder, to: r.email, payload });
        sent++;
      }
      return { done: true, note: `${sent} mail(s)` };
    });
  }

  // --- The form behind the link ---

  /** What the link opens: the run and the form's defaults. REVIEW_LINK_CLOSED when it lapsed or is not ours. */
  async invitationOrThrow(bookingId: string, token: string): Promise<ReviewInvitation> {
    const { booking, run, recipient, expiresAt } = await this.openLinkOrThrow(this.db.manager, bookingId, token);
    const written = await this.db.manager.exists(Testimonial, { where: { bookingId, recipientKey: recipient.key } });
    return {
      workshopName: run.name,
      dates: formatDateRange(run.startDate, run.endDate),
      tripMonth: run.startDate.slice(0, 7),
      name: shortName(recipient.name || booking.customerName),
      location: '',
      alreadyWritten: written,
      expiresAt,
    };
  }

  /** A review written through the link: pending until the admin publishes it; the words kept as written. */
  async submitOrThrow(input: SubmitReviewInput): Promise<Testimonial> {
    return this.db.transaction(async (m) => {
      const { booking, run, recipient } = await this.openLinkOrThrow(m, input.bookingId, input.token);
      if (await m.exists(Testimonial, { where: { bookingId: booking.id, recipientKey: recipient.key } })) {
        throw new AppError(ErrorCode.REVIEW_ALREADY_WRITTEN, 'You have reviewed this workshop already: one review each.', [{ field: 'token', message: 'this link has been used for a review already' }]);
      }
      const now = this.clock();
      const review = m.create(Testimonial, {
        id: crypto.randomUUID(),
        rating: input.rating,
        clientName: input.name.trim(),
        location: input.location?.trim() ?? '',
        workshopAttended: run.name,
        reviewText: input.text,
        date: todayIn(run.timeZone, now),
        status: ReviewStatus.pending,
        sample: false,
        workshopId: run.id,
        tripMonth: run.startDate.slice(0, 7),
        bookingId: booking.id,
        recipientKey: recipient.key,
        consentToPublish: input.consentToPublish,
        reply: null,
        repliedAt: null,
        createdAt: now,
        publishedAt: null,
      });
      await m.insert(Testimonial, review);
      // Read back: MySQL's insert hands the defaulted columns back raw (tinyint 0 for false).
      return m.findOneByOrFail(Testimonial, { id: review.id });
    });
  }

  /** A valid, unexpired link of someone who took part in the run the booking names. */
  private async openLinkOrThrow(m: EntityManager, bookingId: string, token: string) {
    const closed = (why: string) => new AppError(ErrorCode.REVIEW_LINK_CLOSED, `This review link ${why}.`, [{ field: 'token', message: `the link ${why}` }]);
    const claim = this.links.read(bookingId, token);
    if (!claim) throw AppError.notFound('Review link');
    if (claim.expiresAt.getTime() <= this.clock().getTime()) throw closed('has expired (it works for 90 days)');
    const booking = await m.findOne(Booking, { where: { id: bookingId } });
    if (!booking) throw AppError.notFound('Review link');
    if (booking.status !== BookingStatus.confirmed) throw closed('is for a booking that did not take part');
    const recipient = (await reviewRecipients(m, booking)).find((r) => r.key === claim.recipientKey);
    if (!recipient) throw closed('is not for a participant of this booking');
    const run = await m.findOne(Workshop, { where: { id: booking.workshopId } });
    if (!run) throw AppError.notFound('Review link');
    return { booking, run, recipient, expiresAt: claim.expiresAt };
  }

  // --- The admin's moderation (each action in the audit log) ---

  /** Every review (samples too), newest written first, at most 500. */
  async adminList(status?: ReviewStatus | null): Promise<Testimonial[]> {
    return this.db.manager.find(Testimonial, { where: status ? { status } : {}, order: { date: 'DESC', id: 'ASC' }, take: 500 });
  }

  async publishOrThrow(id: string): Promise<Testimonial> {
    return this.moderate(id, 'review.published', (r) => {
      if (!r.consentToPublish) {
        throw new AppError(ErrorCode.REVIEW_NOT_CONSENTED, 'The writer did not agree to publication: this review stays private.', [{ field: 'id', message: 'this review has no consent to publish' }]);
      }
      return { status: ReviewStatus.published, publishedAt: r.publishedAt ?? this.clock() };
    });
  }

  async hideOrThrow(id: string): Promise<Testimonial> {
    return this.moderate(id, 'review.hidden', () => ({ status: ReviewStatus.hidden }));
  }

  /** The studio's public answer (replacing an earlier one); the review's own words are untouched. */
  async replyOrThrow(input: ReplyToReviewInput): Promise<Testimonial> {
    return this.moderate(input.id, 'review.replied', () => ({ reply: input.reply, repliedAt: this.clock() }));
  }

  private async moderate(id: string, action: 'review.published' | 'review.hidden' | 'review.replied', change: (r: Testimonial) => Partial<Testimonial>): Promise<Testimonial> {
    const review = await this.moderateInTransaction(id, action, change);
    this.publicReviewsChanged();
    return review;
  }

  private async moderateInTransaction(id: string, action: 'review.published' | 'review.hidden' | 'review.replied', change: (r: Testimonial) => Partial<Testimonial>): Promise<Testimonial> {
    return this.db.transaction(async (m) => {
      const review = await m.findOne(Testimonial, { where: { id } });
      if (!review) throw AppError.notFound('Review');
      const changes = change(review);
      await m.update(Testimonial, { id }, changes);
      const after = await m.findOneByOrFail(Testimonial, { id });
      // The audit names the review's state `reviewStatus` (a booking's `status` is another thing in the Activity tab).
      const facts = (r: Testimonial) => ('reply' in changes ? { reply: r.reply } : { reviewStatus: r.status });
      await this.audit.record(m, {
        ...ADMIN_ACTOR,
        action,
        bookingId: review.bookingId,
        workshopId: review.workshopId,
        before: facts(review),
        after: facts(after),
        detail: `Review by ${review.clientName} (${review.rating} of 5 stars, ${review.workshopAttended})`,
      });
      return after;
    });
  }
}
