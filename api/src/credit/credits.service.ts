import crypto from 'node:crypto';
import { type EntityManager, In } from 'typeorm';
import type { Database } from '../infrastructure/db/data-source';
import type { Logger } from '../infrastructure/logger';
import { AppError, ErrorCode } from '../infrastructure/errors';
import { formatCents } from '../shared/money';
import { Booking } from '../booking/booking.entity';
import type { BookingEventMap } from '../booking/booking-events';
import { BookingPayment, BookingRefund, PaymentMethod, RefundReason, RefundState } from '../booking/ledger.entities';
import type { RefundMaker } from '../money/refund-maker';
import type { BookingAccountService } from '../money/booking-account.service';
import type { BookingAccount } from '../money/booking-account.types';
import { PaymentProviderUnavailableError } from '../payment/payment-provider';
import type { JobScheduler } from '../infrastructure/jobs/job.types';
import { type AuditLog, customerActor, SYSTEM_ACTOR } from '../audit/audit-log.service';
import { GiftCard, GiftCardKind, GiftCardState, GiftCardUse } from '../gift-card/gift-card.entity';
import { addYears, GIFT_CARD_VALID_YEARS } from '../gift-card/gift-card.service';
import { newCreditCode } from '../gift-card/codes';
import { Credit } from './credit.entity';

/** Days a customer of a cancelled workshop has to choose a credit or a refund now; then the refund is made. */
export const CREDIT_CHOICE_DAYS = 14;

// The code families live with the balances they open (gift-card/codes.ts); re-exported for the credit's callers.
export { CREDIT_CODE_SYMBOLS, newCreditCode, normalizeCreditCode } from '../gift-card/codes';

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
 * workshop (or for money a code paid on a booking that was refunded). Since
 * issue 27 a credit is a `gift_cards` row of kind `credit` (docs/decisions/095,
 * amendment): the GiftCardService spends it in parts (the booking form, the
 * manage page) with the cards' compare-and-set and gives back what a lapsed
 * hold spent; this service issues credits and runs the 14-day choice.
 */
export class CreditsService {
  constructor(
    private readonly db: Database,
    private readonly refunds: RefundMaker,
    /** The manage page's read model: what the customer sees after choosing. */
    private readonly accounts: Pick<BookingAccountService, 'accountOrThrow'>,
    private readonly jobs: JobScheduler,
    private readonly clock: () => Date,
    private readonly logger: Logger,
    private readonly audit: AuditLog | null = null,
  ) {}

  /** The credits issued from a booking's refunds (its manage page), with what is left on each. */
  async creditsOf(bookingId: string): Promise<Credit[]> {
    const cards = await this.db.manager.find(GiftCard, { where: { sourceBookingId: bookingId, kind: GiftCardKind.credit }, order: { createdAt: 'ASC' } });
    const uses = cards.length ? await this.db.manager.find(GiftCardUse, { where: { giftCardId: In(cards.map((c) => c.id)) }, order: { usedAt: 'ASC' } }) : [];
    return cards.map((c) => Credit.of(c, uses.filter((u) => u.giftCardId === c.id)));
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

  /**
   * A new credit, audited in the caller's transaction: a `gift_cards` row of
   * kind `credit` (a WL- code), active at once, its whole amount as balance,
   * valid five years. Nothing is mailed or delivered: the booking's manage page
   * shows it, and the mail that tells of it states its balance and validity.
   */
  async issue(m: EntityManager, c: { amountCents: number; sourceBookingId: string; customerEmail: string }, now: Date, actor = SYSTEM_ACTOR, workshopId?: string): Promise<Credit> {
    const source = await m.findOneBy(Booking, { id: c.sourceBookingId });
    const card = m.create(GiftCard, {
      id: crypto.randomUUID(),
      code: newCreditCode(),
      kind: GiftCardKind.credit,
      state: GiftCardState.active,
      initialCents: c.amountCents,
      balanceCents: c.amountCents,
      workshopId: null,
      buyerName: 'Wild Light Workshops',
      buyerEmail: c.customerEmail,
      recipientName: (source?.customerName ?? '').slice(0, 120),
      recipientEmail: c.customerEmail,
      message: '',
      deliverOn: now.toISOString().slice(0, 10),
      deliveredAt: now,
      checkoutSessionId: null,
      providerPaymentId: null,
      sourceBookingId: c.sourceBookingId,
      createdAt: now,
      paidAt: null,
      expiresAt: addYears(now, GIFT_CARD_VALID_YEARS),
    });
    await m.insert(GiftCard, card);
    const credit = Credit.of(card);
    await this.audit?.record(m, {
      ...actor,
      action: 'credit.issued',
      bookingId: c.sourceBookingId,
      workshopId,
      after: { creditId: credit.id, amountCents: credit.amountCents, state: credit.state, expiresAt: credit.expiresAt.toISOString() },
      detail: `Credit of ${formatCents(credit.amountCents)} issued, valid until ${credit.expiresAt.toISOString().slice(0, 10)}`,
    });
    return credit;
  }

  /** refundDecided: money a credit code paid, refunded (a cancellation, a refund), becomes a new credit, named on the refund row. */
  async reissue({ m, booking, refund, now }: BookingEventMap['refundDecided']): Promise<void> {
    if (refund.method !== PaymentMethod.credit) return;
    const credit = await this.issue(m, { amountCents: refund.amountCents, sourceBookingId: booking.id, customerEmail: booking.customerEmail }, now, SYSTEM_ACTOR, booking.workshopId);
    refund.note = `Credit ${credit.code}`;
    await m.update(BookingRefund, { id: refund.id }, { note: refund.note });
  }
}
