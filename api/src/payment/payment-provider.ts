/**
 * The payment provider as the booking site needs it: hosted checkout sessions
 * and signed webhooks. One real implementation (Stripe, stripe.provider.ts);
 * tests run it against a local fake of Stripe's HTTP API, never a mock.
 */
/** Every price on the site is in US dollars; sessions are created, and only accepted, in it. */
export const CHECKOUT_CURRENCY = 'usd';

export interface CheckoutSession {
  id: string;
  /** Hosted payment page; null once the session is complete or expired. */
  url: string | null;
  status: 'open' | 'complete' | 'expired';
  paymentStatus: 'paid' | 'unpaid' | 'no_payment_required';
  /** Cents. */
  amountTotal: number | null;
  /** ISO 4217, lower case ('usd'). */
  currency: string | null;
  expiresAt: Date;
  bookingId: string | null;
}

export interface CreateCheckoutSessionParams {
  bookingId: string;
  amountCents: number;
  productName: string;
  description: string;
  customerEmail: string;
  successUrl: string;
  cancelUrl: string;
  expiresAt: Date;
  /** Same key, same session: a double click or a retry never makes two. */
  idempotencyKey: string;
}

export interface PaymentWebhookEvent {
  id: string;
  type: string;
  /** Present for checkout.session.* events. */
  session: CheckoutSession | null;
}

export interface PaymentProvider {
  createCheckoutSession(params: CreateCheckoutSessionParams): Promise<CheckoutSession>;
  /** Null when the provider does not know the session. */
  retrieveCheckoutSession(id: string): Promise<CheckoutSession | null>;
  /** Expire an open session so it can no longer be paid. No-op if not open. */
  expireCheckoutSession(id: string): Promise<void>;
  /** Verify the signature of a webhook body and parse it; throws WebhookSignatureError. */
  parseWebhook(rawBody: Buffer, signatureHeader: string | undefined): PaymentWebhookEvent;
}

export class WebhookSignatureError extends Error {}

/** The provider could not be reached or failed (timeouts included). */
export class PaymentProviderUnavailableError extends Error {}
