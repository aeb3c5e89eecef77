import type { EntityManager } from 'typeorm';
import type { Database } from '../infrastructure/db/data-source';
import type { ClaimedJob, JobOutcome } from '../infrastructure/jobs/job.types';
import { addDays, balanceDueDate, daysBetween, localDate } from '../shared/policy';
import { BookingStatus, OPEN_INSTALLMENT_STATES } from '../shared/booking-status';
import { Booking } from '../booking/booking.entity';
import type { BookingService } from '../booking/booking.service';
import { BookingMailKind } from '../booking/booking-mail-data';
import { BookingInstallment, BookingPayment, BookingRefund, InstallmentState, PaymentMethod, PaymentPurpose, RefundReason, RefundState } from '../booking/ledger.entities';
import { Workshop } from '../workshop/workshop.entity';
import type { PaymentService } from '../payment/payment.service';
import { type PaymentIntentInfo, type PaymentWebhookEvent, PaymentProviderUnavailableError } from '../payment/payment-provider';
import { BALANCE_REMINDER_DAYS, INSTALLMENT_RETRY_DAYS, runAt } from './money-jobs';
import { installmentChargeCents, openInstallments } from './next-charge';
import type { RefundMaker } from './refund-maker';

/** Metadata that marks the PaymentIntents of our off-session charges. */
const OFF_SESSION = 'off_session';

/**
 * The money that comes in after the first payment, outside a checkout
 * (docs/decisions/062): installments charged to the saved card (a job each),
 * the provider's word on those charges and on refunds made at its dashboard,
 * and the balance's reminder and overdue jobs.
 */
export class ChargeService {
  constructor(
    private readonly db: Database,
    private readonly bookings: BookingService,
    private readonly payments: Pick<PaymentService, 'paymentProvider' | 'claimSlotForCharge' | 'releaseSlot'>,
    private readonly maker: RefundMaker,
    private readonly clock: () => Date,
  ) {}

  /**
   * Charge one installment to the saved card, exactly once: the booking's
   * payment slot is claimed first (no checkout can be paid meanwhile), the
   * idempotency key names the installment and the attempt (a re-run after a
   * crash gets the same PaymentIntent back), and the PaymentIntent id is unique
   * in the ledger (the webhook and this run record it once between them).
   */
  async runInstallmentCharge(job: ClaimedJob): Promise<JobOutcome> {
    const { bookingId, number } = job.payload as { bookingId: string; number: number };
    const booking = await this.bookings.findById(bookingId);
    const installment = await this.db.manager.findOneBy(BookingInstallment, { bookingId, number });
    if (!booking || !installment || booking.status !== BookingStatus.confirmed) return { done: true, note: 'booking no longer confirmed' };
    if (installment.state === InstallmentState.paid || installment.state === InstallmentState.cancelled) return { done: true, note: `installment ${installment.state}` };
    if (booking.balanceCents <= 0) return { done: true, note: 'nothing left to pay' };
    const provider = this.payments.paymentProvider;
    if (!provider || !booking.providerCustomerId || !booking.providerPaymentMethodId) {
      // No saved card (paid offline, or no provider): the customer pays from the link; tell them once.
      await this.db.transaction((m) => this.chargeFailed(m, booking, installment, 'no card is saved for automatic payments', true));
      return { done: true, note: 'no saved card' };
    }
    const schedule = await this.db.manager.find(BookingInstallment, { where: { bookingId }, order: { number: 'ASC' } });
    const amountCents = installmentChargeCents(installment, openInstallments(schedule).length, booking.balanceCents);
    const marker = await this.payments.claimSlotForCharge(booking);
    if (!marker) return { retryAt: new Date(this.clock().getTime() + 35 * 60_000), note: 'a checkout is open or another charge is running' };
    try {
      const result = await provider.chargeOffSession({
        customerId: booking.providerCustomerId,
        paymentMethodId: booking.providerPaymentMethodId,
        amountCents,
        description: `${booking.workshopName} – installment ${number} of ${schedule.length}`,
        metadata: { booking_id: booking.id, purpose: PaymentPurpose.installment, installment: String(number), channel: OFF_SESSION },
        idempotencyKey: `installment:${booking.id}:${number}:${installment.failedAttempts}`,
      });
      if (result.outcome === 'succeeded') {
        await this.recordOffSession(result.paymentIntent);
        return { done: true, note: result.paymentIntent.id };
      }
      const last = installment.failedAttempts >= INSTALLMENT_RETRY_DAYS.length;
      await this.db.transaction((m) => this.chargeFailed(m, booking, installment, result.message || result.code, last));
      if (last) return { done: true, note: `failed: ${result.code}` };
      return { retryAt: runAt(addDays(installment.dueDate, INSTALLMENT_RETRY_DAYS[installment.failedAttempts])), note: `declined: ${result.code}` };
    } catch (e) {
      if (e instanceof PaymentProviderUnavailableError) return { retryAt: new Date(this.clock().getTime() + 15 * 60_000), note: e.message };
      throw e;
    } finally {
      await this.payments.releaseSlot(booking.id, marker);
    }
  }

  private async chargeFailed(m: EntityManager, booking: Booking, installment: BookingInstallment, reason: string, last: boolean): Promise<void> {
    const failedAttempts = installment.failedAttempts + 1;
    const changed = await m
      .createQueryBuilder()
      .update(BookingInstallment)
      .set({ state: InstallmentState.failed, failedAttempts, lastError: reason.slice(0, 300) })
      .where('id = :id AND failed_attempts = :before AND state IN (:...open)', { id: installment.id, before: installment.failedAttempts, open: OPEN_INSTALLMENT_STATES })
      .execute();
    if (changed.affected !== 1) return;
    const extra = { installmentNumber: installment.number, dueCents: Math.min(installment.amountCents, booking.balanceCents), failure: reason, retriesLeft: last ? 0 : INSTALLMENT_RETRY_DAYS.length - installment.failedAttempts };
    await this.bookings.mails?.money(m, BookingMailKind.installmentFailed, booking, extra);
    if (last) await this.bookings.mails?.money(m, BookingMailKind.adminInstallmentFailed, booking, extra, 'admin');
  }

  /** A succeeded off-session PaymentIntent of ours (the run or the webhook): applied to its booking once. */
  async recordOffSession(pi: PaymentIntentInfo): Promise<void> {
    const bookingId = pi.metadata.booking_id;
    const number = Number(pi.metadata.installment) || null;
    // Only our own off-session charges: a checkout's PaymentIntent is applied with its session (payment.service fulfil).
    if (!bookingId || pi.status !== 'succeeded' || pi.metadata.channel !== OFF_SESSION) return;
    for (let attempt = 0; attempt < 5; attempt++) {
      const done = await this.db.transaction(async (m) => {
        const booking = await m.findOneBy(Booking, { id: bookingId });
        if (!booking) return [];
        const applied = await this.bookings.lifecycle.applyPaymentOrThrow(
          m,
          booking,
          { amountCents: pi.amountReceived || pi.amount, source: 'provider', purpose: PaymentPurpose.installment, installmentNumber: number, providerPaymentId: pi.id },
          this.clock(),
        );
        return applied === null ? null : applied === 'duplicate' ? [] : applied.refunds;
      });
      if (done) {
        // Charged while the booking was being cancelled: its refund is made at once.
        await this.maker.makeNow(done);
        return;
      }
    }
    throw new Error(`could not record payment ${pi.id}: the booking kept changing`);
  }

  /** Refunds made outside the site (the provider's dashboard) join the ledger; ours are already there. */
  async chargeRefunded(charge: NonNullable<PaymentWebhookEvent['charge']>): Promise<void> {
    if (!charge.paymentIntentId) return;
    const payment = await this.db.manager.findOneBy(BookingPayment, { providerPaymentId: charge.paymentIntentId });
    if (!payment) return;
    for (const r of charge.refunds) {
      if (r.status !== 'succeeded' && r.status !== 'pending') continue;
      // One of ours: its maker records it; this finishes a claim whose maker never heard the answer.
      if (r.metadata.refund_id && r.status === 'succeeded') await this.maker.complete(r.metadata.refund_id, r.id);
      if (r.metadata.refund_id || (await this.db.manager.existsBy(BookingRefund, { providerRefundId: r.id }))) continue;
      await this.db.transaction(async (m) => {
        const booking = await m.findOneByOrFail(Booking, { id: payment.bookingId });
        await this.bookings.lifecycle.recordRefunds(
          m,
          booking,
          [{ amountCents: r.amount, method: PaymentMethod.card, state: RefundState.succeeded, reason: RefundReason.provider, paymentId: payment.id, providerPaymentId: payment.providerPaymentId, providerRefundId: r.id, note: 'Refunded at the payment provider' }],
          this.clock(),
        );
      });
    }
  }

  async runBalanceReminder(job: ClaimedJob): Promise<JobOutcome> {
    const { bookingId, days, dueDate } = job.payload as { bookingId: string; days: number; dueDate: string };
    const booking = await this.bookings.findById(bookingId);
    if (!booking || booking.status !== BookingStatus.confirmed || booking.balanceCents <= 0) return { done: true, note: 'nothing due' };
    const workshop = await this.db.manager.findOneByOrFail(Workshop, { id: booking.workshopId });
    if (balanceDueDate(workshop.startDate) !== dueDate) return { done: true, note: 'due date changed' };
    const left = daysBetween(localDate(this.clock(), workshop.timeZone), dueDate);
    // After downtime: an earlier reminder that a later one overtook is not sent (one mail, not two).
    const later = BALANCE_REMINDER_DAYS.filter((d) => d < days);
    if (left < 0 || later.some((d) => left <= d)) return { done: true, note: 'overtaken' };
    await this.db.transaction((m) => this.bookings.mails!.money(m, BookingMailKind.balanceReminder, booking, { dueCents: booking.balanceCents, dueDate }));
    return { done: true };
  }

  async runBalanceOverdue(job: ClaimedJob): Promise<JobOutcome> {
    const { bookingId, dueDate } = job.payload as { bookingId: string; dueDate: string };
    const booking = await this.bookings.findById(bookingId);
    if (!booking || booking.status !== BookingStatus.confirmed || booking.balanceCents <= 0) return { done: true, note: 'nothing due' };
    await this.db.transaction(async (m) => {
      await this.bookings.mails?.money(m, BookingMailKind.balanceOverdue, booking, { dueCents: booking.balanceCents, dueDate });
      await this.bookings.mails?.money(m, BookingMailKind.adminBalanceOverdue, booking, { dueCents: booking.balanceCents, dueDate }, 'admin');
    });
    return { done: true };
  }
}
