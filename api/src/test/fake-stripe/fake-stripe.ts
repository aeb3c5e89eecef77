import crypto from 'node:crypto';
import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';

/**
 * A local fake of the part of Stripe's HTTP API the site uses: Checkout
 * Sessions (create with idempotency keys, retrieve, expire), a hosted "payment
 * page" a browser can click through, Customers with saved cards, off-session
 * PaymentIntents that succeed, decline or need authentication on demand,
 * Refunds (partial, several per charge), and signed webhooks sent back to the
 * app. The real `stripe` SDK talks to it through STRIPE_API_BASE. Used by the
 * api tests, the browser tests, the benchmarks, and developers working offline
 * (`npm run fake-stripe -w api`).
 *
 * Like Stripe: every POST with an Idempotency-Key is answered once and replayed
 * for the same key and parameters (402 card errors included), refused with an
 * idempotency_error for other parameters or another endpoint; requests refused
 * by validation (400) are not saved. Webhooks caused by an API call are sent
 * after its response, as Stripe does (`idle()` waits for them); those caused
 * by `pay()`/`expire()` (a customer on the hosted page, the session lapsing)
 * and by expiring a session through the API are delivered before the answer.
 *
 * Test controls: `pay(id, { card })`, `setCardBehaviour(pm or customer, ...)`,
 * `failNext` (500s), `delayMs`, `dropNextAnswers` (done but unanswered),
 * `redeliver(eventId)`; state in `sessions`, `customers`, `paymentMethods`,
 * `paymentIntents`, `charges`, `refunds`, `events`, `requests`, `webhooksSent`.
 */
export interface FakeSession {
  id: string;
  object: 'checkout.session';
  mode: string;
  status: 'open' | 'complete' | 'expired';
  payment_status: 'paid' | 'unpaid';
  amount_total: number;
  amount_subtotal: number;
  currency: string;
  customer: string | null;
  customer_creation: 'always' | 'if_required' | null;
  customer_email: string | null;
  client_reference_id: string | null;
  metadata: Record<string, string>;
  /** Set once paid. */
  payment_intent: string | null;
  success_url: string;
  cancel_url: string | null;
  expires_at: number;
  created: number;
  url: string | null;
  livemode: false;
}

export interface FakeCustomer {
  id: string;
  object: 'customer';
  email: string | null;
  name: string | null;
  description: string | null;
  metadata: Record<string, string>;
  invoice_settings: { default_payment_method: string | null };
  created: number;
  livemode: false;
}

export interface FakePaymentMethod {
  id: string;
  object: 'payment_method';
  type: 'card';
  card: { brand: 'visa'; last4: string; exp_month: number; exp_year: number; funding: 'credit'; country: 'US' };
  /** Set when the card was saved for later use. */
  customer: string | null;
  metadata: Record<string, string>;
  created: number;
  livemode: false;
}

export interface FakePaymentError {
  type: 'card_error';
  code: string;
  decline_code: string;
  message: string;
  doc_url: string;
  payment_method: FakePaymentMethod | null;
}

export interface FakePaymentIntent {
  id: string;
  object: 'payment_intent';
  amount: number;
  amount_capturable: number;
  amount_received: number;
  currency: string;
  customer: string | null;
  payment_method: string | null;
  payment_method_types: string[];
  status: 'requires_payment_method' | 'requires_confirmation' | 'requires_action' | 'succeeded';
  description: string | null;
  metadata: Record<string, string>;
  setup_future_usage: 'off_session' | 'on_session' | null;
  latest_charge: string | null;
  last_payment_error: FakePaymentError | null;
  next_action: { type: 'use_stripe_sdk' } | null;
  capture_method: 'automatic';
  confirmation_method: 'automatic';
  client_secret: string;
  canceled_at: null;
  cancellation_reason: null;
  created: number;
  livemode: false;
}

export interface FakeRefund {
  id: string;
  object: 'refund';
  amount: number;
  charge: string;
  payment_intent: string | null;
  currency: string;
  status: 'succeeded';
  reason: string | null;
  metadata: Record<string, string>;
  created: number;
}

export interface FakeCharge {
  id: string;
  object: 'charge';
  amount: number;
  amount_captured: number;
  amount_refunded: number;
  refunded: boolean;
  captured: boolean;
  paid: boolean;
  /** A declined charge stays on the PaymentIntent as a failed one, as in Stripe. */
  status: 'succeeded' | 'failed';
  failure_code: string | null;
  failure_message: string | null;
  currency: string;
  customer: string | null;
  payment_intent: string;
  payment_method: string;
  description: string | null;
  metadata: Record<string, string>;
  /** Newest first, as Stripe lists them. */
  refunds: { object: 'list'; data: FakeRefund[]; has_more: false; total_count: number; url: string };
  created: number;
  livemode: false;
}

/** The test cards the hosted page offers (Stripe's own test numbers and what they do). */
export type TestCard = 'ok' | 'decline_later' | 'authentication_required_later';

/** What the next off-session charges of a saved card do. */
export type CardBehaviour = 'ok' | 'card_declined' | 'insufficient_funds' | 'authentication_required';

export const TEST_CARDS: Record<TestCard, { number: string; behaviour: CardBehaviour; label: string }> = {
  ok: { number: '4242 4242 4242 4242', behaviour: 'ok', label: 'works, now and for later charges' },
  decline_later: { number: '4000 0000 0000 0341', behaviour: 'card_declined', label: 'saves fine, later off-session charges are declined' },
  authentication_required_later: {
    number: '4000 0027 6000 3184',
    behaviour: 'authentication_required',
    label: 'saves fine, later off-session charges need authentication',
  },
};

/** Stripe's answers for each failing behaviour (402 card_error). */
const CARD_ERRORS: Record<Exclude<CardBehaviour, 'ok'>, { code: string; decline_code: string; message: string }> = {
  card_declined: { code: 'card_declined', decline_code: 'generic_decline', message: 'Your card was declined.' },
  insufficient_funds: { code: 'card_declined', decline_code: 'insufficient_funds', message: 'Your card has insufficient funds.' },
  authentication_required: {
    code: 'authentication_required',
    decline_code: 'authentication_required',
    message: 'Your card was declined. This transaction requires authentication.',
  },
};

export interface FakeStripeOptions {
  port?: number;
  /** Where to POST signed webhook events (the app's /api/webhook/stripe). */
  webhookUrl?: string;
  webhookSecret?: string;
  /** Seconds since epoch; defaults to the real clock. */
  now?: () => number;
}

export interface RecordedRequest {
  method: string;
  path: string;
  idempotencyKey?: string;
  body: Record<string, unknown>;
}

/** An event as Stripe sends it: the object as it was when the event happened, signed. */
export interface FakeEvent {
  id: string;
  type: string;
  payload: string;
  header: string;
}

type Nested = { [key: string]: Nested | string | Nested[] };

/** Decode Stripe's form encoding (`a[b][0][c]=x`) into nested objects. */
export function parseStripeForm(body: string): Record<string, unknown> {
  const root: Nested = {};
  for (const [rawKey, value] of new URLSearchParams(body)) {
    const path = rawKey.replace(/\]/g, '').split('[');
    let node: Nested = root;
    path.forEach((segment, i) => {
      if (i === path.length - 1) {
        node[segment] = value;
        return;
      }
      node[segment] ??= /^\d+$/.test(path[i + 1]) ? ([] as unknown as Nested) : {};
      node = node[segment] as Nested;
    });
  }
  return root;
}

/** An API answer; `events` are sent after it has been written (before, with deliverFirst). */
interface Reply {
  status: number;
  body: unknown;
  events?: FakeEvent[];
  deliverFirst?: boolean;
}

type Body = Record<string, unknown>;

const ok = (body: unknown, events?: FakeEvent[]): Reply => ({ status: 200, body, events });
const invalid = (message: string, extra: { param?: string; code?: string } = {}, status = 400): Reply => ({
  status,
  body: { error: { type: 'invalid_request_error', message, ...extra } },
});
const missing = (kind: string, id: string, param = 'id'): Reply => invalid(`No such ${kind}: '${id}'`, { code: 'resource_missing', param }, 404);
const dollars = (cents: number) => `$${(cents / 100).toFixed(2)}`;
const str = (v: unknown): string | null => (typeof v === 'string' && v !== '' ? v : null);
const metadataOf = (v: unknown): Record<string, string> => (v && typeof v === 'object' && !Array.isArray(v) ? { ...(v as Record<string, string>) } : {});

export class FakeStripe {
  readonly sessions = new Map<string, FakeSession>();
  readonly customers = new Map<string, FakeCustomer>();
  readonly paymentMethods = new Map<string, FakePaymentMethod>();
  readonly paymentIntents = new Map<string, FakePaymentIntent>();
  readonly charges = new Map<string, FakeCharge>();
  readonly refunds = new Map<string, FakeRefund>();
  readonly requests: RecordedRequest[] = [];
  /** Every event the fake produced, delivered or not (no webhookUrl), oldest first. */
  readonly events: FakeEvent[] = [];
  readonly webhooksSent: Array<{ id: string; type: string; status: number }> = [];
  /** Make the next N API calls fail with a 500 (simulates an outage). */
  failNext = 0;
  /** Delay every API answer by this many ms (simulates a slow provider). */
  delayMs = 0;
  /**
   * Carry out the next N POSTs but drop the connection instead of answering:
   * the charge or refund happened and the caller never heard (the SDK retries
   * with the same idempotency key and gets the saved answer).
   */
  dropNextAnswers = 0;
  private readonly idempotent = new Map<string, { endpoint: string; fingerprint: string; replay: () => Reply }>();
  /** What payment_intent_data each session was created with (not part of Stripe's session object). */
  private readonly sessionIntentData = new Map<string, { setupFutureUsage: 'off_session' | 'on_session' | null; metadata: Record<string, string> }>();
  private readonly cardBehaviour = new Map<string, CardBehaviour>();
  private readonly customerCardBehaviour = new Map<string, CardBehaviour>();
  private readonly deliveries = new Set<Promise<void>>();
  private server?: http.Server;
  private readonly signer = new Stripe('sk_test_fake_signer');
  url = '';
  /** Where signed events go; may be set after the app has started. */
  webhookUrl?: string;

  constructor(private readonly options: FakeStripeOptions = {}) {
    this.webhookUrl = options.webhookUrl;
  }

  private now(): number {
    return this.options.now ? this.options.now() : Math.floor(Date.now() / 1000);
  }

  async start(): Promise<this> {
    this.server = http.createServer((req, res) => {
      this.handle(req, res).catch((e) => this.send(res, 500, { error: { type: 'api_error', message: String(e) } }));
    });
    await new Promise<void>((resolve) => this.server!.listen(this.options.port ?? 0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
    return this;
  }

  async close(): Promise<void> {
    await this.idle();
    if (!this.server) return;
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server!.close(() => resolve()));
  }

  /** Wait until every webhook sent after an API answer has been delivered (or failed). */
  async idle(): Promise<void> {
    while (this.deliveries.size) await Promise.all([...this.deliveries]);
  }

  /**
   * A session made in the account by someone other than the app (a payment
   * link, another integration, a leaked key), as the HTTP API would create it:
   * whatever amount, currency and booking reference its maker chose. Tests use
   * it to pay a session the app never created (hardening finding 3).
   */
  createSession(p: { amountCents: number; currency?: string; clientReferenceId?: string | null; metadata?: Record<string, string>; customerEmail?: string | null }): FakeSession {
    return this.addSession({
      amount: p.amountCents,
      currency: p.currency ?? 'usd',
      customer: null,
      customerCreation: null,
      customerEmail: p.customerEmail ?? null,
      clientReferenceId: p.clientReferenceId ?? null,
      metadata: p.metadata ?? {},
      successUrl: 'https://elsewhere.example/thanks',
      cancelUrl: null,
      expiresAt: this.now() + 24 * 3600,
      setupFutureUsage: null,
      intentMetadata: {},
    });
  }

  /**
   * What a customer does on the hosted page: pay with a test card (the working
   * one unless told). Creates the succeeded PaymentIntent, saves the card on the
   * customer when the session was set up for future use, then sends
   * payment_intent.succeeded and checkout.session.completed.
   */
  async pay(id: string, options: { card?: TestCard } = {}): Promise<FakeSession> {
    const s = this.getOrThrow(id);
    if (s.status !== 'open') throw new Error(`session ${id} is ${s.status}`);
    for (const event of this.complete(s, options.card ?? 'ok')) await this.deliver(event, this.webhookUrl);
    return s;
  }

  /** Let the session lapse (as Stripe does at expires_at). Sends checkout.session.expired. */
  async expire(id: string): Promise<FakeSession> {
    const s = this.getOrThrow(id);
    if (s.status === 'open') {
      s.status = 'expired';
      s.url = null;
      await this.sendWebhook('checkout.session.expired', s);
    }
    return s;
  }

  /**
   * Change what the next off-session charges of a saved card do: by payment
   * method, or by customer (every card saved on it, now and later).
   */
  setCardBehaviour(paymentMethodOrCustomerId: string, behaviour: CardBehaviour): void {
    if (this.customers.has(paymentMethodOrCustomerId)) {
      this.customerCardBehaviour.set(paymentMethodOrCustomerId, behaviour);
      for (const pm of this.paymentMethods.values()) if (pm.customer === paymentMethodOrCustomerId) this.cardBehaviour.set(pm.id, behaviour);
      return;
    }
    if (!this.paymentMethods.has(paymentMethodOrCustomerId)) throw new Error(`no customer or payment method ${paymentMethodOrCustomerId}`);
    this.cardBehaviour.set(paymentMethodOrCustomerId, behaviour);
  }

  /** A signed event as Stripe would send it, for tests that post webhooks themselves. */
  signedEvent(type: string, object: object, options: { id?: string; timestamp?: number; secret?: string } = {}): FakeEvent {
    const id = options.id ?? `evt_${crypto.randomBytes(12).toString('hex')}`;
    const payload = JSON.stringify({
      id,
      object: 'event',
      type,
      created: this.now(),
      livemode: false,
      api_version: '2026-10-28.endive',
      data: { object },
    });
    const header = this.signer.webhooks.generateTestHeaderString({
      payload,
      secret: options.secret ?? this.options.webhookSecret ?? 'whsec_fake',
      timestamp: options.timestamp,
    });
    return { id, type, payload, header };
  }

  async sendWebhook(type: string, object: object): Promise<void> {
    await this.deliver(this.event(type, object), this.webhookUrl);
  }

  /** Send an event again, as Stripe does until the endpoint acknowledges it (duplicate-delivery tests). */
  async redeliver(eventId: string): Promise<void> {
    const event = this.events.find((e) => e.id === eventId);
    if (!event) throw new Error(`no event ${eventId}`);
    await this.deliver(event, this.webhookUrl);
  }

  /** A new event, the object as it is now; recorded in `events` (the latest few thousand: benchmarks make many). */
  private event(type: string, object: object): FakeEvent {
    const event = this.signedEvent(type, object);
    this.events.push(event);
    if (this.events.length > 5000) this.events.splice(0, this.events.length - 5000);
    return event;
  }

  private async deliver(event: FakeEvent, url: string | undefined): Promise<void> {
    if (!url) return;
    try {
      const res = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'stripe-signature': event.header },
        body: event.payload,
      });
      await res.arrayBuffer();
      this.webhooksSent.push({ id: event.id, type: event.type, status: res.status });
    } catch {
      this.webhooksSent.push({ id: event.id, type: event.type, status: 0 });
    }
  }

  /** Deliver after the API answer, in order, as Stripe does (its answer comes first). */
  private deliverLater(events: FakeEvent[]): void {
    if (!events.length) return;
    const url = this.webhookUrl;
    const delivery: Promise<void> = (async () => {
      for (const event of events) await this.deliver(event, url);
    })().finally(() => this.deliveries.delete(delivery));
    this.deliveries.add(delivery);
  }

  private getOrThrow(id: string): FakeSession {
    const s = this.sessions.get(id);
    if (!s) throw new Error(`no session ${id}`);
    return s;
  }

  private lapse(s: FakeSession): void {
    if (s.status === 'open' && this.now() >= s.expires_at) {
      s.status = 'expired';
      s.url = null;
    }
  }

  private newId(prefix: string): string {
    return `${prefix}_${crypto.randomBytes(12).toString('hex')}`;
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', 'http://fake');
    const raw = await new Promise<string>((resolve) => {
      let data = '';
      req.on('data', (c) => (data += c));
      req.on('end', () => resolve(data));
    });

    // The hosted payment page (what the browser sees after redirecting to session.url).
    const pay = /^\/pay\/(cs_[A-Za-z0-9_]+)$/.exec(url.pathname);
    if (pay) return this.payPage(req.method ?? 'GET', pay[1], raw, res);

    if (!url.pathname.startsWith('/v1/')) {
      res.writeHead(404, { 'content-type': 'text/plain' });
      res.end('Not found');
      return;
    }
    const method = req.method ?? 'GET';
    const idempotencyKey = req.headers['idempotency-key'] as string | undefined;
    const body = raw ? parseStripeForm(raw) : {};
    this.requests.push({ method, path: url.pathname, idempotencyKey, body });

    if (!/^Bearer sk_(test|live)_/.test(String(req.headers.authorization ?? ''))) {
      return this.send(res, 401, { error: { type: 'invalid_request_error', message: 'Invalid API Key provided' } });
    }
    if (this.delayMs) await new Promise((r) => setTimeout(r, this.delayMs));
    if (this.failNext > 0) {
      this.failNext--;
      return this.send(res, 500, { error: { type: 'api_error', message: 'Simulated outage' } });
    }

    const endpoint = `${method} ${url.pathname}`;
    if (method === 'POST' && idempotencyKey) {
      const seen = this.idempotent.get(idempotencyKey);
      if (seen) {
        if (seen.endpoint !== endpoint) {
          return this.send(res, 400, {
            error: {
              type: 'idempotency_error',
              message: `Keys for idempotent requests can only be used for the same endpoint they were first used for ('${seen.endpoint}'). Try using a key other than '${idempotencyKey}' if you meant to execute a different request.`,
            },
          });
        }
        if (seen.fingerprint !== crypto.createHash('sha256').update(raw).digest('hex')) {
          return this.send(res, 400, {
            error: { type: 'idempotency_error', message: 'Keys for idempotent requests can only be used with the same parameters they were first used with.' },
          });
        }
        const replay = seen.replay();
        return this.send(res, replay.status, replay.body, { 'idempotent-replayed': 'true' });
      }
    }

    const reply = this.route(method, url.pathname, body);
    if (method === 'POST' && idempotencyKey && (reply.status === 200 || reply.status === 402)) {
      // A created session is replayed as it is now (the app only reads its id and url); everything else as first answered.
      const session = reply.status === 200 && url.pathname === '/v1/checkout/sessions' ? (reply.body as FakeSession) : null;
      const saved = JSON.stringify(reply.body);
      this.idempotent.set(idempotencyKey, {
        endpoint,
        fingerprint: crypto.createHash('sha256').update(raw).digest('hex'),
        replay: () => (session ? ok(this.sessions.get(session.id)) : { status: reply.status, body: JSON.parse(saved) }),
      });
    }
    if (method === 'POST' && this.dropNextAnswers > 0) {
      this.dropNextAnswers--;
      res.destroy();
      this.deliverLater(reply.events ?? []);
      return;
    }
    if (reply.deliverFirst) {
      for (const event of reply.events ?? []) await this.deliver(event, this.webhookUrl);
      return this.send(res, reply.status, reply.body);
    }
    this.send(res, reply.status, reply.body);
    this.deliverLater(reply.events ?? []);
  }

  private route(method: string, path: string, body: Body): Reply {
    if (method === 'POST' && path === '/v1/checkout/sessions') return this.createCheckoutSession(body);
    const session = /^\/v1\/checkout\/sessions\/([^/]+)(\/expire)?$/.exec(path);
    if (session) {
      const s = this.sessions.get(session[1]);
      if (!s) return missing('checkout.session', session[1], 'session');
      this.lapse(s);
      if (method === 'GET' && !session[2]) return ok(s);
      if (method === 'POST' && session[2]) {
        if (s.status !== 'open') {
          return invalid(`Only Checkout Sessions with a status in ["open"] can be expired. This session has a status of "${s.status}".`);
        }
        s.status = 'expired';
        s.url = null;
        // As this fake always did: the app's expire call returns once its webhook was handled.
        return { ...ok(s, [this.event('checkout.session.expired', s)]), deliverFirst: true };
      }
    }
    if (method === 'POST' && path === '/v1/customers') return this.createCustomer(body);
    if (method === 'POST' && path === '/v1/payment_intents') return this.createPaymentIntent(body);
    if (method === 'POST' && path === '/v1/refunds') return this.createRefund(body);
    const one = /^\/v1\/(customers|payment_intents|payment_methods|charges|refunds)\/([^/]+)$/.exec(path);
    if (one && method === 'GET') {
      const [, kind, id] = one;
      const found = {
        customers: () => this.customers.get(id),
        payment_intents: () => this.paymentIntents.get(id),
        payment_methods: () => this.paymentMethods.get(id),
        charges: () => this.charges.get(id),
        refunds: () => this.refunds.get(id),
      }[kind as 'customers']();
      const names: Record<string, string> = { customers: 'customer', payment_intents: 'payment_intent', payment_methods: 'PaymentMethod', charges: 'charge', refunds: 'refund' };
      return found ? ok(found) : missing(names[kind], id);
    }
    return invalid(`Unrecognized request URL (${method}: ${path})`, {}, 404);
  }

  private createCheckoutSession(body: Body): Reply {
    const items = (body.line_items as Array<{ quantity?: string; price_data?: { unit_amount?: string; currency?: string } }>) ?? [];
    const amount = items.reduce((sum, i) => sum + Number(i.price_data?.unit_amount ?? 0) * Number(i.quantity ?? 1), 0);
    if (!body.success_url || !items.length || !(amount > 0)) return invalid('Missing required param: line_items or success_url.');
    const now = this.now();
    const expiresAt = body.expires_at ? Number(body.expires_at) : now + 24 * 3600;
    if (expiresAt < now + 30 * 60 - 5 || expiresAt > now + 24 * 3600) {
      return invalid('The `expires_at` timestamp must be between 30 minutes and 24 hours from Checkout Session creation.', { param: 'expires_at' });
    }
    const customer = str(body.customer);
    const customerCreation = str(body.customer_creation);
    if (customer && body.customer_email !== undefined) return invalid('You may only specify one of these parameters: customer, customer_email.', { param: 'customer_email' });
    if (customer && customerCreation) return invalid('You may only specify one of these parameters: customer, customer_creation.', { param: 'customer_creation' });
    if (customer && !this.customers.has(customer)) return invalid(`No such customer: '${customer}'`, { code: 'resource_missing', param: 'customer' });
    if (customerCreation && customerCreation !== 'always' && customerCreation !== 'if_required') {
      return invalid(`Invalid customer_creation: must be one of always or if_required`, { param: 'customer_creation' });
    }
    const intentData = metadataOf(body.payment_intent_data) as Record<string, unknown>;
    const setupFutureUsage = str(intentData.setup_future_usage);
    if (setupFutureUsage && setupFutureUsage !== 'off_session' && setupFutureUsage !== 'on_session') {
      return invalid('Invalid payment_intent_data[setup_future_usage]: must be one of on_session or off_session', { param: 'payment_intent_data[setup_future_usage]' });
    }
    return ok(
      this.addSession({
        mode: String(body.mode ?? 'payment'),
        amount,
        currency: String(items[0].price_data?.currency ?? 'usd'),
        customer,
        customerCreation: customerCreation as FakeSession['customer_creation'],
        customerEmail: str(body.customer_email),
        clientReferenceId: str(body.client_reference_id),
        metadata: metadataOf(body.metadata),
        successUrl: String(body.success_url),
        cancelUrl: str(body.cancel_url),
        expiresAt,
        setupFutureUsage: setupFutureUsage as 'off_session' | 'on_session' | null,
        intentMetadata: metadataOf(intentData.metadata),
      }),
    );
  }

  private addSession(p: {
    mode?: string;
    amount: number;
    currency: string;
    customer: string | null;
    customerCreation: FakeSession['customer_creation'];
    customerEmail: string | null;
    clientReferenceId: string | null;
    metadata: Record<string, string>;
    successUrl: string;
    cancelUrl: string | null;
    expiresAt: number;
    setupFutureUsage: 'off_session' | 'on_session' | null;
    intentMetadata: Record<string, string>;
  }): FakeSession {
    const id = `cs_test_${crypto.randomBytes(16).toString('hex')}`;
    const session: FakeSession = {
      id,
      object: 'checkout.session',
      mode: p.mode ?? 'payment',
      status: 'open',
      payment_status: 'unpaid',
      amount_total: p.amount,
      amount_subtotal: p.amount,
      currency: p.currency,
      customer: p.customer,
      customer_creation: p.customerCreation,
      customer_email: p.customerEmail,
      client_reference_id: p.clientReferenceId,
      metadata: p.metadata,
      payment_intent: null,
      success_url: p.successUrl,
      cancel_url: p.cancelUrl,
      expires_at: p.expiresAt,
      created: this.now(),
      url: `${this.url}/pay/${id}`,
      livemode: false,
    };
    this.sessions.set(id, session);
    this.sessionIntentData.set(id, { setupFutureUsage: p.setupFutureUsage, metadata: p.intentMetadata });
    return session;
  }

  /** Pay an open session with a test card; returns the events to send. */
  private complete(s: FakeSession, card: TestCard): FakeEvent[] {
    const intentData = this.sessionIntentData.get(s.id) ?? { setupFutureUsage: null, metadata: {} };
    // Checkout makes a Customer when asked to (customer_creation=always) and whenever the card is saved for later.
    let customer = s.customer;
    if (!customer && (s.customer_creation === 'always' || intentData.setupFutureUsage)) {
      customer = this.addCustomer({ email: s.customer_email, name: null, description: null, metadata: {} }).id;
    }
    const pm = this.addPaymentMethod(card);
    if (intentData.setupFutureUsage && customer) this.attach(pm, customer);
    const pi = this.addPaymentIntent({
      amount: s.amount_total,
      currency: s.currency,
      customer,
      paymentMethod: pm.id,
      description: null,
      metadata: intentData.metadata,
      setupFutureUsage: intentData.setupFutureUsage,
    });
    this.succeed(pi, pm);
    s.status = 'complete';
    s.payment_status = 'paid';
    s.url = null;
    s.customer = customer;
    s.payment_intent = pi.id;
    return [this.event('payment_intent.succeeded', pi), this.event('checkout.session.completed', s)];
  }

  private addCustomer(p: { email: string | null; name: string | null; description: string | null; metadata: Record<string, string> }): FakeCustomer {
    const customer: FakeCustomer = {
      id: this.newId('cus'),
      object: 'customer',
      email: p.email,
      name: p.name,
      description: p.description,
      metadata: p.metadata,
      invoice_settings: { default_payment_method: null },
      created: this.now(),
      livemode: false,
    };
    this.customers.set(customer.id, customer);
    return customer;
  }

  private addPaymentMethod(card: TestCard): FakePaymentMethod {
    const { number, behaviour } = TEST_CARDS[card];
    const pm: FakePaymentMethod = {
      id: this.newId('pm'),
      object: 'payment_method',
      type: 'card',
      card: { brand: 'visa', last4: number.slice(-4), exp_month: 12, exp_year: new Date(this.now() * 1000).getUTCFullYear() + 3, funding: 'credit', country: 'US' },
      customer: null,
      metadata: {},
      created: this.now(),
      livemode: false,
    };
    this.paymentMethods.set(pm.id, pm);
    this.cardBehaviour.set(pm.id, behaviour);
    return pm;
  }

  private attach(pm: FakePaymentMethod, customerId: string): void {
    pm.customer = customerId;
    const behaviour = this.customerCardBehaviour.get(customerId);
    if (behaviour) this.cardBehaviour.set(pm.id, behaviour);
  }

  private addPaymentIntent(p: {
    amount: number;
    currency: string;
    customer: string | null;
    paymentMethod: string | null;
    description: string | null;
    metadata: Record<string, string>;
    setupFutureUsage: FakePaymentIntent['setup_future_usage'];
  }): FakePaymentIntent {
    const id = this.newId('pi');
    const pi: FakePaymentIntent = {
      id,
      object: 'payment_intent',
      amount: p.amount,
      amount_capturable: 0,
      amount_received: 0,
      currency: p.currency,
      customer: p.customer,
      payment_method: p.paymentMethod,
      payment_method_types: ['card'],
      status: p.paymentMethod ? 'requires_confirmation' : 'requires_payment_method',
      description: p.description,
      metadata: p.metadata,
      setup_future_usage: p.setupFutureUsage,
      latest_charge: null,
      last_payment_error: null,
      next_action: null,
      capture_method: 'automatic',
      confirmation_method: 'automatic',
      client_secret: `${id}_secret_${crypto.randomBytes(12).toString('hex')}`,
      canceled_at: null,
      cancellation_reason: null,
      created: this.now(),
      livemode: false,
    };
    this.paymentIntents.set(id, pi);
    return pi;
  }

  private succeed(pi: FakePaymentIntent, pm: FakePaymentMethod): void {
    const charge = this.addCharge(pi, pm, null);
    pi.status = 'succeeded';
    pi.amount_received = pi.amount;
    pi.latest_charge = charge.id;
    pi.last_payment_error = null;
  }

  /** A charge of the PaymentIntent's amount; failed when given Stripe's error. */
  private addCharge(pi: FakePaymentIntent, pm: FakePaymentMethod, failure: { code: string; message: string } | null): FakeCharge {
    const charge: FakeCharge = {
      id: this.newId('ch'),
      object: 'charge',
      amount: pi.amount,
      amount_captured: failure ? 0 : pi.amount,
      amount_refunded: 0,
      refunded: false,
      captured: !failure,
      paid: !failure,
      status: failure ? 'failed' : 'succeeded',
      failure_code: failure?.code ?? null,
      failure_message: failure?.message ?? null,
      currency: pi.currency,
      customer: pi.customer,
      payment_intent: pi.id,
      payment_method: pm.id,
      description: pi.description,
      metadata: { ...pi.metadata },
      refunds: { object: 'list', data: [], has_more: false, total_count: 0, url: '' },
      created: this.now(),
      livemode: false,
    };
    charge.refunds.url = `/v1/charges/${charge.id}/refunds`;
    this.charges.set(charge.id, charge);
    return charge;
  }

  private createCustomer(body: Body): Reply {
    const email = str(body.email);
    if (email && !/^[^@\s]+@[^@\s]+$/.test(email)) return invalid('Invalid email address: ' + email, { param: 'email', code: 'email_invalid' });
    return ok(this.addCustomer({ email, name: str(body.name), description: str(body.description), metadata: metadataOf(body.metadata) }));
  }

  private createPaymentIntent(body: Body): Reply {
    if (body.amount === undefined) return invalid('Missing required param: amount.', { param: 'amount', code: 'parameter_missing' });
    const amount = Number(body.amount);
    if (!Number.isInteger(amount) || amount < 0) return invalid('Invalid integer: ' + String(body.amount), { param: 'amount', code: 'parameter_invalid_integer' });
    if (!str(body.currency)) return invalid('Missing required param: currency.', { param: 'currency', code: 'parameter_missing' });
    const currency = String(body.currency).toLowerCase();
    if (currency === 'usd' && amount < 50) return invalid('Amount must be at least $0.50 usd', { param: 'amount', code: 'amount_too_small' });
    const confirm = body.confirm === 'true';
    const offSession = body.off_session === 'true' || body.off_session === 'one_off' || body.off_session === 'recurring';
    if (offSession && !confirm) return invalid('You may only specify `off_session` when `confirm` is true.', { param: 'off_session' });
    const customerId = str(body.customer);
    const paymentMethodId = str(body.payment_method);
    if (confirm && !customerId) return invalid('Missing required param: customer.', { param: 'customer', code: 'parameter_missing' });
    if (confirm && !paymentMethodId) return invalid('Missing required param: payment_method.', { param: 'payment_method', code: 'parameter_missing' });
    if (customerId && !this.customers.has(customerId)) return invalid(`No such customer: '${customerId}'`, { param: 'customer', code: 'resource_missing' });
    const pm = paymentMethodId ? this.paymentMethods.get(paymentMethodId) : undefined;
    if (paymentMethodId && !pm) return invalid(`No such PaymentMethod: '${paymentMethodId}'`, { param: 'payment_method', code: 'resource_missing' });
    if (pm && customerId && pm.customer !== customerId) {
      return invalid(
        pm.customer
          ? `The provided PaymentMethod belongs to another Customer ('${pm.customer}'); it cannot be used with '${customerId}'.`
          : 'The provided PaymentMethod was previously used with a PaymentIntent without Customer attachment, shared with a connected account without Customer attachment, or was detached from a Customer. It may not be used again. To use a PaymentMethod multiple times, you must attach it to a Customer first.',
        { param: 'payment_method' },
      );
    }

    const pi = this.addPaymentIntent({
      amount,
      currency,
      customer: customerId,
      paymentMethod: paymentMethodId,
      description: str(body.description),
      metadata: metadataOf(body.metadata),
      setupFutureUsage: (str(body.setup_future_usage) as FakePaymentIntent['setup_future_usage']) ?? null,
    });
    if (!confirm || !pm) return ok(pi);

    const behaviour = this.cardBehaviour.get(pm.id) ?? 'ok';
    if (behaviour === 'ok') {
      this.succeed(pi, pm);
      return ok(pi, [this.event('payment_intent.succeeded', pi)]);
    }
    if (behaviour === 'authentication_required' && !offSession) {
      // The customer is present: Stripe asks for 3-D Secure instead of failing.
      pi.status = 'requires_action';
      pi.next_action = { type: 'use_stripe_sdk' };
      return ok(pi, [this.event('payment_intent.requires_action', pi)]);
    }
    const error = CARD_ERRORS[behaviour];
    // The issuer declined: a failed charge, as in Stripe. Authentication required: no charge was attempted.
    const failed = behaviour === 'authentication_required' ? null : this.addCharge(pi, pm, { code: error.decline_code, message: error.message });
    pi.status = 'requires_payment_method';
    pi.latest_charge = failed?.id ?? null;
    pi.last_payment_error = { type: 'card_error', ...error, doc_url: `https://docs.stripe.com/error-codes/${error.code.replace(/_/g, '-')}`, payment_method: pm };
    return {
      status: 402,
      body: { error: { ...pi.last_payment_error, ...(failed ? { charge: failed.id } : {}), payment_intent: pi, payment_method: pm } },
      events: [this.event('payment_intent.payment_failed', pi)],
    };
  }

  private createRefund(body: Body): Reply {
    const piId = str(body.payment_intent);
    const chargeId = str(body.charge);
    if (!piId && !chargeId) return invalid('Missing required param: payment_intent or charge.', { param: 'payment_intent', code: 'parameter_missing' });
    let charge: FakeCharge | undefined;
    if (piId) {
      const pi = this.paymentIntents.get(piId);
      if (!pi) return invalid(`No such payment_intent: '${piId}'`, { param: 'payment_intent', code: 'resource_missing' });
      charge = pi.latest_charge ? this.charges.get(pi.latest_charge) : undefined;
      if (!charge || charge.status !== 'succeeded' || pi.status !== 'succeeded') {
        return invalid(`This PaymentIntent (${piId}) does not have a successful charge to refund.`, { param: 'payment_intent', code: 'charge_not_refundable' });
      }
    } else {
      charge = this.charges.get(chargeId!);
      if (!charge) return invalid(`No such charge: '${chargeId}'`, { param: 'charge', code: 'resource_missing' });
      if (charge.status !== 'succeeded') return invalid(`Charge ${charge.id} has not been captured and cannot be refunded.`, { param: 'charge', code: 'charge_not_refundable' });
    }
    if (charge.refunded) return invalid(`Charge ${charge.id} has already been refunded.`, { code: 'charge_already_refunded' });
    const left = charge.amount - charge.amount_refunded;
    const amount = body.amount === undefined ? left : Number(body.amount);
    if (!Number.isInteger(amount) || amount <= 0) return invalid('Invalid positive integer', { param: 'amount', code: 'parameter_invalid_integer' });
    if (amount > left) {
      return invalid(
        charge.amount_refunded
          ? `Refund amount (${dollars(amount)}) is greater than unrefunded amount on charge (${dollars(left)})`
          : `Refund amount (${dollars(amount)}) is greater than charge amount (${dollars(charge.amount)})`,
        { param: 'amount', code: 'amount_too_large' },
      );
    }
    const refund: FakeRefund = {
      id: this.newId('re'),
      object: 'refund',
      amount,
      charge: charge.id,
      payment_intent: charge.payment_intent,
      currency: charge.currency,
      status: 'succeeded',
      reason: str(body.reason),
      metadata: metadataOf(body.metadata),
      created: this.now(),
    };
    this.refunds.set(refund.id, refund);
    charge.amount_refunded += amount;
    charge.refunded = charge.amount_refunded === charge.amount;
    charge.refunds.data.unshift(refund);
    charge.refunds.total_count = charge.refunds.data.length;
    return ok(refund, [this.event('charge.refunded', charge)]);
  }

  private async payPage(method: string, id: string, raw: string, res: ServerResponse): Promise<void> {
    const s = this.sessions.get(id);
    if (!s) return this.html(res, 404, '<h1>Unknown checkout session</h1>');
    this.lapse(s);
    if (method === 'POST') {
      const card = new URLSearchParams(raw).get('card') ?? 'ok';
      if (s.status === 'open') await this.pay(id, { card: card in TEST_CARDS ? (card as TestCard) : 'ok' });
      res.writeHead(303, { location: s.success_url.replace('{CHECKOUT_SESSION_ID}', s.id) });
      res.end();
      return;
    }
    const amount = (s.amount_total / 100).toFixed(2);
    const open = s.status === 'open';
    const cards = (Object.keys(TEST_CARDS) as TestCard[])
      .map(
        (key, i) =>
          `<div><input type="radio" name="card" value="${key}"${i === 0 ? ' checked' : ''}${open ? '' : ' disabled'} id="card-${key}">
           <label for="card-${key}">${TEST_CARDS[key].number} (${TEST_CARDS[key].label})</label></div>`,
      )
      .join('');
    this.html(
      res,
      200,
      `<h1>Fake Stripe Checkout</h1><p>Amount due: $${amount}</p><p>Status: ${s.status}</p>
       ${this.sessionIntentData.get(s.id)?.setupFutureUsage ? '<p>This card will be saved for future payments.</p>' : ''}
       <form method="post"><fieldset><legend>Test card</legend>${cards}</fieldset>
       <button type="submit" ${open ? '' : 'disabled'}>Pay $${amount}</button></form>
       ${s.cancel_url ? `<p><a href="${s.cancel_url}">Cancel</a></p>` : ''}`,
    );
  }

  private send(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
    res.writeHead(status, { 'content-type': 'application/json', 'request-id': `req_${crypto.randomBytes(6).toString('hex')}`, ...headers });
    res.end(JSON.stringify(body));
  }

  private html(res: ServerResponse, status: number, body: string): void {
    res.writeHead(status, { 'content-type': 'text/html; charset=utf-8' });
    res.end(`<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Fake Stripe Checkout</title><link rel="icon" href="data:,"></head><body>${body}</body></html>`);
  }
}
