import { startTestServer, type TestServer } from '../test/app';
import { DB_KINDS } from '../test/db';
import { aBookingBody } from '../test/builders';
import { FakeStripe } from '../test/fake-stripe/fake-stripe';
import { Booking } from '../booking/booking.entity';
import { BookingRefund, RefundState } from '../booking/ledger.entities';
import { GiftCard, GiftCardState } from '../gift-card/gift-card.entity';
import { PromoCodeUse } from '../promo/promo-code.entity';
import { GiftCardDates1795850000000 } from '../infrastructure/db/migrations/1795850000000-GiftCardDates';

const ADMIN = { authorization: `Basic ${Buffer.from('admin:correct-horse-battery').toString('base64')}` };
const WEBHOOK_SECRET = 'whsec_test_secret';

type GiftFigures = { sold_count: number; sold_cents: number; issued_cents: number; redeemed_cents: number; voided_cents: number; refunded_cents: number; expired_cents: number; outstanding_cents: number };
type Dashboard = {
  received_cents: number;
  refunded_cents: number;
  net_cents: number;
  money: Array<{ month: string; received_cents: number; refunded_cents: number; net_cents: number }>;
  gift_cards: GiftFigures & { months: Array<GiftFigures & { month: string }> };
  promo_codes: { uses: number; discount_cents: number; months: Array<{ month: string; uses: number; discount_cents: number }>; codes: Array<{ code: string; uses: number; discount_cents: number; paid_cents: number }> };
};
type Line = { kind: string; date: string; amount_cents: number; method: string; purpose: string; stripe_id: string | null; booking_id: string | null; customer_name: string; gift_card: string | null; promo_code: string | null };

const sum = (lines: Line[]) => lines.reduce((t, l) => t + l.amount_cents, 0);
const MONTHS = ['2026-01', '2026-02', '2026-03'];

/**
 * The dashboard's gift card and promo code numbers equal the sums of the accountant's export
 * (issue 27, decision 099 amendment), on SQLite and MariaDB: a gift card bought and spent in
 * part on a booking paid in cash too, a booking made with a promo code and partly refunded,
 * a goodwill card voided, a bought card refunded, and a held booking whose card money and
 * promo use came back when its hold lapsed.
 */
describe.each(DB_KINDS)('owner dashboard: gift cards and promo codes on %s', (kind) => {
  let s: TestServer;
  let stripe: FakeStripe;
  let now = new Date('2026-01-15T12:00:00.000Z');
  const clock = () => new Date(now.getTime());
  const m = () => s.services.db.manager;
  let client = 0;
  const post = (path: string, body: unknown, headers: Record<string, string> = {}) =>
    fetch(`${s.url}${path}`, { method: 'POST', headers: { 'content-type': 'application/json', 'x-forwarded-for': `10.99.${Math.floor(++client / 250)}.${client % 250}`, ...headers }, body: JSON.stringify(body) });
  const get = (path: string) => fetch(`${s.url}${path}`, { headers: ADMIN });

  beforeAll(async () => {
    stripe = await new FakeStripe({ webhookSecret: WEBHOOK_SECRET, now: () => Math.floor(now.getTime() / 1000) }).start();
    s = await startTestServer(kind, { STRIPE_SECRET_KEY: 'sk_test_123', STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET, STRIPE_API_BASE: stripe.url }, undefined, { clock });
    stripe.webhookUrl = `${s.url}/api/webhook/stripe`;
  });
  afterAll(async () => {
    await s?.close();
    await stripe?.close();
  });

  async function buyCard(dollars: number): Promise<GiftCard> {
    const res = await post('/api/gift-cards', { amount_dollars: dollars, buyer_name: 'Bea Buyer', buyer_email: 'bea.numbers@example.com', recipient_name: 'Rita', recipient_email: 'rita.numbers@example.com', message: '', deliver_on: now.toISOString().slice(0, 10) });
    expect(res.status).toBe(201);
    const { session_id: sessionId, gift_card_id: id } = (await res.json()) as { session_id: string; gift_card_id: string };
    await stripe.pay(sessionId);
    return m().findOneByOrFail(GiftCard, { id });
  }
  async function issueCard(dollars: number): Promise<{ id: string; code: string }> {
    const res = await post('/api/admin/gift-cards', { amount_dollars: dollars, recipient_name: 'Gus', recipient_email: 'gus.numbers@example.com' }, ADMIN);
    expect(res.status).toBe(201);
    return (await res.json()) as { id: string; code: string };
  }
  async function book(email: string, more: Record<string, unknown> = {}): Promise<{ id: string; amount_due_now: number }> {
    const res = await post('/api/bookings', aBookingBody({ customer_email: email, ...more }));
    const body = (await res.json()) as { id: string; amount_due_now: number };
    if (res.status !== 201) throw new Error(JSON.stringify(body));
    return body;
  }
  const payOffline = async (id: string, cents: number) => expect((await post(`/api/admin/bookings/${id}/payments`, { amount: cents / 100 }, ADMIN)).status).toBe(200);
  async function refundMade(bookingId: string, dollars: number) {
    expect((await post(`/api/admin/bookings/${bookingId}/refunds`, { amount: dollars, note: 'goodwill' }, ADMIN)).status).toBe(200);
    const refund = (await m().find(BookingRefund, { where: { bookingId }, order: { createdAt: 'DESC' } }))[0];
    if (refund.state === RefundState.owed) expect((await post(`/api/admin/refunds/${refund.id}/done`, {}, ADMIN)).status).toBe(200);
  }

  it('counts gift cards sold, issued, redeemed, voided, refunded and outstanding, and promo uses and discounts, equal to the ledger lines', async () => {
    // January: a promo code; a $500 card bought; a booking with the code pays its deposit offline, gets $50 back, then pays $500 of its balance from the card.
    expect((await post('/api/admin/promo-codes', { code: 'NUMBERS10', kind: 'percent', percent_off: 10 }, ADMIN)).status).toBe(201);
    const sold = await buyCard(500);
    const withCode = await book('promo.numbers@example.com', { promo_code: 'numbers10' });
    const deposit = Math.round(withCode.amount_due_now * 100);
    await payOffline(withCode.id, deposit);
    // $50 of the cash back (a refund takes the newest payment first: before the card paid, so it is money, not a credit).
    await refundMade(withCode.id, 50);
    const token = s.services.accounts.manageUrl(withCode.id).split('#')[1];
    const paid = await post(`/api/manage/${withCode.id}/gift-card`, { code: sold.code }, { 'x-manage-token': token });
    expect(paid.status).toBe(200);
    expect(await paid.json()).toEqual({ spent: 500, balance_left: 0 });

    // February: a goodwill card issued and voided; a $200 card bought and refunded; a booking without a code paid and partly refunded.
    now = new Date('2026-02-10T09:00:00.000Z');
    const goodwill = await issueCard(100);
    now = new Date('2026-02-11T09:00:00.000Z');
    expect((await post(`/api/admin/gift-cards/${goodwill.id}/void`, {}, ADMIN)).status).toBe(200);
    const refunded = await buyCard(200);
    now = new Date('2026-02-12T09:00:00.000Z');
    expect((await post(`/api/admin/gift-cards/${refunded.id}/refund`, {}, ADMIN)).status).toBe(200);
    expect(await m().findOneByOrFail(GiftCard, { id: goodwill.id })).toMatchObject({ voidedAt: new Date('2026-02-11T09:00:00.000Z') });
    expect(await m().findOneByOrFail(GiftCard, { id: refunded.id })).toMatchObject({ refundedAt: new Date('2026-02-12T09:00:00.000Z'), providerRefundId: expect.stringMatching(/^re_/) });
    const plain = await book('plain.numbers@example.com', { payment_option: 'full' });
    await payOffline(plain.id, Math.round(plain.amount_due_now * 100));
    await refundMade(plain.id, 100);

    // March: a $100 goodwill card spent on a held booking with the code; the hold lapses: the card gets its money back and the code its use.
    now = new Date('2026-03-03T10:00:00.000Z');
    const kept = await issueCard(100);
    const held = await book('held.numbers@example.com', { promo_code: 'NUMBERS10', credit_code: kept.code, payment_option: 'full' });
    expect((await m().findOneByOrFail(Booking, { id: held.id })).status).toBe('held');
    now = new Date('2026-03-03T13:00:00.000Z');
    await s.services.bookings.releaseExpiredHolds();
    expect((await m().findOneByOrFail(GiftCard, { id: kept.id })).balanceCents).toBe(10_000);
    expect((await m().findOneByOrFail(PromoCodeUse, { bookingId: held.id })).state).toBe('returned');

    // Also in March: a $300 credit (a cancelled workshop's money, kept as a balance of kind credit) pays part of a new booking:
    // the customer's own money, not a gift card's redemption, and no cash either.
    now = new Date('2026-03-04T10:00:00.000Z');
    const credit = await s.services.db.transaction((tx) => s.services.credits.issue(tx, { amountCents: 30_000, sourceBookingId: plain.id, customerEmail: 'credit.numbers@example.com' }, now));
    const byCredit = await book('credit.numbers@example.com', { credit_code: credit.code, payment_option: 'full' });

    const d = (await (await get('/api/admin/dashboard?from=2026-01&to=2026-03')).json()) as Dashboard;
    const ledger = (await (await get('/api/admin/ledger?from=2026-01&to=2026-03')).json()) as Line[];

    // Gift cards, month by month, against figures worked out by hand.
    const discount = (await m().findOneByOrFail(Booking, { id: withCode.id })).discountCents;
    expect(discount).toBeGreaterThan(0);
    const zero = { sold_count: 0, sold_cents: 0, issued_cents: 0, redeemed_cents: 0, voided_cents: 0, refunded_cents: 0, expired_cents: 0 };
    expect(d.gift_cards.months).toEqual([
      { month: '2026-01', ...zero, sold_count: 1, sold_cents: 50_000, redeemed_cents: 50_000, outstanding_cents: 0 },
      { month: '2026-02', ...zero, sold_count: 1, sold_cents: 20_000, issued_cents: 10_000, voided_cents: 10_000, refunded_cents: 20_000, outstanding_cents: 0 },
      { month: '2026-03', ...zero, issued_cents: 10_000, outstanding_cents: 10_000 },
    ]);
    expect(d.gift_cards).toMatchObject({ sold_count: 2, sold_cents: 70_000, redeemed_cents: 50_000, outstanding_cents: 10_000 });
    // The outstanding balance is what the live cards hold.
    const live = (await m().findBy(GiftCard, { state: GiftCardState.active })).filter((c) => c.kind !== 'credit');
    expect(live.reduce((t, c) => t + c.balanceCents, 0)).toBe(d.gift_cards.outstanding_cents);

    // ... and against the ledger's lines: sales, refunds of purchases and uses on bookings.
    for (const month of d.gift_cards.months) {
      const lines = ledger.filter((l) => l.date.startsWith(month.month));
      const sales = lines.filter((l) => l.kind === 'gift_card_sale');
      expect(sales).toHaveLength(month.sold_count);
      expect(sum(sales)).toBe(month.sold_cents);
      expect(0 - sum(lines.filter((l) => l.kind === 'gift_card_refund'))).toBe(month.refunded_cents);
      expect(sum(lines.filter((l) => l.method === 'gift_card'))).toBe(month.redeemed_cents);
    }
    // The cash lines (every method but gift_card) are the money chart, gift card sales and refunds included.
    for (const month of d.money) {
      const cash = ledger.filter((l) => l.date.startsWith(month.month) && l.method !== 'gift_card' && l.method !== 'credit');
      expect(sum(cash.filter((l) => l.amount_cents > 0))).toBe(month.received_cents);
      expect(0 - sum(cash.filter((l) => l.amount_cents < 0))).toBe(month.refunded_cents);
    }
    expect(sum(ledger.filter((l) => l.method !== 'gift_card' && l.method !== 'credit'))).toBe(d.net_cents);
    // The credit's use is a line of its own, method credit, its WL- code masked.
    expect(ledger.filter((l) => l.booking_id === byCredit.id)).toEqual([expect.objectContaining({ kind: 'payment', amount_cents: 30_000, method: 'credit', gift_card: `WL-****-****-****-${credit.code.replace(/-/g, '').slice(-4)}` })]);
    expect(d.money.map((x) => x.month)).toEqual(MONTHS);

    // Promo codes: the lapsed booking's use was given back; the code's ledger lines sum to what its bookings paid.
    expect(d.promo_codes.months).toEqual([
      { month: '2026-01', uses: 1, discount_cents: discount },
      { month: '2026-02', uses: 0, discount_cents: 0 },
      { month: '2026-03', uses: 0, discount_cents: 0 },
    ]);
    const withCodeLines = ledger.filter((l) => l.promo_code === 'NUMBERS10');
    expect(d.promo_codes.codes).toEqual([{ code: 'NUMBERS10', uses: 1, discount_cents: discount, paid_cents: sum(withCodeLines) }]);
    expect(sum(withCodeLines)).toBe(deposit + 50_000 - 5_000);
    expect(d.promo_codes).toMatchObject({ uses: 1, discount_cents: discount });

    // The ledger names the card (masked: a bearer credential) and the code on the lines they were part of.
    const last4 = (code: string) => code.replace(/-/g, '').slice(-4);
    expect(ledger.find((l) => l.kind === 'gift_card_sale' && l.amount_cents === 50_000)).toMatchObject({ method: 'card', booking_id: null, customer_name: 'Bea Buyer', gift_card: `GC-****-****-****-${last4(sold.code)}`, promo_code: null });
    expect(ledger.find((l) => l.kind === 'gift_card_sale')!.stripe_id).toMatch(/^pi_/);
    expect(ledger.find((l) => l.kind === 'gift_card_refund')).toMatchObject({ amount_cents: -20_000, method: 'card', stripe_id: expect.stringMatching(/^re_/), gift_card: `GC-****-****-****-${last4(refunded.code)}` });
    expect(ledger.find((l) => l.method === 'gift_card' && l.booking_id === withCode.id)).toMatchObject({ kind: 'payment', amount_cents: 50_000, promo_code: 'NUMBERS10', gift_card: `GC-****-****-****-${last4(sold.code)}` });
    expect(ledger.filter((l) => l.booking_id === held.id).map((l) => [l.kind, l.amount_cents, l.purpose])).toEqual([
      ['payment', 10_000, 'gift_card'],
      ['refund', -10_000, 'credit_returned'],
    ]);
    expect(ledger.filter((l) => l.booking_id === withCode.id && l.method !== 'gift_card').every((l) => l.promo_code === 'NUMBERS10' && l.gift_card === null)).toBe(true);
    expect(ledger.filter((l) => l.booking_id === plain.id).every((l) => l.promo_code === null)).toBe(true);

    // The CSV never holds a whole code; its gift card lines have no booking.
    const csv = await (await get('/api/admin/ledger.csv?from=2026-01&to=2026-03')).text();
    for (const code of [sold.code, refunded.code, kept.code]) expect(csv).not.toContain(code);
    expect(csv).toMatch(/,gift_card_sale,500\.00,card,gift_card,pi_[^,]*,,,Bea Buyer,,,GC-\*\*\*\*-\*\*\*\*-\*\*\*\*-\w{4},\r\n/);

    // The same over GraphQL.
    const g = await post('/graphql', { query: 'query { adminDashboard(from: "2026-01", to: "2026-03") { giftCards { soldCents outstandingCents months { month redeemedCents } } promoCodes { uses codes { code paidCents } } } }' }, ADMIN);
    const gj = (await g.json()) as { data: { adminDashboard: { giftCards: { soldCents: number; outstandingCents: number; months: Array<{ month: string; redeemedCents: number }> }; promoCodes: { uses: number; codes: Array<{ code: string; paidCents: number }> } } } };
    expect(gj.data.adminDashboard.giftCards).toEqual({ soldCents: 70_000, outstandingCents: 10_000, months: d.gift_cards.months.map((x) => ({ month: x.month, redeemedCents: x.redeemed_cents })) });
    expect(gj.data.adminDashboard.promoCodes).toEqual({ uses: 1, codes: [{ code: 'NUMBERS10', paidCents: sum(withCodeLines) }] });

    // A period after the sales opens with what was outstanding at its start.
    const later = (await (await get('/api/admin/dashboard?from=2026-03&to=2026-03')).json()) as Dashboard;
    expect(later.gift_cards.months[0].outstanding_cents).toBe(10_000);
    const before = (await (await get('/api/admin/dashboard?from=2026-02&to=2026-02')).json()) as Dashboard;
    expect(before.gift_cards.outstanding_cents).toBe(0);
  });

  it('the migration dates the cards voided or refunded before it by their audit rows', async () => {
    const before = await m().find(GiftCard, { where: [{ state: GiftCardState.void }, { state: GiftCardState.refunded }] });
    expect(before.map((c) => c.state).sort()).toEqual(['refunded', 'void']);
    // Voided and refunded a day or two after they were made: the creation time would not do.
    for (const card of before) expect((card.voidedAt ?? card.refundedAt)!.getTime()).toBeGreaterThan(card.createdAt.getTime());
    const runner = m().connection.createQueryRunner();
    try {
      // As before the migration: no dates on the cards, only the audit rows written with the change.
      await new GiftCardDates1795850000000().down(runner);
      await new GiftCardDates1795850000000().up(runner);
    } finally {
      await runner.release();
    }
    for (const card of before) {
      const after = await m().findOneByOrFail(GiftCard, { id: card.id });
      expect([after.voidedAt?.toISOString() ?? null, after.refundedAt?.toISOString() ?? null]).toEqual([card.voidedAt?.toISOString() ?? null, card.refundedAt?.toISOString() ?? null]);
      expect(after.providerRefundId).toBeNull();
    }
    // The dashboard reads the same months again.
    const d = (await (await get('/api/admin/dashboard?from=2026-02&to=2026-02')).json()) as Dashboard;
    expect(d.gift_cards.months[0]).toMatchObject({ voided_cents: 10_000, refunded_cents: 20_000 });
  });
});
