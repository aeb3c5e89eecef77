import { capturedLogger, type TestServer } from '../test/app';
import { DB_KINDS } from '../test/db';
import { aBookingBody } from '../test/builders';
import { Booking } from '../booking/booking.entity';
import { BookingInstallment, BookingPayment, BookingRefund } from '../booking/ledger.entities';
import { Workshop } from '../workshop/workshop.entity';
import { MailOutbox } from '../mail/mail-outbox.entity';
import type { FakeStripe, TestCard } from '../test/fake-stripe/fake-stripe';
import { startTestServerWithStripe } from '../test/stripe-server';
import { createServices } from '../composition-root';
import { createLogger } from '../infrastructure/logger';
import { openDatabase } from '../infrastructure/db/data-source';
import { ENTITIES } from '../entities';
import { ScheduledJob } from '../infrastructure/jobs/scheduled-job.entity';

const ADMIN_AUTH = `Basic ${Buffer.from('admin:correct-horse-battery').toString('base64')}`;
const DAY = 86_400_000;

const post = (url: string, body: unknown, headers: Record<string, string> = {}) =>
  fetch(url, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) });

/**
 * The life of a booking's money after the first payment (issue 14,
 * docs/decisions/062), through the real API, the real Stripe SDK against the
 * local fake, the job queue and the outbox, with the clock moved.
 */

/** A refused request's status and error code. */
async function refusal(res: Promise<Response>): Promise<[number, string]> {
  const r = await res;
  return [r.status, (await r.json()).code];
}
describe.each(DB_KINDS)('booking account (balances, installments, cancellations, transfers) on %s', (kind) => {
  let s: TestServer;
  let stripe: FakeStripe;
  let now = new Date('2026-01-15T12:00:00.000Z');
  const clock = () => new Date(now.getTime());

  const log = capturedLogger('debug');

  beforeAll(async () => {
    ({ server: s, stripe } = await startTestServerWithStripe(kind, clock, { logger: log.logger }));
  });
  afterAll(async () => {
    await s?.close();
    await stripe?.close();
  });

  const m = () => s.services.db.manager;
  const booking = (id: string) => m().findOneByOrFail(Booking, { id });
  const tokenOf = (id: string) => s.services.accounts.manageUrl(id).split('#')[1];
  const mails = (bookingId: string, kind: string) => m().createQueryBuilder(MailOutbox, 'o').where('o.kind = :kind', { kind }).getMany().then((rows) => rows.filter((r) => JSON.stringify(r.payload).includes(bookingId)));
  const runJobs = async () => {
    await s.services.jobs.runDue();
    await stripe.idle();
  };
  /** A workshop of our own starting `days` after the clock, so every tier and window can be reached. */
  let workshopCount = 0;
  const aWorkshop = async (days: number, priceCents = 300_000) => {
    const base = await m().findOneByOrFail(Workshop, { id: 'zion-canyon-light' });
    const start = new Date(now.getTime() + days * DAY).toISOString().slice(0, 10);
    const id = `account-test-${kind}-${++workshopCount}`;
    await m().insert(Workshop, { ...base, id, name: `Account test ${workshopCount}`, startDate: start, endDate: start, timeZone: 'UTC', priceCents, spotsClaimed: 0, capacity: 12 });
    s.services.workshops.catalog.invalidate();
    return id;
  };
  /** Book and pay the first payment through Checkout, as a visitor does. */
  const bookAndPay = async (workshopId: string, paymentOption: string, card: TestCard = 'ok', extra: Record<string, unknown> = {}) => {
    const res = await post(`${s.url}/api/bookings`, aBookingBody({ workshop_id: workshopId, payment_option: paymentOption, num_participants: 1, room_type: 'shared', num_spouses: 0, ...extra }));
    expect(res.status).toBe(201);
    const b = (await res.json()) as { id: string };
    const start = await (await post(`${s.url}/api/checkout/create-session`, { booking_id: b.id, origin_url: 'http://localhost:3000' })).json();
    await stripe.pay(start.session_id, { card });
    await stripe.idle();
    expect((await booking(b.id)).status).toBe('confirmed');
    return b.id;
  };
  const account = async (id: string, token = tokenOf(id)) =>
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the test reads whatever the query selected
    s.gql<{ bookingAccount: Record<string, any> }>(
      `query($id: ID!, $t: String!) { bookingAccount(bookingId: $id, token: $t) {
        balance balanceDueDate refundsOwed
        booking { status paymentStatus amountPaid amountRefunded balance workshopId }
        payments { amount method purpose installmentNumber providerPaymentId }
        refunds { amount method state reason providerRefundId }
        schedule { number dueDate amount state failedAttempts }
        nextPayment { label amount dueDate overdue canPayNow }
        cancellation { daysBeforeStart refundPercent fee paid refund kept explanation }
        transfer { allowed fee reason options { workshop { id } newTotal fee difference } }
      } }`,
      { id, t: token },
    );

  it('a deposit booking pays its balance from the manage page; the link needs its token', async () => {
    const w = await aWorkshop(120);
    const id = await bookAndPay(w, 'deposit');
    expect(await booking(id)).toMatchObject({ paymentStatus: 'deposit_paid', amountPaidCents: 90_000 });

    // Without the token, or with another booking's, the account is not found (and a bad token is a clean 4xx).
    expect((await account(id, 'x'.repeat(32))).errors?.[0].extensions?.code).toBe('NOT_FOUND');
    expect((await fetch(`${s.url}/api/manage/${id}`, { headers: { 'x-manage-token': 'short' } })).status).toBe(422);
    expect((await fetch(`${s.url}/api/manage/${id}`, { headers: { 'x-manage-token': 'y'.repeat(32) } })).status).toBe(404);

    const view = (await account(id)).data!.bookingAccount;
    expect(view.nextPayment).toMatchObject({ label: 'Balance', amount: 2100, overdue: false, canPayNow: true });
    expect(view.balanceDueDate).toBe(new Date(now.getTime() + 60 * DAY).toISOString().slice(0, 10));
    expect(view.payments).toEqual([expect.objectContaining({ amount: 900, method: 'card', purpose: 'first' })]);

    const rest = await fetch(`${s.url}/api/manage/${id}`, { headers: { 'x-manage-token': tokenOf(id) } });
    expect(rest.status).toBe(200);
    expect((await rest.json()).next_payment).toMatchObject({ label: 'Balance', amount: 2100, can_pay_now: true });

    const pay = await s.gql<{ payBookingNow: { url: string; sessionId: string } }>('mutation($i: ManageBookingInput!) { payBookingNow(input: $i) { url sessionId } }', { i: { bookingId: id, token: tokenOf(id) } });
    expect(pay.errors).toBeUndefined();
    const session = stripe.sessions.get(pay.data!.payBookingNow.sessionId)!;
    expect(session.amount_total).toBe(210_000);
    expect(session.success_url).toBe(`http://localhost:3000/manage/${id}?paid=1`);
    // A second click hands out the same session.
    const again = await post(`${s.url}/api/manage/${id}/pay`, { token: tokenOf(id) });
    expect((await again.json()).session_id).toBe(session.id);

    await stripe.pay(session.id);
    await stripe.idle();
    expect(await booking(id)).toMatchObject({ paymentStatus: 'paid', amountPaidCents: 300_000 });
    const after = (await account(id)).data!.bookingAccount;
    expect(after.nextPayment).toBeNull();
    expect(after.payments.map((p: { purpose: string }) => p.purpose).sort()).toEqual(['balance', 'first']);
    // Replayed webhooks and status polls change nothing.
    await stripe.pay(session.id).catch(() => undefined);
    expect((await booking(id)).amountPaidCents).toBe(300_000);
    expect(await mails(id, 'booking_paid')).toHaveLength(2);
    // Nothing left to pay: the reminders were cancelled and the button is refused.
    expect(await refusal(post(`${s.url}/api/manage/${id}/pay`, { token: tokenOf(id) }))).toEqual([409, 'NOTHING_TO_PAY']);
  });

  it('a 4-installment plan is charged on its four dates (clock moved) and ends paid; its reminders and mails follow', async () => {
    now = new Date('2026-02-15T12:00:00.000Z');
    const w = await aWorkshop(155, 400_000); // balance due 95 days ahead: Feb 15, Mar 15, Apr 15, May 15
    const id = await bookAndPay(w, 'payment_plan');
    const b = await booking(id);
    expect(b).toMatchObject({ paymentStatus: 'partially_paid', installments: 4, amountPaidCents: 100_000 });
    expect(b.providerCustomerId).toMatch(/^cus_/);
    expect(b.providerPaymentMethodId).toMatch(/^pm_/);
    const schedule = await m().find(BookingInstallment, { where: { bookingId: id }, order: { number: 'ASC' } });
    expect(schedule.map((i) => [i.dueDate, i.amountCents, i.state])).toEqual([
      ['2026-02-15', 100_000, 'paid'],
      ['2026-03-15', 100_000, 'scheduled'],
      ['2026-04-15', 100_000, 'scheduled'],
      ['2026-05-15', 100_000, 'scheduled'],
    ]);
    const offSession = () => [...stripe.paymentIntents.values()].filter((pi) => pi.metadata?.booking_id === id && pi.metadata?.purpose === 'installment');

    await runJobs(); // nothing is due yet
    expect(offSession()).toHaveLength(0);
    for (const [date, paid, status] of [
      ['2026-03-15', 200_000, 'partially_paid'],
      ['2026-04-15', 300_000, 'partially_paid'],
      ['2026-05-15', 400_000, 'paid'],
    ] as const) {
      now = new Date(`${date}T16:00:00.000Z`);
      await runJobs();
      expect(await booking(id)).toMatchObject({ amountPaidCents: paid, paymentStatus: status });
    }
    expect(offSession()).toHaveLength(3);
    expect(offSession().every((pi) => pi.status === 'succeeded' && pi.amount === 100_000)).toBe(true);
    expect((await m().find(BookingInstallment, { where: { bookingId: id } })).every((i) => i.state === 'paid')).toBe(true);
    expect(await m().countBy(BookingPayment, { bookingId: id })).toBe(4);
    expect(await mails(id, 'booking_paid')).toHaveLength(4);
    now = new Date('2026-06-01T16:00:00.000Z');
    await runJobs(); // nothing more is charged
    expect(offSession()).toHaveLength(3);
  });

  it('a declined installment is retried after 3 and 7 days; the customer gets a pay link each time and the admin is told after the last', async () => {
    now = new Date('2026-02-15T12:00:00.000Z');
    const w = await aWorkshop(155, 300_000);
    const id = await bookAndPay(w, 'payment_plan', 'decline_later');
    now = new Date('2026-03-15T16:00:00.000Z');
    await runJobs();
    let second = await m().findOneByOrFail(BookingInstallment, { bookingId: id, number: 2 });
    expect(second).toMatchObject({ state: 'failed', failedAttempts: 1 });
    expect(await mails(id, 'installment_failed')).toHaveLength(1);
    const view = (await account(id)).data!.bookingAccount;
    // On its due date it is not overdue yet; the customer can pay it now.
    expect(view.nextPayment).toMatchObject({ label: 'Installment 2 of 4', dueDate: '2026-03-15', overdue: false, canPayNow: true });

    now = new Date('2026-03-17T16:00:00.000Z');
    await runJobs(); // not yet: the retry is on the 18th
    expect((await m().findOneByOrFail(BookingInstallment, { bookingId: id, number: 2 })).failedAttempts).toBe(1);
    now = new Date('2026-03-18T16:00:00.000Z');
    await runJobs();
    now = new Date('2026-03-22T16:00:00.000Z');
    await runJobs();
    second = await m().findOneByOrFail(BookingInstallment, { bookingId: id, number: 2 });
    expect(second).toMatchObject({ state: 'failed', failedAttempts: 3 });
    expect(await mails(id, 'installment_failed')).toHaveLength(3);
    expect(await mails(id, 'admin_installment_failed')).toHaveLength(1);
    expect((await s.gql<{ adminOverdueBookings: Array<{ id: string }> }>('{ adminOverdueBookings { id } }', {}, { authorization: ADMIN_AUTH })).data!.adminOverdueBookings.map((b) => b.id)).toContain(id);
    expect((await booking(id)).amountPaidCents).toBe(75_000);

    // The customer pays it from the link with another card.
    const pay = await post(`${s.url}/api/manage/${id}/pay`, { token: tokenOf(id) });
    const session = stripe.sessions.get((await pay.json()).session_id)!;
    expect(session.amount_total).toBe(75_000);
    await stripe.pay(session.id);
    await stripe.idle();
    expect(await m().findOneByOrFail(BookingInstallment, { bookingId: id, number: 2 })).toMatchObject({ state: 'paid' });
    expect((await booking(id)).amountPaidCents).toBe(150_000);
  });

  it.each([
    [100, 100, 20_000, 'partially_refunded'],
    [75, 50, 0, 'partially_refunded'],
    [45, 25, 0, 'partially_refunded'],
    [10, 0, 0, 'paid'],
  ])('cancelling %i days before the start refunds %i%% of what was paid (minus a %i cent fee) through Stripe', async (days, percent, fee, status) => {
    now = new Date('2026-01-15T12:00:00.000Z');
    const w = await aWorkshop(days, 200_000);
    const id = await bookAndPay(w, 'full');
    const spotsBefore = (await m().findOneByOrFail(Workshop, { id: w })).spotsClaimed;
    const quote = (await account(id)).data!.bookingAccount.cancellation;
    const expected = Math.max(0, Math.round((200_000 * percent) / 100) - fee);
    expect(quote).toMatchObject({ daysBeforeStart: days, refundPercent: percent, refund: expected / 100, paid: 2000 });

    // A stale quote is refused (the customer confirms what they were shown).
    const stale = await post(`${s.url}/api/manage/${id}/cancel`, { token: tokenOf(id), expected_refund: expected / 100 + 1 });
    expect([stale.status, (await stale.json()).code]).toEqual([409, 'REFUND_QUOTE_CHANGED']);
    expect((await booking(id)).status).toBe('confirmed');

    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the test reads whatever the query selected
    const res = await s.gql<{ cancelMyBooking: Record<string, any> }>(
      'mutation($i: CancelMyBookingInput!) { cancelMyBooking(input: $i) { booking { status paymentStatus amountRefunded } refunds { amount state providerRefundId } } }',
      { i: { bookingId: id, token: tokenOf(id), expectedRefund: expected / 100 } },
    );
    expect(res.errors).toBeUndefined();
    expect(res.data!.cancelMyBooking.booking).toMatchObject({ status: 'cancelled', paymentStatus: status, amountRefunded: expected / 100 });
    expect((await m().findOneByOrFail(Workshop, { id: w })).spotsClaimed).toBe(spotsBefore - 1);
    const refunds = [...stripe.refunds.values()].filter((r) => r.metadata?.booking_id === id);
    expect(refunds.reduce((sum, r) => sum + r.amount, 0)).toBe(expected);
    if (expected) expect(res.data!.cancelMyBooking.refunds).toEqual([expect.objectContaining({ state: 'succeeded', providerRefundId: refunds[0].id })]);
    const cancelled = await mails(id, 'booking_cancelled');
    expect(cancelled).toHaveLength(1);
    expect(cancelled[0].payload).toMatchObject({ refundCents: expected });
    // Cancelling twice changes nothing and refunds nothing more.
    expect(await refusal(post(`${s.url}/api/manage/${id}/cancel`, { token: tokenOf(id) }))).toEqual([409, 'BOOKING_ALREADY_RELEASED']);
    expect([...stripe.refunds.values()].filter((r) => r.metadata?.booking_id === id)).toHaveLength(refunds.length);
  });

  it.each([
    [70, 0, true],
    [45, 50_000, true],
    [20, 0, false],
  ])('a transfer %i days before the start costs %i cents (allowed: %s); spots move atomically and the difference is settled', async (days, fee, allowed) => {
    now = new Date('2026-01-15T12:00:00.000Z');
    const from = await aWorkshop(days, 300_000);
    const cheaper = await aWorkshop(200, 250_000);
    const id = await bookAndPay(from, 'full');
    const view = (await account(id)).data!.bookingAccount;
    expect(view.transfer.allowed).toBe(allowed);
    const res = await post(`${s.url}/api/manage/${id}/transfer`, { token: tokenOf(id), workshop_id: cheaper });
    if (!allowed) {
      expect([res.status, (await res.json()).code]).toEqual([409, 'TRANSFER_WINDOW_CLOSED']);
      expect((await booking(id)).workshopId).toBe(from);
      return;
    }
    expect(res.status).toBe(200);
    const moved = await booking(id);
    expect(moved).toMatchObject({ workshopId: cheaper, totalCents: 250_000, feeCents: fee, status: 'confirmed' });
    expect((await m().findOneByOrFail(Workshop, { id: from })).spotsClaimed).toBe(0);
    expect((await m().findOneByOrFail(Workshop, { id: cheaper })).spotsClaimed).toBe(1);
    // Paid 3000; owes 2500 + fee: the difference comes back through Stripe, or is left to pay.
    const over = 300_000 - (250_000 + fee);
    const refunded = [...stripe.refunds.values()].filter((r) => r.metadata?.booking_id === id).reduce((sum, r) => sum + r.amount, 0);
    expect(refunded).toBe(Math.max(0, over));
    expect(moved.balanceCents).toBe(Math.max(0, -over));
    expect(moved.paymentStatus).toBe('paid');
    expect(await mails(id, 'booking_transferred')).toHaveLength(1);
  });

  it('a transfer to a dearer workshop leaves the difference to pay; one without free spots is refused and moves nothing', async () => {
    now = new Date('2026-01-15T12:00:00.000Z');
    const from = await aWorkshop(100, 200_000);
    const dearer = await aWorkshop(150, 260_000);
    const full = await aWorkshop(160, 200_000);
    await m().update(Workshop, { id: full }, { spotsClaimed: 12 });
    s.services.workshops.catalog.invalidate();
    const id = await bookAndPay(from, 'full');
    expect((await post(`${s.url}/api/manage/${id}/transfer`, { token: tokenOf(id), workshop_id: full })).status).toBe(409);
    expect((await booking(id)).workshopId).toBe(from);
    expect((await post(`${s.url}/api/manage/${id}/transfer`, { token: tokenOf(id), workshop_id: dearer })).status).toBe(200);
    const moved = await booking(id);
    expect(moved).toMatchObject({ workshopId: dearer, balanceCents: 60_000, paymentStatus: 'paid' === moved.paymentStatus ? 'paid' : 'deposit_paid' });
    expect((await account(id)).data!.bookingAccount.nextPayment).toMatchObject({ label: 'Balance', amount: 600 });
  });

  /** The "Label:  value" lines of a plain-text mail. */
  const factsOf = (text: string) => Object.fromEntries([...text.matchAll(/^([A-Z][A-Za-z ]*?):[ ]{2,}(.+)$/gm)].map((x) => [x[1], x[2]]));

  it.each(['rest', 'graphql'] as const)(
    'issue 21: the cancellation mail (cancelled over %s) says what was refunded, what is still to refund, and that nothing is due',
    async (via) => {
      now = new Date('2026-01-15T12:00:00.000Z');
      const w = await aWorkshop(100, 200_000);
      const id = await bookAndPay(w, 'deposit'); // $600 by card
      expect((await post(`${s.url}/api/admin/bookings/${id}/payments`, { amount: 400 }, { authorization: ADMIN_AUTH })).status).toBe(200); // $400 paid directly
      // 100 days before: everything paid back minus the $200 fee = $800: $600 to the card, $200 owed by hand.
      if (via === 'rest') {
        expect((await post(`${s.url}/api/manage/${id}/cancel`, { token: tokenOf(id), expected_refund: 800 })).status).toBe(200);
      } else {
        const res = await s.gql('mutation($i: CancelMyBookingInput!) { cancelMyBooking(input: $i) { booking { status } } }', { i: { bookingId: id, token: tokenOf(id), expectedRefund: 800 } });
        expect(res.errors).toBeUndefined();
      }
      const [row] = await mails(id, 'booking_cancelled');
      const mail = await s.services.outbox.render(row, { origin: 'https://wild.test' });
      expect(mail.text).toContain('You will receive $800 back ($600 to your card, $200 by the way you paid us, which we will arrange)');
      const facts = factsOf(mail.text);
      expect(facts).toMatchObject({ Total: '$2,000', Paid: '$1,000', Refunded: '$600', 'Still to refund': '$200', 'Balance due': 'Nothing: the booking is cancelled' });
      expect(facts).not.toHaveProperty('Balance');
      expect(mail.text).not.toMatch(/Balance:|due:? by/);
      expect(mail.html).not.toMatch(/Balance<|due by/);
    },
  );

  it('the admin refunds part of an online payment through Stripe and an offline payment by hand; revenue is received minus refunded', async () => {
    now = new Date('2026-01-15T12:00:00.000Z');
    const w = await aWorkshop(120, 200_000);
    const id = await bookAndPay(w, 'deposit'); // 600 online
    expect((await post(`${s.url}/api/admin/bookings/${id}/payments`, { amount: 400 }, { authorization: ADMIN_AUTH })).status).toBe(200); // 400 offline
    const statsBefore = await (await fetch(`${s.url}/api/admin/stats`, { headers: { authorization: ADMIN_AUTH } })).json();

    expect((await post(`${s.url}/api/admin/bookings/${id}/refunds`, { amount: 2000 }, { authorization: ADMIN_AUTH })).status).toBe(422);
    const refund = await post(`${s.url}/api/admin/bookings/${id}/refunds`, { amount: 700, note: 'goodwill' }, { authorization: ADMIN_AUTH });
    expect(refund.status).toBe(200);
    const body = await refund.json();
    // Online money goes back first (automatically, to the card); only the rest is owed by hand.
    expect(body.refunds.map((r: { amount: number; method: string; state: string }) => [r.amount, r.method, r.state]).sort()).toEqual([
      [100, 'offline', 'owed'],
      [600, 'card', 'succeeded'],
    ]);
    expect(body.refunds_owed).toBe(100);
    expect([...stripe.refunds.values()].filter((r) => r.metadata?.booking_id === id).map((r) => r.amount)).toEqual([60_000]);
    const owed = body.refunds.find((r: { state: string }) => r.state === 'owed');
    expect((await post(`${s.url}/api/admin/refunds/${owed.id}/done`, {}, { authorization: ADMIN_AUTH })).status).toBe(200);
    expect(await refusal(post(`${s.url}/api/admin/refunds/${owed.id}/done`, {}, { authorization: ADMIN_AUTH }))).toEqual([409, 'REFUND_NOT_OWED']);
    const statsAfter = await (await fetch(`${s.url}/api/admin/stats`, { headers: { authorization: ADMIN_AUTH } })).json();
    expect(Math.round((statsBefore.total_revenue - statsAfter.total_revenue) * 100)).toBe(70_000);
    // Without the admin credential: 401.
    expect((await post(`${s.url}/api/admin/bookings/${id}/refunds`, { amount: 1 })).status).toBe(401);
  });

  it('two app instances and a crash between charging and recording never charge an installment twice', async () => {
    now = new Date('2026-02-15T12:00:00.000Z');
    const w = await aWorkshop(155, 400_000);
    const id = await bookAndPay(w, 'payment_plan');
    const b = await booking(id);
    now = new Date('2026-03-15T16:00:00.000Z');

    // A worker charged installment 2 and crashed before recording it: the charge exists at Stripe only.
    const crashed = await s.services.payments.paymentProvider!.chargeOffSession({
      customerId: b.providerCustomerId!,
      paymentMethodId: b.providerPaymentMethodId!,
      amountCents: 100_000,
      // What the job sends (a re-run sends the same request, so Stripe's idempotency replays it instead of refusing it).
      description: `${b.workshopName} – installment 2 of ${await m().countBy(BookingInstallment, { bookingId: id })}`,
      metadata: { booking_id: id, purpose: 'installment', installment: '2', channel: 'off_session' },
      idempotencyKey: `installment:${id}:2:0`,
    });
    expect(crashed.outcome).toBe('succeeded');

    // A second instance (its own services, the same database and secrets) runs the queue at the same time. On MariaDB it
    // has its own connection pool, as a second process would; on SQLite it shares this process's one connection, as the
    // outbox race test does: better-sqlite3 is synchronous, so a second connection to the file in one process would
    // block the event loop while the first holds a write transaction across an await (a deadlock until the busy timeout).
    const other = kind === 'mysql' ? await openDatabase(s.testDb.config, { entities: ENTITIES }) : null;
    try {
      const second = createServices(s.services.config, other ?? s.services.db, createLogger('silent'), clock);
      await Promise.all([s.services.jobs.runDue(), second.jobs.runDue(), s.services.jobs.runDue()]);
      second.mailer.close();
    } finally {
      await other?.close();
    }
    await stripe.idle();
    const job = await m().findOneByOrFail(ScheduledJob, { key: `booking:${id}:installment:2` });
    expect(job.state).toBe('done');
    const charges = [...stripe.paymentIntents.values()].filter((pi) => pi.metadata?.booking_id === id && pi.metadata?.installment === '2');
    expect(charges).toHaveLength(1); // the same idempotency key gave the crashed run's PaymentIntent back
    expect(await booking(id)).toMatchObject({ amountPaidCents: 200_000 });
    expect(await m().countBy(BookingPayment, { bookingId: id, installmentNumber: 2 })).toBe(1);
    // The webhook of that charge, delivered again, changes nothing.
    const event = stripe.events.find((e) => e.type === 'payment_intent.succeeded' && JSON.parse(e.payload).data.object.id === charges[0].id);
    if (event) await stripe.redeliver(event.id);
    await stripe.idle();
    expect(await booking(id)).toMatchObject({ amountPaidCents: 200_000 });
  });

  it('after days of downtime everything that fell due runs once at start: reminders overtaken by later ones are skipped', async () => {
    now = new Date('2026-01-15T12:00:00.000Z');
    const w = await aWorkshop(120, 200_000); // balance due in 60 days
    const id = await bookAndPay(w, 'deposit');
    const jobs = await m().createQueryBuilder(ScheduledJob, 'j').where('j.key LIKE :k', { k: `booking:${id}:%` }).getMany();
    expect(jobs.map((j) => j.kind).sort()).toEqual(['balance.overdue', 'balance.reminder', 'balance.reminder']);
    // The server was down from 20 days before the due date until 2 days after it.
    now = new Date(now.getTime() + 62 * DAY);
    await runJobs();
    await runJobs();
    expect(await mails(id, 'balance_reminder')).toHaveLength(0); // both reminders were overtaken by the overdue notice
    expect(await mails(id, 'balance_overdue')).toHaveLength(1);
    expect(await mails(id, 'admin_balance_overdue')).toHaveLength(1);
  });

  it('sends the 14-day and 3-day balance reminders on their days, none once paid', async () => {
    now = new Date('2026-01-15T12:00:00.000Z');
    const w = await aWorkshop(120, 200_000);
    const id = await bookAndPay(w, 'deposit');
    const paidOff = await bookAndPay(w, 'deposit', 'ok', { customer_email: 'paid-off@example.com' });
    await post(`${s.url}/api/admin/bookings/${paidOff}/payments`, { amount: 1400 }, { authorization: ADMIN_AUTH });
    now = new Date(now.getTime() + 46 * DAY + 4 * 3_600_000);
    await runJobs();
    expect(await mails(id, 'balance_reminder')).toHaveLength(1);
    now = new Date(now.getTime() + 11 * DAY);
    await runJobs();
    expect(await mails(id, 'balance_reminder')).toHaveLength(2);
    expect(await mails(paidOff, 'balance_reminder')).toHaveLength(0);
    const reminder = (await mails(id, 'balance_reminder'))[1];
    const rendered = await s.services.outbox.render(reminder, { origin: 'https://wild.example' });
    expect(rendered.html).toContain(`/manage/${id}#`);
    expect(rendered.text).toContain('Manage your booking');
  });

  it('a refund the provider refuses is marked failed for the admin and no longer counts', async () => {
    now = new Date('2026-01-15T12:00:00.000Z');
    const w = await aWorkshop(120, 200_000);
    const id = await bookAndPay(w, 'full');
    const pi = (await m().findOneByOrFail(BookingPayment, { bookingId: id })).providerPaymentId!;
    // Someone refunded it all in Stripe's dashboard: the webhook adds it to the ledger.
    await s.services.payments.paymentProvider!.refund({ paymentIntentId: pi, amountCents: 200_000, metadata: {}, idempotencyKey: `dashboard:${id}` });
    await stripe.idle();
    expect(await booking(id)).toMatchObject({ amountRefundedCents: 200_000 });
    expect(await m().findOneByOrFail(BookingRefund, { bookingId: id })).toMatchObject({ reason: 'provider', state: 'succeeded' });
  });

  it('cancelling a held booking releases its spots and expires its open checkout, so it can no longer be paid', async () => {
    now = new Date('2026-01-15T12:00:00.000Z');
    const w = await aWorkshop(120, 200_000);
    const res = await post(`${s.url}/api/bookings`, aBookingBody({ workshop_id: w, payment_option: 'deposit', num_participants: 2, num_spouses: 0, room_type: 'shared' }));
    const b = (await res.json()) as { id: string };
    const start = await (await post(`${s.url}/api/checkout/create-session`, { booking_id: b.id, origin_url: 'http://localhost:3000' })).json();
    expect(stripe.sessions.get(start.session_id)!.status).toBe('open');
    const quote = (await account(b.id)).data!.bookingAccount.cancellation;
    expect(quote).toMatchObject({ paid: 0, refund: 0 });
    expect((await post(`${s.url}/api/manage/${b.id}/cancel`, { token: tokenOf(b.id), expected_refund: 0 })).status).toBe(200);
    expect(await booking(b.id)).toMatchObject({ status: 'cancelled', paymentStatus: 'pending' });
    expect((await m().findOneByOrFail(Workshop, { id: w })).spotsClaimed).toBe(0);
    expect(stripe.sessions.get(start.session_id)!.status).toBe('expired');
  });

  it('never writes a manage link or its token to the logs (every request of this file was logged at debug level)', async () => {
    const bookings = await m().find(Booking);
    expect(bookings.length).toBeGreaterThan(10);
    expect(log.lines.length).toBeGreaterThan(50);
    const logged = JSON.stringify(log.lines);
    for (const b of bookings) expect(logged).not.toContain(tokenOf(b.id));
  });
});
