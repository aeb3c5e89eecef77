import crypto from 'node:crypto';
import type { EntityManager } from 'typeorm';
import type { Database } from '../infrastructure/db/data-source';
import type { Logger } from '../infrastructure/logger';
import { AppError, ErrorCode } from '../infrastructure/errors';
import type { ClaimedJob, JobHandler, JobOutcome, JobScheduler } from '../infrastructure/jobs/job.types';
import { centsToDollars, formatCents } from '../shared/money';
import { addDays, addMonths, balanceDueDate, cancellationRefund, daysBetween, localDate, POLICY, transferQuote } from '../shared/policy';
import { transferMoneySentences, transferWindowSentences } from '../shared/transfer-text';
import { BookingStatus, isLiveStatus } from '../shared/booking-status';
import { Booking } from '../booking/booking.entity';
import type { BookingService } from '../booking/booking.service';
import type { PaymentReceived } from '../booking/booking-lifecycle';
import { BookingMailKind } from '../booking/booking-mail-data';
import type { ManageLinks } from '../booking/manage-link';
import {
  BookingInstallment,
  BookingPayment,
  BookingRefund,
  InstallmentState,
  PaymentMethod,
  PaymentPurpose,
  RefundReason,
  RefundState,
} from '../booking/ledger.entities';
import { Workshop } from '../workshop/workshop.entity';
import type { PaymentService } from './payment.service';
import { ADMIN_ACTOR, type AuditActor, type AuditLog, customerActor, SYSTEM_ACTOR } from '../audit/audit-log.service';
import { type PaymentIntentInfo, type PaymentWebhookEvent, PaymentProviderUnavailableError } from './payment-provider';
import { REFUND_JOB, RefundMaker } from './refund-maker';
import { BookingAccount, type CancellationQuoteView, type NextPayment, type TransferAvailability } from './booking-account.types';
import { moneyOf, transferTerms } from './transfer-terms';

/** Kinds of scheduled work this service owns (docs/decisions/062). */
export const ACCOUNT_JOBS = {
  installmentCharge: 'installment.charge',
  balanceReminder: 'balance.reminder',
  balanceOverdue: 'balance.overdue',
  refund: REFUND_JOB,
} as const;

/** Failed installment charges are retried this many days after the due date, then the admin is told. */
export const INSTALLMENT_RETRY_DAYS = [3, 7] as const;
/** Balance reminders, days before the balance due date. */
export const BALANCE_REMINDER_DAYS = [14, 3] as const;
/** Scheduled money work runs at this hour (UTC) of its day: morning across the US. */
const RUN_HOUR_UTC = 15;

/** Metadata that marks the PaymentIntents of our off-session charges. */
const OFF_SESSION = 'off_session';

/** Why no transfer option is listed (docs/decisions/066: free spots, not cancelled or started, nothing due at once). */
const NO_DESTINATION = `No other workshop can take this booking right now: none has enough free spots, or its balance would be due at once (less than ${POLICY.balanceDueDaysBefore} days before its start).`;

/** Who acts on a booking's money. */
export type Actor = 'customer' | 'admin' | 'system';

export interface JobRegistry extends JobScheduler {
  register(kind: string, handler: JobHandler): unknown;
}

const at = (date: string, hour = RUN_HOUR_UTC) => new Date(`${date}T${String(hour).padStart(2, '0')}:00:00.000Z`);
const jobKey = (bookingId: string, what: string) => `booking:${bookingId}:${what}`;

/**
 * The life of a booking's money after its first payment (docs/decisions/062):
 * what the customer sees on the manage page and can do there (pay the balance
 * or the next installment, cancel with the policy's refund, transfer), the
 * scheduled work (installment charges, balance reminders, overdue notices,
 * refunds made through the provider), and the admin's refunds. Every status
 * and amount change goes through the booking lifecycle; every refund amount
 * comes from shared/policy.ts.
 */
export class BookingAccountService {
  constructor(
    private readonly db: Database,
    private readonly bookings: BookingService,
    private readonly payments: PaymentService,
    private readonly jobs: JobRegistry,
    private readonly links: ManageLinks,
    private readonly clock: () => Date,
    private readonly logger: Logger,
    private readonly publicOrigin: string,
    /** Every money movement and admin action is written to it in its transaction (docs/decisions/060). */
    private readonly audit: AuditLog | null = null,
  ) {
    bookings.lifecycle.onPaymentApplied = (m, booking, payment, previous, now) => this.afterPayment(m, booking, payment, previous, now);
    payments.hooks.paymentIntentSucceeded = (pi) => this.offSessionSucceeded(pi);
    payments.hooks.chargeRefunded = (charge) => this.chargeRefunded(charge);
    this.refunds = new RefundMaker(db, bookings.lifecycle, () => payments.paymentProvider, jobs, clock, logger);
    payments.hooks.refundsDecided = (refunds) => this.refunds.makeNow(refunds);
    jobs.register(ACCOUNT_JOBS.installmentCharge, (job) => this.runInstallmentCharge(job));
    jobs.register(ACCOUNT_JOBS.balanceReminder, (job) => this.runBalanceReminder(job));
    jobs.register(ACCOUNT_JOBS.balanceOverdue, (job) => this.runBalanceOverdue(job));
  }

  /** Makes the online refunds, each behind one claim (docs/decisions/065). */
  readonly refunds: RefundMaker;

  /** Issues the new credit for money a credit code paid, in the refund's transaction (CreditsService, docs/decisions/063). */
  creditRefunded?: (m: EntityManager, booking: Booking, refund: BookingRefund, now: Date) => Promise<void>;

  // --- The manage page ---------------------------------------------------------------

  /** The booking behind a manage link; NOT_FOUND for a wrong token as for a wrong id (no oracle). */
  async authorizeOrThrow(bookingId: string, token: string): Promise<Booking> {
    const booking = await this.bookings.findById(bookingId);
    if (!booking || !this.links.verify(booking.id, token)) throw new AppError(ErrorCode.NOT_FOUND, 'Booking not found, or the link is not valid');
    return booking;
  }

  manageUrl(bookingId: string): string {
    return this.links.url(bookingId);
  }

  async accountOrThrow(bookingId: string): Promise<BookingAccount> {
    const booking = await this.bookings.getByIdOrThrow(bookingId);
    return this.account(booking);
  }

  async account(booking: Booking): Promise<BookingAccount> {
    const now = this.clock();
    const m = this.db.manager;
    const [workshop, payments, refunds, schedule] = await Promise.all([
      m.findOneByOrFail(Workshop, { id: booking.workshopId }),
      m.find(BookingPayment, { where: { bookingId: booking.id }, order: { receivedAt: 'ASC' } }),
      m.find(BookingRefund, { where: { bookingId: booking.id }, order: { createdAt: 'ASC' } }),
      m.find(BookingInstallment, { where: { bookingId: booking.id }, order: { number: 'ASC' } }),
    ]);
    const live = isLiveStatus(booking.status);
    const balanceCents = live ? booking.balanceCents : 0;
    const next = live && booking.status === BookingStatus.confirmed ? this.nextCharge(booking, schedule, workshop) : null;
    const nextPayment: NextPayment | null = next
      ? {
          label: next.label,
          amount: centsToDollars(next.amountCents),
          dueDate: next.dueDate,
          overdue: next.dueDate !== null && next.dueDate < localDate(now, workshop.timeZone),
          canPayNow: this.payments.enabled && !(booking.checkoutSessionId?.startsWith('charging:') ?? false),
        }
      : null;
    const account = new BookingAccount();
    Object.assign(account, {
      booking,
      workshop,
      payments,
      refunds,
      schedule,
      balance: centsToDollars(balanceCents),
      balanceDueDate: balanceCents > 0 ? (next?.dueDate ?? balanceDueDate(workshop.startDate)) : null,
      nextPayment,
      cancellation: live ? this.cancellationView(booking, workshop, now) : null,
      transfer: await this.transferAvailability(booking, workshop, now),
      refundsOwed: centsToDollars(refunds.filter((r) => r.state === RefundState.owed).reduce((s, r) => s + r.amountCents, 0)),
    });
    return account;
  }

  /** What the customer should pay next: the next unpaid installment, or the balance. */
  private nextCharge(booking: Booking, schedule: BookingInstallment[], workshop: Workshop): { amountCents: number; purpose: PaymentPurpose; installmentNumber: number | null; label: string; dueDate: string | null } | null {
    const balance = booking.balanceCents;
    if (balance <= 0) return null;
    const unpaid = schedule.filter((i) => i.state === InstallmentState.scheduled || i.state === InstallmentState.failed);
    if (booking.paymentOption === 'payment_plan' && unpaid.length) {
      const i = unpaid[0];
      // The last installment takes whatever is left (a transfer may have changed the total).
      const amountCents = unpaid.length === 1 ? balance : Math.min(i.amountCents, balance);
      return { amountCents, purpose: PaymentPurpose.installment, installmentNumber: i.number, label: `Installment ${i.number} of ${schedule.length}`, dueDate: i.dueDate };
    }
    return { amountCents: balance, purpose: PaymentPurpose.balance, installmentNumber: null, label: 'Balance', dueDate: balanceDueDate(workshop.startDate) };
  }

  private cancellationView(booking: Booking, workshop: Workshop, now: Date): CancellationQuoteView {
    const q = cancellationRefund(workshop.startDate, now, moneyOf(booking), workshop.timeZone);
    return {
      daysBeforeStart: q.daysBeforeStart,
      refundPercent: q.refundPercent,
      fee: centsToDollars(q.feeCents),
      paid: centsToDollars(q.paidCents),
      refund: centsToDollars(q.refundCents),
      kept: centsToDollars(q.keptCents),
      explanation: cancellationExplanation(q.daysBeforeStart, q.refundPercent, q.feeCents, Math.max(0, q.paidCents - booking.feeCents), q.refundCents, booking.feeCents, q.capCents),
    };
  }

  private async transferAvailability(booking: Booking, workshop: Workshop, now: Date): Promise<TransferAvailability> {
    const q = transferQuote(workshop.startDate, now, workshop.timeZone);
    const none = (reason: string): TransferAvailability => ({ allowed: false, fee: centsToDollars(q.feeCents), reason, options: [] });
    if (booking.status !== BookingStatus.confirmed) return none('Only a confirmed booking can be transferred.');
    if (!q.allowed) return none(`Transfers close 30 days before the start (${q.daysBeforeStart} days to go).`);
    const targets = await this.db.manager.createQueryBuilder(Workshop, 'w').where('w.id != :id AND w.cancelled_at IS NULL', { id: workshop.id }).orderBy('w.startDate', 'ASC').getMany();
    const options = targets
      .filter((w) => w.availableSpots >= booking.numParticipants)
      .map((w) => transferTerms(booking, workshop, w, now))
      .filter((t) => t.problem === null)
      .map(({ target, newTotalCents, settlement: st, dueDate, text }) => ({
        workshop: target,
        newTotal: centsToDollars(newTotalCents),
        fee: centsToDollars(st.transferFeeCents),
        difference: centsToDollars(st.balanceCents - st.refundNowCents),
        refundNow: centsToDollars(st.refundNowCents),
        kept: centsToDollars(st.keptCents),
        balanceAfter: centsToDollars(st.balanceCents),
        balanceDueDate: dueDate,
        cancelRefundAfter: centsToDollars(text.cancelAfterCents),
        terms: [...transferMoneySentences(text), ...transferWindowSentences(text)],
      }));
    return { allowed: true, fee: centsToDollars(q.feeCents), reason: options.length ? null : NO_DESTINATION, options };
  }

  /** "Pay the balance" / "Pay installment N now": a Checkout Session for exactly what is due, back to the manage page. */
  async payNowOrThrow(bookingId: string): Promise<{ url: string | null; sessionId: string | null }> {
    const booking = await this.bookings.getByIdOrThrow(bookingId);
    if (booking.status !== BookingStatus.confirmed) {
      if (booking.status === BookingStatus.held) throw new AppError(ErrorCode.CONFLICT, 'This booking has not been paid yet: finish the first payment from the booking page');
      throw new AppError(ErrorCode.CONFLICT, `A ${booking.status} booking takes no payments`);
    }
    const [workshop, schedule] = await Promise.all([
      this.db.manager.findOneByOrFail(Workshop, { id: booking.workshopId }),
      this.db.manager.find(BookingInstallment, { where: { bookingId: booking.id }, order: { number: 'ASC' } }),
    ]);
    const next = this.nextCharge(booking, schedule, workshop);
    if (!next) throw new AppError(ErrorCode.CONFLICT, 'Nothing is left to pay on this booking');
    if (!this.payments.enabled) throw new AppError(ErrorCode.CONFLICT, 'Online payment is not available: we will contact you to arrange the payment');
    return this.payments.startLaterPaymentOrThrow(booking, next, `${this.publicOrigin}/manage/${booking.id}`);
  }

  // --- Cancellation ------------------------------------------------------------------

  /**
   * Cancel a booking: spots back at once, scheduled work cancelled, and the
   * refund decided in the same transaction, then made through the provider
   * (a job per refund retries until it is). The customer (and the admin with
   * applyPolicyFee) gets what cancellationQuote gives today; the admin without
   * it, everything paid. `expectedRefundCents` refuses a quote that changed
   * since it was shown (a day passed, a tier changed).
   */
  async cancelOrThrow(bookingId: string, actor: Actor, options: { applyPolicyFee: boolean; expectedRefundCents?: number; reason?: RefundReason }): Promise<Booking> {
    const now = this.clock();
    const { booking, refunds } = await this.db.transaction((m) => this.cancelInTransactionOrThrow(m, bookingId, actor, options, now));
    this.logger.info({ bookingId, actor, refunds: refunds.length }, 'booking cancelled');
    // A checkout left open must not be payable any more (it would take the spots again).
    await this.payments.expireSessionOf(booking);
    await this.refunds.makeNow(refunds);
    return (await this.bookings.findById(bookingId)) ?? booking;
  }

  /**
   * cancelOrThrow's work inside the caller's transaction (a workshop
   * cancellation cancels every booking in its own, docs/decisions/063).
   * `refundsDueAt` schedules the online refunds' jobs then instead of now (the
   * caller makes no refund at once); `mail: false` leaves the mail to the caller.
   */
  async cancelInTransactionOrThrow(
    m: EntityManager,
    bookingId: string,
    actor: Actor,
    options: { applyPolicyFee: boolean; expectedRefundCents?: number; reason?: RefundReason; refundsDueAt?: Date; mail?: boolean },
    now: Date,
  ): Promise<{ booking: Booking; refunds: BookingRefund[] }> {
    {
      const booking = await m.findOneBy(Booking, { id: bookingId });
      if (!booking) throw AppError.notFound('Booking');
      if (!isLiveStatus(booking.status)) throw new AppError(ErrorCode.CONFLICT, `This booking is already ${booking.status}`);
      const before = { status: booking.status, paymentStatus: booking.paymentStatus };
      const workshop = await m.findOneByOrFail(Workshop, { id: booking.workshopId });
      const paid = booking.amountPaidCents - booking.amountRefundedCents;
      // The policy's refund, after a transfer too (docs/decisions/066): the same function as the manage page's quote.
      const refundCents = options.applyPolicyFee ? cancellationRefund(workshop.startDate, now, moneyOf(booking), workshop.timeZone).refundCents : paid;
      if (options.expectedRefundCents !== undefined && options.expectedRefundCents !== refundCents) {
        throw new AppError(ErrorCode.CONFLICT, `The refund is now ${formatCents(refundCents)} (it was quoted as ${formatCents(options.expectedRefundCents)}); please review and confirm again`, [
          { field: 'expectedRefund', message: `The refund is now ${formatCents(refundCents)}` },
        ]);
      }
      if (!(await this.bookings.lifecycle.releaseOrThrow(m, booking, BookingStatus.cancelled, now))) throw changedMeanwhile();
      await this.jobs.cancelByKeyPrefix(m, jobKey(booking.id, ''));
      await m
        .createQueryBuilder()
        .update(BookingInstallment)
        .set({ state: InstallmentState.cancelled })
        .where('booking_id = :id AND state IN (:...open)', { id: booking.id, open: [InstallmentState.scheduled, InstallmentState.failed] })
        .execute();
      const refunds = await this.decideRefundsOrThrow(m, booking, refundCents, options.reason ?? RefundReason.cancellation, now, undefined, options.refundsDueAt);
      const owed = refunds.filter((r) => r.state === RefundState.owed).reduce((s, r) => s + r.amountCents, 0);
      const by = actorOf(actor, booking);
      await this.audit?.record(m, {
        ...by,
        action: 'booking.cancelled',
        bookingId: booking.id,
        workshopId: booking.workshopId,
        before: { status: before.status, paymentStatus: before.paymentStatus },
        after: { status: booking.status, paymentStatus: booking.paymentStatus, amountPaidCents: booking.amountPaidCents, amountRefundedCents: booking.amountRefundedCents, refunds: refundsOf(refunds) },
        detail: `Cancelled by the ${actor}${options.applyPolicyFee ? ' under the cancellation policy' : ' with everything refunded'}: ${formatCents(refundCents)} refunded`,
      });
      if (options.mail !== false) await this.bookings.mails?.money(m, BookingMailKind.bookingCancelled, booking, { refundCents, refundOwedCents: owed });
      return { booking, refunds };
    }
  }

  /**
   * Split a refund over the booking's online payments (newest first, each up
   * to what is left of it), the rest owed by the admin for money paid offline.
   * Each online part gets a job that makes it through the provider.
   */
  private async decideRefundsOrThrow(m: EntityManager, booking: Booking, refundCents: number, reason: RefundReason, now: Date, note?: string, dueAt: Date = now): Promise<BookingRefund[]> {
    if (refundCents <= 0) return [];
    const payments = await m.find(BookingPayment, { where: { bookingId: booking.id }, order: { receivedAt: 'DESC' } });
    let left = refundCents;
    const decided: Parameters<BookingService['lifecycle']['recordRefunds']>[2] = [];
    for (const p of payments) {
      if (left <= 0) break;
      if (p.method === PaymentMethod.credit) {
        // Paid with a credit code: given back as a new credit, never as money (docs/decisions/063).
        const part = Math.min(left, p.amountCents - p.refundedCents);
        if (part <= 0) continue;
        decided.push({ amountCents: part, method: PaymentMethod.credit, state: RefundState.succeeded, reason, paymentId: p.id, note });
        left -= part;
        continue;
      }
      if (p.method !== PaymentMethod.card || !p.providerPaymentId) continue;
      const part = Math.min(left, p.amountCents - p.refundedCents);
      if (part <= 0) continue;
      decided.push({ amountCents: part, method: PaymentMethod.card, state: RefundState.pending, reason, paymentId: p.id, providerPaymentId: p.providerPaymentId, note });
      left -= part;
    }
    if (left > 0) decided.push({ amountCents: left, method: PaymentMethod.offline, state: RefundState.owed, reason, note });
    const rows = await this.bookings.lifecycle.recordRefunds(m, booking, decided, now);
    if (!rows) throw changedMeanwhile();
    for (const r of rows) if (r.method === PaymentMethod.credit) await this.creditRefunded?.(m, booking, r, now);
    await this.refunds.scheduleJobs(m, booking.id, rows, dueAt);
    return rows;
  }

  // --- Transfer ----------------------------------------------------------------------

  /**
   * Move a confirmed booking to another workshop with free spots: the fee by
   * the days before the current workshop's start, the new spots claimed
   * atomically, the price replaced; an overpayment is refunded at once, an
   * underpayment becomes the balance (due by the new workshop's balance date).
   */
  async transferOrThrow(bookingId: string, targetId: string, actor: Actor): Promise<Booking> {
    const now = this.clock();
    const { refunds } = await this.db.transaction(async (m) => {
      const booking = await m.findOneBy(Booking, { id: bookingId });
      if (!booking) throw AppError.notFound('Booking');
      if (booking.status !== BookingStatus.confirmed) throw new AppError(ErrorCode.CONFLICT, `A ${booking.status} booking cannot be transferred`);
      const from = await m.findOneByOrFail(Workshop, { id: booking.workshopId });
      const q = transferQuote(from.startDate, now, from.timeZone);
      if (!q.allowed) throw new AppError(ErrorCode.CONFLICT, `Transfers close 30 days before the start (${q.daysBeforeStart} days to go)`);
      const target = typeof targetId === 'string' ? await m.findOneBy(Workshop, { id: targetId }) : null;
      if (!target) throw AppError.invalid([{ field: 'workshopId', message: 'workshopId must be another workshop' }]);
      // The one computation the options showed (docs/decisions/066): the money moved, the cap written, the mail's figures.
      const terms = transferTerms(booking, from, target, now);
      if (terms.problem) throw AppError.invalid([{ field: 'workshopId', message: terms.problem }]);
      const { newTotalCents, settlement: st } = terms;
      const moved = await this.bookings.lifecycle.moveOrThrow(m, booking, target, {
        totalCents: newTotalCents,
        feeCents: st.feesAfterCents,
        refundCapCents: st.refundCapCents,
        refundCapPaidCents: st.refundCapPaidCents,
      }, now);
      if (!moved) {
        // The claim refuses a workshop cancelled since it was read, as one without free spots: say which.
        const latest = await m.findOneBy(Workshop, { id: target.id });
        if (latest?.cancelledAt) throw AppError.invalid([{ field: 'workshopId', message: `${target.name} was cancelled: it is no destination for a transfer` }]);
        throw new AppError(ErrorCode.SOLD_OUT, `${target.name} does not have ${booking.numParticipants} free spots`, [{ field: 'workshopId', message: 'Not enough free spots' }]);
      }
      await this.jobs.cancelByKeyPrefix(m, jobKey(booking.id, ''));
      const refunds = await this.decideRefundsOrThrow(m, booking, st.refundNowCents, RefundReason.transfer, now);
      if (booking.balanceCents !== st.balanceCents) throw new Error(`transfer: the booking's balance ${booking.balanceCents} is not the quoted ${st.balanceCents}`);
      await this.replanOrThrow(m, booking, target, now);
      await this.bookings.mails?.money(m, BookingMailKind.bookingTransferred, booking, {
        fromWorkshopName: from.name,
        transferFeeCents: st.transferFeeCents,
        refundCents: st.refundNowCents,
        keptCents: st.keptCents,
        dueCents: st.balanceCents,
        dueDate: terms.dueDate ?? undefined,
        cancelBeforeCents: terms.text.cancelBeforeCents,
        cancelAfterCents: terms.text.cancelAfterCents,
        today: terms.text.today,
      });
      await this.audit?.record(m, {
        ...actorOf(actor, booking),
        action: 'booking.transferred',
        bookingId: booking.id,
        workshopId: target.id,
        before: { workshopId: from.id },
        after: { workshopId: target.id, totalCents: newTotalCents, feeCents: st.feesAfterCents, refundCapCents: st.refundCapCents, refunds: refundsOf(refunds) },
        detail: `Moved from ${from.name} to ${target.name}${st.transferFeeCents ? ` with a ${formatCents(st.transferFeeCents)} fee` : ''}${st.refundNowCents > 0 ? `, ${formatCents(st.refundNowCents)} refunded` : ''}${st.keptCents > 0 ? `, ${formatCents(st.keptCents)} kept under the cancellation policy` : ''}`,
      });
      this.logger.info({ bookingId, actor, from: from.id, to: target.id }, 'booking transferred');
      return { refunds };
    });
    await this.refunds.makeNow(refunds);
    return this.bookings.getByIdOrThrow(bookingId);
  }

  /**
   * After a transfer: a plan's unpaid installments are spread again over the
   * months before the new balance due date (the balance due now when none
   * fits); other bookings with a balance get the new date's reminders.
   */
  private async replanOrThrow(m: EntityManager, booking: Booking, workshop: Workshop, now: Date): Promise<void> {
    const balance = booking.balanceCents;
    const due = balanceDueDate(workshop.startDate);
    const today = localDate(now, workshop.timeZone);
    if (booking.paymentOption === 'payment_plan') {
      const schedule = await m.find(BookingInstallment, { where: { bookingId: booking.id }, order: { number: 'ASC' } });
      const open = schedule.filter((i) => i.state === InstallmentState.scheduled || i.state === InstallmentState.failed);
      await m.createQueryBuilder().delete().from(BookingInstallment).where('booking_id = :id AND state IN (:...open)', { id: booking.id, open: [InstallmentState.scheduled, InstallmentState.failed] }).execute();
      if (balance <= 0) return;
      const dates: string[] = [];
      for (let k = 1; k <= Math.max(1, open.length); k++) {
        const d = addMonths(today, k);
        if (d > due) break;
        dates.push(d);
      }
      if (!dates.length) dates.push(today);
      const each = Math.ceil(balance / dates.length);
      let number = schedule.filter((i) => i.state === InstallmentState.paid).reduce((n, i) => Math.max(n, i.number), 0);
      for (const [idx, d] of dates.entries()) {
        number++;
        const amountCents = idx < dates.length - 1 ? each : balance - each * (dates.length - 1);
        await m.insert(BookingInstallment, { id: crypto.randomUUID(), bookingId: booking.id, number, dueDate: d, amountCents, state: InstallmentState.scheduled, failedAttempts: 0, lastError: null, paidAt: null });
        await this.scheduleInstallment(m, booking.id, number, d, now);
      }
      return;
    }
    if (balance > 0) await this.scheduleBalanceWork(m, booking.id, due, now);
  }

  // --- The admin -----------------------------------------------------------------------

  /** Refund part or all of what was received (not more than is left), through the provider for online money. */
  async adminRefundOrThrow(bookingId: string, amountCents: number, note?: string): Promise<Booking> {
    const now = this.clock();
    const refunds = await this.db.transaction(async (m) => {
      const booking = await m.findOneBy(Booking, { id: bookingId });
      if (!booking) throw AppError.notFound('Booking');
      const left = booking.amountPaidCents - booking.amountRefundedCents;
      if (!Number.isSafeInteger(amountCents) || amountCents <= 0 || amountCents > left) {
        throw AppError.invalid([{ field: 'amount', message: `amount must be more than $0 and at most ${formatCents(left)} (received and not yet refunded)` }]);
      }
      const rows = await this.decideRefundsOrThrow(m, booking, amountCents, RefundReason.admin, now, note);
      await this.audit?.record(m, {
        ...ADMIN_ACTOR,
        action: 'refund.issued',
        bookingId: booking.id,
        workshopId: booking.workshopId,
        before: { amountRefundedCents: booking.amountRefundedCents - amountCents },
        after: { amountRefundedCents: booking.amountRefundedCents, refunds: refundsOf(rows) },
        detail: `${formatCents(amountCents)} refunded by the admin${note ? `: ${note}` : ''}`,
      });
      const owed = rows.filter((r) => r.state === RefundState.owed).reduce((s, r) => s + r.amountCents, 0);
      await this.bookings.mails?.money(m, BookingMailKind.refundIssued, booking, { refundCents: amountCents, refundOwedCents: owed });
      return rows;
    });
    await this.refunds.makeNow(refunds);
    return this.bookings.getByIdOrThrow(bookingId);
  }

  /** The admin paid back an owed (offline) refund. */
  async markRefundDoneOrThrow(refundId: string): Promise<Booking> {
    const refund = typeof refundId === 'string' ? await this.db.manager.findOneBy(BookingRefund, { id: refundId }) : null;
    if (!refund) throw AppError.notFound('Refund');
    const done = await this.db.transaction(async (m) => {
      const result = await m
        .createQueryBuilder()
        .update(BookingRefund)
        .set({ state: RefundState.done, completedAt: this.clock() })
        .where('id = :id AND state = :owed', { id: refund.id, owed: RefundState.owed })
        .execute();
      if (result.affected === 1) {
        await this.audit?.record(m, {
          ...ADMIN_ACTOR,
          action: 'refund.marked_done',
          bookingId: refund.bookingId,
          before: { refundId: refund.id, state: RefundState.owed },
          after: { refundId: refund.id, state: RefundState.done },
          detail: `${formatCents(refund.amountCents)} paid back outside the payment provider`,
        });
      }
      return result;
    });
    if (done.affected !== 1) throw new AppError(ErrorCode.CONFLICT, `This refund is ${refund.state}, not owed`);
    return this.bookings.getByIdOrThrow(refund.bookingId);
  }

  /** Live bookings whose balance or an installment is past due. */
  async overdueBookings(): Promise<Booking[]> {
    const now = this.clock();
    const live = await this.db.manager.find(Booking, { where: { status: BookingStatus.confirmed }, relations: { workshop: true }, order: { createdAt: 'ASC' } });
    const failed = new Set(
      (await this.db.manager.find(BookingInstallment, { where: { state: InstallmentState.failed } })).map((i) => i.bookingId),
    );
    const late = new Set(
      (await this.db.manager.createQueryBuilder(BookingInstallment, 'i').where('i.state = :s', { s: InstallmentState.scheduled }).andWhere('i.dueDate < :today', { today: localDate(now) }).getMany()).map((i) => i.bookingId),
    );
    return live.filter((b) => {
      if (b.balanceCents <= 0) return false;
      if (b.paymentOption === 'payment_plan') return failed.has(b.id) || late.has(b.id);
      const w = b.workshop!;
      return localDate(now, w.timeZone) > balanceDueDate(w.startDate);
    });
  }

  // --- After a payment (in its transaction) ------------------------------------------

  private async afterPayment(m: EntityManager, booking: Booking, payment: PaymentReceived & { id: string }, previous: BookingStatus, now: Date): Promise<BookingRefund[]> {
    // The admin's recorded payments are audited as the admin's action (booking.payment_recorded).
    if (payment.source === 'provider') {
      await this.audit?.record(m, {
        ...SYSTEM_ACTOR,
        action: 'payment.received',
        bookingId: booking.id,
        workshopId: booking.workshopId,
        before: { amountPaidCents: booking.amountPaidCents - payment.amountCents, status: previous },
        after: { amountPaidCents: booking.amountPaidCents, status: booking.status, paymentStatus: booking.paymentStatus },
        detail: `${formatCents(payment.amountCents)} ${payment.purpose === PaymentPurpose.installment ? `for installment ${payment.installmentNumber}` : `(${payment.purpose})`} through ${payment.providerPaymentId ?? 'the payment provider'}`,
      });
    }
    // Money for a cancelled booking (the lifecycle kept its status): all of it goes back.
    if (!isLiveStatus(booking.status)) return this.refundLatePaymentOrThrow(m, booking, payment, now);
    if (payment.installmentNumber) {
      await m
        .createQueryBuilder()
        .update(BookingInstallment)
        .set({ state: InstallmentState.paid, paidAt: now, lastError: null })
        .where('booking_id = :id AND number = :n', { id: booking.id, n: payment.installmentNumber })
        .execute();
    }
    if (booking.status !== BookingStatus.confirmed) return [];
    const workshop = await m.findOneByOrFail(Workshop, { id: booking.workshopId });
    if (booking.balanceCents <= 0) {
      // Paid in full: nothing left to remind or charge.
      await this.jobs.cancelByKeyPrefix(m, jobKey(booking.id, 'balance'));
      return [];
    }
    if (previous === BookingStatus.confirmed) return []; // the schedule exists since the first payment
    if (booking.paymentOption === 'payment_plan') {
      const schedule = await m.find(BookingInstallment, { where: { bookingId: booking.id }, order: { number: 'ASC' } });
      for (const i of schedule) if (i.state === InstallmentState.scheduled) await this.scheduleInstallment(m, booking.id, i.number, i.dueDate, now);
    } else {
      await this.scheduleBalanceWork(m, booking.id, balanceDueDate(workshop.startDate), now);
    }
    return [];
  }

  /**
   * Money that arrived for a cancelled booking (a checkout or an off-session
   * charge that completed after the cancel committed) or for an expired hold
   * of a cancelled workshop, in its payment's transaction: refunded in full
   * through the refund claim (a row and its job, made at once by the caller
   * when it can be), audited, and mailed (docs/decisions/065).
   */
  private async refundLatePaymentOrThrow(m: EntityManager, booking: Booking, payment: PaymentReceived & { id: string }, now: Date): Promise<BookingRefund[]> {
    const workshop = await m.findOneByOrFail(Workshop, { id: booking.workshopId });
    const lateFor = workshop.cancelledAt ? 'workshop' : 'booking';
    const after = `the ${lateFor} was cancelled`;
    const online = Boolean(payment.providerPaymentId);
    const rows = await this.bookings.lifecycle.recordRefunds(
      m,
      booking,
      [
        {
          amountCents: payment.amountCents,
          method: online ? PaymentMethod.card : PaymentMethod.offline,
          state: online ? RefundState.pending : RefundState.owed,
          reason: RefundReason.late_payment,
          paymentId: payment.id,
          providerPaymentId: payment.providerPaymentId ?? null,
          note: `Paid after ${after}: refunded in full`,
        },
      ],
      now,
    );
    if (!rows) throw changedMeanwhile();
    await this.refunds.scheduleJobs(m, booking.id, rows, now);
    await this.audit?.record(m, {
      ...SYSTEM_ACTOR,
      action: 'refund.issued',
      bookingId: booking.id,
      workshopId: booking.workshopId,
      before: { status: booking.status, amountRefundedCents: booking.amountRefundedCents - payment.amountCents },
      after: { status: booking.status, amountRefundedCents: booking.amountRefundedCents, refunds: refundsOf(rows) },
      detail: `${formatCents(payment.amountCents)} paid after ${after}: refunded in full`,
    });
    await this.bookings.mails?.money(m, BookingMailKind.latePaymentRefunded, booking, {
      refundCents: payment.amountCents,
      refundOwedCents: online ? 0 : payment.amountCents,
      lateFor,
    });
    return rows;
  }

  private async scheduleInstallment(m: EntityManager, bookingId: string, number: number, dueDate: string, now: Date): Promise<void> {
    const dueAt = at(dueDate);
    await this.jobs.schedule(m, { kind: ACCOUNT_JOBS.installmentCharge, key: jobKey(bookingId, `installment:${number}`), dueAt: dueAt < now ? now : dueAt, payload: { bookingId, number } });
  }

  /** The balance reminders (14 and 3 days before the due date) and the overdue notice (the day after). */
  private async scheduleBalanceWork(m: EntityManager, bookingId: string, dueDate: string, now: Date): Promise<void> {
    for (const days of BALANCE_REMINDER_DAYS) {
      const when = at(addDays(dueDate, -days));
      if (when <= now) continue; // booked (or moved) too late for this one
      await this.jobs.schedule(m, { kind: ACCOUNT_JOBS.balanceReminder, key: jobKey(bookingId, `balance:reminder:${dueDate}:${days}`), dueAt: when, payload: { bookingId, days, dueDate } });
    }
    const overdue = at(addDays(dueDate, 1));
    await this.jobs.schedule(m, { kind: ACCOUNT_JOBS.balanceOverdue, key: jobKey(bookingId, `balance:overdue:${dueDate}`), dueAt: overdue < now ? now : overdue, payload: { bookingId, dueDate } });
  }

  // --- Scheduled work ------------------------------------------------------------------

  /**
   * Charge one installment to the saved card, exactly once: the booking's
   * payment slot is claimed first (no checkout can be paid meanwhile), the
   * idempotency key names the installment and the attempt (a re-run after a
   * crash gets the same PaymentIntent back), and the PaymentIntent id is unique
   * in the ledger (the webhook and this run record it once between them).
   */
  private async runInstallmentCharge(job: ClaimedJob): Promise<JobOutcome> {
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
    const open = schedule.filter((i) => i.state === InstallmentState.scheduled || i.state === InstallmentState.failed);
    // The last open installment takes whatever is left (rounding, a transfer); none takes more than the balance.
    const amountCents = open.length === 1 ? booking.balanceCents : Math.min(installment.amountCents, booking.balanceCents);
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
      return { retryAt: at(addDays(installment.dueDate, INSTALLMENT_RETRY_DAYS[installment.failedAttempts])), note: `declined: ${result.code}` };
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
      .where('id = :id AND failed_attempts = :before AND state IN (:...open)', { id: installment.id, before: installment.failedAttempts, open: [InstallmentState.scheduled, InstallmentState.failed] })
      .execute();
    if (changed.affected !== 1) return;
    const extra = { installmentNumber: installment.number, dueCents: Math.min(installment.amountCents, booking.balanceCents), failure: reason, retriesLeft: last ? 0 : INSTALLMENT_RETRY_DAYS.length - installment.failedAttempts };
    await this.bookings.mails?.money(m, BookingMailKind.installmentFailed, booking, extra);
    if (last) await this.bookings.mails?.money(m, BookingMailKind.adminInstallmentFailed, booking, extra, 'admin');
  }

  /** A succeeded off-session PaymentIntent of ours: apply it to its booking once (the run or the webhook). */
  private async recordOffSession(pi: PaymentIntentInfo): Promise<void> {
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
        await this.refunds.makeNow(done);
        return;
      }
    }
    throw new Error(`could not record payment ${pi.id}: the booking kept changing`);
  }

  private async offSessionSucceeded(pi: PaymentIntentInfo): Promise<void> {
    await this.recordOffSession(pi);
  }

  /** Refunds made outside the site (the provider's dashboard) join the ledger; ours are already there. */
  private async chargeRefunded(charge: NonNullable<PaymentWebhookEvent['charge']>): Promise<void> {
    if (!charge.paymentIntentId) return;
    const payment = await this.db.manager.findOneBy(BookingPayment, { providerPaymentId: charge.paymentIntentId });
    if (!payment) return;
    for (const r of charge.refunds) {
      if (r.status !== 'succeeded' && r.status !== 'pending') continue;
      // One of ours: its maker records it; this finishes a claim whose maker never heard the answer.
      if (r.metadata.refund_id && r.status === 'succeeded') await this.refunds.complete(r.metadata.refund_id, r.id);
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

  private async runBalanceReminder(job: ClaimedJob): Promise<JobOutcome> {
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

  private async runBalanceOverdue(job: ClaimedJob): Promise<JobOutcome> {
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

/** The refunds of one action, as its audit row lists them. */
function refundsOf(refunds: BookingRefund[]): Array<Record<string, unknown>> {
  return refunds.map((r) => ({ refundId: r.id, amountCents: r.amountCents, method: r.method, state: r.state, reason: r.reason }));
}

function actorOf(actor: Actor, booking: Booking): AuditActor {
  return actor === 'admin' ? ADMIN_ACTOR : actor === 'customer' ? customerActor(booking.customerEmail) : SYSTEM_ACTOR;
}

/** A booking changed between our read and our compare-and-set (a payment landed, another action): nothing was written. */
export class BookingChangedMeanwhileError extends AppError {
  constructor() {
    super(ErrorCode.CONFLICT, 'The booking changed meanwhile; reload and try again');
  }
}

function changedMeanwhile(): AppError {
  return new BookingChangedMeanwhileError();
}

/** The quote in one sentence (the manage page shows it above the confirm button). */
export function cancellationExplanation(days: number, percent: number, feeCents: number, paidCents: number, refundCents: number, keptFeesCents = 0, capCents: number | null = null): string {
  const when = days >= 0 ? `${days} days before the start` : 'after the start';
  if (percent === 0) return `Cancelling ${when} gives no refund under our cancellation policy (under ${POLICY.cancellationTiers[2].minDaysBefore} days).`;
  const fee = feeCents ? ` minus the ${formatCents(feeCents)} cancellation fee` : '';
  const paid = keptFeesCents ? `the ${formatCents(paidCents)} you have paid toward the price (the ${formatCents(keptFeesCents)} of fees are kept)` : `the ${formatCents(paidCents)} you have paid`;
  const capped = capCents !== null && refundCents === capCents ? `, capped by your transfer at what cancelling your original booking returned that day` : '';
  return `Cancelling ${when} refunds ${percent}% of ${paid}${fee}${capped}: ${formatCents(refundCents)}.`;
}
