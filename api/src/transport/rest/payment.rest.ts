import express, { Router } from 'express';
import type { Services } from '../../composition-root';
import { parseRestInput } from './http';
import { clientKey } from '../../infrastructure/rate-limit';
import { CheckoutSessionInput } from '../../payment/checkout.input';

/** The Stripe webhook needs the exact bytes that were signed: mount before any JSON parser. */
export function webhookRoutes(services: Services): Router {
  const router = Router();
  router.post('/webhook/stripe', express.raw({ type: () => true, limit: '512kb' }), async (req, res) => {
    const raw = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
    const result = await services.payments.handleWebhookOrThrow(raw, req.header('stripe-signature'));
    res.json({ received: true, duplicate: result.duplicate });
  });
  return router;
}

export function checkoutRoutes(services: Services): Router {
  const router = Router();
  router.post('/checkout/create-session', async (req, res) => {
    const input = await parseRestInput(CheckoutSessionInput, req);
    const start = await services.payments.createCheckoutSessionOrThrow(input, clientKey(req));
    // Without a provider the spec's answer is an object with no url.
    res.json(start.url ? { url: start.url, session_id: start.sessionId } : {});
  });
  router.get('/checkout/status/:sessionId', async (req, res) => {
    const s = await services.payments.checkoutStatusOrThrow(req.params.sessionId);
    res.json({ payment_status: s.paymentStatus, status: s.status, amount_total: s.amountTotal });
  });
  return router;
}
