import crypto from 'node:crypto';
import type { EntityManager } from 'typeorm';
import type { Database } from '../infrastructure/db/data-source';
import type { Logger } from '../infrastructure/logger';
import { AppError, ErrorCode } from '../infrastructure/errors';
import { isDuplicateKey } from '../infrastructure/db-errors';
import type { ClaimedJob, JobOutcome, JobScheduler } from '../infrastructure/jobs/job.types';
import { formatCents } from '../shared/money';
import { startOfDayIn, todayIn } from '../shared/dates';
import { GIFT_CARD_RULES } from '../shared/gift-cards';
import { computeDueNow, paymentOptionsFor, POLICY } from '../shared/policy';
import { priceOfBooking } from '../booking/booking-price';
import { Booking } from '../booking/booking.entity';
import type { BookingLifecycle } from '../booking/booking-lifecycle';
import { BookingInstallment, BookingPayment, PaymentMethod, PaymentPurpose, RefundReason, RefundState } from '../booking/ledger.entities';
import { BookingStatus } from '../shared/booking-status';
import { nextCharge } from '../money/next-charge';
import { Workshop } from '../workshop/workshop.entity';
import { PaymentEvent } from '../payment/payment-event.entity';
import { CHECKOUT_CURRENCY, type CheckoutSession, type PaymentProvider, PaymentProviderUnavailableError } from '../payment/payment-provider';
import { ADMIN_ACTOR, type AuditLog, customerActor, SYSTEM_ACTOR } from '../audit/audit-log.service';
import type { OutboxService } from '../mail/outbox.service';
import { GiftCard, GiftCardKind, GiftCardState, GiftCardUse } from './gift-card.entity';
import { GiftCardMailKind, type GiftCardMailData } from './gift-card.mails';
import { newGiftCardCode, normalizeBalanceCode } from './codes';
import type { CodeQuoteChoices, GiftCardPurchaseInput, IssueGiftCardInput } from './gift-card.input';

export type { CodeQuoteChoices } from './gift-card.input';

/** The job that delivers a card on its date (docs/decisions/094). */
export const GIFT_CARD_DELIVERY_JOB = 'gift_card.deliver';
/** A card is usable for five years from its purchase or issue. */
export const GIFT_CARD_VALID_YEARS = GIFT_CARD_RULES.validYears;
/** Dates (delivery day, "today") are counted in the business's time zone (the office hours are Pacific). */
export const GIFT_CARD_TIME_ZONE = GIFT_CARD_RULES.timeZone;
export const GIFT_CARD_MIN_CENTS = GIFT_CARD_RULES.minDollars * 100;
export const GIFT_CARD_MAX_CENTS = GIFT_CARD_RULES.maxDollars * 100;
/** How long a purchase's Checkout Session can be paid: as a booking's (Stripe wants at least 30 minutes). */
const SESSION_MINUTES = POLICY.checkoutHoldMinutes + 1;

export { newGiftCardCode, normalizeGiftCardCode } from './codes';

/**
 * Unknown, used up, void, expired, or spent by a parallel booking: one answer,
 * so a guess learns nothing. The booking form's field keeps its message
 * (decision 063); the code box of the manage page and the balance lookup name
 * their own field.
 */
const unusableCode = (field = 'creditCode') =>
  AppError.invalid([{ field, message: field === 'creditCode' ? 'creditCode is not a valid credit code or has been used' : `${field} is not a valid credit or gift card code, or has no balance left` }]);

/** A mail id (36 characters) derived from what causes it, so a re-run's enqueue fails on the key. */
const keyedId = (key: string): string => {
  const h = crypto.createHash('sha256').update(key).digest('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20, 32)}`;
};

/** The booking payment's note names the code that paid (the ledger, the admin's view, a lapse's give-back). */
const paymentNote = (card: GiftCard): string => `${card.kind === GiftCardKind.credit ? 'Credit' : 'Gift card'} ${card.code}`;

export const addYears = (d: Date, years: number) => {
  const x = new Date(d.getTime());
  x.setUTCFullYear(x.getUTCFullYear() + years);
  return x;
};

/** What a purchase answers: where to pay (null without a provider) and the card's id. */
export interface GiftCardPurchase {
  giftCardId: string;
  url: string | null;
  sessionId: string | null;
}

/** The public view of a code: its remaining balance and validity (nothing about who bought it). */
export interface GiftCardBalance {
  code: string;
  /** A gift card or a credit: they spend alike; a credit on the booking form pays up to the total (decision 063). */
  kind: 'gift_card' | 'credit';
  balanceCents: number;
  expiresAt: Date;
  usable: boolean;
}

/** What a code would pay on a booking whose first payment and total are these, in cents (the booking form's summary). */
export interface CodeCoverage {
  coversCents: number;
  leftToPayNowCents: number;
  balanceAfterCents: number;
}

/**
 * What a code pays of a new booking (decision 094, 095): a gift card what is
 * due now (deposit, first installment or the total); a credit, the customer's
 * own money, up to the whole total as before (decision 063). The rest stays on it.
 */
export function coverage(kind: GiftCardKind | 'gift_card' | 'credit', balanceCents: number, dueNowCents: number, totalCents: number): CodeCoverage {
  const wanted = (kind as string) === 'credit' ? totalCents : dueNowCents;
  const coversCents = Math.max(0, Math.min(balanceCents, wanted));
  return { coversCents, leftToPayNowCents: Math.max(0, dueNowCents - coversCents), balanceAfterCents: balanceCents - coversCents };
}

/** The promo codes' price of a booking (docs/decisions/096), when the form has one applied. */
export interface PromoPricing {
  quoteOrThrow(input: CodeQuoteChoices & { promoCode: string; customerEmail?: string | null }): Promise<{ totalCents: number; dueNowCents: number }>;
}

/** A code's balance and, for the booking form's choices, what it covers of the first payment and what is left to pay. */
export interface CodeQuote extends GiftCardBalance, Partial<CodeCoverage> {
  totalCents?: number;
  dueNowCents?: number;
}

/**
 * Gift cards (docs/decisions/094): bought through Stripe Checkout, delivered
 * on their date by a job, spent in parts on bookings with a compare-and-set on
 * the balance, listed, issued, voided and refunded by the admin. Every change
 * of money is audited in its transaction.
 */
export class GiftCardService {
  constructor(
    private readonly db: Database,
    private readonly lifecycle: Pick<BookingLifecycle, 'applyPaymentOrThrow' | 'recordRefunds'>,
    private readonly provider: PaymentProvider | null,
    private readonly jobs: JobScheduler,
    private readonly outbox: OutboxService,
    private readonly audit: AuditLog,
    private readonly clock: () => Date,
    private readonly logger: Logger,
    private readonly publicOrigin: string,
    /** Prices the booking form's choices with a promo code (the quote's summary); without it a promo code is ignored. */
    private readonly promos: PromoPricing | null = null,
  ) {}

  /**
   * Buy a card: the row is written as pending_payment and a Checkout Session
   * asks for exactly its amount. Without a payment provider nothing is written
   * and ONLINE_PAYMENT_UNAVAILABLE (409) tells the buyer to contact us: a card
   * must never be usable before its money arrived.
   */
  async purchaseOrThrow(input: GiftCardPurchaseInput): Promise<GiftCardPurchase> {
    const now = this.clock();
    if (input.deliverOn < todayIn(GIFT_CARD_TIME_ZONE, now)) throw AppError.invalid([{ field: 'deliverOn', message: 'deliverOn must be today or later' }]);
    let amountCents: number;
    let workshop: Workshop | null = null;
    if (input.workshopId) {
      workshop = await this.db.manager.findOneBy(Workshop, { id: input.workshopId });
      if (!workshop || workshop.cancelledAt) throw AppError.invalid([{ field: 'workshopId', message: 'workshopId is not a workshop on sale' }]);
      amountCents = workshop.priceCents;
    } else {
      if (input.amountDollars == null) throw AppError.invalid([{ field: 'amountDollars', message: 'amountDollars is required unless workshopId is given' }]);
      amountCents = input.amountDollars * 100;
      if (amountCents < GIFT_CARD_MIN_CENTS || amountCents > GIFT_CARD_MAX_CENTS) throw AppError.invalid([{ field: 'amountDollars', message: 'amountDollars must be a whole number from 100 to 5000' }]);
    }
    if (!this.provider) {
      throw new AppError(ErrorCode.ONLINE_PAYMENT_UNAVAILABLE, 'Gift cards are sold online by card only, and card payments are not set up right now: please contact us to buy one');
    }
    const card = this.newCard({ ...input, workshopId: workshop?.id ?? null, kind: GiftCardKind.purchased, state: GiftCardState.pending_payment, amountCents }, now);
    await this.db.transaction((m) => m.insert(GiftCard, card));
    let session: CheckoutSession;
    try {
      session = await this.provider.createCheckoutSession({
        bookingId: `gift:${card.id}`,
        amountCents,
        productName: workshop ? `Gift card – one place on ${workshop.name}` : `Gift card – ${formatCents(amountCents)}`,
        description: `For ${card.recipientName}, delivered ${card.deliverOn}. Valid ${GIFT_CARD_VALID_YEARS} years.`,
        customerEmail: card.buyerEmail,
        successUrl: `${this.publicOrigin}/gift-cards/thanks?session_id={CHECKOUT_SESSION_ID}`,
        cancelUrl: `${this.publicOrigin}/gift-cards`,
        expiresAt: new Date(now.getTime() + SESSION_MINUTES * 60_000),
        idempotencyKey: `gift-card:${card.id}`,
        metadata: { purpose: 'gift_card', gift_card_id: card.id },
      });
    } catch (e) {
      this.logger.warn({ giftCardId: card.id, err: (e as Error).message }, 'gift card checkout session creation failed');
      throw new AppError(ErrorCode.PAYMENT_PROVIDER_ERROR, 'The payment provider is not available right now. Please try again.');
    }
    await this.db.manager.update(GiftCard, { id: card.id }, { checkoutSessionId: session.id });
    return { giftCardId: card.id, url: session.url, sessionId: session.id };
  }

  /** Whether a Checkout Session is one of ours for a gift card (the webhook routes it here then). */
  async ownsSession(sessionId: string): Promise<boolean> {
    return this.db.manager.existsBy(GiftCard, { checkoutSessionId: sessionId });
  }

  /**
   * A paid session applied to its card, once: only the session we created for
   * the card, paid for exactly its amount in usd (otherwise it is logged and
   * nothing changes); the `fulfil:<session>` payment event and the
   * pending_payment -> active compare-and-set make it idempotent. The buyer's
   * receipt is queued and the delivery job scheduled in the same transaction.
   */
  async fulfil(session: CheckoutSession): Promise<boolean> {
    if (session.paymentStatus !== 'paid') return false;
    const card = await this.db.manager.findOneBy(GiftCard, { checkoutSessionId: session.id });
    if (!card) return false;
    if (session.currency !== CHECKOUT_CURRENCY || session.amountTotal !== card.initialCents || (session.bookingId !== null && session.bookingId !== `gift:${card.id}`)) {
      this.logger.error({ sessionId: session.id, giftCardId: card.id, amount: session.amountTotal, currency: session.currency }, 'gift card session paid for another amount or currency: not applied');
      return false;
    }
    const now = this.clock();
    try {
      return await this.db.transaction(async (m) => {
        await m.insert(PaymentEvent, { id: `fulfil:${session.id}`, type: 'fulfil', checkoutSessionId: session.id, receivedAt: now });
        const changed = await m
          .createQueryBuilder()
          .update(GiftCard)
          .set({ state: GiftCardState.active, paidAt: now, providerPaymentId: session.paymentIntentId })
          .where('id = :id AND state = :pending', { id: card.id, pending: GiftCardState.pending_payment })
          .execute();
        if (changed.affected !== 1) return false;
        Object.assign(card, { state: GiftCardState.active, paidAt: now, providerPaymentId: session.paymentIntentId });
        await this.audit.record(m, {
          ...customerActor(card.buyerEmail),
          action: 'gift_card.purchased',
          workshopId: card.workshopId ?? undefined,
          after: { giftCardId: card.id, amountCents: card.initialCents, balanceCents: card.balanceCents, providerPaymentId: session.paymentIntentId },
          detail: `Gift card of ${formatCents(card.initialCents)} paid through Stripe (${session.paymentIntentId ?? session.id})`,
        });
        await this.outbox.enqueue(m, { kind: GiftCardMailKind.receipt, to: card.buyerEmail, payload: await this.mailData(m, card), beyondLimit: true });
        await this.scheduleDelivery(m, card, now);
        return true;
      });
    } catch (e) {
      if (isDuplicateKey(e)) return false;
      throw e;
    }
  }

  /** The thank-you page's poll: the purchase's state, the session fulfilled if paid (the webhook may be late). */
  async purchaseStatusOrThrow(sessionId: string): Promise<{ state: GiftCardState; amountCents: number; deliverOn: string; recipientName: string }> {
    const card = /^cs_[A-Za-z0-9_]{1,250}$/.test(sessionId) ? await this.db.manager.findOneBy(GiftCard, { checkoutSessionId: sessionId }) : null;
    if (!card || !this.provider) throw AppError.notFound('Gift card purchase');
    if (card.state === GiftCardState.pending_payment) {
      let session: CheckoutSession | null;
      try {
        session = await this.provider.retrieveCheckoutSession(sessionId);
      } catch (e) {
        if (e instanceof PaymentProviderUnavailableError) throw new AppError(ErrorCode.PAYMENT_PROVIDER_ERROR, 'The payment provider is not available right now. Please try again.');
        throw e;
      }
      if (session) await this.fulfil(session);
    }
    const after = await this.db.manager.findOneByOrFail(GiftCard, { id: card.id });
    return { state: after.state, amountCents: after.initialCents, deliverOn: after.deliverOn, recipientName: after.recipientName };
  }

  /** The delivery job, due at the start of the delivery day: in the past (today, or after downtime) it runs at once. */
  private async scheduleDelivery(m: EntityManager, card: GiftCard, now: Date): Promise<void> {
    const dueAt = new Date(Math.max(now.getTime(), startOfDayIn(card.deliverOn, GIFT_CARD_TIME_ZONE)));
    await this.jobs.schedule(m, { kind: GIFT_CARD_DELIVERY_JOB, key: `gift_card:${card.id}:deliver`, dueAt, payload: { giftCardId: card.id } });
  }

  /**
   * Deliver a card (the job): the recipient's mail with the code, the message
   * and the printable card's link, and the buyer's note, once: deliveredAt is
   * set by compare-and-set and the mails' ids derive from the job's key, so a
   * re-run after a crash or a second instance sends nothing twice.
   */
  async runDeliveryJob(job: ClaimedJob): Promise<JobOutcome> {
    const id = String(job.payload.giftCardId ?? '');
    const now = this.clock();
    return this.db.transaction(async (m): Promise<JobOutcome> => {
      const card = await m.findOneBy(GiftCard, { id });
      if (!card) return { failed: 'gift card not found' };
      if (card.state !== GiftCardState.active) return { done: true, note: `not delivered: ${card.state}` };
      const changed = await m.createQueryBuilder().update(GiftCard).set({ deliveredAt: now }).where('id = :id AND delivered_at IS NULL', { id }).execute();
      if (changed.affected !== 1) return { done: true, note: 'delivered already' };
      card.deliveredAt = now;
      const data = await this.mailData(m, card);
      await this.outbox.enqueue(m, { id: keyedId(`${job.key}:recipient`), kind: GiftCardMailKind.delivered, to: card.recipientEmail, payload: data, beyondLimit: true });
      if (card.kind === GiftCardKind.purchased) {
        await this.outbox.enqueue(m, { id: keyedId(`${job.key}:buyer`), kind: GiftCardMailKind.buyerNote, to: card.buyerEmail, payload: data, beyondLimit: true });
      }
      await this.audit.record(m, { ...SYSTEM_ACTOR, action: 'gift_card.delivered', after: { giftCardId: card.id }, detail: `Gift card delivered to ${card.recipientEmail}` });
      return { done: true };
    });
  }

  /** A code's remaining balance (the code box, the printable card); unknown and unusable codes get the same 422. */
  async balanceOrThrow(typed: string, field = 'code'): Promise<GiftCardBalance> {
    const code = normalizeBalanceCode(typed);
    const card = code ? await this.db.manager.findOneBy(GiftCard, { code }) : null;
    if (!card || card.state === GiftCardState.pending_payment) throw unusableCode(field);
    return { code: card.code, kind: card.kind === GiftCardKind.credit ? 'credit' : 'gift_card', balanceCents: card.balanceCents, expiresAt: card.expiresAt, usable: this.usable(card, this.clock()) };
  }

  /**
   * The booking form's code box: the code's balance and, for the form's
   * choices, the server's figures of what it would pay (a gift card: of what
   * is due now; a credit: up to the total) and what is left to pay now, priced
   * as the booking will be (priceOfBooking, a promo code's discount,
   * computeDueNow). A promo code that cannot be used is left out of the price
   * (its own box says why). Unknown and unusable codes: the same 422 as the
   * balance, naming `field`.
   */
  async quoteOrThrow(typed: string, choices: CodeQuoteChoices | null, field = 'code'): Promise<CodeQuote> {
    const balance = await this.balanceOrThrow(typed, field);
    if (!choices) return balance;
    const now = this.clock();
    const workshop = await this.db.manager.findOneBy(Workshop, { id: choices.workshopId });
    if (!workshop) throw AppError.invalid([{ field: 'workshopId', message: 'workshopId is not a workshop on sale' }]);
    const option = choices.paymentOption ?? 'deposit';
    let priced: { totalCents: number; dueNowCents: number } | null = null;
    if (choices.promoCode?.trim() && this.promos) {
      priced = await this.promos.quoteOrThrow({ ...choices, promoCode: choices.promoCode, paymentOption: option }).catch(() => null);
    }
    if (!priced) {
      const totalCents = priceOfBooking(workshop, { numParticipants: choices.numParticipants, numSpouses: choices.numSpouses ?? 0, roomType: choices.roomType ?? 'shared' });
      const offered = paymentOptionsFor(workshop.startDate, now, workshop.timeZone).find((o) => o.option === option)?.available ? option : 'full';
      priced = { totalCents, dueNowCents: computeDueNow(totalCents, offered, workshop.startDate, now, workshop.timeZone).dueNowCents };
    }
    const usable = balance.usable ? balance.balanceCents : 0;
    return { ...balance, ...priced, ...coverage(balance.kind, usable, priced.dueNowCents, priced.totalCents) };
  }

  /** The printable card (by its code: the code is the bearer secret), delivered cards only. */
  async printableOrThrow(typed: string): Promise<GiftCard> {
    const code = normalizeBalanceCode(typed);
    const card = code ? await this.db.manager.findOneBy(GiftCard, { code }) : null;
    if (!card || card.state === GiftCardState.pending_payment || !card.deliveredAt || card.kind === GiftCardKind.credit) throw unusableCode('code');
    return card;
  }

  private usable(card: GiftCard, now: Date): boolean {
    return card.state === GiftCardState.active && card.balanceCents > 0 && card.expiresAt.getTime() > now.getTime();
  }

  /**
   * Spend up to `wantedCents` of a card in the caller's transaction: the
   * balance moves by compare-and-set (`balance_cents >= spent`), so two
   * transactions that read the same balance cannot both spend it; the loser
   * gets the unusable-code answer and its transaction rolls back.
   */
  private async spendOrThrow(m: EntityManager, typed: string, wanted: number | ((card: GiftCard) => number), bookingId: string, now: Date, field: string): Promise<{ card: GiftCard; spent: number }> {
    const code = normalizeBalanceCode(typed);
    const card = code ? await m.findOneBy(GiftCard, { code }) : null;
    const wantedCents = card ? (typeof wanted === 'function' ? wanted(card) : wanted) : 0;
    if (!card || !this.usable(card, now) || wantedCents <= 0) throw unusableCode(field);
    const spent = Math.min(card.balanceCents, wantedCents);
    const changed = await m
      .createQueryBuilder()
      .update(GiftCard)
      .set({ balanceCents: () => `balance_cents - ${Math.trunc(spent)}` })
      .where('id = :id AND state = :active AND balance_cents >= :spent AND balance_cents = :seen', { id: card.id, active: GiftCardState.active, spent, seen: card.balanceCents })
      .execute();
    if (changed.affected !== 1) throw unusableCode(field);
    await m.insert(GiftCardUse, { id: crypto.randomUUID(), giftCardId: card.id, bookingId, amountCents: spent, usedAt: now });
    card.balanceCents -= spent;
    return { card, spent };
  }

  /**
   * The booking form's one code box (BookingService's CreditRedeemer, a gift
   * card's or a credit's code): a gift card pays what is due now (deposit,
   * first installment or the total), a credit up to the total (decision 063),
   * each as far as its balance goes; the rest stays on it. Less than due now
   * leaves the booking held with the rest due at checkout.
   */
  async redeemOrThrow(m: EntityManager, typed: string, booking: Booking, now: Date): Promise<Booking> {
    const wanted = (card: GiftCard) => coverage(card.kind, card.balanceCents, booking.dueNowCents, booking.totalCents + booking.feeCents).coversCents;
    const { card, spent } = await this.spendOrThrow(m, typed, wanted, booking.id, now, 'creditCode');
    const keepHold = spent < booking.dueNowCents;
    const result = await this.lifecycle.applyPaymentOrThrow(
      m,
      booking,
      {
        amountCents: spent,
        source: 'admin',
        method: PaymentMethod.credit,
        purpose: PaymentPurpose.credit,
        installmentNumber: !keepHold && booking.paymentOption === 'payment_plan' ? 1 : null,
        note: paymentNote(card),
        keepHold,
      },
      now,
    );
    if (result === null || result === 'duplicate') throw new AppError(ErrorCode.BOOKING_CHANGED, 'The booking changed meanwhile; try again');
    const after = result.booking;
    if (keepHold) {
      after.dueNowCents = booking.dueNowCents - spent;
      await m.update(Booking, { id: booking.id }, { dueNowCents: after.dueNowCents });
    }
    await this.auditUse(m, card, spent, booking, { status: after.status, paymentStatus: after.paymentStatus });
    return after;
  }

  /**
   * The manage page's code box (a gift card or a credit): the next charge (the
   * balance or the next installment) paid from it as far as it goes, in the
   * same transaction as the balance's compare-and-set and the audit row.
   * Answers what was spent and what is left on the code.
   */
  async payWithGiftCardOrThrow(bookingId: string, typed: string): Promise<{ spentCents: number; balanceLeftCents: number }> {
    const now = this.clock();
    return this.db.transaction(async (m) => {
      const booking = await m.findOneBy(Booking, { id: bookingId });
      if (!booking) throw AppError.notFound('Booking');
      if (booking.status !== BookingStatus.confirmed) throw new AppError(ErrorCode.FIRST_PAYMENT_PENDING, 'A credit or gift card pays a confirmed booking’s balance or installments here; a new booking takes it on the booking form');
      const workshop = await m.findOneByOrFail(Workshop, { id: booking.workshopId });
      const schedule = await m.find(BookingInstallment, { where: { bookingId }, order: { number: 'ASC' } });
      const next = nextCharge(booking, schedule, workshop);
      if (!next) throw new AppError(ErrorCode.NOTHING_TO_PAY, 'Nothing is left to pay on this booking');
      const { card, spent } = await this.spendOrThrow(m, typed, next.amountCents, booking.id, now, 'code');
      const whole = spent === next.amountCents;
      const result = await this.lifecycle.applyPaymentOrThrow(
        m,
        booking,
        { amountCents: spent, source: 'admin', method: PaymentMethod.credit, purpose: next.purpose, installmentNumber: whole ? next.installmentNumber : null, note: paymentNote(card) },
        now,
      );
      if (result === null || result === 'duplicate') throw new AppError(ErrorCode.BOOKING_CHANGED, 'The booking changed meanwhile; try again');
      await this.auditUse(m, card, spent, booking);
      return { spentCents: spent, balanceLeftCents: card.balanceCents };
    });
  }

  private async auditUse(m: EntityManager, card: GiftCard, spent: number, booking: Booking, status?: { status: string; paymentStatus: string }): Promise<void> {
    const credit = card.kind === GiftCardKind.credit;
    await this.audit.record(m, {
      ...customerActor(booking.customerEmail),
      action: credit ? 'credit.used' : 'gift_card.used',
      bookingId: booking.id,
      workshopId: booking.workshopId,
      before: { [credit ? 'creditId' : 'giftCardId']: card.id, balanceCents: card.balanceCents + spent },
      after: { [credit ? 'creditId' : 'giftCardId']: card.id, balanceCents: card.balanceCents, spentCents: spent, ...status },
      detail: `${credit ? 'Credit' : 'Gift card'} paid ${formatCents(spent)}; ${formatCents(card.balanceCents)} left on it`,
    });
  }

  /**
   * holdLapsed: a held booking that spent a card lapsed unpaid: what it spent
   * goes back on the card, and the booking's ledger records it as a `credit`
   * refund (credit_returned), as a credit's lapse does (decision 063).
   */
  async giveBack({ m, booking, now }: { m: EntityManager; booking: Booking; now: Date }): Promise<void> {
    const uses = await m.find(GiftCardUse, { where: { bookingId: booking.id } });
    if (!uses.length) return;
    const payments = (await m.find(BookingPayment, { where: { bookingId: booking.id, method: PaymentMethod.credit } })).filter((p) => (p.note?.startsWith('Gift card ') || p.note?.startsWith('Credit ')) && p.amountCents > p.refundedCents);
    if (payments.length && booking.status !== BookingStatus.held) {
      await this.lifecycle.recordRefunds(
        m,
        booking,
        payments.map((p) => ({
          amountCents: p.amountCents - p.refundedCents,
          method: PaymentMethod.credit,
          state: RefundState.succeeded,
          reason: RefundReason.credit_returned,
          paymentId: p.id,
          note: p.note?.startsWith('Credit ') ? 'The credit is usable again' : 'Back on the gift card',
        })),
        now,
      );
    }
    const byCard = new Map<string, number>();
    for (const u of uses) byCard.set(u.giftCardId, (byCard.get(u.giftCardId) ?? 0) + u.amountCents);
    for (const [giftCardId, cents] of byCard) {
      if (cents <= 0) continue;
      await m.createQueryBuilder().update(GiftCard).set({ balanceCents: () => `balance_cents + ${Math.trunc(cents)}` }).where('id = :id', { id: giftCardId }).execute();
      await m.insert(GiftCardUse, { id: crypto.randomUUID(), giftCardId, bookingId: booking.id, amountCents: -cents, usedAt: now });
      const credit = (await m.findOneBy(GiftCard, { id: giftCardId }))?.kind === GiftCardKind.credit;
      await this.audit.record(m, {
        ...SYSTEM_ACTOR,
        action: 'gift_card.returned',
        bookingId: booking.id,
        after: { [credit ? 'creditId' : 'giftCardId']: giftCardId, returnedCents: cents },
        detail: `Hold lapsed: ${formatCents(cents)} back on the ${credit ? 'credit' : 'gift card'}`,
      });
    }
  }

  /**
   * paymentApplied: a confirmed booking paid more than it owes, because a code
   * paid part of its balance from the manage page while a card payment for the
   * whole balance (a Checkout Session opened before) completed at the same
   * moment. Both were right when each began; the excess goes back to the codes
   * that paid (newest first), in the payment's transaction: their balance up, a
   * negative use, and a `credit` refund (credit_returned) on the booking so its
   * net paid is its total. Nothing is sent to the provider.
   */
  async giveBackOverpayment({ m, booking, now }: { m: EntityManager; booking: Booking; now: Date }): Promise<void> {
    if (booking.status !== BookingStatus.confirmed) return;
    let over = booking.amountPaidCents - booking.amountRefundedCents - (booking.totalCents + booking.feeCents);
    if (over <= 0) return;
    const payments = (await m.find(BookingPayment, { where: { bookingId: booking.id, method: PaymentMethod.credit }, order: { receivedAt: 'DESC' } })).filter(
      (p) => (p.note?.startsWith('Gift card ') || p.note?.startsWith('Credit ')) && p.amountCents > p.refundedCents,
    );
    const refunds: Parameters<BookingLifecycle['recordRefunds']>[2] = [];
    for (const p of payments) {
      if (over <= 0) break;
      const card = await m.findOneBy(GiftCard, { code: p.note!.split(' ').pop()! });
      if (!card) continue;
      const back = Math.min(over, p.amountCents - p.refundedCents);
      await m.createQueryBuilder().update(GiftCard).set({ balanceCents: () => `balance_cents + ${Math.trunc(back)}` }).where('id = :id', { id: card.id }).execute();
      await m.insert(GiftCardUse, { id: crypto.randomUUID(), giftCardId: card.id, bookingId: booking.id, amountCents: -back, usedAt: now });
      const what = card.kind === GiftCardKind.credit ? 'credit' : 'gift card';
      refunds.push({ amountCents: back, method: PaymentMethod.credit, state: RefundState.succeeded, reason: RefundReason.credit_returned, paymentId: p.id, note: `Paid twice: back on the ${what}` });
      await this.audit.record(m, {
        ...SYSTEM_ACTOR,
        action: 'gift_card.returned',
        bookingId: booking.id,
        workshopId: booking.workshopId,
        after: { [card.kind === GiftCardKind.credit ? 'creditId' : 'giftCardId']: card.id, returnedCents: back },
        detail: `Balance paid twice (by card and by the ${what}): ${formatCents(back)} back on the ${what}`,
      });
      over -= back;
    }
    if (refunds.length && (await this.lifecycle.recordRefunds(m, booking, refunds, now)) === null) throw new AppError(ErrorCode.BOOKING_CHANGED, 'The booking changed meanwhile; try again');
  }

  // --- The admin ---

  /** Every card, newest first, with its uses (bounded: the newest 500). */
  async listForAdmin(): Promise<{ card: GiftCard; uses: GiftCardUse[] }[]> {
    const cards = await this.db.manager.find(GiftCard, { order: { createdAt: 'DESC' }, take: 500 });
    const uses = cards.length ? await this.db.manager.createQueryBuilder(GiftCardUse, 'u').where('u.gift_card_id IN (:...ids)', { ids: cards.map((c) => c.id) }).orderBy('u.used_at', 'ASC').getMany() : [];
    return cards.map((card) => ({ card, uses: uses.filter((u) => u.giftCardId === card.id) }));
  }

  /** A card issued by hand (goodwill): active at once, delivered on its date like a bought one. */
  async issueOrThrow(input: IssueGiftCardInput): Promise<GiftCard> {
    const now = this.clock();
    const deliverOn = input.deliverOn ?? todayIn(GIFT_CARD_TIME_ZONE, now);
    if (deliverOn < todayIn(GIFT_CARD_TIME_ZONE, now)) throw AppError.invalid([{ field: 'deliverOn', message: 'deliverOn must be today or later' }]);
    const card = this.newCard(
      { buyerName: 'Wild Light Workshops', buyerEmail: input.recipientEmail, recipientName: input.recipientName, recipientEmail: input.recipientEmail, message: input.message ?? '', deliverOn, workshopId: null, kind: GiftCardKind.goodwill, state: GiftCardState.active, amountCents: input.amountDollars * 100 },
      now,
    );
    card.paidAt = null;
    await this.db.transaction(async (m) => {
      await m.insert(GiftCard, card);
      await this.audit.record(m, { ...ADMIN_ACTOR, action: 'gift_card.issued', after: { giftCardId: card.id, amountCents: card.initialCents }, detail: `Goodwill gift card of ${formatCents(card.initialCents)} for ${card.recipientEmail}` });
      await this.scheduleDelivery(m, card, now);
    });
    return card;
  }

  /** Void an unused card (nothing spent): its code stops working. */
  async voidOrThrow(id: string): Promise<GiftCard> {
    return this.db.transaction(async (m) => {
      const card = await this.unusedOrThrow(m, id, [GiftCardState.active, GiftCardState.pending_payment]);
      await this.moveOrThrow(m, card, GiftCardState.void);
      await m.createQueryBuilder().update(GiftCard).set({ balanceCents: 0, voidedAt: this.clock() }).where('id = :id', { id }).execute();
      await this.jobs.cancelByKeyPrefix(m, `gift_card:${id}:`);
      await this.audit.record(m, { ...ADMIN_ACTOR, action: 'gift_card.voided', before: { giftCardId: id, state: card.state, balanceCents: card.balanceCents }, after: { giftCardId: id, state: GiftCardState.void, balanceCents: 0 }, detail: `Gift card voided (${formatCents(card.balanceCents)} unused)` });
      return m.findOneByOrFail(GiftCard, { id });
    });
  }

  /**
   * Refund an unused bought card to the buyer's card: the card is moved to
   * `refunded` first (compare-and-set, audited), then Stripe is asked with the
   * card's id as idempotency key; a provider failure rolls nothing back into
   * use (the admin retries: the same key never refunds twice).
   */
  async refundOrThrow(id: string): Promise<GiftCard> {
    if (!this.provider) throw new AppError(ErrorCode.ONLINE_PAYMENT_UNAVAILABLE, 'No payment provider is configured');
    const card = await this.db.transaction(async (m) => {
      const c = await m.findOneBy(GiftCard, { id });
      if (c?.state === GiftCardState.refunded) return c; // a retry after a provider failure
      const card = await this.unusedOrThrow(m, id, [GiftCardState.active]);
      if (card.kind !== GiftCardKind.purchased || !card.providerPaymentId) throw AppError.invalid([{ field: 'id', message: 'id is not a gift card paid online' }]);
      await this.moveOrThrow(m, card, GiftCardState.refunded);
      await m.createQueryBuilder().update(GiftCard).set({ balanceCents: 0 }).where('id = :id', { id }).execute();
      await this.jobs.cancelByKeyPrefix(m, `gift_card:${id}:`);
      await this.audit.record(m, { ...ADMIN_ACTOR, action: 'gift_card.refunded', before: { giftCardId: id, balanceCents: card.balanceCents }, after: { giftCardId: id, state: GiftCardState.refunded, refundedCents: card.initialCents }, detail: `Gift card purchase of ${formatCents(card.initialCents)} refunded to the buyer's card (${card.providerPaymentId})` });
      return card;
    });
    try {
      const refund = await this.provider.refund({ paymentIntentId: card.providerPaymentId!, amountCents: card.initialCents, metadata: { gift_card_id: id }, idempotencyKey: `gift-card-refund:${id}` });
      // The money went out now (the dashboard's refunded month and the ledger's line); a retry keeps the first answer.
      await this.db.manager.createQueryBuilder().update(GiftCard).set({ refundedAt: this.clock(), providerRefundId: refund.id }).where('id = :id AND refunded_at IS NULL', { id }).execute();
    } catch (e) {
      this.logger.error({ giftCardId: id, err: (e as Error).message }, 'gift card refund failed at the provider');
      throw new AppError(ErrorCode.PAYMENT_PROVIDER_ERROR, 'The card is marked refunded, but the payment provider did not take the refund: try again');
    }
    return this.db.manager.findOneByOrFail(GiftCard, { id });
  }

  private async unusedOrThrow(m: EntityManager, id: string, states: GiftCardState[]): Promise<GiftCard> {
    const card = await m.findOneBy(GiftCard, { id });
    if (!card) throw AppError.notFound('Gift card');
    // A credit is money the customer paid us (a refund taken as a credit): never voided away.
    if (card.kind === GiftCardKind.credit) throw new AppError(ErrorCode.CONFLICT, 'This is a customer’s credit (money they paid): it cannot be voided or refunded here');
    if (!states.includes(card.state)) throw new AppError(ErrorCode.CONFLICT, `This gift card is ${card.state.replace('_', ' ')}`);
    if (card.balanceCents !== card.initialCents || (await m.existsBy(GiftCardUse, { giftCardId: id }))) throw new AppError(ErrorCode.CONFLICT, 'This gift card has been used: only an unused card can be voided or refunded');
    return card;
  }

  /** State change by compare-and-set on state and the full balance: a use committed meanwhile makes it fail. */
  private async moveOrThrow(m: EntityManager, card: GiftCard, to: GiftCardState): Promise<void> {
    const changed = await m
      .createQueryBuilder()
      .update(GiftCard)
      .set({ state: to })
      .where('id = :id AND state = :state AND balance_cents = initial_cents', { id: card.id, state: card.state })
      .execute();
    if (changed.affected !== 1) throw new AppError(ErrorCode.CONFLICT, 'This gift card changed meanwhile: reload');
  }

  private newCard(c: { buyerName: string; buyerEmail: string; recipientName: string; recipientEmail: string; message?: string | null; deliverOn: string; workshopId: string | null; kind: GiftCardKind; state: GiftCardState; amountCents: number }, now: Date): GiftCard {
    return this.db.manager.create(GiftCard, {
      id: crypto.randomUUID(),
      code: newGiftCardCode(),
      kind: c.kind,
      state: c.state,
      initialCents: c.amountCents,
      balanceCents: c.amountCents,
      workshopId: c.workshopId,
      buyerName: c.buyerName.trim(),
      buyerEmail: c.buyerEmail.trim(),
      recipientName: c.recipientName.trim(),
      recipientEmail: c.recipientEmail.trim(),
      message: (c.message ?? '').trim(),
      deliverOn: c.deliverOn,
      deliveredAt: null,
      checkoutSessionId: null,
      providerPaymentId: null,
      createdAt: now,
      paidAt: null,
      expiresAt: addYears(now, GIFT_CARD_VALID_YEARS),
      voidedAt: null,
      refundedAt: null,
      providerRefundId: null,
    });
  }

  private async mailData(m: EntityManager, card: GiftCard): Promise<GiftCardMailData> {
    const workshop = card.workshopId ? await m.findOneBy(Workshop, { id: card.workshopId }) : null;
    return {
      giftCardId: card.id,
      code: card.code,
      amountCents: card.initialCents,
      buyerName: card.buyerName,
      recipientName: card.recipientName,
      recipientEmail: card.recipientEmail,
      message: card.message,
      deliverOn: card.deliverOn,
      expiresOn: card.expiresAt.toISOString().slice(0, 10),
      workshopName: workshop?.name ?? null,
      kind: card.kind,
    };
  }
}
