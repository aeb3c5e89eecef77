import type { EntityManager } from 'typeorm';
import type { Database } from '../infrastructure/db/data-source';
import type { Logger } from '../infrastructure/logger';
import type { ClaimedJob, JobOutcome, JobScheduler } from '../infrastructure/jobs/job.types';
import type { BookingLifecycle } from '../booking/booking-lifecycle';
import { BookingRefund, RefundState } from '../booking/ledger.entities';
import { type PaymentProvider, PaymentProviderUnavailableError, RefundRefusedError } from '../payment/payment-provider';

/** The job that makes one online refund (its payload names the refund row). */
export const REFUND_JOB = 'refund.execute';
/** A refund claim older than this was abandoned by its maker (a crash): the refund job takes it over, with the same idempotency key. */
export const REFUND_CLAIM_STALE_MS = 10 * 60_000;
/** The provider unreachable: the job tries again after this long. */
const UNAVAILABLE_RETRY_MS = 10 * 60_000;

/** The refund job's key (under the booking's prefix, so cancelling a booking's jobs reaches it). */
export const refundJobKey = (bookingId: string, refundId: string): string => `booking:${bookingId}:refund:${refundId}`;

export type Outcome = 'done' | 'failed' | 'skipped' | 'busy';

/**
 * Makes online refunds through the provider, each exactly once, behind one
 * claim (docs/decisions/065): whoever makes a refund row — its job, the
 * immediate try after a decision, the customer's "refund now" — first moves
 * it pending -> processing with a compare-and-set in a transaction, and only
 * the claimer calls the provider, with the row id as the idempotency key.
 * "Take a credit" converts only unclaimed rows, so the two can never both
 * happen. A claim never strands a refund: one given back after an outage, or
 * abandoned by a crashed maker, is taken over by the job.
 */
export class RefundMaker {
  constructor(
    private readonly db: Database,
    private readonly lifecycle: Pick<BookingLifecycle, 'refundFailed'>,
    private readonly provider: () => PaymentProvider | null,
    private readonly jobs: JobScheduler,
    private readonly clock: () => Date,
    private readonly logger: Logger,
  ) {}

  /** Each pending (online) refund gets a job that claims and makes it at `dueAt`, or finds it made by the immediate try. */
  async scheduleJobs(m: EntityManager, bookingId: string, rows: BookingRefund[], dueAt: Date): Promise<void> {
    for (const r of rows) {
      if (r.state === RefundState.pending) await this.jobs.schedule(m, { kind: REFUND_JOB, key: refundJobKey(bookingId, r.id), dueAt, payload: { refundId: r.id } });
    }
  }

  /** Try the refunds at once (the customer sees them made); their jobs finish any that fail now. */
  async makeNow(refunds: BookingRefund[]): Promise<void> {
    for (const r of refunds) {
      if (r.state !== RefundState.pending) continue;
      try {
        await this.claimAndMake(r.id);
      } catch (e) {
        this.logger.warn({ refundId: r.id, err: (e as Error).message }, 'refund not made yet: its job retries');
      }
    }
  }

  /**
   * Claim a refund for making, in the caller's transaction: pending ->
   * processing with a compare-and-set, or a processing one whose claim was
   * abandoned (given back after an outage, or older than
   * REFUND_CLAIM_STALE_MS: its maker crashed). Only the claimer calls the
   * provider; every other path finds the row claimed and backs off. True when claimed.
   */
  async claim(m: EntityManager, refundId: string, now: Date): Promise<boolean> {
    const result = await m
      .createQueryBuilder()
      .update(BookingRefund)
      .set({ state: RefundState.processing, claimedAt: now })
      .where('id = :id AND (state = :pending OR (state = :processing AND (claimed_at IS NULL OR claimed_at < :stale)))', {
        id: refundId,
        pending: RefundState.pending,
        processing: RefundState.processing,
        stale: new Date(now.getTime() - REFUND_CLAIM_STALE_MS),
      })
      .execute();
    return result.affected === 1;
  }

  /**
   * Make a refund this caller has claimed. Its id is the idempotency key, so a
   * maker that takes over an abandoned claim gets the same provider refund
   * back, never a second one. The provider unreachable (or anything else
   * going wrong): the claim is given back (the row stays processing: the money
   * may have moved, so no credit can replace it) and its job falls due at
   * once, so the refund is retried, never stranded; the error is rethrown.
   */
  async makeClaimed(refundId: string): Promise<'done' | 'failed'> {
    const refund = await this.db.manager.findOneByOrFail(BookingRefund, { id: refundId });
    const provider = this.provider();
    if (!provider || !refund.providerPaymentId) throw new Error('no payment provider to make an online refund');
    try {
      const made = await provider.refund({
        paymentIntentId: refund.providerPaymentId,
        amountCents: refund.amountCents,
        metadata: { booking_id: refund.bookingId, refund_id: refund.id, reason: refund.reason },
        idempotencyKey: `refund:${refund.id}`,
      });
      await this.complete(refund.id, made.id);
      return 'done';
    } catch (e) {
      if (e instanceof RefundRefusedError) {
        this.logger.error({ refundId, bookingId: refund.bookingId, err: e.message }, 'the provider refused a refund: the admin must act');
        await this.db.transaction((m) => this.lifecycle.refundFailed(m, refund, e.message, this.clock()));
        return 'failed';
      }
      await this.giveBackClaim(refund);
      throw e;
    }
  }

  /** The provider made a claimed refund (its answer, or its webhook when the maker never heard): recorded once. */
  async complete(refundId: string, providerRefundId: string): Promise<void> {
    await this.db.transaction((m) =>
      m
        .createQueryBuilder()
        .update(BookingRefund)
        .set({ state: RefundState.succeeded, providerRefundId, completedAt: this.clock() })
        .where('id = :id AND state = :processing', { id: refundId, processing: RefundState.processing })
        .execute(),
    );
  }

  /** Claim one refund, then make it (the job and the immediate try after a decision). */
  private async claimAndMake(refundId: string): Promise<Outcome> {
    const now = this.clock();
    if (!(await this.db.transaction((m) => this.claim(m, refundId, now)))) {
      const refund = await this.db.manager.findOneBy(BookingRefund, { id: refundId });
      return refund?.state === RefundState.processing ? 'busy' : 'skipped';
    }
    return this.makeClaimed(refundId);
  }

  /** A maker that could not finish: its claim may be taken over at once, and the refund's job is due now. */
  private async giveBackClaim(refund: BookingRefund): Promise<void> {
    const now = this.clock();
    const key = refundJobKey(refund.bookingId, refund.id);
    await this.db.transaction(async (m) => {
      await m.createQueryBuilder().update(BookingRefund).set({ claimedAt: null }).where('id = :id AND state = :processing', { id: refund.id, processing: RefundState.processing }).execute();
      if (!(await this.jobs.reschedule(m, key, now))) await this.jobs.schedule(m, { kind: REFUND_JOB, key, dueAt: now, payload: { refundId: refund.id } });
    });
  }

  /** The refund job's handler (registered in composition-root.ts). */
  async runJob(job: ClaimedJob): Promise<JobOutcome> {
    const { refundId } = job.payload as { refundId: string };
    try {
      const outcome = await this.claimAndMake(refundId);
      // Another maker holds a fresh claim: come back when it would be abandoned, in case it never finishes.
      if (outcome === 'busy') return { retryAt: new Date(this.clock().getTime() + REFUND_CLAIM_STALE_MS + 60_000), note: 'claimed by another maker' };
      return { done: true, note: outcome };
    } catch (e) {
      if (e instanceof PaymentProviderUnavailableError) return { retryAt: new Date(this.clock().getTime() + UNAVAILABLE_RETRY_MS), note: e.message };
      throw e;
    }
  }
}
