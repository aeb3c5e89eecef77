import crypto from 'node:crypto';
import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';

/**
 * A local fake of the part of Stripe's HTTP API the site uses: Checkout
 * Sessions (create with idempotency keys, retrieve, expire), a hosted "payment
 * page" a browser can click through, and signed webhooks sent back to the app.
 * The real `stripe` SDK talks to it through STRIPE_API_BASE. Used by the api
 * tests, the browser tests, the benchmarks, and developers working offline
 * (`npm run fake-stripe -w api`).
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
  customer_email: string | null;
  client_reference_id: string | null;
  metadata: Record<string, string>;
  success_url: string;
  cancel_url: string | null;
  expires_at: number;
  created: number;
  url: string | null;
  livemode: false;
}

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

export class FakeStripe {
  readonly sessions = new Map<string, FakeSession>();
  readonly requests: RecordedRequest[] = [];
  readonly webhooksSent: Array<{ id: string; type: string; status: number }> = [];
  /** Make the next N API calls fail with a 500 (simulates an outage). */
  failNext = 0;
  /** Delay every API answer by this many ms (simulates a slow provider). */
  delayMs = 0;
  private readonly idempotent = new Map<string, { fingerprint: string; sessionId: string }>();
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
    if (!this.server) return;
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server!.close(() => resolve()));
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
      customerEmail: p.customerEmail ?? null,
      clientReferenceId: p.clientReferenceId ?? null,
      metadata: p.metadata ?? {},
      successUrl: 'https://elsewhere.example/thanks',
      cancelUrl: null,
      expiresAt: this.now() + 24 * 3600,
    });
  }

  /** What a customer does on the hosted page: pay. Sends checkout.session.completed. */
  async pay(id: string): Promise<FakeSession> {
    const s = this.getOrThrow(id);
    if (s.status !== 'open') throw new Error(`session ${id} is ${s.status}`);
    s.status = 'complete';
    s.payment_status = 'paid';
    s.url = null;
    await this.sendWebhook('checkout.session.completed', s);
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

  /** A signed event as Stripe would send it, for tests that post webhooks themselves. */
  signedEvent(type: string, session: FakeSession, options: { id?: string; timestamp?: number; secret?: string } = {}) {
    const payload = JSON.stringify({
      id: options.id ?? `evt_${crypto.randomBytes(12).toString('hex')}`,
      object: 'event',
      type,
      created: this.now(),
      livemode: false,
      api_version: '2026-10-28.endive',
      data: { object: session },
    });
    const header = this.signer.webhooks.generateTestHeaderString({
      payload,
      secret: options.secret ?? this.options.webhookSecret ?? 'whsec_fake',
      timestamp: options.timestamp,
    });
    return { payload, header };
  }

  async sendWebhook(type: string, session: FakeSession): Promise<void> {
    if (!this.webhookUrl) return;
    const { payload, header } = this.signedEvent(type, session);
    const id = JSON.parse(payload).id as string;
    try {
      const res = await fetch(this.webhookUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'stripe-signature': header },
        body: payload,
      });
      this.webhooksSent.push({ id, type, status: res.status });
    } catch {
      this.webhooksSent.push({ id, type, status: 0 });
    }
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

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', 'http://fake');
    const raw = await new Promise<string>((resolve) => {
      let data = '';
      req.on('data', (c) => (data += c));
      req.on('end', () => resolve(data));
    });

    // The hosted payment page (what the browser sees after redirecting to session.url).
    const pay = /^\/pay\/(cs_[A-Za-z0-9_]+)$/.exec(url.pathname);
    if (pay) return this.payPage(req.method ?? 'GET', pay[1], res);

    if (!url.pathname.startsWith('/v1/')) {
      res.writeHead(404, { 'content-type': 'text/plain' });
      res.end('Not found');
      return;
    }
    const idempotencyKey = req.headers['idempotency-key'] as string | undefined;
    const body = raw ? parseStripeForm(raw) : {};
    this.requests.push({ method: req.method ?? 'GET', path: url.pathname, idempotencyKey, body });

    if (!/^Bearer sk_(test|live)_/.test(String(req.headers.authorization ?? ''))) {
      return this.send(res, 401, { error: { type: 'invalid_request_error', message: 'Invalid API Key provided' } });
    }
    if (this.delayMs) await new Promise((r) => setTimeout(r, this.delayMs));
    if (this.failNext > 0) {
      this.failNext--;
      return this.send(res, 500, { error: { type: 'api_error', message: 'Simulated outage' } });
    }

    if (req.method === 'POST' && url.pathname === '/v1/checkout/sessions') return this.create(body, raw, idempotencyKey, res);
    const one = /^\/v1\/checkout\/sessions\/([^/]+)(\/expire)?$/.exec(url.pathname);
    if (one) {
      const s = this.sessions.get(one[1]);
      if (!s) {
        return this.send(res, 404, {
          error: { type: 'invalid_request_error', code: 'resource_missing', message: `No such checkout.session: '${one[1]}'`, param: 'session' },
        });
      }
      this.lapse(s);
      if (req.method === 'GET' && !one[2]) return this.send(res, 200, s);
      if (req.method === 'POST' && one[2]) {
        if (s.status !== 'open') {
          return this.send(res, 400, { error: { type: 'invalid_request_error', message: `Only Checkout Sessions with a status in ["open"] can be expired. This session has a status of "${s.status}".` } });
        }
        await this.expire(s.id);
        return this.send(res, 200, s);
      }
    }
    this.send(res, 404, { error: { type: 'invalid_request_error', message: `Unrecognized request URL (${req.method}: ${url.pathname})` } });
  }

  private create(body: Record<string, unknown>, raw: string, idempotencyKey: string | undefined, res: ServerResponse): void {
    const fingerprint = crypto.createHash('sha256').update(raw).digest('hex');
    if (idempotencyKey) {
      const seen = this.idempotent.get(idempotencyKey);
      if (seen) {
        if (seen.fingerprint !== fingerprint) {
          return this.send(res, 400, {
            error: { type: 'idempotency_error', message: 'Keys for idempotent requests can only be used with the same parameters they were first used with.' },
          });
        }
        return this.send(res, 200, this.sessions.get(seen.sessionId));
      }
    }
    const items = (body.line_items as Array<{ quantity?: string; price_data?: { unit_amount?: string; currency?: string } }>) ?? [];
    const amount = items.reduce((sum, i) => sum + Number(i.price_data?.unit_amount ?? 0) * Number(i.quantity ?? 1), 0);
    if (!body.success_url || !items.length || !(amount > 0)) {
      return this.send(res, 400, { error: { type: 'invalid_request_error', message: 'Missing required param: line_items or success_url.' } });
    }
    const now = this.now();
    const expiresAt = body.expires_at ? Number(body.expires_at) : now + 24 * 3600;
    if (expiresAt < now + 30 * 60 - 5 || expiresAt > now + 24 * 3600) {
      return this.send(res, 400, {
        error: { type: 'invalid_request_error', param: 'expires_at', message: 'The `expires_at` timestamp must be between 30 minutes and 24 hours from Checkout Session creation.' },
      });
    }
    const session = this.addSession({
      mode: String(body.mode ?? 'payment'),
      amount,
      currency: String(items[0].price_data?.currency ?? 'usd'),
      customerEmail: (body.customer_email as string) ?? null,
      clientReferenceId: (body.client_reference_id as string) ?? null,
      metadata: (body.metadata as Record<string, string>) ?? {},
      successUrl: String(body.success_url),
      cancelUrl: (body.cancel_url as string) ?? null,
      expiresAt,
    });
    if (idempotencyKey) this.idempotent.set(idempotencyKey, { fingerprint, sessionId: session.id });
    this.send(res, 200, session);
  }

  private addSession(p: {
    mode?: string;
    amount: number;
    currency: string;
    customerEmail: string | null;
    clientReferenceId: string | null;
    metadata: Record<string, string>;
    successUrl: string;
    cancelUrl: string | null;
    expiresAt: number;
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
      customer_email: p.customerEmail,
      client_reference_id: p.clientReferenceId,
      metadata: p.metadata,
      success_url: p.successUrl,
      cancel_url: p.cancelUrl,
      expires_at: p.expiresAt,
      created: this.now(),
      url: `${this.url}/pay/${id}`,
      livemode: false,
    };
    this.sessions.set(id, session);
    return session;
  }

  private async payPage(method: string, id: string, res: ServerResponse): Promise<void> {
    const s = this.sessions.get(id);
    if (!s) return this.html(res, 404, '<h1>Unknown checkout session</h1>');
    this.lapse(s);
    if (method === 'POST') {
      if (s.status === 'open') await this.pay(id);
      res.writeHead(303, { location: s.success_url.replace('{CHECKOUT_SESSION_ID}', s.id) });
      res.end();
      return;
    }
    const dollars = (s.amount_total / 100).toFixed(2);
    this.html(
      res,
      200,
      `<h1>Fake Stripe Checkout</h1><p>Amount due: $${dollars}</p><p>Status: ${s.status}</p>
       <form method="post"><button type="submit" ${s.status === 'open' ? '' : 'disabled'}>Pay $${dollars}</button></form>
       ${s.cancel_url ? `<p><a href="${s.cancel_url}">Cancel</a></p>` : ''}`,
    );
  }

  private send(res: ServerResponse, status: number, body: unknown): void {
    res.writeHead(status, { 'content-type': 'application/json', 'request-id': `req_${crypto.randomBytes(6).toString('hex')}` });
    res.end(JSON.stringify(body));
  }

  private html(res: ServerResponse, status: number, body: string): void {
    res.writeHead(status, { 'content-type': 'text/html; charset=utf-8' });
    res.end(`<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Fake Stripe Checkout</title><link rel="icon" href="data:,"></head><body>${body}</body></html>`);
  }
}
