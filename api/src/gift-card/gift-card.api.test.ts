import { startTestServer, type TestServer } from '../test/app';
import { DB_KINDS } from '../test/db';
import { aBookingBody } from '../test/builders';
import { FakeStripe } from '../test/fake-stripe/fake-stripe';
import { createServices } from '../composition-root';
import { createLogger } from '../infrastructure/logger';
import { MailOutbox } from '../mail/mail-outbox.entity';
import { AuditEvent } from '../audit/audit-event.entity';
import { Booking } from '../booking/booking.entity';
import { GiftCard, GiftCardUse } from './gift-card.entity';
import { GiftCardMailKind } from './gift-card.mails';

const ADMIN = `Basic ${Buffer.from('admin:correct-horse-battery').toString('base64')}`;
const WEBHOOK_SECRET = 'whsec_test_secret';
const post = (url: string, body: unknown, headers: Record<string, string> = {}) =>
  fetch(url, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) });

const purchase = (more: Record<string, unknown> = {}) => ({
  amount_dollars: 1000,
  buyer_name: 'Bea Buyer',
  buyer_email: 'bea.gift@example.com',
  recipient_name: 'Rita Recipient',
  recipient_email: 'rita.gift@example.com',
  message: 'Happy birthday! Go shoot the canyon.',
  deliver_on: '2026-01-20',
  ...more,
});

/**
 * Gift cards over the real API (docs/decisions/094, 095): bought through the
 * Stripe fake's Checkout and its signed webhook, delivered by the job on its
 * date (the clock moved, two instances), spent in part on one booking's
 * deposit and the rest on another booking's balance, and two parallel bookings
 * with one card spending it once.
 */
describe.each(DB_KINDS)('gift cards on %s', (kind) => {
  let s: TestServer;
  let stripe: FakeStripe;
  let now = new Date('2026-01-15T12:00:00.000Z');
  const clock = () => new Date(now.getTime());
  const m = () => s.services.db.manager;

  beforeAll(async () => {
    stripe = await new FakeStripe({ webhookSecret: WEBHOOK_SECRET, now: () => Math.floor(now.getTime() / 1000) }).start();
    s = await startTestServer(kind, { STRIPE_SECRET_KEY: 'sk_test_123', STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET, STRIPE_API_BASE: stripe.url }, undefined, { clock });
    stripe.webhookUrl = `${s.url}/api/webhook/stripe`;
  });
  afterAll(async () => {
    await s?.close();
    await stripe?.close();
  });

  const mailsTo = (email: string) => m().findBy(MailOutbox, { recipient: email });
  const book = (more: Record<string, unknown>) => post(`${s.url}/api/bookings`, aBookingBody({ workshop_id: 'zion-canyon-light', ...more }));
  const tokenOf = (id: string) => s.services.accounts.manageUrl(id).split('#')[1];
  let code: string;
  let cardId: string;

  it('refuses bad input naming the field, and changes nothing', async () => {
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ amount_dollars: 99 }, 'amount_dollars'],
      [{ amount_dollars: 5001 }, 'amount_dollars'],
      [{ amount_dollars: 150.5 }, 'amount_dollars'],
      [{ deliver_on: '2026-01-14' }, 'deliver_on'],
      [{ deliver_on: '2026-02-30' }, 'deliver_on'],
      [{ recipient_email: 'not-an-email' }, 'recipient_email'],
      [{ buyer_name: '' }, 'buyer_name'],
      [{ amount_dollars: undefined }, 'amount_dollars'],
      [{ amount_dollars: undefined, workshop_id: 'no-such-workshop' }, 'workshop_id'],
    ];
    for (const [more, field] of cases) {
      const res = await post(`${s.url}/api/gift-cards`, purchase(more));
      expect(res.status).toBe(422);
      expect((await res.json()).errors[0].field).toBe(field);
    }
    expect(await m().count(GiftCard)).toBe(0);
  });

  it('is bought through Checkout for exactly its amount; the signed webhook activates it once and the buyer gets a receipt at once', async () => {
    const res = await post(`${s.url}/api/gift-cards`, purchase());
    expect(res.status).toBe(201);
    const body = await res.json();
    cardId = body.gift_card_id;
    const session = stripe.sessions.get(body.session_id)!;
    expect(session.amount_total).toBe(100_000);
    expect(session.metadata.gift_card_id).toBe(cardId);
    expect(session.success_url).toBe('http://localhost:3000/gift-cards/thanks?session_id={CHECKOUT_SESSION_ID}');
    expect((await m().findOneByOrFail(GiftCard, { id: cardId })).state).toBe('pending_payment');
    expect((await (await fetch(`${s.url}/api/gift-cards/purchase/${body.session_id}`)).json()).state).toBe('pending_payment');

    await stripe.pay(body.session_id);
    const card = await m().findOneByOrFail(GiftCard, { id: cardId });
    expect(card).toMatchObject({ state: 'active', balanceCents: 100_000, deliveredAt: null });
    code = card.code;
    expect(code).toMatch(/^GC(-[2-9A-HJ-NP-Z]{4}){4}$/);
    // The thank-you page's poll applies nothing twice.
    expect(await (await fetch(`${s.url}/api/gift-cards/purchase/${body.session_id}`)).json()).toEqual({ state: 'active', amount: 1000, deliver_on: '2026-01-20', recipient_name: 'Rita Recipient' });
    expect((await mailsTo('bea.gift@example.com')).map((r) => r.kind)).toEqual([GiftCardMailKind.receipt]);
    expect(await mailsTo('rita.gift@example.com')).toHaveLength(0);
    expect(await m().countBy(AuditEvent, { action: 'gift_card.purchased' })).toBe(1);
    // Not a booking's payment: nothing recorded as an unmatched payment, no booking touched.
    expect(await m().count(Booking)).toBe(0);
  });

  it('a code is not usable before it is paid; a guess gets the same answer as a used code', async () => {
    const res = await post(`${s.url}/api/gift-cards/balance`, { code: 'GC-2222-2222-2222-2222' });
    expect(res.status).toBe(422);
    expect((await res.json()).errors[0].field).toBe('code');
    const ok = await (await post(`${s.url}/api/gift-cards/balance`, { code: code.toLowerCase().replace(/-/g, ' ') })).json();
    expect(ok).toMatchObject({ code, balance: 1000, usable: true });
    expect(ok.expires_at.slice(0, 4)).toBe('2031'); // valid 5 years
  });

  it('is delivered on its date by the job, once with two instances: the recipient gets the code and message, the buyer a note', async () => {
    now = new Date('2026-01-19T12:00:00.000Z');
    await s.services.jobs.runDue();
    expect(await mailsTo('rita.gift@example.com')).toHaveLength(0);
    // Catch-up: the first run after the date (here two days late) delivers it.
    now = new Date('2026-01-22T09:00:00.000Z');
    const other = createServices(s.services.config, s.services.db, createLogger('silent'), clock);
    await Promise.all([s.services.jobs.runDue(), other.jobs.runDue(), s.services.jobs.runDue()]);
    const toRecipient = await mailsTo('rita.gift@example.com');
    expect(toRecipient.map((r) => r.kind)).toEqual([GiftCardMailKind.delivered]);
    expect((await mailsTo('bea.gift@example.com')).map((r) => r.kind).sort()).toEqual([GiftCardMailKind.buyerNote, GiftCardMailKind.receipt].sort());
    const mail = await s.services.outbox.render(toRecipient[0], { origin: s.services.config.publicOrigin });
    expect(mail.text).toContain(code);
    expect(mail.text).toContain('Happy birthday! Go shoot the canyon.');
    expect(mail.text).toContain('/gift-cards/card#');
    expect(mail.text).toMatch(/Valid until:\s*2031-01-15/);
    expect((await m().findOneByOrFail(GiftCard, { id: cardId })).deliveredAt).not.toBeNull();
  });

  it('pays a new booking’s deposit in part and the rest of another booking’s balance from its manage page', async () => {
    // Zion is $2,895: the deposit is $868.50, so $131.50 stays on the $1,000 card.
    const first = await book({ customer_email: 'first.gift@example.com', credit_code: code });
    expect(first.status).toBe(201);
    const a = await first.json();
    expect(await m().findOneByOrFail(Booking, { id: a.id })).toMatchObject({ status: 'confirmed', amountPaidCents: 86_850 });
    expect((await m().findOneByOrFail(GiftCard, { id: cardId })).balanceCents).toBe(13_150);

    const second = await book({ customer_email: 'second.gift@example.com' });
    const b = await second.json();
    await s.services.bookings.recordPaymentOrThrow(b.id, 86_850);
    const paid = await post(`${s.url}/api/manage/${b.id}/gift-card`, { code }, { 'x-manage-token': tokenOf(b.id) });
    expect(paid.status).toBe(200);
    expect(await paid.json()).toEqual({ spent: 131.5, balance_left: 0 });
    expect((await m().findOneByOrFail(Booking, { id: b.id })).amountPaidCents).toBe(86_850 + 13_150);
    expect((await m().findOneByOrFail(GiftCard, { id: cardId })).balanceCents).toBe(0);
    expect((await m().findBy(GiftCardUse, { giftCardId: cardId })).map((u) => u.amountCents).sort()).toEqual([13_150, 86_850]);
    expect(await m().countBy(AuditEvent, { action: 'gift_card.used' })).toBe(2);
    // Empty now: refused, naming the field, and nothing changes.
    const again = await post(`${s.url}/api/manage/${b.id}/gift-card`, { code }, { 'x-manage-token': tokenOf(b.id) });
    expect(again.status).toBe(422);
    expect((await again.json()).errors[0].field).toBe('code');
  });

  it('two parallel bookings with one card spend it at most once', async () => {
    const issued = await post(`${s.url}/api/admin/gift-cards`, { amount_dollars: 500, recipient_name: 'Gus Goodwill', recipient_email: 'gus.gift@example.com', message: 'Sorry about the storm.' }, { authorization: ADMIN });
    expect(issued.status).toBe(201);
    const card = await issued.json();
    const answers = await Promise.all([
      book({ customer_email: 'race1.gift@example.com', credit_code: card.code }),
      book({ customer_email: 'race2.gift@example.com', credit_code: card.code }),
      book({ customer_email: 'race3.gift@example.com', credit_code: card.code }),
    ]);
    const statuses = answers.map((r) => r.status).sort();
    expect(statuses).toEqual([201, 422, 422]);
    for (const loser of answers.filter((r) => r.status === 422)) expect((await loser.json()).errors[0].field).toBe('credit_code');
    expect((await m().findOneByOrFail(GiftCard, { id: card.id })).balanceCents).toBe(0);
    expect(await m().findBy(GiftCardUse, { giftCardId: card.id })).toHaveLength(1);
    expect(await m().count(Booking, { where: { customerEmail: 'race2.gift@example.com' } }) + (await m().count(Booking, { where: { customerEmail: 'race1.gift@example.com' } })) + (await m().count(Booking, { where: { customerEmail: 'race3.gift@example.com' } }))).toBe(1);
  });

  it('less than the deposit leaves the booking held with the rest due at checkout; a lapsed hold gives the card its money back', async () => {
    const issued = await (await post(`${s.url}/api/admin/gift-cards`, { amount_dollars: 100, recipient_name: 'Hal Held', recipient_email: 'hal.gift@example.com' }, { authorization: ADMIN })).json();
    const res = await book({ customer_email: 'held.gift@example.com', credit_code: issued.code });
    expect(res.status).toBe(201);
    const { id } = await res.json();
    expect(await m().findOneByOrFail(Booking, { id })).toMatchObject({ status: 'held', amountPaidCents: 10_000, dueNowCents: 76_850 });
    expect((await m().findOneByOrFail(GiftCard, { id: issued.id })).balanceCents).toBe(0);
    const before = now;
    now = new Date(now.getTime() + 2 * 3_600_000);
    await s.services.bookings.releaseExpiredHolds();
    expect(await m().findOneByOrFail(Booking, { id })).toMatchObject({ status: 'expired', amountRefundedCents: 10_000 });
    expect((await m().findOneByOrFail(GiftCard, { id: issued.id })).balanceCents).toBe(10_000);
    expect((await m().findBy(GiftCardUse, { giftCardId: issued.id })).map((u) => u.amountCents).sort((a, b) => a - b)).toEqual([-10_000, 10_000]);
    now = before;
  });

  it('the admin lists cards with their uses, voids an unused one, refunds an unused purchase, never a used one', async () => {
    const list = await (await fetch(`${s.url}/api/admin/gift-cards`, { headers: { authorization: ADMIN } })).json();
    const bought = list.find((c: { id: string }) => c.id === cardId);
    expect(bought).toMatchObject({ kind: 'purchased', amount: 1000, balance: 0, state: 'active' });
    expect(bought.uses).toHaveLength(2);
    expect((await fetch(`${s.url}/api/admin/gift-cards`)).status).toBe(401);
    expect((await post(`${s.url}/api/admin/gift-cards/${cardId}/void`, {}, { authorization: ADMIN })).status).toBe(409);
    expect((await post(`${s.url}/api/admin/gift-cards/${cardId}/refund`, {}, { authorization: ADMIN })).status).toBe(409);

    const goodwill = await (await post(`${s.url}/api/admin/gift-cards`, { amount_dollars: 50, recipient_name: 'Vi Void', recipient_email: 'vi.gift@example.com' }, { authorization: ADMIN })).json();
    const voided = await post(`${s.url}/api/admin/gift-cards/${goodwill.id}/void`, {}, { authorization: ADMIN });
    expect(voided.status).toBe(200);
    expect(await voided.json()).toMatchObject({ state: 'void', balance: 0 });
    expect((await post(`${s.url}/api/gift-cards/balance`, { code: goodwill.code })).status).toBe(200);
    expect((await book({ customer_email: 'void.gift@example.com', credit_code: goodwill.code })).status).toBe(422);

    const res = await post(`${s.url}/api/gift-cards`, purchase({ amount_dollars: 200, deliver_on: '2026-03-01' }));
    const { session_id: sid, gift_card_id: id } = await res.json();
    await stripe.pay(sid);
    const refunded = await post(`${s.url}/api/admin/gift-cards/${id}/refund`, {}, { authorization: ADMIN });
    expect(refunded.status).toBe(200);
    expect(await refunded.json()).toMatchObject({ state: 'refunded', balance: 0 });
    expect(stripe.requests.filter((r) => r.method === 'POST' && r.path === '/v1/refunds')).toHaveLength(1);
    // Refunded before its date: never delivered.
    now = new Date('2026-03-02T12:00:00.000Z');
    await s.services.jobs.runDue();
    expect((await m().findOneByOrFail(GiftCard, { id })).deliveredAt).toBeNull();
    for (const action of ['gift_card.issued', 'gift_card.voided', 'gift_card.refunded']) expect(await m().countBy(AuditEvent, { action })).toBeGreaterThan(0);
  });

  it('serves the same use cases over GraphQL', async () => {
    const bought = await s.gql<{ buyGiftCard: { sessionId: string; url: string } }>(
      'mutation($i: GiftCardPurchaseInput!) { buyGiftCard(input: $i) { giftCardId sessionId url } }',
      { i: { workshopId: 'zion-canyon-light', buyerName: 'Gail', buyerEmail: 'gail.gift@example.com', recipientName: 'Rob', recipientEmail: 'rob.gift@example.com', deliverOn: '2026-03-02' } },
    );
    expect(bought.errors).toBeUndefined();
    // "One place on Zion" at its current price.
    expect(stripe.sessions.get(bought.data!.buyGiftCard.sessionId)!.amount_total).toBe(289_500);
    const bad = await s.gql('mutation($i: GiftCardCodeInput!) { giftCardBalance(input: $i) { balance } }', { i: { code: 'GC-2222-2222-2222-2222' } });
    expect(bad.errors![0].extensions!.code).toBe('BAD_USER_INPUT');
    const listed = await s.gql<{ adminGiftCards: Array<{ code: string }> }>('{ adminGiftCards { code card { state } uses { amount } } }', {}, { authorization: ADMIN });
    expect(listed.data!.adminGiftCards.length).toBeGreaterThan(2);
  });
});

describe('gift cards without a payment provider', () => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startTestServer('sqlite');
  });
  afterAll(async () => s?.close());

  it('are not sold (nothing is written) and the answer says to contact us', async () => {
    const res = await post(`${s.url}/api/gift-cards`, purchase({ deliver_on: '2026-01-20' }));
    expect(res.status).toBe(409);
    const body = await res.json();
    expect(body.code).toBe('ONLINE_PAYMENT_UNAVAILABLE');
    expect(await s.services.db.manager.count(GiftCard)).toBe(0);
  });
});
