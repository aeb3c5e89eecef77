import type { Database } from '../infrastructure/db/data-source';
import type { Logger } from '../infrastructure/logger';
import { AppError, ErrorCode } from '../infrastructure/errors';
import type { RateLimitRule } from '../infrastructure/rate-limit';
import { POLICY } from '../shared/policy';
import { formatDateRange } from '../shared/dates';
import { Workshop } from '../workshop/workshop.entity';
import { Booking } from '../booking/booking.entity';
import type { BookingService } from '../booking/booking.service';
import { BookingStatus } from '../booking/booking.types';
import { PaymentPurpose } from '../booking/ledger.entities';
import type { CheckoutSessionInput } from './checkout.input';
import { CheckoutSessionRecord } from './checkout-session.entity';
import { PaymentSlot } from '../money/payment-slot';
import { PaymentSlots } from '../money/payment-slots';
import type { PaymentEvents } from './payment-events';
import { CheckoutFulfilment, type OtherCheckoutSessions } from './fulfilment';
import {
  CHECKOUT_CURRENCY,
  type CheckoutSession,
  type PaymentProvider,
  PaymentProviderUnavailableError,
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
  /** What the payment page names (issue 24): the booking's short reference and its workshop; no personal data. */
  bookingReference: string | null;
  workshopName: string | null;
  /** "Apr 13-18, 2026". */
  workshopDates: string | null;
  /** True when the session is paid and mail leaves this server (SMTP configured): a confirmation mail is on its way. */
  confirmationMailSent: boolean;
}

/** Stripe needs expires_at at least 30 minutes ahead; one more minute absorbs clock skew. */
const SESSION_LIFETIME_MS = (POLICY.checkoutHoldMinutes + 1) * 60_000;


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
    events: PaymentEvents | null = null,
    /** Whether mail leaves the server (SMTP_URL set): only then does the payment page promise a confirmation mail. */
    private readonly mailDelivered = false,
    /** Sessions paid for something else than a booking (gift cards), applied by their owner. */
    others: OtherCheckoutSessions | null = null,
  ) {
    this.slots = new PaymentSlots(db, clock);
    this.fulfilment = new CheckoutFulfilment(db, bookings.lifecycle, bookings, provider, clock, logger, events, others);
  }

  /** The payment slot's compare-and-set claims (money/payment-slot.ts). */
  private readonly slots: PaymentSlots;

  /** Applies paid sessions to their bookings, once (the status poll and the webhook). */
  private readonly fulfilment: CheckoutFulfilment;

  /** Apply a paid session to its booking, once (CheckoutFulfilment); true when this call applied it. */
  fulfil(session: CheckoutSession): Promise<boolean> {
    return this.fulfilment.fulfil(session);
  }

  /** The provider, for the money domain's charges and refunds (null without one). */
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
        throw new AppError(ErrorCode.ALREADY_PAID, 'This booking is already paid');
      }
      await this.bookings.releaseHold(booking.id, BookingStatus.expired, openSession);
      throw new AppError(ErrorCode.BOOKING_EXPIRED, 'The reservation expired before payment. Please book again.');
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
      throw new AppError(ErrorCode.PAYMENT_IN_PROGRESS, 'A payment for this booking is being taken right now. Please try again in a minute.');
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
        throw new AppError(ErrorCode.BOOKING_CHANGED, 'That payment was just received. Reload the page to see what is left.');
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
    if (!(await this.slots.claim(booking, marker, now, p.requireHeld))) {
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
      await this.slots.settle(booking.id, marker, booking.status === BookingStatus.held ? null : booking.checkoutSessionId);
      this.logger.warn({ bookingId: booking.id, err: (e as Error).message }, 'checkout session creation failed');
      throw new AppError(ErrorCode.PAYMENT_PROVIDER_ERROR, 'The payment provider is not available right now. Please try again.');
    }
    // A held booking's hold lasts exactly as long as the session can be paid.
    await this.slots.settle(booking.id, marker, session.id, p.requireHeld ? session.expiresAt : undefined, {
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
    return (await this.slots.claim(booking, marker, now, false)) ? marker : null;
  }

  /** Give the slot back after a charge (to nothing: the charge is recorded in the ledger). */
  async releaseSlot(bookingId: string, marker: string): Promise<void> {
    await this.slots.release(bookingId, marker);
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
    const booking = await this.db.manager.findOneBy(Booking, { id: own.bookingId });
    const workshop = booking ? await this.db.manager.findOneBy(Workshop, { id: booking.workshopId }) : null;
    return {
      paymentStatus: session.paymentStatus,
      status: session.status,
      amountTotal: session.amountTotal,
      bookingReference: booking?.reference ?? null,
      workshopName: booking?.workshopName ?? null,
      workshopDates: workshop ? formatDateRange(workshop.startDate, workshop.endDate) : null,
      confirmationMailSent: this.mailDelivered && session.paymentStatus === 'paid',
    };
  }

  /** A provider webhook: verified, deduplicated by event id, then applied (CheckoutFulfilment). */
  handleWebhookOrThrow(rawBody: Buffer, signature: string | undefined): Promise<{ duplicate: boolean; type: string }> {
    return this.fulfilment.handleWebhookOrThrow(rawBody, signature);
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
    throw new AppError(ErrorCode.PAYMENT_IN_PROGRESS, 'A payment for this booking is already being prepared. Please try again.');
  }
}

/** A checkout asked for a booking cancelled meanwhile (another tab, the admin, its workshop). */
function cancelledBookingError(): AppError {
  return new AppError(ErrorCode.BOOKING_NOT_LIVE, 'This booking is cancelled and takes no payments');
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
