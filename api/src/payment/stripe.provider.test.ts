import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { FakeStripe, TEST_CARDS } from '../test/fake-stripe/fake-stripe';
import { PaymentProviderUnavailableError, RefundRefusedError, WebhookSignatureError, type PaymentWebhookEvent } from './payment-provider';
import { StripePaymentProvider } from './stripe.provider';

/**
 * The real provider (the official SDK) against the local fake of Stripe's API:
 * customers, cards saved by a first Checkout, off-session charges that succeed,
 * decline or need authentication, partial refunds, idempotency, webhooks.
 */
const WEBHOOK_SECRET = 'whsec_provider_test';

describe('StripePaymentProvider against the Stripe fake', () => {
  let fake: FakeStripe;
  let provider: StripePaymentProvider;
  let receiver: http.Server;
  /** Every webhook the fake sent, as the provider parsed it. */
  const events: PaymentWebhookEvent[] = [];

  beforeAll(async () => {
    receiver = http.createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        try {
          events.push(provider.parseWebhook(Buffer.concat(chunks), req.headers['stripe-signature'] as string | undefined));
          res.writeHead(200).end();
        } catch {
          res.writeHead(400).end();
        }
      });
    });
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
    fake = await new FakeStripe({ webhookSecret: WEBHOOK_SECRET, webhookUrl: `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/` }).start();
    provider = new StripePaymentProvider({ secretKey: 'sk_test_provider', webhookSecret: WEBHOOK_SECRET, apiBase: fake.url });
  });
  afterAll(async () => {
    await fake?.close();
    await new Promise((resolve) => receiver?.close(resolve));
  });

  let n = 0;
  const key = (what: string) => `${what}-${++n}`;
  const lastRequest = (path: string) => fake.requests.filter((r) => r.method === 'POST' && r.path === path).at(-1)!;
  const eventsFor = async (type: string, id: string) => {
    await fake.idle();
    return events.filter((e) => e.type === type && (e.paymentIntent?.id === id || e.session?.id === id || e.charge?.paymentIntentId === id));
  };

  const customer = () => provider.createCustomer({ email: 'ana@example.com', name: 'Ana Lopez', bookingId: 'b-1', idempotencyKey: key('customer') });
  const checkout = (extra: { customerId?: string; saveCard?: boolean; metadata?: Record<string, string> } = {}, amountCents = 50_000) =>
    provider.createCheckoutSession({
      bookingId: 'b-1',
      amountCents,
      productName: 'Zion Canyon Light',
      description: 'Installment 1 of 4',
      customerEmail: 'ana@example.com',
      successUrl: 'http://shop.test/payment-success?session_id={CHECKOUT_SESSION_ID}',
      cancelUrl: 'http://shop.test/workshop/zion',
      expiresAt: new Date(Date.now() + 3600_000),
      idempotencyKey: key('session'),
      ...extra,
    });
  /** A customer whose card was saved by a paid first Checkout: what a payment plan starts with. */
  const savedCard = async (card: keyof typeof TEST_CARDS = 'ok') => {
    const { id: customerId } = await customer();
    const session = await checkout({ customerId, saveCard: true });
    await fake.pay(session.id, { card });
    const paid = (await provider.retrieveCheckoutSession(session.id))!;
    const first = (await provider.retrievePaymentIntent(paid.paymentIntentId!))!;
    return { customerId, paymentMethodId: first.paymentMethodId!, firstPaymentIntentId: first.id };
  };
  const charge = (card: { customerId: string; paymentMethodId: string }, idempotencyKey = key('charge'), amountCents = 72_500) =>
    provider.chargeOffSession({
      customerId: card.customerId,
      paymentMethodId: card.paymentMethodId,
      amountCents,
      description: 'Zion Canyon Light, installment 2 of 4',
      metadata: { booking_id: 'b-1', purpose: 'installment', installment: '2' },
      idempotencyKey,
    });

  it('creates a customer once per idempotency key', async () => {
    const before = fake.customers.size;
    const idempotencyKey = key('customer');
    const params = { email: 'ana@example.com', name: 'Ana Lopez', bookingId: 'b-42', idempotencyKey };
    const [a, b] = await Promise.all([provider.createCustomer(params), provider.createCustomer(params)]);
    const c = await provider.createCustomer(params);
    expect(a.id).toMatch(/^cus_/);
    expect(new Set([a.id, b.id, c.id]).size).toBe(1);
    expect(fake.customers.size - before).toBe(1);
    expect(fake.customers.get(a.id)).toMatchObject({ email: 'ana@example.com', name: 'Ana Lopez', metadata: { booking_id: 'b-42' } });
  });

  it("saves the card of a plan's first Checkout on the customer, for later off-session use", async () => {
    const { id: customerId } = await customer();
    const session = await checkout({ customerId, saveCard: true, metadata: { purpose: 'installment', installment: '1' } });
    expect(session).toMatchObject({ customerId, paymentIntentId: null, metadata: { booking_id: 'b-1', purpose: 'installment', installment: '1' } });
    const sent = lastRequest('/v1/checkout/sessions').body;
    expect(sent).toMatchObject({
      customer: customerId,
      payment_intent_data: { setup_future_usage: 'off_session', metadata: { booking_id: 'b-1', purpose: 'installment', installment: '1' } },
    });
    expect(sent.customer_email).toBeUndefined(); // Stripe takes one of customer and customer_email
    expect(sent.customer_creation).toBeUndefined();

    await fake.pay(session.id);
    const paid = (await provider.retrieveCheckoutSession(session.id))!;
    expect(paid).toMatchObject({ status: 'complete', paymentStatus: 'paid', customerId, paymentIntentId: expect.stringMatching(/^pi_/) });
    const intent = (await provider.retrievePaymentIntent(paid.paymentIntentId!))!;
    expect(intent).toMatchObject({
      status: 'succeeded',
      amount: 50_000,
      amountReceived: 50_000,
      currency: 'usd',
      customerId,
      paymentMethodId: expect.stringMatching(/^pm_/),
      metadata: { booking_id: 'b-1', purpose: 'installment', installment: '1' },
    });
    expect(fake.paymentMethods.get(intent.paymentMethodId!)!.customer).toBe(customerId);

    // The events a payment sends, parsed: the PaymentIntent's, then the session's.
    const [succeeded] = await eventsFor('payment_intent.succeeded', intent.id);
    expect(succeeded.paymentIntent).toEqual(intent);
    expect(succeeded.session).toBeNull();
    const [completed] = await eventsFor('checkout.session.completed', session.id);
    expect(completed.session).toMatchObject({ id: session.id, paymentIntentId: intent.id, customerId, bookingId: 'b-1' });
    expect(completed.paymentIntent).toBeNull();
  });

  it('saveCard without a customer makes Checkout create one; without saveCard no card is kept', async () => {
    const saving = await checkout({ saveCard: true });
    expect(lastRequest('/v1/checkout/sessions').body).toMatchObject({ customer_email: 'ana@example.com', customer_creation: 'always' });
    await fake.pay(saving.id);
    const made = (await provider.retrieveCheckoutSession(saving.id))!;
    expect(made.customerId).toMatch(/^cus_/);
    expect(fake.customers.get(made.customerId!)!.email).toBe('ana@example.com');
    const pm = (await provider.retrievePaymentIntent(made.paymentIntentId!))!.paymentMethodId!;
    expect(fake.paymentMethods.get(pm)!.customer).toBe(made.customerId);

    const once = await checkout();
    const sent = lastRequest('/v1/checkout/sessions').body;
    expect(sent.customer_creation).toBeUndefined();
    expect((sent.payment_intent_data as Record<string, unknown>).setup_future_usage).toBeUndefined();
    await fake.pay(once.id);
    const plain = (await provider.retrieveCheckoutSession(once.id))!;
    expect(plain.customerId).toBeNull();
    const intent = (await provider.retrievePaymentIntent(plain.paymentIntentId!))!;
    expect(fake.paymentMethods.get(intent.paymentMethodId!)!.customer).toBeNull();
    // Such a card cannot be charged later: Stripe refuses before making a PaymentIntent.
    const { id: other } = await customer();
    await expect(charge({ customerId: other, paymentMethodId: intent.paymentMethodId! })).resolves.toMatchObject({ outcome: 'failed', paymentIntent: null });
  });

  it('charges a saved card off-session; the same idempotency key replays the same PaymentIntent, one charge', async () => {
    const card = await savedCard();
    const idempotencyKey = key('installment-2');
    const piBefore = fake.paymentIntents.size;
    const first = await charge(card, idempotencyKey);
    expect(first).toEqual({
      outcome: 'succeeded',
      paymentIntent: {
        id: expect.stringMatching(/^pi_/),
        status: 'succeeded',
        amount: 72_500,
        amountReceived: 72_500,
        currency: 'usd',
        customerId: card.customerId,
        paymentMethodId: card.paymentMethodId,
        metadata: { booking_id: 'b-1', purpose: 'installment', installment: '2' },
      },
    });
    expect(lastRequest('/v1/payment_intents').body).toMatchObject({ off_session: 'true', confirm: 'true', currency: 'usd', customer: card.customerId });
    const again = await Promise.all([charge(card, idempotencyKey), charge(card, idempotencyKey)]);
    expect(again).toEqual([first, first]);
    expect(fake.paymentIntents.size - piBefore).toBe(1);
    const piId = first.paymentIntent!.id;
    expect([...fake.charges.values()].filter((c) => c.payment_intent === piId)).toHaveLength(1);
    const sent = await eventsFor('payment_intent.succeeded', piId);
    expect(sent).toHaveLength(1);
    expect(sent[0].paymentIntent).toEqual(first.paymentIntent);
  });

  it.each([
    ['decline_later', 'generic_decline', 'Your card was declined.', true],
    ['authentication_required_later', 'authentication_required', 'Your card was declined. This transaction requires authentication.', false],
  ] as const)('a card saved as %s fails off-session: outcome %s, the PaymentIntent, payment_intent.payment_failed', async (card, code, message, leavesFailedCharge) => {
    const saved = await savedCard(card); // the first payment itself succeeds
    const idempotencyKey = key('installment-3');
    const result = await charge(saved, idempotencyKey);
    expect(result).toEqual({
      outcome: 'failed',
      code,
      message,
      paymentIntent: expect.objectContaining({ id: expect.stringMatching(/^pi_/), status: 'requires_payment_method', amountReceived: 0, customerId: saved.customerId }),
    });
    if (result.outcome !== 'failed') throw new Error('unreachable');
    const pi = fake.paymentIntents.get(result.paymentIntent!.id)!;
    expect(pi.last_payment_error).toMatchObject({ type: 'card_error', code: card === 'decline_later' ? 'card_declined' : 'authentication_required' });
    expect(Boolean(pi.latest_charge)).toBe(leavesFailedCharge);
    // A retry with the same key is the same answer, the same PaymentIntent (Stripe keeps card errors).
    await expect(charge(saved, idempotencyKey)).resolves.toEqual(result);
    const failed = await eventsFor('payment_intent.payment_failed', pi.id);
    expect(failed).toHaveLength(1);
    expect(failed[0].paymentIntent).toMatchObject({ id: pi.id, status: 'requires_payment_method', metadata: { installment: '2', purpose: 'installment' } });
  });

  it('setCardBehaviour changes what later charges do, by customer or by card, on demand', async () => {
    const saved = await savedCard();
    fake.setCardBehaviour(saved.customerId, 'insufficient_funds');
    await expect(charge(saved)).resolves.toMatchObject({ outcome: 'failed', code: 'insufficient_funds', message: 'Your card has insufficient funds.' });
    fake.setCardBehaviour(saved.paymentMethodId, 'authentication_required');
    await expect(charge(saved)).resolves.toMatchObject({ outcome: 'failed', code: 'authentication_required' });
    fake.setCardBehaviour(saved.paymentMethodId, 'card_declined');
    await expect(charge(saved)).resolves.toMatchObject({ outcome: 'failed', code: 'generic_decline' });
    fake.setCardBehaviour(saved.customerId, 'ok');
    await expect(charge(saved)).resolves.toMatchObject({ outcome: 'succeeded' });
    expect(() => fake.setCardBehaviour('pm_unknown', 'ok')).toThrow();
  });

  it('the fake validates PaymentIntents as Stripe does: missing params, a card not on the customer, a key reused with other params', async () => {
    const saved = await savedCard();
    const post = (body: Record<string, string>, idempotencyKey?: string) =>
      fetch(`${fake.url}/v1/payment_intents`, {
        method: 'POST',
        headers: { authorization: 'Bearer sk_test_x', 'content-type': 'application/x-www-form-urlencoded', ...(idempotencyKey ? { 'idempotency-key': idempotencyKey } : {}) },
        body: new URLSearchParams(body).toString(),
      }).then(async (r) => ({ status: r.status, error: ((await r.json()) as { error?: { type: string; param?: string; code?: string } }).error }));
    const full = { amount: '1000', currency: 'usd', customer: saved.customerId, payment_method: saved.paymentMethodId, off_session: 'true', confirm: 'true' };
    for (const param of ['amount', 'customer', 'payment_method'] as const) {
      const { [param]: _left, ...rest } = full;
      expect(await post(rest)).toMatchObject({ status: 400, error: { type: 'invalid_request_error', param } });
    }
    const { id: stranger } = await customer();
    expect(await post({ ...full, customer: stranger })).toMatchObject({ status: 400, error: { type: 'invalid_request_error', param: 'payment_method' } });
    expect(await post({ ...full, amount: '20' })).toMatchObject({ status: 400, error: { code: 'amount_too_small' } });

    const reused = key('reused');
    expect(await post(full, reused)).toMatchObject({ status: 200 });
    expect(await post({ ...full, amount: '2000' }, reused)).toMatchObject({ status: 400, error: { type: 'idempotency_error' } });
    // Through the provider a reused key is a bug, not an outage to retry.
    const misuse = charge(saved, reused, 3000);
    await expect(misuse).rejects.toThrow(/idempotency/);
    await expect(misuse).rejects.not.toBeInstanceOf(PaymentProviderUnavailableError);
  });

  it('refunds part by part up to what was paid; more is refused; the same key refunds once; charge.refunded carries the totals', async () => {
    const { firstPaymentIntentId: pi } = await savedCard(); // $500.00 paid
    const refund = (amountCents: number, idempotencyKey = key('refund')) =>
      provider.refund({ paymentIntentId: pi, amountCents, metadata: { booking_id: 'b-1', reason: 'cancellation' }, idempotencyKey });
    const chargeOf = () => [...fake.charges.values()].find((c) => c.payment_intent === pi)!;

    const firstKey = key('refund');
    const first = await refund(10_000, firstKey);
    expect(first).toEqual({ id: expect.stringMatching(/^re_/), status: 'succeeded', amount: 10_000, paymentIntentId: pi, metadata: { booking_id: 'b-1', reason: 'cancellation' } });
    await expect(refund(10_000, firstKey)).resolves.toEqual(first);
    expect([...fake.refunds.values()].filter((r) => r.payment_intent === pi)).toHaveLength(1);
    const second = await refund(15_000);
    expect(chargeOf()).toMatchObject({ amount_refunded: 25_000, refunded: false });

    const tooMuch = refund(25_001);
    await expect(tooMuch).rejects.toBeInstanceOf(RefundRefusedError);
    await expect(tooMuch).rejects.toMatchObject({ code: 'amount_too_large', message: 'Refund amount ($250.01) is greater than unrefunded amount on charge ($250.00)' });
    const rest = await refund(25_000);
    expect(chargeOf()).toMatchObject({ amount_refunded: 50_000, refunded: true });
    await expect(refund(100)).rejects.toMatchObject({ code: 'charge_already_refunded' });

    const refunded = await eventsFor('charge.refunded', pi);
    expect(refunded.map((e) => e.charge!.amountRefunded)).toEqual([10_000, 25_000, 50_000]);
    expect(refunded.at(-1)!.charge).toEqual({
      id: chargeOf().id,
      paymentIntentId: pi,
      amountRefunded: 50_000,
      refunds: [rest, second, first], // newest first, as Stripe lists them
    });
    expect(refunded.at(-1)!.session).toBeNull();
    expect(refunded.at(-1)!.paymentIntent).toBeNull();
    const fetched = await fetch(`${fake.url}/v1/refunds/${first.id}`, { headers: { authorization: 'Bearer sk_test_x' } });
    expect(await fetched.json()).toMatchObject({ id: first.id, amount: 10_000, status: 'succeeded', payment_intent: pi });
  });

  it('parseWebhook refuses a forged signature; an unknown PaymentIntent is null', async () => {
    const { payload } = fake.signedEvent('payment_intent.succeeded', { id: 'pi_x', object: 'payment_intent' });
    const forged = fake.signedEvent('payment_intent.succeeded', { id: 'pi_x', object: 'payment_intent' }, { secret: 'whsec_other' });
    expect(() => provider.parseWebhook(Buffer.from(forged.payload), forged.header)).toThrow(WebhookSignatureError);
    expect(() => provider.parseWebhook(Buffer.from(payload), undefined)).toThrow(WebhookSignatureError);
    await expect(provider.retrievePaymentIntent('pi_unknown')).resolves.toBeNull();
  });

  it('parseWebhook reads charge.refunded without its refunds list (Stripe does not include it by default)', () => {
    const bare = fake.signedEvent('charge.refunded', { id: 'ch_bare', object: 'charge', payment_intent: 'pi_bare', amount: 9000, amount_refunded: 4000, refunded: false });
    expect(provider.parseWebhook(Buffer.from(bare.payload), bare.header)).toMatchObject({
      type: 'charge.refunded',
      session: null,
      paymentIntent: null,
      charge: { id: 'ch_bare', paymentIntentId: 'pi_bare', amountRefunded: 4000, refunds: [] },
    });
  });

  it('an outage is PaymentProviderUnavailableError; one failed attempt is retried by the SDK with the same key, one charge', async () => {
    const saved = await savedCard();
    fake.failNext = 2; // the call and its one retry
    await expect(charge(saved)).rejects.toBeInstanceOf(PaymentProviderUnavailableError);
    fake.failNext = 2;
    await expect(provider.refund({ paymentIntentId: saved.firstPaymentIntentId, amountCents: 100, metadata: {}, idempotencyKey: key('refund') })).rejects.toBeInstanceOf(
      PaymentProviderUnavailableError,
    );
    fake.failNext = 2;
    await expect(customer()).rejects.toBeInstanceOf(PaymentProviderUnavailableError);
    fake.failNext = 2;
    await expect(provider.retrievePaymentIntent(saved.firstPaymentIntentId)).rejects.toBeInstanceOf(PaymentProviderUnavailableError);

    fake.failNext = 1;
    const before = fake.paymentIntents.size;
    const idempotencyKey = key('installment');
    await expect(charge(saved, idempotencyKey)).resolves.toMatchObject({ outcome: 'succeeded' });
    expect(fake.paymentIntents.size - before).toBe(1);
    expect(fake.requests.filter((r) => r.idempotencyKey === idempotencyKey)).toHaveLength(2);
  });

  it("the fake's hosted page offers the three test cards, the working one first; the chosen card is the one saved", async () => {
    const { id: customerId } = await customer();
    const session = await checkout({ customerId, saveCard: true });
    const page = await (await fetch(session.url!)).text();
    for (const card of Object.values(TEST_CARDS)) expect(page).toContain(card.number);
    expect(page).toMatch(/<input type="radio" name="card" value="ok" checked/);
    expect(page).toContain('value="decline_later"');
    expect(page).toContain('value="authentication_required_later"');
    expect(page).toContain('saved for future payments');

    const posted = await fetch(session.url!, { method: 'POST', body: new URLSearchParams({ card: 'decline_later' }), redirect: 'manual' });
    expect(posted.status).toBe(303);
    expect(posted.headers.get('location')).toBe(`http://shop.test/payment-success?session_id=${session.id}`);
    const paid = (await provider.retrieveCheckoutSession(session.id))!;
    const pm = (await provider.retrievePaymentIntent(paid.paymentIntentId!))!.paymentMethodId!;
    expect(fake.paymentMethods.get(pm)).toMatchObject({ customer: customerId, card: { last4: '0341' } });
    await expect(charge({ customerId, paymentMethodId: pm })).resolves.toMatchObject({ outcome: 'failed', code: 'generic_decline' });
  });
});
