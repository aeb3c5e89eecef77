import type { Database } from '../infrastructure/db/data-source';
import type { Logger } from '../infrastructure/logger';
import { isDuplicateKey } from '../infrastructure/db-errors';
import { Booking } from '../booking/booking.entity';
import type { BookingLifecycle } from '../booking/booking-lifecycle';
import type { BookingService } from '../booking/booking.service';
import { BookingStatus } from '../booking/booking.types';
import { AppError, ErrorCode } from '../infrastructure/errors';
import { type BookingRefund, PaymentPurpose } from '../booking/ledger.entities';
import { PaymentEvent } from './payment-event.entity';
import { CheckoutSessionRecord } from './checkout-session.entity';
import { UnmatchedPayment, UnmatchedPaymentReason } from './unmatched-payment.entity';
import { type CheckoutSession, type PaymentProvider, WebhookSignatureError } from './payment-provider';
import type { PaymentEvents } from './payment-events';

class AlreadyFulfilled extends Error {}
/** The booking changed between our read and our write (a sweep, another payment): start over. */
class BookingChangedMeanwhile extends Error {}
const FULFIL_ATTEMPTS = 5;

/**
 * Checkout Sessions this server created for something other than a booking
 * (gift cards, docs/decisions/094): a paid one is handed to its owner, which
 * applies the same rules (only its own session, only the amount asked, once).
 */
export interface OtherCheckoutSessions {
  ownsSession(sessionId: string): Promise<boolean>;
  fulfil(session: CheckoutSession): Promise<boolean>;
}

/**
 * What the provider tells us, applied once: the one idempotent path that
 * applies a paid Checkout Session to its booking (shared by the status poll
 * and the webhook), and the webhook itself (PaymentService delegates to it).
 */
export class CheckoutFulfilment {
  constructor(
    private readonly db: Database,
    private readonly lifecycle: Pick<BookingLifecycle, 'applyPaymentOrThrow'>,
    /** An expired session's hold is released. */
    private readonly holds: Pick<BookingService, 'releaseHold'>,
    private readonly provider: PaymentProvider | null,
    private readonly clock: () => Date,
    private readonly logger: Logger,
    /** refundsDecided: refunds a fulfilled payment decided, made after its commit. */
    private readonly events: PaymentEvents | null = null,
    private readonly others: OtherCheckoutSessions | null = null,
  ) {}

  /**
   * Apply a paid session to its booking, once. The payment_events row
   * `fulfil:<session id>` is written in the same transaction, so a second call
   * (replayed webhook, status poll, concurrent request) changes nothing.
   * Only a session this server created for the booking, paid for the amount it
   * asked in usd, is applied; any other paid session is recorded as an
   * UnmatchedPayment for the admin and changes no booking (hardening finding 3).
   * Returns true when this call applied the payment.
   */
  async fulfil(session: CheckoutSession): Promise<boolean> {
    if (session.paymentStatus !== 'paid') return false;
    if (this.others && (await this.others.ownsSession(session.id))) return this.others.fulfil(session);
    const bookingId = await this.bookingPaidByOrRecord(session);
    if (!bookingId) return false;
    for (let attempt = 1; ; attempt++) {
      try {
        return await this.fulfilOnce(session, bookingId);
      } catch (e) {
        if (!(e instanceof BookingChangedMeanwhile) || attempt >= FULFIL_ATTEMPTS) throw e;
      }
    }
  }

  /** One try of fulfil: rolls back (BookingChangedMeanwhile) if the booking moved under it. */
  private async fulfilOnce(session: CheckoutSession, bookingId: string): Promise<boolean> {
    const now = this.clock();
    // The card a plan's first payment saved (read before the transaction: it is a provider call).
    let paymentMethodId: string | null = null;
    if (session.customerId && session.paymentIntentId && this.provider && session.metadata.purpose === PaymentPurpose.first) {
      paymentMethodId = (await this.provider.retrievePaymentIntent(session.paymentIntentId).catch(() => null))?.paymentMethodId ?? null;
    }
    try {
      const { applied, refunds } = await this.db.transaction(async (m): Promise<{ applied: boolean; refunds: BookingRefund[] }> => {
        const none = { applied: false, refunds: [] };
        try {
          await m.insert(PaymentEvent, { id: `fulfil:${session.id}`, type: 'fulfil', checkoutSessionId: session.id, receivedAt: now });
        } catch (e) {
          if (isDuplicateKey(e)) throw new AlreadyFulfilled();
          throw e;
        }
        const booking = await m.findOneBy(Booking, { id: bookingId });
        if (!booking) {
          this.logger.error({ sessionId: session.id, bookingId }, 'paid session for an unknown booking');
          return none;
        }
        const record = await m.findOneBy(CheckoutSessionRecord, { id: session.id });
        const purpose = (record?.purpose as PaymentPurpose | undefined) ?? PaymentPurpose.first;
        if (purpose === PaymentPurpose.first && session.customerId && paymentMethodId) {
          // A plan's first payment saved the card: later installments are charged to it.
          await m.update(Booking, { id: booking.id }, { providerCustomerId: session.customerId, providerPaymentMethodId: paymentMethodId });
          Object.assign(booking, { providerCustomerId: session.customerId, providerPaymentMethodId: paymentMethodId });
        }
        const applied = await this.lifecycle.applyPaymentOrThrow(
          m,
          booking,
          {
            amountCents: session.amountTotal ?? 0,
            source: 'provider',
            purpose,
            installmentNumber: record?.installmentNumber ?? null,
            providerPaymentId: session.paymentIntentId,
            checkoutSessionId: session.id,
          },
          now,
        );
        if (applied === 'duplicate') return none;
        // The booking changed since we read it (a sweep, another payment): roll back everything,
        // the fulfil marker too, and start over.
        if (!applied) throw new BookingChangedMeanwhile();
        if (applied.late === 'spots_retaken') this.logger.warn({ bookingId, sessionId: session.id }, 'late payment: spots re-held');
        if (applied.late === 'spots_gone') {
          this.logger.error({ bookingId, sessionId: session.id }, 'late payment for spots no longer free: needs the admin');
        }
        if (applied.late === 'refund') this.logger.warn({ bookingId, sessionId: session.id }, 'payment for a cancelled booking: refunded in full');
        return { applied: true, refunds: applied.refunds };
      });
      if (refunds.length) await this.events?.publish('refundsDecided', { refunds });
      return applied;
    } catch (e) {
      if (e instanceof AlreadyFulfilled) return false;
      throw e;
    }
  }

  /**
   * The booking a paid session pays for: the one we created it for, when it was
   * paid for the amount and in the currency we asked. The booking id a session
   * carries is only a claim (whoever creates a session chooses it), so it is
   * checked against our record, never trusted. Otherwise the payment is recorded
   * for the admin (once per session) and null returned.
   */
  private async bookingPaidByOrRecord(session: CheckoutSession): Promise<string | null> {
    const own = await this.db.manager.findOneBy(CheckoutSessionRecord, { id: session.id });
    const reason = !own
      ? UnmatchedPaymentReason.unknown_session
      : session.bookingId !== null && session.bookingId !== own.bookingId
        ? UnmatchedPaymentReason.wrong_booking
        : session.currency !== own.currency
          ? UnmatchedPaymentReason.wrong_currency
          : session.amountTotal !== own.amountCents
            ? UnmatchedPaymentReason.wrong_amount
            : null;
    if (!reason) return own!.bookingId;
    const row = {
      sessionId: session.id,
      bookingIdClaimed: session.bookingId?.slice(0, 255) ?? null,
      amountCents: session.amountTotal,
      currency: session.currency?.slice(0, 3) ?? null,
      reason,
      receivedAt: this.clock(),
    };
    await this.db.transaction((m) => m.createQueryBuilder().insert().into(UnmatchedPayment).values(row).orIgnore().execute());
    this.logger.warn({ sessionId: session.id, bookingId: row.bookingIdClaimed, reason }, 'paid session not applied to any booking: recorded for the admin');
    return null;
  }

  /**
   * A provider webhook: verified, deduplicated by event id, then applied.
   * The event id is recorded after processing, so a failure is retried by the
   * provider rather than lost; processing itself is idempotent.
   */
  async handleWebhookOrThrow(rawBody: Buffer, signature: string | undefined): Promise<{ duplicate: boolean; type: string }> {
    if (!this.provider) throw new AppError(ErrorCode.BAD_REQUEST, 'No payment provider is configured');
    let event;
    try {
      event = this.provider.parseWebhook(rawBody, signature);
    } catch (e) {
      if (e instanceof WebhookSignatureError) throw new AppError(ErrorCode.BAD_REQUEST, `Invalid webhook signature: ${e.message}`);
      throw new AppError(ErrorCode.BAD_REQUEST, 'Invalid webhook payload');
    }
    if (await this.db.manager.existsBy(PaymentEvent, { id: event.id })) return { duplicate: true, type: event.type };

    const session = event.session;
    switch (event.type) {
      case 'checkout.session.completed':
      case 'checkout.session.async_payment_succeeded':
        if (session) await this.fulfil(session);
        break;
      case 'checkout.session.expired':
        if (session?.bookingId && !session.bookingId.startsWith('gift:')) await this.holds.releaseHold(session.bookingId, BookingStatus.expired, session.id);
        break;
      case 'payment_intent.succeeded':
        // An off-session installment charge: recorded here if the charging worker did not get to it.
        if (event.paymentIntent) await this.events?.publish('paymentIntentSucceeded', { paymentIntent: event.paymentIntent });
        break;
      case 'charge.refunded':
        if (event.charge) await this.events?.publish('chargeRefunded', { charge: event.charge });
        break;
      default:
        break; // other events are acknowledged and ignored
    }
    try {
      await this.db.transaction((m) =>
        m.insert(PaymentEvent, { id: event.id, type: event.type.slice(0, 80), checkoutSessionId: session?.id ?? null, receivedAt: this.clock() }),
      );
    } catch (e) {
      if (!isDuplicateKey(e)) throw e;
      return { duplicate: true, type: event.type };
    }
    return { duplicate: false, type: event.type };
  }
}
