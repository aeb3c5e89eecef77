import { EventBus } from '../infrastructure/events';
import type { BookingRefund } from '../booking/ledger.entities';
import type { PaymentIntentInfo, PaymentWebhookEvent } from './payment-provider';

/**
 * What the payment provider tells us beyond a Checkout Session (webhooks), and
 * what a fulfilled session leaves to do after its commit (docs/decisions/071).
 * Published by PaymentService outside any transaction; the money domain
 * subscribes in composition-root.ts.
 */
export interface PaymentEventMap {
  /** payment_intent.succeeded: an off-session installment charge (recorded here if its job did not get to it). */
  paymentIntentSucceeded: { paymentIntent: PaymentIntentInfo };
  /** charge.refunded: refunds of a charge, ours or made at the provider's dashboard. */
  chargeRefunded: { charge: NonNullable<PaymentWebhookEvent['charge']> };
  /** A fulfilled payment decided refunds (money for a cancelled booking): made once its transaction committed. */
  refundsDecided: { refunds: BookingRefund[] };
}

export class PaymentEvents extends EventBus<PaymentEventMap> {}
