import crypto from 'node:crypto';
import type { EntityManager } from 'typeorm';
import type { Database } from '../infrastructure/db/data-source';
import type { Logger } from '../infrastructure/logger';
import { AppError, ErrorCode } from '../infrastructure/errors';
import { formatCents } from '../shared/money';
import { BookingStatus } from '../shared/booking-status';
import { Booking } from '../booking/booking.entity';
import type { BookingService, CreditRedeemer } from '../booking/booking.service';
import type { BookingEventMap } from '../booking/booking-events';
import { BookingPayment, BookingRefund, PaymentMethod, PaymentPurpose, RefundReason, RefundState } from '../booking/ledger.entities';
import type { RefundMaker } from '../money/refund-maker';
import type { BookingAccountService } from '../money/booking-account.service';
import type { BookingAccount } from '../money/booking-account.types';
import { PaymentProviderUnavailableError } from '../payment/payment-provider';
import type { JobScheduler } from '../infrastructure/jobs/job.types';
import { type AuditLog, customerActor, SYSTEM_ACTOR } from '../audit/audit-log.service';
import { Credit, CreditState } from './credit.entity';

/** Days a customer of a cancelled workshop has to choose a credit or a refund now; then the refund is made. */
export const CREDIT_CHOICE_DAYS = 14;

/** Letters and digits that cannot be misread (no 0/O, 1/I/L): a code read aloud or copied by hand still works. */
const CODE_ALPHABET = '23456789ABCDEFGHJKMNPQRSTUVWXYZ';

/** Random symbols of a new code: 31^12, about 59 bits (issue 21 finding 12; codes issued before have 8, about 40 bits). */
export const CREDIT_CODE_SYMBOLS = 12;

/**
 * WL-XXXX-XXXX-XXXX: 12 symbols drawn evenly from the alphabet (crypto.randomInt,
 * no modulo bias); guessing is further held back by the per-client limit on
 * credit-code lookups (transport/rate-limits.ts).
 */
export function newCreditCode(): string {
  const symbols = Array.from({ length: CREDIT_CODE_SYMBOLS }, () => CODE_ALPHABET[crypto.randomInt(CODE_ALPHABET.length)]).join('');
  return `WL-${groupsOfFour(symbols)}`;
}

/**
 * A code as typed ("wl 7kq3m9xd4hpt", "WL-7KQ3-M9XD-4HPT ") in its stored form, or
 * null when it cannot be one. The 8-symbol codes issued before (WL-7KQ3-M9XD)
 * stay redeemable.
 */
export function normalizeCreditCode(typed: string): string | null {
  const s = typed.toUpperCase().replace(/[\s-]/g, '');
  const m = /^WL([2-9A-Z]{8}|[2-9A-Z]{12})$/.exec(s);
  return m ? `WL-${groupsOfFour(m[1])}` : null;
}

const groupsOfFour = (symbols: string): string => symbols.match(/.{1,4}/g)!.join('-');

/**
 * One answer for a code that does not exist and one that was used (by an earlier
 * booking, or by a parallel one that won the compare-and-set): a caller cannot
 * tell a real code from a guess (issue 21 finding 12).
 */
const unusableCode = () => AppError.invalid([{ field: 'creditCode', message: 'creditCode is not a valid credit code or has been used' }]);

/** What a customer of a cancelled workshop may still choose (the manage page, docs/decisions/063). */
export interface CreditChoice {
  /** Online refunds waiting for the choice plus offline refunds still owed, in cents. */
  amountCents: number;
  /** When the waiting refunds are made if the customer does nothing (YYYY-MM-DD, UTC). */
  refundDate: string | null;
  /** Pending online refunds (they can be made now). */
  onlineCents: number;
}

/** When the waiting online refunds are made (their jobs' time); null when none waits (only offline money owed). */
function choiceEnds(refunds: BookingRefund[]): number | null {
  const pending = refunds.filter((r) => r.state === RefundState.pending).map((r) => r.createdAt.getTime());
  return pending.length ? Math.min(...pending) + CREDIT_CHOICE_DAYS * 86_400_000 : null;
}

/** Why no choice is left: the refund is being made or made, a credit was taken, or nothing waits. */
function choiceMadeError(refunds: BookingRefund[]): AppError {
  const workshop = refunds.filter((r) => r.reason === RefundReason.workshop_cancelled);
  if (workshop.some((r) => r.state === RefundState.processing)) return new AppError(ErrorCode.REFUND_ALREADY_CLAIMED, 'The refund to your card is being made already: a credit can no longer be chosen instead');
  if (workshop.some((r) => r.state === RefundState.credited)) return new AppError(ErrorCode.REFUND_ALREADY_CLAIMED, 'You took a credit instead of this refund already');
  return new AppError(ErrorCode.NO_REFUND_WAITING, 'No refund is waiting for your choice on this booking: it was made already');
}

/** Two choices at once (two windows, or the refund falling due): the first one claimed stands. */
function choiceRacedError(): AppError {
  return new AppError(ErrorCode.REFUND_ALREADY_CLAIMED, 'Your refund was just claimed by another request (refund to your card or credit): reload the page to see which');
}

const isWorkshopRefund = (r: BookingRefund) => r.reason === RefundReason.workshop_cancelled && (r.state === RefundState.pending || r.state === RefundState.owed);

/**
 * Credits (docs/decisions/063): issued instead of the refund of a cancelled
 * workshop, used once on any later booking. The booking's transaction applies
 * a code (BookingService's CreditRedeemer) with a compare-and-set on the
 * credit; a held booking whose hold lapses gives its credit back.
 */
export class CreditsService implements CreditRedeemer {
  constructor(
    private readonly db: Database,
    private readonly bookings: BookingService,
    private readonly refunds: RefundMaker,
    /** The manage page's read model: what the customer sees after choosing. */
    private readonly accounts: Pick<BookingAccountService, 'accountOrThrow'>,
    private readonly jobs: JobScheduler,
    private readonly clock: () => Date,
    private readonly logger: Logger,
    private readonly audit: AuditLog | null = null,
  ) {}

  /** The credits issued from a booking's refunds (its manage page). */
  creditsOf(bookingId: string): Promise<Credit[]> {
    return this.db.manager.find(Credit, { where: { sourceBookingId: bookingId }, order: { issuedAt: 'ASC' } });
  }

  /** The manage page's credits section: the credits issued from the booking and the choice it still offers. */
  async creditsAndChoiceOf(bookingId: string): Promise<{ credits: Credit[]; choice: CreditChoice | null }> {
    const [credits, choice] = await Promise.all([this.creditsOf(bookingId), this.choiceOf(bookingId)]);
    return { credits, choice };
  }

  /** The choice a booking of a cancelled workshop still offers; null when there is none (made, or past the 14 days). */
  async choiceOf(bookingId: string): Promise<CreditChoice | null> {
    const refunds = (await this.db.manager.find(BookingRefund, { where: { bookingId } })).filter(isWorkshopRefund);
    const until = choiceEnds(refunds);
    if (!refunds.length || (until !== null && this.clock().getTime() >= until)) return null;
    const pending = refunds.filter((r) => r.state === RefundState.pending);
    return {
      amountCents: refunds.reduce((s, r) => s + r.amountCents, 0),
      onlineCents: pending.reduce((s, r) => s + r.amountCents, 0),
      refundDate: until === null ? null : new Date(until).toISOString().slice(0, 10),
    };
  }

  /**
   * "Refund to my card now": the waiting online refunds of a cancelled
   * workshop are claimed together in one transaction (pending -> processing,
   * docs/decisions/065), then made. A credit taken meanwhile, or another
   * window's "refund now", makes the claim fail: REFUND_ALREADY_CLAIMED, nothing sent to
   * the provider. The provider unreachable after the claim: the refund stays
   * claimed (shown as being made) and its job makes it when the provider answers.
   * Answers the manage page as it is after.
   */
  async refundNowOrThrow(bookingId: string): Promise<BookingAccount> {
    const now = this.clock();
    const claimed = await this.db.transaction(async (m) => {
      const refunds = await m.find(BookingRefund, { where: { bookingId, reason: RefundReason.workshop_cancelled } });
      const pending = refunds.filter((r) => r.state === RefundState.pending);
      if (!pending.length) throw choiceMadeError(refunds);
      for (const r of pending) if (!(await this.refunds.claim(m, r.id, now))) throw choiceRacedError();
      return pending;
    });
    for (const r of claimed) {
      try {
        const outcome = await this.refunds.makeClaimed(r.id);
        this.logger.info({ bookingId, refundId: r.id, outcome }, 'workshop refund made on request');
      } catch (e) {
        if (!(e instanceof PaymentProviderUnavailableError)) throw e;
        this.logger.warn({ bookingId, refundId: r.id, err: e.message }, 'workshop refund claimed on request; its job makes it when the provider answers');
      }
    }
    return this.accounts.accountOrThrow(bookingId);
  }

  /**
   * "Take a credit instead": the waiting refunds of a cancelled workshop (online
   * ones not yet made, offline ones still owed) are replaced by one credit for
   * their sum, in one transaction. Each replaced refund becomes `credited` (no
   * longer counted on its payment) and one refund row of method `credit` takes
   * its place in the booking's refunded total, so the total is unchanged.
   * Answers the credit and the manage page as it is after.
   */
  async chooseCreditOrThrow(bookingId: string): Promise<{ credit: Credit; account: BookingAccount }> {
    const now = this.clock();
    const credit = await this.db.transaction(async (m) => {
      const booking = await m.findOneBy(Booking, { id: bookingId });
      if (!booking) throw AppError.notFound('Booking');
      const all = await m.find(BookingRefund, { where: { bookingId } });
      const refunds = all.filter(isWorkshopRefund);
      const until = choiceEnds(refunds);
      if (!refunds.length || (until !== null && now.getTime() >= until)) throw choiceMadeError(all);
      let total = 0;
      for (const r of refunds) {
        const changed = await m
          .createQueryBuilder()
          .update(BookingRefund)
          .set({ state: RefundState.credited, completedAt: now, note: 'Replaced by a credit at the customer’s choice' })
          .where('id = :id AND state = :state', { id: r.id, state: r.state })
          .execute();
        // Claimed meanwhile ("refund now" in another window, the refund job): that decision stands.
        if (changed.affected !== 1) throw choiceRacedError();
        if (r.paymentId) {
          await m.createQueryBuilder().update(BookingPayment).set({ refundedCents: () => `refunded_cents - ${Math.trunc(r.amountCents)}` }).where('id = :id', { id: r.paymentId }).execute();
        }
        await this.jobs.cancelByKeyPrefix(m, `booking:${bookingId}:refund:${r.id}`);
        total += r.amountCents;
      }
      const credit = await this.issue(m, { amountCents: total, sourceBookingId: booking.id, customerEmail: booking.customerEmail }, now, customerActor(booking.customerEmail), booking.workshopId);
      await m.insert(BookingRefund, {
        id: crypto.randomUUID(),
        bookingId: booking.id,
        paymentId: null,
        amountCents: total,
        method: PaymentMethod.credit,
        state: RefundState.succeeded,
        reason: RefundReason.workshop_cancelled,
        providerPaymentId: null,
        providerRefundId: null,
        note: `Credit ${credit.code}`,
        lastError: null,
        createdAt: now,
        completedAt: now,
      });
      this.logger.info({ bookingId, creditId: credit.id, amountCents: total }, 'refund replaced by a credit');
      return credit;
    });
    return { credit, account: await this.accounts.accountOrThrow(bookingId) };
  }

  /** A new credit, audited in the caller's transaction. */
  async issue(m: EntityManager, c: { amountCents: number; sourceBookingId: string; customerEmail: string }, now: Date, actor = SYSTEM_ACTOR, workshopId?: string): Promise<Credit> {
    const credit = m.create(Credit, {
      id: crypto.randomUUID(),
      code: newCreditCode(),
      amountCents: c.amountCents,
      sourceBookingId: c.sourceBookingId,
      customerEmail: c.customerEmail,
      state: CreditState.issued,
      issuedAt: now,
      usedByBookingId: null,
      usedAt: null,
    });
    await m.insert(Credit, credit);
    await this.audit?.record(m, {
      ...actor,
      action: 'credit.issued',
      bookingId: c.sourceBookingId,
      workshopId,
      after: { creditId: credit.id, amountCents: credit.amountCents, state: credit.state },
      detail: `Credit of ${formatCents(credit.amountCents)} issued`,
    });
    return credit;
  }

  /**
   * Apply a credit code to a new (held) booking in its transaction: the credit
   * moves issued -> used with a compare-and-set (two bookings with one code:
   * one wins, the other gets the 422 naming creditCode that an unknown code
   * gets), then it is recorded as a
   * payment. Covering the first payment confirms the booking; less leaves it
   * held with the rest due at checkout (dueNowCents). More than the total: the
   * rest becomes a new credit.
   */
  async redeemOrThrow(m: EntityManager, typed: string, booking: Booking, now: Date): Promise<Booking> {
    const code = normalizeCreditCode(typed);
    const credit = code ? await m.findOneBy(Credit, { code }) : null;
    if (!credit) throw unusableCode();
    const used = await m
      .createQueryBuilder()
      .update(Credit)
      .set({ state: CreditState.used, usedByBookingId: booking.id, usedAt: now })
      .where('id = :id AND state = :issued', { id: credit.id, issued: CreditState.issued })
      .execute();
    if (used.affected !== 1) throw unusableCode();
    const owed = booking.totalCents + booking.feeCents;
    const applied = Math.min(credit.amountCents, owed);
    const keepHold = applied < booking.dueNowCents;
    const result = await this.bookings.lifecycle.applyPaymentOrThrow(
      m,
      booking,
      {
        amountCents: applied,
        source: 'admin',
        method: PaymentMethod.credit,
        purpose: PaymentPurpose.credit,
        // A plan's first installment is what the credit paid when it covers it.
        installmentNumber: !keepHold && booking.paymentOption === 'payment_plan' ? 1 : null,
        note: `Credit ${credit.code}`,
        keepHold,
      },
      now,
    );
    if (result === null || result === 'duplicate') throw new AppError(ErrorCode.BOOKING_CHANGED, 'The booking changed meanwhile; try again');
    const after = result.booking;
    if (keepHold) {
      after.dueNowCents = booking.dueNowCents - applied;
      await m.update(Booking, { id: booking.id }, { dueNowCents: after.dueNowCents });
    }
    await this.audit?.record(m, {
      ...customerActor(booking.customerEmail),
      action: 'credit.used',
      bookingId: booking.id,
      workshopId: booking.workshopId,
      before: { creditId: credit.id, state: CreditState.issued },
      after: { creditId: credit.id, state: CreditState.used, appliedCents: applied, status: after.status, paymentStatus: after.paymentStatus },
      detail: `Credit of ${formatCents(credit.amountCents)} applied: ${formatCents(applied)}${keepHold ? `, ${formatCents(after.dueNowCents)} left to pay at checkout` : ''}`,
    });
    if (credit.amountCents > applied) {
      await this.issue(m, { amountCents: credit.amountCents - applied, sourceBookingId: booking.id, customerEmail: booking.customerEmail }, now, SYSTEM_ACTOR, booking.workshopId);
    }
    return after;
  }

  /** refundDecided: money a credit code paid, refunded (a cancellation, a refund), becomes a new credit, named on the refund row. */
  async reissue({ m, booking, refund, now }: BookingEventMap['refundDecided']): Promise<void> {
    if (refund.method !== PaymentMethod.credit) return;
    const credit = await this.issue(m, { amountCents: refund.amountCents, sourceBookingId: booking.id, customerEmail: booking.customerEmail }, now, SYSTEM_ACTOR, booking.workshopId);
    refund.note = `Credit ${credit.code}`;
    await m.update(BookingRefund, { id: refund.id }, { note: refund.note });
  }

  /** A held booking that used a credit lapsed unpaid: the credit is usable again, and the ledger says so. */
  async giveBack({ m, booking, now }: BookingEventMap['holdLapsed']): Promise<void> {
    const credits = await m.find(Credit, { where: { usedByBookingId: booking.id, state: CreditState.used } });
    if (!credits.length) return;
    const payments = await m.find(BookingPayment, { where: { bookingId: booking.id, method: PaymentMethod.credit } });
    for (const c of credits) {
      await m.createQueryBuilder().update(Credit).set({ state: CreditState.issued, usedByBookingId: null, usedAt: null }).where('id = :id AND state = :used', { id: c.id, used: CreditState.used }).execute();
    }
    const back = payments.reduce((s, p) => s + p.amountCents - p.refundedCents, 0);
    if (back > 0 && booking.status !== BookingStatus.held) {
      await this.bookings.lifecycle.recordRefunds(
        m,
        booking,
        payments.map((p) => ({ amountCents: p.amountCents - p.refundedCents, method: PaymentMethod.credit, state: RefundState.succeeded, reason: RefundReason.credit_returned, paymentId: p.id, note: 'The credit is usable again' })),
        now,
      );
    }
  }
}
