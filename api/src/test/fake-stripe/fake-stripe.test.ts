import Stripe from 'stripe';
import { StripePaymentProvider } from '../../payment/stripe.provider';
import { FakeStripe } from './fake-stripe';

/**
 * The fake's own controls and the Stripe behaviours stripe.provider.test.ts
 * does not reach through the provider: answers lost after the work was done,
 * redelivered events, on-session authentication, refunds by charge, and
 * idempotency keys across endpoints. Through the official SDK, as the app uses it.
 */
describe('the Stripe fake', () => {
  let fake: FakeStripe;
  let stripe: Stripe;
  let provider: StripePaymentProvider;
  let n = 0;
  const key = () => `fake-test-${++n}`;

  beforeAll(async () => {
    fake = await new FakeStripe({ webhookSecret: 'whsec_fake_test' }).start();
    const base = new URL(fake.url);
    stripe = new Stripe('sk_test_fake', { host: base.hostname, port: base.port, protocol: 'http', maxNetworkRetries: 0, telemetry: false });
    provider = new StripePaymentProvider({ secretKey: 'sk_test_fake', webhookSecret: 'whsec_fake_test', apiBase: fake.url });
  });
  afterAll(() => fake?.close());

  /** A customer with a card saved by a paid Checkout, made through the API. */
  const savedCard = async () => {
    const customer = await stripe.customers.create({ email: 'ana@example.com' });
    const session = await stripe.checkout.sessions.create({
      mode: 'payment',
      customer: customer.id,
      line_items: [{ quantity: 1, price_data: { currency: 'usd', unit_amount: 40_000, product_data: { name: 'Zion' } } }],
      payment_intent_data: { setup_future_usage: 'off_session', metadata: { booking_id: 'b-7' } },
      success_url: 'http://shop.test/ok',
    });
    await fake.pay(session.id);
    const pi = await stripe.paymentIntents.retrieve(fake.sessions.get(session.id)!.payment_intent!);
    return { customer: customer.id, paymentMethod: pi.payment_method as string, paymentIntent: pi };
  };

  it('an answer lost after the charge was made: the SDK retry with the same key gets the saved answer, one charge', async () => {
    const card = await savedCard();
    const before = fake.paymentIntents.size;
    fake.dropNextAnswers = 1;
    const idempotencyKey = key();
    const result = await provider.chargeOffSession({
      customerId: card.customer,
      paymentMethodId: card.paymentMethod,
      amountCents: 12_000,
      description: 'installment 2',
      metadata: { booking_id: 'b-7' },
      idempotencyKey,
    });
    expect(result.outcome).toBe('succeeded');
    expect(fake.paymentIntents.size - before).toBe(1);
    expect(fake.requests.filter((r) => r.idempotencyKey === idempotencyKey)).toHaveLength(2);
    await fake.idle();
    expect(fake.events.filter((e) => e.type === 'payment_intent.succeeded' && e.payload.includes(result.paymentIntent!.id))).toHaveLength(1);
  });

  it('a paid Checkout sends payment_intent.succeeded then checkout.session.completed; an event can be delivered again', async () => {
    const received: string[] = [];
    const http = await import('node:http');
    const server = http.createServer((req, res) => {
      let body = '';
      req.on('data', (c) => (body += c));
      req.on('end', () => {
        received.push(provider.parseWebhook(Buffer.from(body), req.headers['stripe-signature'] as string).id);
        res.end('{}');
      });
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    fake.webhookUrl = `http://127.0.0.1:${(server.address() as { port: number }).port}/`;
    try {
      const card = await savedCard();
      const types = fake.events.slice(-2).map((e) => e.type);
      expect(types).toEqual(['payment_intent.succeeded', 'checkout.session.completed']);
      expect(fake.events.at(-2)!.payload).toContain(card.paymentIntent.id);
      await fake.redeliver(fake.events.at(-1)!.id);
      expect(received.slice(-3)).toEqual([fake.events.at(-2)!.id, fake.events.at(-1)!.id, fake.events.at(-1)!.id]);
    } finally {
      fake.webhookUrl = undefined;
      await new Promise((r) => server.close(r));
    }
  });

  it('the customer present (on-session) with a card that needs authentication: requires_action, not a decline', async () => {
    const card = await savedCard();
    fake.setCardBehaviour(card.customer, 'authentication_required');
    const pi = await stripe.paymentIntents.create({ amount: 5_000, currency: 'usd', customer: card.customer, payment_method: card.paymentMethod, confirm: true });
    expect(pi).toMatchObject({ status: 'requires_action', amount_received: 0 });
    await expect(
      stripe.paymentIntents.create({ amount: 5_000, currency: 'usd', customer: card.customer, payment_method: card.paymentMethod, confirm: true, off_session: true }),
    ).rejects.toMatchObject({ type: 'StripeCardError', statusCode: 402, code: 'authentication_required' });
  });

  it('refunds by charge as well as by PaymentIntent, one balance; a declined charge is not refundable', async () => {
    const { paymentIntent } = await savedCard();
    const charge = paymentIntent.latest_charge as string;
    await stripe.refunds.create({ charge, amount: 10_000 });
    await stripe.refunds.create({ payment_intent: paymentIntent.id });
    expect(await stripe.charges.retrieve(charge)).toMatchObject({ amount_refunded: 40_000, refunded: true });

    const card = await savedCard();
    fake.setCardBehaviour(card.paymentMethod, 'card_declined');
    const declined = await stripe.paymentIntents
      .create({ amount: 5_000, currency: 'usd', customer: card.customer, payment_method: card.paymentMethod, confirm: true, off_session: true })
      .catch((e: Stripe.errors.StripeCardError) => e);
    expect(declined).toMatchObject({ statusCode: 402, decline_code: 'generic_decline', charge: expect.stringMatching(/^ch_/) });
    const failed = (declined as Stripe.errors.StripeCardError).charge!;
    expect(fake.charges.get(failed)).toMatchObject({ status: 'failed', paid: false, failure_code: 'generic_decline' });
    await expect(stripe.refunds.create({ charge: failed })).rejects.toMatchObject({ code: 'charge_not_refundable' });
  });

  it('one idempotency key on two endpoints is an idempotency_error; a refused request (400) is not saved', async () => {
    const idempotencyKey = key();
    await stripe.customers.create({ email: 'one@example.com' }, { idempotencyKey });
    await expect(stripe.refunds.create({ payment_intent: 'pi_nope' }, { idempotencyKey })).rejects.toMatchObject({ type: 'StripeIdempotencyError' });

    const card = await savedCard();
    const retry = key();
    await expect(stripe.refunds.create({ amount: 100 }, { idempotencyKey: retry })).rejects.toMatchObject({ code: 'parameter_missing', param: 'payment_intent' });
    await expect(stripe.refunds.create({ payment_intent: card.paymentIntent.id, amount: 100 }, { idempotencyKey: retry })).resolves.toMatchObject({ status: 'succeeded' });
  });

  it('a Checkout Session takes a customer or an email, not both, and only a customer the account has', async () => {
    const session = (extra: Partial<Stripe.Checkout.SessionCreateParams>) =>
      stripe.checkout.sessions.create({
        mode: 'payment',
        line_items: [{ quantity: 1, price_data: { currency: 'usd', unit_amount: 1_000, product_data: { name: 'X' } } }],
        success_url: 'http://shop.test/ok',
        ...extra,
      });
    const { id } = await stripe.customers.create({ email: 'c@example.com' });
    await expect(session({ customer: id, customer_email: 'c@example.com' })).rejects.toMatchObject({ param: 'customer_email' });
    await expect(session({ customer: id, customer_creation: 'always' })).rejects.toMatchObject({ param: 'customer_creation' });
    await expect(session({ customer: 'cus_unknown' })).rejects.toMatchObject({ code: 'resource_missing', param: 'customer' });
    await expect(session({ customer: id })).resolves.toMatchObject({ customer: id, payment_intent: null });
  });
});
