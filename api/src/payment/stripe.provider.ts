import Stripe from 'stripe';
import {
  CHECKOUT_CURRENCY,
  type CheckoutSession,
  type CreateCheckoutSessionParams,
  type CreateCustomerParams,
  type OffSessionChargeParams,
  type RefundParams,
  RefundRefusedError,
  type PaymentProvider,
  PaymentProviderUnavailableError,
  type PaymentWebhookEvent,
  type PaymentIntentInfo,
  type OffSessionChargeResult,
  type RefundInfo,
  WebhookSignatureError,
} from './payment-provider';

export interface StripeProviderConfig {
  secretKey: string;
  webhookSecret?: string;
  /** e.g. http://127.0.0.1:12111 – the SDK then talks to that host, port and protocol. */
  apiBase?: string;
  /** Milliseconds per request before giving up. */
  timeoutMs?: number;
}

/**
 * Per-request timeout and one retry (safe: every create carries an idempotency
 * key), so a slow provider costs a visitor at most ~8 s, inside the app's 10 s
 * request timeout: they get the booking error while their booking is kept.
 */
export const STRIPE_TIMEOUT_MS = 3500;

/** Seconds a webhook signature stays valid (Stripe's default tolerance). */
export const WEBHOOK_TOLERANCE_SECONDS = 300;

/** The one real PaymentProvider: the official Stripe SDK. */
export class StripePaymentProvider implements PaymentProvider {
  private readonly stripe: Stripe;

  constructor(private readonly config: StripeProviderConfig) {
    const base = config.apiBase ? new URL(config.apiBase) : null;
    this.stripe = new Stripe(config.secretKey, {
      timeout: config.timeoutMs ?? STRIPE_TIMEOUT_MS,
      maxNetworkRetries: 1,
      telemetry: false,
      appInfo: { name: 'wild-light-workshops' },
      ...(base
        ? {
            host: base.hostname,
            port: base.port || (base.protocol === 'https:' ? 443 : 80),
            protocol: base.protocol.replace(':', '') as 'http' | 'https',
          }
        : {}),
    });
  }

  async createCheckoutSession(p: CreateCheckoutSessionParams): Promise<CheckoutSession> {
    const metadata = { ...p.metadata, booking_id: p.bookingId };
    const session = await this.call(() =>
      this.stripe.checkout.sessions.create(
        {
          mode: 'payment',
          line_items: [
            {
              quantity: 1,
              price_data: {
                currency: CHECKOUT_CURRENCY,
                unit_amount: p.amountCents,
                product_data: { name: p.productName, description: p.description },
              },
            },
          ],
          // Stripe takes one of customer and customer_email: a Customer already has its email.
          ...(p.customerId ? { customer: p.customerId } : { customer_email: p.customerEmail }),
          // A card saved without a Customer could never be charged again: make one.
          ...(p.saveCard && !p.customerId ? { customer_creation: 'always' as const } : {}),
          client_reference_id: p.bookingId,
          metadata,
          payment_intent_data: { metadata, ...(p.saveCard ? { setup_future_usage: 'off_session' as const } : {}) },
          success_url: p.successUrl,
          cancel_url: p.cancelUrl,
          expires_at: Math.floor(p.expiresAt.getTime() / 1000),
        },
        { idempotencyKey: p.idempotencyKey },
      ),
    );
    return toCheckoutSession(session);
  }

  async retrieveCheckoutSession(id: string): Promise<CheckoutSession | null> {
    try {
      return toCheckoutSession(await this.stripe.checkout.sessions.retrieve(id));
    } catch (e) {
      if (e instanceof Stripe.errors.StripeInvalidRequestError && (e.statusCode === 404 || e.code === 'resource_missing')) return null;
      throw asUnavailable(e);
    }
  }

  async expireCheckoutSession(id: string): Promise<void> {
    try {
      await this.stripe.checkout.sessions.expire(id);
    } catch (e) {
      // Already complete or expired: nothing to do.
      if (e instanceof Stripe.errors.StripeInvalidRequestError) return;
      throw asUnavailable(e);
    }
  }

  async createCustomer(p: CreateCustomerParams): Promise<{ id: string }> {
    const customer = await this.call(() =>
      this.stripe.customers.create({ email: p.email, name: p.name, metadata: { booking_id: p.bookingId } }, { idempotencyKey: p.idempotencyKey }),
    );
    return { id: customer.id };
  }

  async retrievePaymentIntent(id: string): Promise<PaymentIntentInfo | null> {
    try {
      return toPaymentIntentInfo(await this.stripe.paymentIntents.retrieve(id));
    } catch (e) {
      if (e instanceof Stripe.errors.StripeInvalidRequestError && (e.statusCode === 404 || e.code === 'resource_missing')) return null;
      throw asUnavailable(e);
    }
  }

  /**
   * A card error (402: declined, insufficient funds, authentication required...)
   * is an outcome carrying the PaymentIntent Stripe made. So is a request Stripe
   * refuses before making one (the saved card was detached, the customer
   * deleted): the charge cannot succeed as asked, retrying it would not help,
   * and the customer has to pay another way. Reusing an idempotency key with
   * other parameters is a bug in the caller and throws plainly; anything else
   * (network, timeout, 5xx, rate limit, keys) is PaymentProviderUnavailableError,
   * safe to retry with the same idempotency key.
   */
  async chargeOffSession(p: OffSessionChargeParams): Promise<OffSessionChargeResult> {
    try {
      const pi = await this.stripe.paymentIntents.create(
        {
          amount: p.amountCents,
          currency: CHECKOUT_CURRENCY,
          customer: p.customerId,
          payment_method: p.paymentMethodId,
          off_session: true,
          confirm: true,
          description: p.description,
          metadata: p.metadata,
        },
        { idempotencyKey: p.idempotencyKey },
      );
      if (pi.status === 'succeeded') return { outcome: 'succeeded', paymentIntent: toPaymentIntentInfo(pi) };
      // Off-session Stripe either succeeds or answers a card error; "processing" and the like are not a success yet.
      return { outcome: 'failed', code: pi.last_payment_error?.code ?? pi.status, message: pi.last_payment_error?.message ?? `PaymentIntent ${pi.status}`, paymentIntent: toPaymentIntentInfo(pi) };
    } catch (e) {
      if (e instanceof Stripe.errors.StripeCardError) {
        const raw = e.raw as { payment_intent?: Stripe.PaymentIntent } | undefined;
        const intent = raw?.payment_intent ?? e.payment_intent;
        return {
          outcome: 'failed',
          code: e.decline_code || e.code || 'card_declined',
          message: e.message,
          paymentIntent: intent ? toPaymentIntentInfo(intent) : null,
        };
      }
      if (e instanceof Stripe.errors.StripeIdempotencyError) throw new Error(`Stripe idempotency error for key ${p.idempotencyKey}: ${e.message}`);
      if (e instanceof Stripe.errors.StripeInvalidRequestError) {
        return { outcome: 'failed', code: e.code ?? 'invalid_request_error', message: e.message, paymentIntent: null };
      }
      throw asUnavailable(e);
    }
  }

  async refund(p: RefundParams): Promise<RefundInfo> {
    try {
      const refund = await this.stripe.refunds.create(
        { payment_intent: p.paymentIntentId, amount: p.amountCents, metadata: p.metadata },
        { idempotencyKey: p.idempotencyKey },
      );
      return toRefundInfo(refund, p.paymentIntentId);
    } catch (e) {
      if (e instanceof Stripe.errors.StripeInvalidRequestError) throw new RefundRefusedError(e.message, e.code ?? null);
      if (e instanceof Stripe.errors.StripeIdempotencyError) throw new Error(`Stripe idempotency error for key ${p.idempotencyKey}: ${e.message}`);
      throw asUnavailable(e);
    }
  }

  parseWebhook(rawBody: Buffer, signatureHeader: string | undefined): PaymentWebhookEvent {
    if (!this.config.webhookSecret) throw new WebhookSignatureError('Webhook secret not configured');
    if (!signatureHeader) throw new WebhookSignatureError('Missing Stripe-Signature header');
    let event: Stripe.Event;
    try {
      event = this.stripe.webhooks.constructEvent(rawBody, signatureHeader, this.config.webhookSecret, WEBHOOK_TOLERANCE_SECONDS);
    } catch (e) {
      throw new WebhookSignatureError((e as Error).message);
    }
    const object = event.data.object as { object?: string };
    return {
      id: event.id,
      type: event.type,
      session: object.object === 'checkout.session' ? toCheckoutSession(object as Stripe.Checkout.Session) : null,
      paymentIntent: object.object === 'payment_intent' ? toPaymentIntentInfo(object as Stripe.PaymentIntent) : null,
      charge: object.object === 'charge' ? toChargeInfo(object as Stripe.Charge) : null,
    };
  }

  private async call<T>(fn: () => Promise<T>): Promise<T> {
    try {
      return await fn();
    } catch (e) {
      throw asUnavailable(e);
    }
  }
}

function asUnavailable(e: unknown): Error {
  return new PaymentProviderUnavailableError(`Payment provider error: ${(e as Error).message}`);
}

export function toCheckoutSession(s: Stripe.Checkout.Session): CheckoutSession {
  return {
    id: s.id,
    url: s.url ?? null,
    status: (s.status ?? 'open') as CheckoutSession['status'],
    paymentStatus: s.payment_status as CheckoutSession['paymentStatus'],
    amountTotal: s.amount_total ?? null,
    currency: s.currency ?? null,
    expiresAt: new Date(s.expires_at * 1000),
    bookingId: s.metadata?.booking_id ?? s.client_reference_id ?? null,
    paymentIntentId: typeof s.payment_intent === 'string' ? s.payment_intent : (s.payment_intent?.id ?? null),
    customerId: typeof s.customer === 'string' ? s.customer : (s.customer?.id ?? null),
    metadata: { ...(s.metadata ?? {}) },
  };
}

const idOf = (v: string | { id: string } | null | undefined): string | null => (typeof v === 'string' ? v : (v?.id ?? null));

export function toPaymentIntentInfo(pi: Stripe.PaymentIntent): PaymentIntentInfo {
  return {
    id: pi.id,
    status: pi.status,
    amount: pi.amount,
    amountReceived: pi.amount_received ?? 0,
    currency: pi.currency,
    customerId: idOf(pi.customer),
    paymentMethodId: idOf(pi.payment_method),
    metadata: { ...(pi.metadata ?? {}) },
  };
}

/** A refund made against a charge refers to its PaymentIntent; older ones may only name the charge, hence the fallback. */
export function toRefundInfo(r: Stripe.Refund, paymentIntentId: string | null = null): RefundInfo {
  return {
    id: r.id,
    status: r.status ?? 'pending',
    amount: r.amount,
    paymentIntentId: idOf(r.payment_intent) ?? paymentIntentId ?? '',
    metadata: { ...(r.metadata ?? {}) },
  };
}

/**
 * charge.refunded: amount_refunded is always there; the list of refunds only
 * when Stripe includes it (it is expandable, not part of a charge by default
 * in current API versions), so the list may be empty while amountRefunded is not.
 */
export function toChargeInfo(c: Stripe.Charge): NonNullable<PaymentWebhookEvent['charge']> {
  const paymentIntentId = idOf(c.payment_intent);
  return {
    id: c.id,
    paymentIntentId,
    amountRefunded: c.amount_refunded,
    refunds: (c.refunds?.data ?? []).map((r) => toRefundInfo(r, paymentIntentId)),
  };
}
