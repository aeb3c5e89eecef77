import type { Database } from '../infrastructure/db/data-source';
import type { Logger } from '../infrastructure/logger';
import { AppError, ErrorCode } from '../infrastructure/errors';
import type { RateLimitRule } from '../infrastructure/rate-limit';
import { isDuplicateKey } from '../infrastructure/db-errors';
import { POLICY } from '../shared/policy';
import { Booking } from '../booking/booking.entity';
import type { BookingService } from '../booking/booking.service';
import { BookingStatus } from '../booking/booking.types';
import { type BookingRefund, PaymentPurpose } from '../booking/ledger.entities';
import type { CheckoutSessionInput } from './checkout.input';
import { PaymentEvent } from './payment-event.entity';
import { CheckoutSessionRecord } from './checkout-session.entity';
import { UnmatchedPayment, UnmatchedPaymentReason } from './unmatched-payment.entity';
import { PaymentSlot } from '../money/payment-slot';
import type { PaymentEvents } from './payment-events';
import {
  CHECKOUT_CURRENCY,
  type CheckoutSession,
  type PaymentProvider,
  PaymentProviderUnavailableError,
  WebhookSignatureError,
} from './payment-provider';

export interface CheckoutStart {
  /** Hosted payment page; null when no payment provider is configured. */
  url: string | null;
  sessionId: string | null;
}

export interface CheckoutStatus {
  paymentStatus: string;
  status: string;
  /** Cents. */
  amountTotal: number | null;
}

/** Stripe needs expires_at at least 30 minutes ahead; one more minute absorbs clock skew. */
const SESSION_LIFETIME_MS = (POLICY.checkoutHoldMinutes + 1) * 60_000;

class AlreadyFulfilled extends Error {}
/** The booking changed between our read and our write (a sweep, another payment): start over. */
class BookingChangedMeanwhile extends Error {}
const FULFIL_ATTEMPTS = 5;

/** Checkout attempts per client and minute (each may call the provider). */
export const CHECKOUT_RATE_LIMIT: RateLimitRule = { name: 'payment attempts', limit: 1000, windowMs: 60_000 };

/**
 * Paying for bookings: checkout sessions, their status, and the one idempotent
 * fulfil path shared by the status endpoint and the webhook. A payment is
 * never lost: it is applied at most once per session, and a payment arriving
 * after its hold lapsed re-takes the spots or flags the booking for the admin.
 */
export class PaymentService {

  constructor(
    private readonly db: Database,
    private readonly bookings: BookingService,
    private readonly provider: PaymentProvider | null,
    private readonly clock: () => Date,
    private readonly logger: Logger,
    /** The provider always returns visitors here (config.publicOrigin), whatever origin a caller claims. */
    private readonly publicOrigin = 'http://localhost:3000',
    /** The off-session and refund webhooks, and refunds a fulfil decided: the money domain subscribes (composition-root.ts). */
    private readonly events: PaymentEvents | null = null,
  ) {}

  /** The provider, for the booking account service's charges and refunds (null without one). */
  get paymentProvider(): PaymentProvider | null {
    return this.provider;
  }

  get enabled(): boolean {
    return this.provider !== null;
  }

  async createCheckoutSessionOrThrow(input: CheckoutSessionInput): Promise<CheckoutStart> {
    // The spec's origin_url is checked, never followed: the redirects go to our own origin
    // (an open redirect through Checkout otherwise: hardening finding 2).
    const origin = this.publicOrigin;
    if (!sameSite(input.originUrl, origin)) this.logger.warn({ bookingId: input.bookingId }, 'checkout asked from another origin: redirecting to PUBLIC_ORIGIN');
    const booking = await this.bookings.getByIdOrThrow(input.bookingId);
    if (!this.provider) return { url: null, sessionId: null };
    this.bookings.lifecycle.assertCheckoutAllowedOrThrow(booking);
    await this.bookings.assertWorkshopNotStartedOrThrow(booking);

    // An open session already exists (double click, page reload): hand it out again.
    const openSession = PaymentSlot.parse(booking.checkoutSessionId).sessionId;
    if (openSession) {
      const existing = await this.retrieveOrThrow(openSession);
      if (existing?.status === 'open' && existing.url) return { url: existing.url, sessionId: existing.id };
      if (existing?.paymentStatus === 'paid') {
        await this.fulfil(existing);
        throw new AppError(ErrorCode.CONFLICT, 'This booking is already paid');
      }
      await this.bookings.releaseHold(booking.id, BookingStatus.expired, openSession);
      throw new AppError(ErrorCode.CONFLICT, 'The reservation expired before payment. Please book again.');
    }
    const isPlan = booking.paymentOption === 'payment_plan';
    return this.startSessionOrThrow(booking, {
      amountCents: booking.dueNowCents,
      purpose: PaymentPurpose.first,
      installmentNumber: isPlan ? 1 : null,
      label: chargeLabel(booking),
      // A plan's first installment saves the card for the later ones, charged off-session.
      saveCard: isPlan,
      successUrl: `${origin}/payment-success?session_id={CHECKOUT_SESSION_ID}`,
      cancelUrl: `${origin}/workshop/${encodeURIComponent(booking.workshopId)}`,
      requireHeld: true,
    });
  }

  /**
   * A later payment of a confirmed booking (the balance, an installment paid
   * now or after a decline): a Checkout Session for exactly `amountCents`,
   * back to the manage page. An open session for the same charge is handed out
   * again; one for another charge is expired first, so a booking never has two
   * payable sessions.
   */
  async startLaterPaymentOrThrow(booking: Booking, charge: { amountCents: number; purpose: PaymentPurpose; installmentNumber: number | null; label: string }, returnUrl: string): Promise<CheckoutStart> {
    if (!this.provider) return { url: null, sessionId: null };
    const slot = PaymentSlot.parse(booking.checkoutSessionId);
    if (slot.isBusy(this.clock())) {
      throw new AppError(ErrorCode.CONFLICT, 'A payment for this booking is being taken right now. Please try again in a minute.');
    }
    const current = slot.sessionId;
    if (current) {
      const record = await this.db.manager.findOneBy(CheckoutSessionRecord, { id: current });
      const existing = record && this.clock().getTime() - record.createdAt.getTime() < SESSION_LIFETIME_MS ? await this.retrieveOrThrow(current) : null;
      if (existing?.status === 'open') {
        if (record!.amountCents === charge.amountCents && record!.purpose === charge.purpose && record!.installmentNumber === charge.installmentNumber && existing.url) {
          return { url: existing.url, sessionId: existing.id };
        }
        await this.provider.expireCheckoutSession(current).catch(() => undefined);
      } else if (existing?.paymentStatus === 'paid' && (await this.fulfil(existing))) {
        // Paid meanwhile and only applied now: what is due has changed.
        throw new AppError(ErrorCode.CONFLICT, 'That payment was just received. Reload the page to see what is left.');
      }
    }
    const sep = returnUrl.includes('?') ? '&' : '?';
    return this.startSessionOrThrow(booking, {
      ...charge,
      saveCard: false,
      successUrl: `${returnUrl}${sep}paid=1`,
      cancelUrl: returnUrl,
      requireHeld: false,
    });
  }

  /** Claim the booking's payment slot, create the session at the provider, record it. */
  private async startSessionOrThrow(
    booking: Booking,
    p: { amountCents: number; purpose: PaymentPurpose; installmentNumber: number | null; label: string; saveCard: boolean; successUrl: string; cancelUrl: string; requireHeld: boolean },
  ): Promise<CheckoutStart> {
    // Claim the right to create this booking's session (compare-and-set), so that
    // concurrent requests create one session, not two.
    const now = this.clock();
    const marker = PaymentSlot.claimForCheckout(now).value!;
    if (!(await this.claimSlot(booking, marker, now, p.requireHeld))) {
      if ((await this.bookings.findById(booking.id))?.status === BookingStatus.cancelled) throw cancelledBookingError();
      return this.waitForSession(booking.id);
    }

    let session: CheckoutSession;
    try {
      const customerId = p.saveCard ? await this.customerFor(booking) : undefined;
      session = await this.provider!.createCheckoutSession({
        bookingId: booking.id,
        amountCents: p.amountCents,
        productName: `${booking.workshopName} – ${p.label}`,
        description: `${booking.numParticipants} participant(s)${booking.numSpouses ? ` + ${booking.numSpouses} partner(s)` : ''}, ${booking.roomType} room. Booking ${booking.id}`,
        customerEmail: booking.customerEmail,
        successUrl: p.successUrl,
        cancelUrl: p.cancelUrl,
        expiresAt: new Date(now.getTime() + SESSION_LIFETIME_MS),
        idempotencyKey: `checkout-session:${booking.id}:${marker}`,
        customerId,
        saveCard: p.saveCard,
        metadata: { purpose: p.purpose, ...(p.installmentNumber ? { installment: String(p.installmentNumber) } : {}) },
      });
    } catch (e) {
      await this.updateSessionId(booking.id, marker, booking.status === BookingStatus.held ? null : booking.checkoutSessionId);
      this.logger.warn({ bookingId: booking.id, err: (e as Error).message }, 'checkout session creation failed');
      throw new AppError(ErrorCode.PAYMENT_PROVIDER_ERROR, 'The payment provider is not available right now. Please try again.');
    }
    // A held booking's hold lasts exactly as long as the session can be paid.
    await this.updateSessionId(booking.id, marker, session.id, p.requireHeld ? session.expiresAt : undefined, {
      id: session.id,
      bookingId: booking.id,
      amountCents: p.amountCents,
      currency: CHECKOUT_CURRENCY,
      purpose: p.purpose,
      installmentNumber: p.installmentNumber,
      createdAt: now,
    });
    // Cancelled while the session was being created (the cancel saw only our claim, not a session to expire):
    // it is not handed out. Should it be paid anyway, fulfil refunds the money (docs/decisions/065).
    if ((await this.bookings.findById(booking.id))?.status === BookingStatus.cancelled) {
      await this.expireSession(booking.id, session.id);
      throw cancelledBookingError();
    }
    return { url: session.url, sessionId: session.id };
  }

  /** The Stripe Customer of a booking whose card is saved (created once, idempotently). */
  private async customerFor(booking: Booking): Promise<string> {
    if (booking.providerCustomerId) return booking.providerCustomerId;
    const customer = await this.provider!.createCustomer({
      email: booking.customerEmail,
      name: booking.customerName,
      bookingId: booking.id,
      idempotencyKey: `customer:${booking.id}`,
    });
    await this.db.transaction((m) =>
      m.createQueryBuilder().update(Booking).set({ providerCustomerId: customer.id }).where('id = :id AND provider_customer_id IS NULL', { id: booking.id }).execute(),
    );
    booking.providerCustomerId = customer.id;
    return customer.id;
  }

  /**
   * The payment slot of a booking (its checkout_session_id column) held for an
   * off-session charge: while it is held no checkout can start, and no charge
   * starts while a checkout may be paid. Returns the marker, or null when the
   * slot is busy (an open session, or another charge in flight).
   */
  async claimSlotForCharge(booking: Booking): Promise<string | null> {
    const now = this.clock();
    const slot = PaymentSlot.parse(booking.checkoutSessionId);
    if (slot.isBusy(now)) return null;
    const current = slot.sessionId;
    if (current) {
      const record = await this.db.manager.findOneBy(CheckoutSessionRecord, { id: current });
      if (record && now.getTime() - record.createdAt.getTime() < SESSION_LIFETIME_MS && this.provider) {
        const session = await this.retrieveOrThrow(current);
        if (session?.status === 'open') return null;
        if (session?.paymentStatus === 'paid') {
          await this.fulfil(session);
          return null;
        }
      }
    }
    const marker = PaymentSlot.claimForCharge(now).value!;
    return (await this.claimSlot(booking, marker, now, false)) ? marker : null;
  }

  /** Give the slot back after a charge (to nothing: the charge is recorded in the ledger). */
  async releaseSlot(bookingId: string, marker: string): Promise<void> {
    await this.updateSessionId(bookingId, marker, null);
  }

  async checkoutStatusOrThrow(sessionId: string): Promise<CheckoutStatus> {
    if (!this.provider || typeof sessionId !== 'string' || !/^cs_[A-Za-z0-9_]{1,250}$/.test(sessionId)) {
      throw AppError.notFound('Checkout session');
    }
    const session = await this.retrieveOrThrow(sessionId);
    if (!session) throw AppError.notFound('Checkout session');
    // A paid session that is not ours is recorded for the admin by fulfil, and then unknown here.
    if (session.paymentStatus === 'paid') await this.fulfil(session);
    const own = await this.db.manager.findOneBy(CheckoutSessionRecord, { id: session.id });
    if (!own) throw AppError.notFound('Checkout session');
    if (session.paymentStatus !== 'paid' && session.status === 'expired') await this.bookings.releaseHold(own.bookingId, BookingStatus.expired, session.id);
    return { paymentStatus: session.paymentStatus, status: session.status, amountTotal: session.amountTotal };
  }

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
        const applied = await this.bookings.lifecycle.applyPaymentOrThrow(
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
        if (session?.bookingId) await this.bookings.releaseHold(session.bookingId, BookingStatus.expired, session.id);
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

  /** Called by the sweeper when a hold lapses: the session must not be payable any more. */
  async expireSessionOf(booking: Booking): Promise<void> {
    const sessionId = PaymentSlot.parse(booking.checkoutSessionId).sessionId;
    if (!this.provider || !sessionId) return;
    await this.expireSession(booking.id, sessionId);
  }

  private async expireSession(bookingId: string, sessionId: string): Promise<void> {
    try {
      await this.provider!.expireCheckoutSession(sessionId);
    } catch (e) {
      this.logger.warn({ bookingId, err: (e as Error).message }, 'could not expire checkout session');
    }
  }

  private async retrieveOrThrow(id: string): Promise<CheckoutSession | null> {
    try {
      return await this.provider!.retrieveCheckoutSession(id);
    } catch (e) {
      if (e instanceof PaymentProviderUnavailableError) {
        throw new AppError(ErrorCode.PAYMENT_PROVIDER_ERROR, 'The payment provider is not available right now. Please try again.');
      }
      throw e;
    }
  }

  /**
   * Compare-and-set the booking's payment slot from what we read to our
   * marker: a free slot, a finished session, or a stale marker left by a
   * crashed request can be taken; a fresh marker cannot.
   */
  private async claimSlot(booking: Booking, marker: string, now: Date, requireHeld: boolean): Promise<boolean> {
    const previous = booking.checkoutSessionId;
    const slot = PaymentSlot.parse(previous);
    if (slot.isBusy(now)) return false;
    if (requireHeld && slot.sessionId) return false;
    const result = await this.db.transaction((m) => {
      const q = m.createQueryBuilder().update(Booking).set({ checkoutSessionId: marker, updatedAt: now }).where('id = :id', { id: booking.id });
      if (requireHeld) q.andWhere('status = :held', { held: BookingStatus.held });
      else q.andWhere('status = :confirmed', { confirmed: BookingStatus.confirmed });
      if (previous) q.andWhere('checkout_session_id = :previous', { previous });
      else q.andWhere('checkout_session_id IS NULL');
      return q.execute();
    });
    if (result.affected === 1) booking.checkoutSessionId = marker;
    return result.affected === 1;
  }

  /**
   * Store the outcome of our claim on creating the booking's session, and the
   * session we created (kept even if our claim was taken over meanwhile: its
   * address was handed out, so it may be paid).
   */
  private async updateSessionId(
    bookingId: string,
    marker: string,
    sessionId: string | null,
    holdExpiresAt?: Date,
    created?: CheckoutSessionRecord,
  ): Promise<void> {
    const now = this.clock();
    await this.db.transaction(async (m) => {
      if (created) await m.createQueryBuilder().insert().into(CheckoutSessionRecord).values(created).orIgnore().execute();
      await m
        .createQueryBuilder()
        .update(Booking)
        .set({ checkoutSessionId: sessionId, updatedAt: now, ...(holdExpiresAt ? { holdExpiresAt } : {}) })
        .where('id = :id AND checkout_session_id = :marker', { id: bookingId, marker })
        .execute();
    });
  }

  /** Another request is creating this booking's session: wait briefly for its id. */
  private async waitForSession(bookingId: string): Promise<CheckoutStart> {
    for (let i = 0; i < 50; i++) {
      await new Promise((r) => setTimeout(r, 100));
      const b = await this.bookings.findById(bookingId);
      const id = b?.checkoutSessionId;
      if (id && !PaymentSlot.parse(id).isClaim()) {
        const session = await this.retrieveOrThrow(id);
        if (session?.url) return { url: session.url, sessionId: session.id };
        break;
      }
      if (!id) break;
    }
    throw new AppError(ErrorCode.CONFLICT, 'A payment for this booking is already being prepared. Please try again.');
  }
}

/** A checkout asked for a booking cancelled meanwhile (another tab, the admin, its workshop). */
function cancelledBookingError(): AppError {
  return new AppError(ErrorCode.CONFLICT, 'This booking is cancelled and takes no payments');
}

function chargeLabel(b: Booking): string {
  switch (b.paymentOption) {
    case 'full':
      return 'payment in full';
    case 'payment_plan':
      return `installment 1 of ${b.installments}`;
    default:
      return `${POLICY.depositPercent}% deposit`;
  }
}

/**
 * Whether a caller's origin_url is this site: the same scheme, host and port as the public
 * origin, where the loopback names (localhost, 127.0.0.1, [::1]) count as one host.
 */
export function sameSite(originUrl: string, publicOrigin: string): boolean {
  let a: URL, b: URL;
  try {
    a = new URL(originUrl);
    b = new URL(publicOrigin);
  } catch {
    return false;
  }
  const loopback = (h: string) => (h === 'localhost' || h === '127.0.0.1' || h === '[::1]' ? 'loopback' : h);
  return a.protocol === b.protocol && a.port === b.port && loopback(a.hostname) === loopback(b.hostname) && !a.username && !a.password;
}
