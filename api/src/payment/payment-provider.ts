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
  /** The PaymentIntent that took the money (set once paid). */
  paymentIntentId: string | null;
  /** The Stripe Customer the session was created for, when one was given. */
  customerId: string | null;
  /** Our metadata on the session (booking_id, purpose, installment). */
  metadata: Record<string, string>;
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
  /**
   * A Stripe Customer to attach the session to. With saveCard the card is saved
   * on it for later off-session charges (payment_intent_data.setup_future_usage
   * = "off_session"): the first installment of a payment plan.
   */
  customerId?: string;
  saveCard?: boolean;
  /** Extra metadata on the session and its PaymentIntent (booking_id is always set). */
  metadata?: Record<string, string>;
}

export interface CreateCustomerParams {
  email: string;
  name: string;
  bookingId: string;
  idempotencyKey: string;
}

export interface PaymentIntentInfo {
  id: string;
  /** Stripe's PaymentIntent status: succeeded, requires_payment_method, requires_action, processing, canceled... */
  status: string;
  /** Cents. */
  amount: number;
  /** Cents received (amount_received). */
  amountReceived: number;
  currency: string;
  customerId: string | null;
  /** The card used; saved on the customer when the payment was set up for future use. */
  paymentMethodId: string | null;
  metadata: Record<string, string>;
}

export interface OffSessionChargeParams {
  customerId: string;
  paymentMethodId: string;
  amountCents: number;
  description: string;
  /** booking_id, purpose, installment... copied onto the PaymentIntent. */
  metadata: Record<string, string>;
  /** One key per charge attempt: a retry after a crash returns the same PaymentIntent, never a second charge. */
  idempotencyKey: string;
}

/**
 * The outcome of an off-session charge. Declines and authentication-required
 * are outcomes, not errors: Stripe answers them with a card_error (402) that
 * carries the PaymentIntent.
 */
export type OffSessionChargeResult =
  | { outcome: 'succeeded'; paymentIntent: PaymentIntentInfo }
  | {
      outcome: 'failed';
      /** Stripe's decline code or error code: card_declined, authentication_required, insufficient_funds, expired_card... */
      code: string;
      message: string;
      /** Null when Stripe refused before creating one. */
      paymentIntent: PaymentIntentInfo | null;
    };

export interface RefundParams {
  paymentIntentId: string;
  amountCents: number;
  /** booking_id, reason... */
  metadata: Record<string, string>;
  /** One key per refund we decide on: a retry never refunds twice. */
  idempotencyKey: string;
}

export interface RefundInfo {
  id: string;
  /** Stripe's refund status: pending, succeeded, failed, canceled, requires_action. */
  status: string;
  /** Cents. */
  amount: number;
  paymentIntentId: string;
  metadata: Record<string, string>;
}

export interface PaymentWebhookEvent {
  id: string;
  type: string;
  /** Present for checkout.session.* events. */
  session: CheckoutSession | null;
  /** Present for payment_intent.* events. */
  paymentIntent?: PaymentIntentInfo | null;
  /** Present for charge.refunded: the charge's PaymentIntent and the refunds on it. */
  charge?: { id: string; paymentIntentId: string | null; amountRefunded: number; refunds: RefundInfo[] } | null;
}

export interface PaymentProvider {
  createCheckoutSession(params: CreateCheckoutSessionParams): Promise<CheckoutSession>;
  /** Null when the provider does not know the session. */
  retrieveCheckoutSession(id: string): Promise<CheckoutSession | null>;
  /** Expire an open session so it can no longer be paid. No-op if not open. */
  expireCheckoutSession(id: string): Promise<void>;
  createCustomer(params: CreateCustomerParams): Promise<{ id: string }>;
  /** Null when the provider does not know it. */
  retrievePaymentIntent(id: string): Promise<PaymentIntentInfo | null>;
  /** Charge a saved card without the customer present (PaymentIntent, off_session + confirm). */
  chargeOffSession(params: OffSessionChargeParams): Promise<OffSessionChargeResult>;
  /**
   * Refund part or all of a PaymentIntent. Throws RefundRefusedError when the
   * provider refuses it (more than is left to refund, already refunded).
   */
  refund(params: RefundParams): Promise<RefundInfo>;
  /** Verify the signature of a webhook body and parse it; throws WebhookSignatureError. */
  parseWebhook(rawBody: Buffer, signatureHeader: string | undefined): PaymentWebhookEvent;
}

export class WebhookSignatureError extends Error {}

/** The provider refused a refund (amount above what is left, charge already refunded...). */
export class RefundRefusedError extends Error {
  constructor(
    message: string,
    /** Stripe's error code when it gave one: amount_too_large, charge_already_refunded... */
    readonly code: string | null = null,
  ) {
    super(message);
  }
}

/** The provider could not be reached or failed (timeouts included). */
export class PaymentProviderUnavailableError extends Error {}
