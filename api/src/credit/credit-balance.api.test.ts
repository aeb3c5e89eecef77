import type { TestServer } from '../test/app';
import { DB_KINDS } from '../test/db';
import { aBookingBody } from '../test/builders';
import { Booking } from '../booking/booking.entity';
import { BookingPayment, BookingRefund } from '../booking/ledger.entities';
import { Workshop } from '../workshop/workshop.entity';
import { AuditEvent } from '../audit/audit-event.entity';
import { GiftCard, GiftCardUse } from '../gift-card/gift-card.entity';
import type { FakeStripe } from '../test/fake-stripe/fake-stripe';
import { startTestServerWithStripe } from '../test/stripe-server';

const ADMIN_AUTH = `Basic ${Buffer.from('admin:correct-horse-battery').toString('base64')}`;
const DAY = 86_400_000;
const ITERATIONS = 4;
const post = (url: string, body: unknown, headers: Record<string, string> = {}) =>
  fetch(url, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) });
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
/** Start `f` after 0-30 ms, so the two sides of a race meet in every order. */
const jittered = async <T>(f: () => Promise<T>): Promise<T> => {
  await sleep(Math.floor(Math.random() * 31));
  return f();
};

/**
 * Credits as balances (issue 27, docs/decisions/095 amendment): a credit is a
 * gift_cards row of kind `credit`, spent in parts from the booking form and
 * the manage page with the cards' compare-and-set. Over the real HTTP API and
 * the Stripe fake: its balance and what it covers shown before booking, a
 * partial use keeping the rest, and the races (parallel bookings, parallel
 * manage-page payments, a manage-page payment against the card's webhook).
 */
describe.each(DB_KINDS)('credits as balances on %s', (kind) => {
  let s: TestServer;
  let stripe: FakeStripe;
  const now = new Date('2026-01-15T12:00:00.000Z');
  const clock = () => new Date(now.getTime());

  beforeAll(async () => {
    ({ server: s, stripe } = await startTestServerWithStripe(kind, clock, { holdLimits: null }));
  });
  afterAll(async () => {
    await s?.close();
    await stripe?.close();
  });

  const m = () => s.services.db.manager;
  const booking = (id: string) => m().findOneByOrFail(Booking, { id });
  const tokenOf = (id: string) => s.services.accounts.manageUrl(id).split('#')[1];
  let workshopCount = 0;
  /** A $2,000 workshop 120 days out (the deposit, 30%, is $600; the balance $1,400). */
  const aWorkshop = async (priceCents = 200_000) => {
    const base = await m().findOneByOrFail(Workshop, { id: 'zion-canyon-light' });
    const start = new Date(now.getTime() + 120 * DAY).toISOString().slice(0, 10);
    const id = `credit-balance-${kind}-${++workshopCount}`;
    await m().insert(Workshop, { ...base, id, name: `Credit test ${workshopCount}`, startDate: start, endDate: start, timeZone: 'UTC', priceCents, privateRoomSupplementCents: 0, spotsClaimed: 0, capacity: 40 });
    s.services.workshops.catalog.invalidate();
    return id;
  };
  let emailCount = 0;
  const book = (workshopId: string, extra: Record<string, unknown> = {}) =>
    post(`${s.url}/api/bookings`, aBookingBody({ workshop_id: workshopId, payment_option: 'deposit', num_participants: 1, room_type: 'shared', num_spouses: 0, customer_email: `credit${++emailCount}-${kind}@example.com`, ...extra }));
  const openCheckout = async (id: string) => ((await (await post(`${s.url}/api/checkout/create-session`, { booking_id: id, origin_url: 'http://localhost:3000' })).json()) as { session_id: string }).session_id;
  /** A booking whose deposit was paid by card: confirmed, its balance due. */
  const depositPaid = async (workshopId: string) => {
    const res = await book(workshopId);
    expect(res.status).toBe(201);
    const { id } = (await res.json()) as { id: string };
    await stripe.pay(await openCheckout(id));
    await stripe.idle();
    expect(await booking(id)).toMatchObject({ status: 'confirmed', amountPaidCents: 60_000 });
    return id;
  };
  /** A credit of the cancelled-workshop kind, issued as the 14-day choice issues it. */
  const aCredit = (amountCents: number) =>
    s.services.db.transaction((tx) => s.services.credits.issue(tx, { amountCents, sourceBookingId: '00000000-0000-4000-8000-000000000000', customerEmail: 'owner@example.com' }, now));
  const cardOf = (code: string) => m().findOneByOrFail(GiftCard, { code });
  const usesOf = async (code: string) => m().findBy(GiftCardUse, { giftCardId: (await cardOf(code)).id });
  const payWithCode = (id: string, code: string) => post(`${s.url}/api/manage/${id}/gift-card`, { code }, { 'x-manage-token': tokenOf(id) });
  /** Net of each code's uses, in cents, by booking. */
  const spentBy = async (code: string) => {
    const by = new Map<string, number>();
    for (const u of await usesOf(code)) by.set(u.bookingId, (by.get(u.bookingId) ?? 0) + u.amountCents);
    return by;
  };
  /**
   * Every webhook delivered, and those the app refused (a 5xx: the booking changed under it, or a lock
   * waited for too long on a loaded machine) sent again, as Stripe retries them.
   */
  const settleWebhooks = async () => {
    await stripe.idle();
    for (let round = 0; round < 5; round++) {
      const last = new Map(stripe.webhooksSent.map((w) => [w.id, w.status]));
      const refused = [...last].filter(([, status]) => status < 200 || status >= 300).map(([id]) => id);
      if (!refused.length) return;
      for (const id of refused) await stripe.redeliver(id);
      await stripe.idle();
    }
  };
  /** The ledger agrees with the booking row: paid and refunded are the sums of its rows. */
  const ledgerAgrees = async (id: string) => {
    const b = await booking(id);
    const paid = (await m().findBy(BookingPayment, { bookingId: id })).reduce((sum, p) => sum + p.amountCents, 0);
    const refunded = (await m().findBy(BookingRefund, { bookingId: id })).filter((r) => r.state !== 'credited' && r.state !== 'failed').reduce((sum, r) => sum + r.amountCents, 0);
    expect([b.amountPaidCents, b.amountRefundedCents]).toEqual([paid, refunded]);
    return b;
  };

  it('a credit is issued as a balance (WL- code, valid 5 years); the lookup shows its balance and what it pays of the form’s choices', async () => {
    const credit = await aCredit(100_000);
    expect(credit.code).toMatch(/^WL(-[2-9A-HJKMNP-Z]{4}){3}$/);
    expect(await cardOf(credit.code)).toMatchObject({ kind: 'credit', state: 'active', initialCents: 100_000, balanceCents: 100_000 });
    expect(credit.expiresAt.toISOString()).toBe('2031-01-15T12:00:00.000Z');
    const w = await aWorkshop();
    // Balance only (the printable card's lookup): any case, without dashes.
    const plain = await post(`${s.url}/api/gift-cards/balance`, { code: credit.code.toLowerCase().replace(/-/g, '') });
    expect(await plain.json()).toMatchObject({ code: credit.code, kind: 'credit', balance: 1000, balance_cents: 100_000, usable: true, covers_cents: null });
    // With the booking form's choices: a credit pays up to the total ($2,000), so the $600 deposit and $400 of the rest.
    const rest = await post(`${s.url}/api/gift-cards/balance`, { code: credit.code, workshop_id: w, num_participants: 1, payment_option: 'deposit' });
    expect(await rest.json()).toMatchObject({ total_cents: 200_000, due_now_cents: 60_000, covers_cents: 100_000, left_to_pay_now_cents: 0, balance_after_cents: 0 });
    const gql = await s.gql<{ codeBalance: Record<string, unknown> }>(
      'mutation($i: CodeBalanceInput!) { codeBalance(input: $i) { code kind balanceCents usable totalCents dueNowCents coversCents leftToPayNowCents balanceAfterCents } }',
      { i: { code: credit.code, workshopId: w, numParticipants: 2, paymentOption: 'full' } },
    );
    expect(gql.data!.codeBalance).toEqual({ code: credit.code, kind: 'credit', balanceCents: 100_000, usable: true, totalCents: 400_000, dueNowCents: 400_000, coversCents: 100_000, leftToPayNowCents: 300_000, balanceAfterCents: 0 });
    // The customer's own money: the admin cannot void it as a gift card.
    const voided = await post(`${s.url}/api/admin/gift-cards/${credit.id}/void`, {}, { authorization: ADMIN_AUTH });
    expect(voided.status).toBe(409);
    expect((await cardOf(credit.code)).state).toBe('active');
    // An unknown code: a 422 naming the field, the same as an empty one would get from a booking.
    const unknown = await post(`${s.url}/api/gift-cards/balance`, { code: 'WL-2222-3333-4444' });
    expect(unknown.status).toBe(422);
    expect((await unknown.json()).errors).toEqual([{ field: 'code', message: 'code is not a valid credit or gift card code, or has no balance left' }]);
  });

  it('is spent in part on a new booking and the rest on another booking’s balance from its manage page, audited', async () => {
    const w = await aWorkshop();
    const credit = await aCredit(250_000);
    // A full payment of $2,000: the credit pays it; $500 stays on the same code.
    const res = await book(w, { payment_option: 'full', credit_code: credit.code });
    expect(res.status).toBe(201);
    const first = ((await res.json()) as { id: string }).id;
    expect(await booking(first)).toMatchObject({ status: 'confirmed', paymentStatus: 'paid', amountPaidCents: 200_000 });
    expect((await cardOf(credit.code)).balanceCents).toBe(50_000);
    // The rest pays part of another booking's balance ($1,400 due).
    const second = await depositPaid(w);
    const paid = await payWithCode(second, credit.code);
    expect(paid.status).toBe(200);
    expect(await paid.json()).toEqual({ spent: 500, balance_left: 0 });
    expect(await ledgerAgrees(second)).toMatchObject({ status: 'confirmed', amountPaidCents: 110_000 });
    expect([...(await spentBy(credit.code)).entries()].sort()).toEqual([[first, 200_000], [second, 50_000]].sort());
    expect(await m().countBy(AuditEvent, { action: 'credit.used', bookingId: second })).toBe(1);
    // Empty now: refused naming the field, nothing changes.
    const again = await payWithCode(second, credit.code);
    expect([again.status, (await again.json()).errors[0].field]).toEqual([422, 'code']);
    expect((await booking(second)).amountPaidCents).toBe(110_000);
  });

  it('two parallel bookings with the same credit spend it at most once (the uses never exceed the balance)', async () => {
    const w = await aWorkshop();
    for (let i = 0; i < ITERATIONS; i++) {
      const credit = await aCredit(300_000);
      const answers = await Promise.all([0, 1, 2].map(() => jittered(() => book(w, { payment_option: 'full', credit_code: credit.code }))));
      const statuses = answers.map((r) => r.status);
      expect(statuses.every((st) => st === 201 || st === 422)).toBe(true);
      expect(statuses).toContain(201);
      for (const loser of answers.filter((r) => r.status === 422)) expect((await loser.json()).errors[0].field).toBe('credit_code');
      const card = await cardOf(credit.code);
      const by = await spentBy(credit.code);
      const spent = [...by.values()].reduce((a, b) => a + b, 0);
      expect(spent).toBeLessThanOrEqual(300_000);
      expect(card.balanceCents).toBe(300_000 - spent);
      expect(card.balanceCents).toBeGreaterThanOrEqual(0);
      // Every winner was paid exactly what it took from the credit; the losers left no booking behind.
      const winners = await Promise.all(answers.filter((r) => r.status === 201).map(async (r) => ((await r.json()) as { id: string }).id));
      expect([...by.keys()].sort()).toEqual([...winners].sort());
      for (const id of winners) expect((await ledgerAgrees(id)).amountPaidCents).toBe(by.get(id));
    }
  });

  it('two manage-page payments with the same code at once: the code is spent once per cent, each booking paid what it took', async () => {
    const w = await aWorkshop();
    for (let i = 0; i < ITERATIONS; i++) {
      const [a, b] = [await depositPaid(w), await depositPaid(w)];
      const credit = await aCredit(100_000);
      const answers = await Promise.all([jittered(() => payWithCode(a, credit.code)), jittered(() => payWithCode(b, credit.code))]);
      expect(answers.map((r) => r.status)).toContain(200);
      for (const r of answers) expect([200, 409, 422]).toContain(r.status);
      const by = await spentBy(credit.code);
      const spent = [...by.values()].reduce((x, y) => x + y, 0);
      expect(spent).toBeLessThanOrEqual(100_000);
      expect((await cardOf(credit.code)).balanceCents).toBe(100_000 - spent);
      for (const id of [a, b]) expect((await ledgerAgrees(id)).amountPaidCents).toBe(60_000 + (by.get(id) ?? 0));
    }
  });

  it('a manage-page payment with a code and the card’s webhook for the same balance at the same moment: never paid twice', async () => {
    const w = await aWorkshop();
    for (let i = 0; i < ITERATIONS; i++) {
      const id = await depositPaid(w);
      const credit = await aCredit(50_000);
      // "Pay the balance" opened a Checkout Session for the $1,400 before the code was typed.
      const started = await post(`${s.url}/api/manage/${id}/pay`, { token: tokenOf(id) });
      expect(started.status).toBe(200);
      const { session_id: sessionId } = (await started.json()) as { session_id: string };
      const [, code] = await Promise.all([jittered(() => stripe.pay(sessionId).then(() => stripe.idle())), jittered(() => payWithCode(id, credit.code))]);
      await settleWebhooks();
      expect([200, 409]).toContain(code.status);
      const b = await ledgerAgrees(id);
      // The card's $1,400 arrived either way; the booking keeps exactly its total, the rest is back on the code.
      expect(b).toMatchObject({ status: 'confirmed', paymentStatus: 'paid' });
      expect(b.amountPaidCents - b.amountRefundedCents).toBe(200_000);
      const net = [...(await spentBy(credit.code)).values()].reduce((x, y) => x + y, 0);
      expect(net).toBe(0);
      expect((await cardOf(credit.code)).balanceCents).toBe(50_000);
      // Nothing went back through Stripe: the excess was the code's.
      expect([...stripe.refunds.values()].filter((r) => r.metadata?.booking_id === id)).toHaveLength(0);
    }
  });
});
