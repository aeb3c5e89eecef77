import Stripe from 'stripe';
import {
  CHECKOUT_CURRENCY,
  type CheckoutSession,
  type CreateCheckoutSessionParams,
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
          customer_email: p.customerEmail,
          client_reference_id: p.bookingId,
          metadata: { booking_id: p.bookingId },
          payment_intent_data: { metadata: { booking_id: p.bookingId } },
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

  // Being implemented on the stripe branch (issue 14); not called yet.
  createCustomer(): Promise<{ id: string }> {
    throw new Error('not implemented yet');
  }
  retrievePaymentIntent(): Promise<PaymentIntentInfo | null> {
    throw new Error('not implemented yet');
  }
  chargeOffSession(): Promise<OffSessionChargeResult> {
    throw new Error('not implemented yet');
  }
  refund(): Promise<RefundInfo> {
    throw new Error('not implemented yet');
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
