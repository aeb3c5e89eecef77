import type { FastifyPluginAsync } from 'fastify';
import type { PaymentService } from '../../payment/payment.service';
import { parseRestInput } from './http';
import type { WriteLimit } from '../rate-limits';
import { CheckoutSessionInput } from '../../payment/checkout.input';
import { MONEY_ROUTES } from './schemas/money';

/** Largest Stripe event we accept (they are a few KB). */
const WEBHOOK_BODY_LIMIT = 512 * 1024;

/** The Stripe webhook needs the exact bytes that were signed: its own scope, with a raw-body parser. */
export function webhookRoutes(payments: PaymentService): FastifyPluginAsync {
  return async (app) => {
    app.removeAllContentTypeParsers();
    app.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: WEBHOOK_BODY_LIMIT }, (_req, body, done) => done(null, body));
    app.post('/webhook/stripe', { bodyLimit: WEBHOOK_BODY_LIMIT, schema: MONEY_ROUTES.stripeWebhook }, async (req) => {
      const raw = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
      const signature = req.headers['stripe-signature'];
      const result = await payments.handleWebhookOrThrow(raw, typeof signature === 'string' ? signature : undefined);
      return { received: true, duplicate: result.duplicate };
    });
  };
}

export function checkoutRoutes(payments: PaymentService, limit: WriteLimit): FastifyPluginAsync {
  return async (app) => {
    app.post('/checkout/create-session', { schema: MONEY_ROUTES.createCheckoutSession }, async (req) => {
      const input = await parseRestInput(CheckoutSessionInput, req);
      await limit(req);
      const start = await payments.createCheckoutSessionOrThrow(input);
      // Without a provider the spec's answer is an object with no url.
      return start.url ? { url: start.url, session_id: start.sessionId } : {};
    });
    app.get<{ Params: { sessionId: string } }>('/checkout/status/:sessionId', { schema: MONEY_ROUTES.checkoutStatus }, async (req) => {
      const s = await payments.checkoutStatusOrThrow(req.params.sessionId);
      return { payment_status: s.paymentStatus, status: s.status, amount_total: s.amountTotal };
    });
  };
}
