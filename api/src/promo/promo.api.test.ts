import { startTestServer, type TestServer } from '../test/app';
import { DB_KINDS } from '../test/db';
import { aBookingBody } from '../test/builders';
import { Booking } from '../booking/booking.entity';
import { Workshop } from '../workshop/workshop.entity';
import { AuditEvent } from '../audit/audit-event.entity';
import { computeDueNow } from '../shared/policy';
import { MailOutbox } from '../mail/mail-outbox.entity';
import { BookingMailKind, type BookingMailData } from '../booking/booking-mail-data';
import { PromoCode, PromoCodeUse, PromoUseState } from './promo-code.entity';

const PASSWORD = 'correct-horse-battery'; // startTestServer's ADMIN_PASSWORD
const ADMIN = { authorization: `Basic ${Buffer.from(`admin:${PASSWORD}`, 'utf8').toString('base64')}` };
const DAY = 86_400_000;

const CREATE = `mutation Create($input: CreatePromoCodeInput!) { createPromoCode(input: $input) { promoCode { id code kind percentOff amountOffCents workshopIds maxUses usesCount paused } } }`;
const PAUSE = `mutation Pause($input: SetPromoCodePausedInput!) { setPromoCodePaused(input: $input) { promoCode { id paused } } }`;
const LIST = `{ adminPromoCodes { code usesCount paused } }`;
const QUOTE = `query Quote($input: PromoQuoteInput!) { promoQuote(input: $input) { promoCode subtotalCents discountCents totalCents dueNowCents installments } }`;
const BOOK = `mutation Book($input: BookingInput!) { createBooking(input: $input) { booking { id totalAmount discount promoCode amountDueNow } } }`;

/**
 * Promo codes (issue 27, docs/decisions/096) over the real API: the admin's codes,
 * the booking form's quote, the discount taken off before the deposit, every
 * refusal naming promo_code / promoCode, the use given back when a hold lapses,
 * and the cap under a rush of 50 parallel bookings.
 */
describe.each(DB_KINDS)('promo codes on %s', (kind) => {
  let s: TestServer;
  let now = new Date('2026-01-15T12:00:00.000Z');

  const m = () => s.services.db.manager;
  let client = 0;
  const post = (path: string, body: unknown, headers: Record<string, string> = {}) =>
    fetch(`${s.url}${path}`, { method: 'POST', headers: { 'content-type': 'application/json', 'x-forwarded-for': `10.27.${Math.floor(++client / 250)}.${client % 250}`, ...headers }, body: JSON.stringify(body) });
  const put = (path: string, body: unknown, headers: Record<string, string> = ADMIN) =>
    fetch(`${s.url}${path}`, { method: 'PUT', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) });
  const createCode = async (body: Record<string, unknown>) => {
    const res = await post('/api/admin/promo-codes', body, ADMIN);
    expect(res.status).toBe(201);
    return (await res.json()) as { id: string; code: string };
  };
  const book = (overrides: Record<string, unknown>) => post('/api/bookings', aBookingBody(overrides));
  const spotsClaimed = async (id: string) => (await m().findOneByOrFail(Workshop, { id })).spotsClaimed;

  let workshops = 0;
  /** A workshop of its own (capacity 60, $2,000 a place, in October: every payment option) so each test counts its own spots. */
  const aWorkshop = async (capacity = 60) => {
    const base = await m().findOneByOrFail(Workshop, { id: 'zion-canyon-light' });
    const id = `promo-${kind}-${++workshops}`;
    await m().insert(Workshop, { ...base, id, name: `Promo test ${workshops}`, priceCents: 200_000, spotsClaimed: 0, capacity, startDate: '2026-10-05', endDate: '2026-10-09', timeZone: 'UTC' });
    s.services.workshops.catalog.invalidate();
    return id;
  };

  beforeAll(async () => {
    s = await startTestServer(kind, {}, undefined, { clock: () => new Date(now.getTime()) });
  });
  afterAll(() => s?.close());
  beforeEach(() => {
    now = new Date('2026-01-15T12:00:00.000Z');
  });

  it('is behind the admin credential over REST and GraphQL; bad terms are a 4xx naming the field and nothing is written', async () => {
    expect((await post('/api/admin/promo-codes', { code: 'SNEAKY', kind: 'percent', percent_off: 50 })).status).toBe(401);
    expect((await fetch(`${s.url}/api/admin/promo-codes`)).status).toBe(401);
    const gql = await s.gql(CREATE, { input: { code: 'SNEAKY2', kind: 'percent', percentOff: 50 } });
    expect(gql.errors?.[0].extensions?.code).toBe('UNAUTHENTICATED');

    const noPercent = await post('/api/admin/promo-codes', { code: 'HALF', kind: 'percent' }, ADMIN);
    expect(noPercent.status).toBe(422);
    expect(await noPercent.json()).toMatchObject({ code: 'BAD_USER_INPUT', errors: [{ field: 'percent_off' }] });
    const tooMuch = await post('/api/admin/promo-codes', { code: 'ALL', kind: 'percent', percent_off: 100 }, ADMIN);
    expect(tooMuch.status).toBe(422);
    expect(await tooMuch.json()).toMatchObject({ errors: [{ field: 'percent_off' }] });
    const badCode = await post('/api/admin/promo-codes', { code: 'no spaces!', kind: 'fixed', amount_off_cents: 100 }, ADMIN);
    expect(await badCode.json()).toMatchObject({ errors: [{ field: 'code' }] });
    const unknownWorkshop = await post('/api/admin/promo-codes', { code: 'NOWHERE', kind: 'fixed', amount_off_cents: 100, workshop_ids: ['atlantis'] }, ADMIN);
    expect(await unknownWorkshop.json()).toMatchObject({ errors: [{ field: 'workshop_ids' }] });
    const backwards = await post('/api/admin/promo-codes', { code: 'BACKWARDS', kind: 'fixed', amount_off_cents: 100, valid_from: '2026-03-01T00:00:00Z', valid_until: '2026-02-01T00:00:00Z' }, ADMIN);
    expect(await backwards.json()).toMatchObject({ errors: [{ field: 'valid_until' }] });
    const gqlBad = await s.gql(CREATE, { input: { code: 'FIXED', kind: 'fixed' } }, ADMIN);
    expect(gqlBad.errors?.[0].extensions).toMatchObject({ code: 'BAD_USER_INPUT', fields: [{ field: 'amountOffCents' }] });
    expect(await m().count(PromoCode)).toBe(0);

    await createCode({ code: 'once', kind: 'fixed', amount_off_cents: 5000 });
    const again = await post('/api/admin/promo-codes', { code: 'ONCE', kind: 'fixed', amount_off_cents: 5000 }, ADMIN);
    expect(again.status).toBe(409);
    expect(await again.json()).toMatchObject({ code: 'PROMO_CODE_TAKEN', errors: [{ field: 'code' }] });
    const audit = await m().findBy(AuditEvent, { action: 'promo.created' });
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ actorType: 'admin', detail: 'Promo code ONCE created: $50 off' });
  });

  it('takes the discount off the total before the deposit, the same figures in the quote, the booking and its audit row (REST and GraphQL)', async () => {
    const workshopId = await aWorkshop();
    const code = await createCode({ code: 'SPRING25', kind: 'percent', percent_off: 25, workshop_ids: [workshopId] });
    // Two places, one spouse: 2 x $2,000 + $1,000 = $5,000; 25% off: $3,750; deposit 30%: $1,125.
    const quoteRes = await post('/api/promo-codes/quote', { workshop_id: workshopId, promo_code: ' spring25 ', num_participants: 2, num_spouses: 1, room_type: 'shared', payment_option: 'deposit' });
    expect(quoteRes.status).toBe(200);
    expect(await quoteRes.json()).toEqual({ promo_code: 'SPRING25', subtotal_cents: 500_000, discount_cents: 125_000, total_cents: 375_000, due_now_cents: 112_500, installments: null });

    const res = await book({ workshop_id: workshopId, num_participants: 2, num_spouses: 1, promo_code: 'spring25', customer_email: 'rest@example.com' });
    expect(res.status).toBe(201);
    const booking = (await res.json()) as Record<string, unknown>;
    expect(booking).toMatchObject({ total_amount: 3750, discount: 1250, promo_code: 'SPRING25', amount_due_now: 1125 });
    const row = await m().findOneByOrFail(Booking, { id: booking.id as string });
    expect(row).toMatchObject({ totalCents: 375_000, discountCents: 125_000, dueNowCents: 112_500, promoCode: 'SPRING25' });
    expect((await fetch(`${s.url}/api/bookings/${row.id}`).then((r) => r.json())) as object).toMatchObject({ discount: 1250, promo_code: 'SPRING25' });
    const audit = await m().findOneByOrFail(AuditEvent, { action: 'promo.used', bookingId: row.id });
    expect(audit).toMatchObject({ actorType: 'customer', actor: 'rest@example.com', detail: 'Promo code SPRING25 applied: $1,250 off $5,000' });

    // The mails show the discount the booking stored, above the discounted total: reserved, then paid.
    const mailOf = async (kind: string) => {
      const rows = (await m().find(MailOutbox)).filter((r) => r.kind === kind && (r.payload as BookingMailData).bookingId === row.id);
      expect(rows).toHaveLength(1);
      return s.services.outbox.render(rows[0], { origin: 'https://wild.test' });
    };
    const reserved = await mailOf(BookingMailKind.bookingReserved);
    expect(reserved.text).toMatch(/Discount \(SPRING25\):\s+-\$1,250\n.*Total:\s+\$3,750\n/s);
    await s.services.bookings.recordPaymentOrThrow(row.id, 112_500);
    const paid = await mailOf(BookingMailKind.bookingPaid);
    expect(paid.text).toMatch(/Discount \(SPRING25\):\s+-\$1,250/);
    expect(paid.html).toContain('Discount (SPRING25)');
    expect(paid.text).toMatch(/Balance:\s+\$2,625/);

    // A payment plan: the installments are computed on the discounted total, as the quote says.
    const gqlQuote = await s.gql<{ promoQuote: { dueNowCents: number; totalCents: number; installments: number } }>(QUOTE, {
      input: { workshopId, promoCode: 'SPRING25', numParticipants: 1, paymentOption: 'payment_plan' },
    });
    const plan = computeDueNow(150_000, 'payment_plan', (await m().findOneByOrFail(Workshop, { id: workshopId })).startDate, now, 'UTC');
    expect(gqlQuote.data?.promoQuote).toMatchObject({ totalCents: 150_000, dueNowCents: plan.dueNowCents, installments: plan.installments });
    const gqlBook = await s.gql<{ createBooking: { booking: { totalAmount: number; discount: number; promoCode: string; amountDueNow: number } } }>(BOOK, {
      input: { ...camelBooking({ workshop_id: workshopId, customer_email: 'gql@example.com', payment_option: 'payment_plan' }), promoCode: 'SPRING25' },
    });
    expect(gqlBook.errors).toBeUndefined();
    expect(gqlBook.data?.createBooking.booking).toMatchObject({ totalAmount: 1500, discount: 500, promoCode: 'SPRING25', amountDueNow: plan.dueNowCents / 100 });

    const list = await s.gql<{ adminPromoCodes: Array<{ code: string; usesCount: number }> }>(LIST, {}, ADMIN);
    expect(list.data?.adminPromoCodes.find((c) => c.code === 'SPRING25')?.usesCount).toBe(2);
    const rest = (await (await fetch(`${s.url}/api/admin/promo-codes`, { headers: ADMIN })).json()) as Array<{ id: string; uses_count: number; workshop_ids: string[] }>;
    expect(rest.find((c) => c.id === code.id)).toMatchObject({ uses_count: 2, workshop_ids: [workshopId] });
  });

  it('refuses a code that is unknown, paused, outside its dates, for another workshop, below its minimum or past a cap, naming the field; nothing is booked', async () => {
    const workshopId = await aWorkshop();
    const other = await aWorkshop();
    const paused = await createCode({ code: 'PAUSED', kind: 'fixed', amount_off_cents: 10_000 });
    expect((await put(`/api/admin/promo-codes/${paused.id}/paused`, { paused: true })).status).toBe(200);
    await createCode({ code: 'LATER', kind: 'fixed', amount_off_cents: 10_000, valid_from: '2026-02-01T00:00:00Z' });
    await createCode({ code: 'SHORT', kind: 'fixed', amount_off_cents: 10_000, valid_until: '2026-01-20T00:00:00Z' });
    await createCode({ code: 'ELSEWHERE', kind: 'fixed', amount_off_cents: 10_000, workshop_ids: [other] });
    await createCode({ code: 'GROUPS', kind: 'percent', percent_off: 10, min_participants: 3 });
    await createCode({ code: 'ONEEACH', kind: 'percent', percent_off: 10, max_uses_per_email: 1 });
    await createCode({ code: 'ONLYONE', kind: 'percent', percent_off: 10, max_uses: 1 });
    expect((await book({ workshop_id: workshopId, promo_code: 'ONEEACH', customer_email: 'first@example.com' })).status).toBe(201);
    expect((await book({ workshop_id: workshopId, promo_code: 'ONLYONE', customer_email: 'first@example.com' })).status).toBe(201);
    now = new Date('2026-01-21T12:00:00.000Z');
    const claimedBefore = await spotsClaimed(workshopId);
    const bookingsBefore = await m().count(Booking);

    const cases: Array<[string, string, Record<string, unknown>]> = [
      ['NOSUCHCODE', 'not a valid promo code', {}],
      ['PAUSED', 'paused', {}],
      ['LATER', 'not valid yet', {}],
      ['SHORT', 'expired', {}],
      ['ELSEWHERE', 'not valid for this workshop', {}],
      ['GROUPS', 'at least 3 participants', { num_participants: 2 }],
      ['ONEEACH', 'for this email', { customer_email: 'first@example.com' }],
      ['ONLYONE', 'usage limit', {}],
    ];
    for (const [promo, message, extra] of cases) {
      const res = await book({ workshop_id: workshopId, promo_code: promo, ...extra });
      expect({ promo, status: res.status }).toEqual({ promo, status: 422 });
      const body = (await res.json()) as { code: string; errors: Array<{ field: string; message: string }> };
      expect(body).toMatchObject({ code: 'PROMO_CODE_REFUSED', errors: [{ field: 'promo_code' }] });
      expect(body.errors[0].message).toContain(message);
      const quote = await s.gql(QUOTE, { input: { workshopId, promoCode: promo, numParticipants: (extra.num_participants as number) ?? 1, customerEmail: extra.customer_email ?? null } });
      expect(quote.errors?.[0].extensions).toMatchObject({ code: 'PROMO_CODE_REFUSED', fields: [{ field: 'promoCode' }] });
    }
    expect(await spotsClaimed(workshopId)).toBe(claimedBefore);
    expect(await m().count(Booking)).toBe(bookingsBefore);

    // Resumed, the paused code works again; the same bad input over GraphQL names promoCode.
    const resumed = await s.gql<{ setPromoCodePaused: { promoCode: { paused: boolean } } }>(PAUSE, { input: { id: paused.id, paused: false } }, ADMIN);
    expect(resumed.data?.setPromoCodePaused.promoCode.paused).toBe(false);
    expect((await book({ workshop_id: workshopId, promo_code: 'PAUSED' })).status).toBe(201);
    const gql = await s.gql(BOOK, { input: { ...camelBooking({ workshop_id: workshopId }), promoCode: 'ONLYONE' } });
    expect(gql.errors?.[0].extensions).toMatchObject({ code: 'PROMO_CODE_REFUSED', fields: [{ field: 'promoCode' }] });
    expect((await m().findBy(AuditEvent, { action: 'promo.paused' })).length).toBeGreaterThanOrEqual(1);
    expect((await m().findBy(AuditEvent, { action: 'promo.resumed' })).length).toBeGreaterThanOrEqual(1);
  });

  it('gives a use back when the hold lapses unpaid, in the same transaction as the lapse, audited', async () => {
    const workshopId = await aWorkshop();
    const code = await createCode({ code: 'LAPSE1', kind: 'fixed', amount_off_cents: 20_000, max_uses: 1 });
    const first = (await (await book({ workshop_id: workshopId, promo_code: 'LAPSE1' })).json()) as { id: string; total_amount: number };
    expect(first.total_amount).toBe(1800);
    expect((await book({ workshop_id: workshopId, promo_code: 'LAPSE1' })).status).toBe(422);

    // Unpaid past its reservation (a week without a provider): the hold lapses and the code's use comes back.
    now = new Date(now.getTime() + 8 * DAY);
    expect(await s.services.bookings.releaseExpiredHolds(workshopId)).toBeGreaterThanOrEqual(1);
    expect(await m().findOneByOrFail(PromoCode, { id: code.id })).toMatchObject({ usesCount: 0 });
    expect(await m().findOneByOrFail(PromoCodeUse, { bookingId: first.id })).toMatchObject({ state: PromoUseState.returned });
    expect(await m().findOneByOrFail(AuditEvent, { action: 'promo.returned', bookingId: first.id })).toMatchObject({ actorType: 'system' });
    // The booking keeps the price it was booked at (a record of what was asked).
    expect(await m().findOneByOrFail(Booking, { id: first.id })).toMatchObject({ totalCents: 180_000, discountCents: 20_000 });
    expect((await book({ workshop_id: workshopId, promo_code: 'LAPSE1' })).status).toBe(201);
  });

  it('gives a use back when the booking is cancelled before payment, keeps it once paid; a transfer clears the discount and gives it back', async () => {
    const workshopId = await aWorkshop();
    const other = await aWorkshop();
    const code = await createCode({ code: 'CANCEL1', kind: 'fixed', amount_off_cents: 30_000, max_uses: 2 });
    const unpaid = (await (await book({ workshop_id: workshopId, promo_code: 'CANCEL1', customer_email: 'unpaid@example.com' })).json()) as { id: string };
    const paid = (await (await book({ workshop_id: workshopId, promo_code: 'CANCEL1', customer_email: 'paid@example.com' })).json()) as { id: string };
    expect(await m().findOneByOrFail(PromoCode, { id: code.id })).toMatchObject({ usesCount: 2 });

    await s.services.money.cancellations.cancelByAdminOrThrow(unpaid.id, false);
    expect(await m().findOneByOrFail(PromoCodeUse, { bookingId: unpaid.id })).toMatchObject({ state: PromoUseState.returned });
    expect(await m().findOneByOrFail(PromoCode, { id: code.id })).toMatchObject({ usesCount: 1 });

    // Paid, cancelled: the use stays counted (the customer had the discount on what was paid).
    const kept = (await (await book({ workshop_id: workshopId, promo_code: 'CANCEL1', customer_email: 'kept@example.com' })).json()) as { id: string };
    await s.services.bookings.recordPaymentOrThrow(kept.id, 51_000);
    await s.services.money.cancellations.cancelByAdminOrThrow(kept.id, false);
    expect(await m().findOneByOrFail(PromoCodeUse, { bookingId: kept.id })).toMatchObject({ state: PromoUseState.active });
    expect(await m().findOneByOrFail(PromoCode, { id: code.id })).toMatchObject({ usesCount: 2 });

    // Paid, then transferred: the new workshop's full price, no discount left on the booking, so the use is given back (decision 097).
    await s.services.bookings.recordPaymentOrThrow(paid.id, 51_000);
    await s.services.money.transfers.transferOrThrow(paid.id, other, 'admin');
    expect(await m().findOneByOrFail(Booking, { id: paid.id })).toMatchObject({ workshopId: other, totalCents: 200_000, discountCents: 0, promoCode: null });
    expect(await m().findOneByOrFail(PromoCodeUse, { bookingId: paid.id })).toMatchObject({ state: PromoUseState.returned });
    expect(await m().findOneByOrFail(PromoCode, { id: code.id })).toMatchObject({ usesCount: 1 });
    // A later cancellation gives nothing back a second time.
    await s.services.money.cancellations.cancelByAdminOrThrow(paid.id, false);
    expect(await m().findOneByOrFail(PromoCode, { id: code.id })).toMatchObject({ usesCount: 1 });
  });

  it('a transfer prices the new workshop in full whether or not the code covers it, and gives the use back once, audited', async () => {
    const covered = await aWorkshop();
    const alsoCovered = await aWorkshop();
    const notCovered = await aWorkshop();
    const code = await createCode({ code: 'ONLYTWO', kind: 'percent', percent_off: 10, max_uses: 2, workshop_ids: [covered, alsoCovered] });
    const toCovered = (await (await book({ workshop_id: covered, promo_code: 'ONLYTWO', customer_email: 'tocovered@example.com' })).json()) as { id: string };
    const toOther = (await (await book({ workshop_id: covered, promo_code: 'ONLYTWO', customer_email: 'toother@example.com' })).json()) as { id: string };
    expect(await m().findOneByOrFail(PromoCode, { id: code.id })).toMatchObject({ usesCount: 2 });
    for (const b of [toCovered, toOther]) await s.services.bookings.recordPaymentOrThrow(b.id, 54_000); // the 30% deposit of $1,800

    // To a workshop the code does not cover: $2,000 in full, the $540 paid counts, the use comes back.
    await s.services.money.transfers.transferOrThrow(toOther.id, notCovered, 'admin');
    expect(await m().findOneByOrFail(Booking, { id: toOther.id })).toMatchObject({ workshopId: notCovered, totalCents: 200_000, discountCents: 0, promoCode: null, amountPaidCents: 54_000 });
    expect(await m().findOneByOrFail(PromoCodeUse, { bookingId: toOther.id })).toMatchObject({ state: PromoUseState.returned });
    expect(await m().findOneByOrFail(AuditEvent, { action: 'promo.returned', bookingId: toOther.id })).toMatchObject({
      detail: 'Promo code use given back: the booking moved to Promo test ' + notCovered.split('-').pop() + ' at its full price, without the discount',
    });
    // To one it covers: the same rule (the code was claimed for the booking as made, not re-applied by a transfer).
    await s.services.money.transfers.transferOrThrow(toCovered.id, alsoCovered, 'customer');
    expect(await m().findOneByOrFail(Booking, { id: toCovered.id })).toMatchObject({ workshopId: alsoCovered, totalCents: 200_000, discountCents: 0, promoCode: null });
    expect(await m().findOneByOrFail(PromoCodeUse, { bookingId: toCovered.id })).toMatchObject({ state: PromoUseState.returned });
    // Both uses are free again: two new bookings take them.
    expect(await m().findOneByOrFail(PromoCode, { id: code.id })).toMatchObject({ usesCount: 0 });
    expect((await book({ workshop_id: covered, promo_code: 'ONLYTWO', customer_email: 'next1@example.com' })).status).toBe(201);
    expect((await book({ workshop_id: covered, promo_code: 'ONLYTWO', customer_email: 'next2@example.com' })).status).toBe(201);
    expect((await book({ workshop_id: covered, promo_code: 'ONLYTWO', customer_email: 'next3@example.com' })).status).toBe(422);
  });

  it('holds its cap under a rush: 50 parallel bookings for 5 uses give exactly 5 discounted bookings', async () => {
    const workshopId = await aWorkshop(60);
    const code = await createCode({ code: 'RUSH5', kind: 'percent', percent_off: 20, max_uses: 5 });
    const answers = await Promise.all(
      Array.from({ length: 50 }, (_, i) => book({ workshop_id: workshopId, promo_code: 'RUSH5', customer_email: `rush${i}@example.com` }).then(async (r) => ({ status: r.status, body: (await r.json()) as { code?: string } }))),
    );
    const statuses = answers.map((a) => a.status);
    expect(statuses.filter((x) => x === 201)).toHaveLength(5);
    expect(statuses.filter((x) => x === 422)).toHaveLength(45);
    expect(answers.filter((a) => a.status === 422).every((a) => a.body.code === 'PROMO_CODE_REFUSED')).toBe(true);
    expect(await m().findOneByOrFail(PromoCode, { id: code.id })).toMatchObject({ usesCount: 5 });
    expect(await m().countBy(PromoCodeUse, { promoCodeId: code.id, state: PromoUseState.active })).toBe(5);
    expect(await m().countBy(Booking, { workshopId })).toBe(5);
    // The refused bookings rolled back with their spots.
    expect(await spotsClaimed(workshopId)).toBe(5);
    expect(await m().countBy(AuditEvent, { action: 'promo.used', workshopId })).toBe(5);
  }, 120_000);
});

/** A REST booking body as a GraphQL BookingInput (camelCase). */
function camelBooking(overrides: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(aBookingBody(overrides)).map(([k, v]) => [k.replace(/_([a-z])/g, (_, c: string) => c.toUpperCase()), v]));
}
