import crypto from 'node:crypto';
import { Booking } from '../booking/booking.entity';
import type { BookingEventMap } from '../booking/booking-events';
import type { Database } from '../infrastructure/db/data-source';
import type { ClaimedJob, JobOutcome, JobScheduler } from '../infrastructure/jobs/job.types';
import { MailOutbox } from '../mail/mail-outbox.entity';
import type { OutboxService } from '../mail/outbox.service';
import { localDate } from '../shared/policy';
import { Workshop } from '../workshop/workshop.entity';
import type { RecoveryLinks } from './recovery-links';
import { type FinishedCheckout, type RecoveredChoices, ResumeCheckout, type ResumeCheckoutDeps } from './resume-checkout';
import { RecoveryMailKind, type RecoveryMailData } from './recovery.mails';

/** The kind of the one scheduled job per lapsed, consenting booking; registered in composition-root.ts. */
export const RECOVERY_JOB = 'checkout.recovery';

/** About a day after the checkout lapsed (issue 27). */
export const RECOVERY_DELAY_MS = 24 * 3_600_000;

export const recoveryJobKey = (bookingId: string): string => `checkout-recovery:${bookingId}`;

/** The outbox id of a booking's recovery mail: the same mail can never be written twice. */
export function recoveryMailId(bookingId: string): string {
  const h = crypto.createHash('sha256').update(`checkout-recovery|${bookingId}`).digest('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-5${h.slice(13, 16)}-${((parseInt(h[16], 16) & 0x3) | 0x8).toString(16)}${h.slice(17, 20)}-${h.slice(20, 32)}`;
}

export type { RecoveredChoices, FinishedCheckout } from './resume-checkout';

/**
 * Recovering abandoned checkouts (docs/decisions/098). A held booking whose checkout
 * lapsed unpaid, and whose customer ticked the consent box, gets one job a day later
 * (a row keyed by the booking: scheduled once, claimed by one worker, caught up after
 * downtime). The job writes at most one mail (its outbox id is derived from the
 * booking), and none when the address booked that workshop since, or the workshop
 * started or was cancelled. The mail's link opens a page with the same choices priced
 * now and one button that books them again and goes to a fresh checkout, or the
 * waiting list when too few spots remain (resume-checkout.ts).
 */
export class CheckoutRecoveryService {
  constructor(
    private readonly db: Database,
    private readonly clock: () => Date,
    private readonly jobs: JobScheduler,
    private readonly outbox: OutboxService,
    private readonly links: RecoveryLinks,
    /** What the link's one-click booking needs (bookings, checkout, promo quotes); null: the link only reads. */
    resumeDeps: ResumeCheckoutDeps | null = null,
  ) {
    this.resume = new ResumeCheckout(db, clock, links, resumeDeps);
  }

  private readonly resume: ResumeCheckout;

  /** In the lapse's transaction (`holdLapsed`): the one job, only with consent. */
  async scheduleOnLapse({ m, booking, now }: BookingEventMap['holdLapsed']): Promise<void> {
    if (!booking.recoveryConsent) return;
    await this.jobs.schedule(m, {
      kind: RECOVERY_JOB,
      key: recoveryJobKey(booking.id),
      dueAt: new Date(now.getTime() + RECOVERY_DELAY_MS),
      payload: { bookingId: booking.id },
    });
  }

  async runJob(job: ClaimedJob): Promise<JobOutcome> {
    const { bookingId } = job.payload as { bookingId: string };
    return this.db.transaction(async (m) => {
      const booking = await m.findOneBy(Booking, { id: bookingId });
      if (!booking?.recoveryConsent) return { done: true, note: 'no consent' };
      const id = recoveryMailId(booking.id);
      if (await m.findOneBy(MailOutbox, { id })) return { done: true, note: 'already mailed' };
      const since = await m
        .createQueryBuilder(Booking, 'b')
        .where('b.workshopId = :workshopId AND b.customerEmail = :email AND b.id <> :id AND b.createdAt >= :createdAt', {
          workshopId: booking.workshopId,
          email: booking.customerEmail,
          id: booking.id,
          createdAt: booking.createdAt,
        })
        .getCount();
      if (since > 0) return { done: true, note: 'booked again since' };
      const workshop = await m.findOneBy(Workshop, { id: booking.workshopId });
      if (!workshop || workshop.cancelled || workshop.archived) return { done: true, note: 'workshop gone' };
      if (workshop.startDate <= localDate(this.clock(), workshop.timeZone)) return { done: true, note: 'workshop started' };
      const spotsLeft = workshop.availableSpots >= booking.numParticipants;
      const payload: RecoveryMailData = {
        bookingId: booking.id,
        workshopId: workshop.id,
        name: booking.customerName,
        workshopName: workshop.name,
        startDate: workshop.startDate,
        endDate: workshop.endDate,
        numParticipants: booking.numParticipants,
        spotsLeft,
        url: this.links.url(booking.id, workshop.id),
      };
      await this.outbox.enqueue(m, { id, kind: RecoveryMailKind.checkoutRecovery, to: booking.customerEmail, payload });
      return { done: true, note: spotsLeft ? 'resume link' : 'waiting list' };
    });
  }

  /** The link's page: the lapsed booking's choices priced now, and what a click would do (ResumeCheckout). */
  resumeOrThrow(bookingId: string, token: string): Promise<RecoveredChoices> {
    return this.resume.previewOrThrow(bookingId, token);
  }

  /** "Finish my booking": one new booking for the link and its checkout (ResumeCheckout.finishOrThrow). */
  finishOrThrow(bookingId: string, token: string, promoCode: string | null, clientKey: string, altcha: string | null = null): Promise<FinishedCheckout> {
    return this.resume.finishOrThrow(bookingId, token, promoCode, clientKey, altcha);
  }
}
