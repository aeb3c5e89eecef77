import type { TestServer } from '../test/app';
import { DB_KINDS } from '../test/db';
import { aBookingBody } from '../test/builders';
import { Booking } from '../booking/booking.entity';
import { Workshop } from '../workshop/workshop.entity';
import { MailOutbox } from '../mail/mail-outbox.entity';
import { tripDataJobKey } from '../privacy/trip-data-retention';
import { tripDataEraseAt } from '../shared/retention';
import type { FakeStripe } from '../test/fake-stripe/fake-stripe';
import { startTestServerWithStripe } from '../test/stripe-server';

const DAY = 86_400_000;
const post = (url: string, body: unknown) => fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });

/**
 * Issue 21: transfers keep the cancellation policy (docs/decisions/066), never
 * land on a cancelled workshop, and say what they move. Through the real API
 * (REST and GraphQL), the Stripe SDK against the local fake, and the outbox.
 */
describe.each(DB_KINDS)('transfers that keep the cancellation policy, on %s', (kind) => {
  let s: TestServer;
  let stripe: FakeStripe;
  const now = new Date('2026-01-15T12:00:00.000Z');
  const clock = () => new Date(now.getTime());

  beforeAll(async () => {
    ({ server: s, stripe } = await startTestServerWithStripe(kind, clock));
  });
  afterAll(async () => {
    await s?.close();
    await stripe?.close();
  });

  const m = () => s.services.db.manager;
  const booking = (id: string) => m().findOneByOrFail(Booking, { id });
  const tokenOf = (id: string) => s.services.accounts.manageUrl(id).split('#')[1];
  const refundedAtStripe = (id: string) => [...stripe.refunds.values()].filter((r) => r.metadata?.booking_id === id).reduce((sum, r) => sum + r.amount, 0);
  let count = 0;
  const aWorkshop = async (days: number, priceCents: number) => {
    const base = await m().findOneByOrFail(Workshop, { id: 'zion-canyon-light' });
    const start = new Date(now.getTime() + days * DAY).toISOString().slice(0, 10);
    const id = `transfer-test-${kind}-${++count}`;
    await m().insert(Workshop, { ...base, id, name: `Transfer test ${count}`, startDate: start, endDate: start, timeZone: 'UTC', priceCents, spotsClaimed: 0, capacity: 12, cancelledAt: null });
    s.services.workshops.catalog.invalidate();
    return id;
  };
  const bookAndPay = async (workshopId: string, paymentOption: string) => {
    const res = await post(`${s.url}/api/bookings`, aBookingBody({ workshop_id: workshopId, payment_option: paymentOption, num_participants: 1, room_type: 'shared', num_spouses: 0 }));
    expect(res.status).toBe(201);
    const b = (await res.json()) as { id: string };
    const start = await (await post(`${s.url}/api/checkout/create-session`, { booking_id: b.id, origin_url: 'http://localhost:3000' })).json();
    await stripe.pay(start.session_id);
    await stripe.idle();
    expect((await booking(b.id)).status).toBe('confirmed');
    return b.id;
  };
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the test reads whatever the query selected
  type Json = Record<string, any>;
  const account = async (id: string): Promise<Json> => {
    const res = await s.gql<{ bookingAccount: Json }>(
      `query($id: ID!, $t: String!) { bookingAccount(bookingId: $id, token: $t) {
        balance balanceDueDate
        booking { status workshopId amountPaid amountRefunded fees }
        nextPayment { amount dueDate overdue }
        cancellation { refund paid kept explanation }
        transfer { allowed reason options { workshop { id } newTotal fee difference refundNow kept balanceAfter balanceDueDate cancelRefundAfter terms } }
      } }`,
      { id, t: tokenOf(id) },
    );
    expect(res.errors).toBeUndefined();
    return res.data!.bookingAccount;
  };
  /** The transfer as the customer makes it, through one transport; the status and the error's field and message. */
  const transfer = async (via: 'rest' | 'graphql', id: string, workshopId: string): Promise<{ ok: boolean; status: number | string; message?: string; field?: string }> => {
    if (via === 'rest') {
      const res = await post(`${s.url}/api/manage/${id}/transfer`, { token: tokenOf(id), workshop_id: workshopId });
      const body = await res.json();
      // REST names fields in snake_case; the test compares the GraphQL name.
      return { ok: res.ok, status: res.status, message: body.detail, field: body.errors?.[0]?.field === 'workshop_id' ? 'workshopId' : body.errors?.[0]?.field };
    }
    const res = await s.gql('mutation($i: TransferMyBookingInput!) { transferMyBooking(input: $i) { booking { id } } }', { i: { bookingId: id, token: tokenOf(id), workshopId } });
    const e = res.errors?.[0];
    return { ok: !e, status: (e?.extensions?.code as string) ?? 'OK', message: e?.message, field: (e?.extensions?.fields as Array<{ field: string }> | undefined)?.[0]?.field };
  };
  const cancel = async (via: 'rest' | 'graphql', id: string, expectedRefund: number) => {
    if (via === 'rest') return (await post(`${s.url}/api/manage/${id}/cancel`, { token: tokenOf(id), expected_refund: expectedRefund })).status;
    const res = await s.gql('mutation($i: CancelMyBookingInput!) { cancelMyBooking(input: $i) { booking { id } } }', { i: { bookingId: id, token: tokenOf(id), expectedRefund } });
    return res.errors?.[0]?.extensions?.code ?? 200;
  };
  const transferMail = async (id: string) => {
    const rows = (await m().find(MailOutbox, { where: { kind: 'booking_transferred' } })).filter((r) => JSON.stringify(r.payload).includes(id));
    expect(rows).toHaveLength(1);
    return (await s.services.outbox.render(rows[0], { origin: 'https://wild.test' })).text.replace(/\s+/g, ' ');
  };

  it.each(['rest', 'graphql'] as const)('$3,000 paid at 65 days, moved to a $1,000 workshop, then cancelled: $1,500 back in all, as cancelling that day (%s)', async (via) => {
    const from = await aWorkshop(65, 300_000);
    const cheap = await aWorkshop(200, 100_000);
    const id = await bookAndPay(from, 'full');
    expect((await account(id)).cancellation.refund).toBe(1500);
    const option = (await account(id)).transfer.options.find((o: Json) => o.workshop.id === cheap);
    expect(option).toMatchObject({ newTotal: 1000, fee: 0, refundNow: 1500, kept: 500, balanceAfter: 0, balanceDueDate: null, cancelRefundAfter: 0, difference: -1500 });
    expect(option.terms.join(' ')).toContain('$1,500 is refunded to your card now.');
    expect(option.terms.join(' ')).toContain('$500 of what you paid above the new price is kept under our cancellation policy');

    expect((await transfer(via, id, cheap)).ok).toBe(true);
    await stripe.idle();
    expect(refundedAtStripe(id)).toBe(150_000);
    expect(await booking(id)).toMatchObject({ workshopId: cheap, totalCents: 100_000, feeCents: 50_000, refundCapCents: 0, paymentStatus: 'paid' });
    const after = await account(id);
    expect(after).toMatchObject({ balance: 0, balanceDueDate: null, cancellation: { refund: 0 } });
    expect(await cancel(via, id, 0)).toBe(200);
    await stripe.idle();
    expect(refundedAtStripe(id)).toBe(150_000); // not 2,000 + 800
    const mail = await transferMail(id);
    expect(mail).toContain('$1,500 is refunded to your card now.');
    expect(mail).toContain('If you cancel after the transfer, you get $0 back today (cancelling now, before it, returns $1,500).');
  });

  it.each(['rest', 'graphql'] as const)('at 40 days the $500 fee is charged and never refunded by a later cancellation (%s)', async (via) => {
    const from = await aWorkshop(40, 300_000);
    const same = await aWorkshop(150, 300_000);
    const id = await bookAndPay(from, 'full');
    expect((await account(id)).cancellation.refund).toBe(750);
    expect((await transfer(via, id, same)).ok).toBe(true);
    expect(await booking(id)).toMatchObject({ feeCents: 50_000, balanceCents: 50_000 });
    // Unpaid fee: cancelling returns 750 - 500 (the fee is kept on top of what the policy keeps).
    let view = await account(id);
    expect(view.cancellation).toMatchObject({ refund: 250, paid: 3000, kept: 2750 });
    // The fee paid: the 500 does not come back either (cancelling at 150 days would otherwise refund 100% of 3,500).
    const pay = await (await post(`${s.url}/api/manage/${id}/pay`, { token: tokenOf(id) })).json();
    await stripe.pay(pay.session_id);
    await stripe.idle();
    view = await account(id);
    expect(view.cancellation).toMatchObject({ refund: 750, paid: 3500, kept: 2750 });
    expect(view.cancellation.explanation).toContain('capped by your transfer');
    expect(await cancel(via, id, 750)).toBe(200);
    await stripe.idle();
    expect(refundedAtStripe(id)).toBe(75_000);
    expect((await booking(id)).amountRefundedCents).toBe(75_000);
  });

  it.each(['rest', 'graphql'] as const)('a cancelled workshop is no destination: not offered, refused, and its spots cannot be claimed (%s)', async (via) => {
    const from = await aWorkshop(120, 300_000);
    const gone = await aWorkshop(150, 250_000);
    const id = await bookAndPay(from, 'full');
    expect((await account(id)).transfer.options.map((o: Json) => o.workshop.id)).toContain(gone);
    await m().update(Workshop, { id: gone }, { cancelledAt: now });
    s.services.workshops.catalog.invalidate();
    expect((await account(id)).transfer.options.map((o: Json) => o.workshop.id)).not.toContain(gone);
    const refused = await transfer(via, id, gone);
    expect(refused).toMatchObject({ ok: false, field: 'workshopId' });
    expect(refused.status === 422 || refused.status === 'BAD_USER_INPUT').toBe(true);
    expect(refused.message).toMatch(/cancelled/);
    expect(await booking(id)).toMatchObject({ workshopId: from, totalCents: 300_000, amountRefundedCents: 0 });
    expect((await m().findOneByOrFail(Workshop, { id: gone })).spotsClaimed).toBe(0);
    // The claim itself refuses, whatever its caller read (a transfer that read the workshop before it was cancelled).
    const b = await booking(id);
    const moved = await s.services.db.transaction((tx) =>
      s.services.bookings.lifecycle.moveOrThrow(tx, b, { id: gone, name: 'Gone' }, { totalCents: 250_000, feeCents: 0, refundCapCents: 0, refundCapPaidCents: 0 }, now),
    );
    expect(moved).toBe(false);
    expect(await s.services.db.transaction((tx) => s.services.bookings.lifecycle.claimSpots(tx, gone, 1, now))).toBe(false);
    expect((await m().findOneByOrFail(Workshop, { id: gone })).spotsClaimed).toBe(0);
  });

  it('a deposit-paid booking moved to a cheaper workshop: nothing is refunded, the balance and its date are true, page and mail say so', async () => {
    const from = await aWorkshop(120, 300_000);
    const soon = await aWorkshop(12, 260_000); // inside its balance window and its no-transfer window
    const later = await aWorkshop(100, 260_000);
    const id = await bookAndPay(from, 'deposit'); // $900 paid
    const view = await account(id);
    // A destination inside its balance window would leave $1,700 due at once: not offered, and refused.
    expect(view.transfer.options.map((o: Json) => o.workshop.id)).not.toContain(soon);
    for (const via of ['rest', 'graphql'] as const) {
      const refused = await transfer(via, id, soon);
      expect(refused).toMatchObject({ ok: false, field: 'workshopId' });
      expect(refused.message).toContain('only when nothing would be left to pay ($1,700 would be)');
    }
    const option = view.transfer.options.find((o: Json) => o.workshop.id === later);
    const due = new Date(now.getTime() + 40 * DAY).toISOString().slice(0, 10); // 60 days before its start
    expect(option).toMatchObject({ refundNow: 0, kept: 0, balanceAfter: 1700, balanceDueDate: due, difference: 1700, cancelRefundAfter: 700 });
    const terms = option.terms.join(' ');
    expect(terms).toContain('Nothing is refunded now.');
    expect(terms).toContain('$1,700 is left to pay, due by February 24, 2026.');
    expect(terms).not.toMatch(/\$400/);

    expect((await transfer('rest', id, later)).ok).toBe(true);
    const after = await account(id);
    expect(after).toMatchObject({ balance: 1700, balanceDueDate: due, nextPayment: { amount: 1700, dueDate: due, overdue: false }, booking: { amountRefunded: 0 } });
    expect(refundedAtStripe(id)).toBe(0);
    const mail = await transferMail(id);
    expect(mail).toContain('Nothing is refunded now. $1,700 is left to pay, due by February 24, 2026.');
    expect(mail).toContain('If you cancel after the transfer, you get $700 back today');
    const laterName = (await m().findOneByOrFail(Workshop, { id: later })).name;
    expect(mail).toContain(
      `On ${laterName}: another transfer is possible free until February 24, 2026, then with a $500 fee until March 26, 2026; a cancellation refunds 100% minus $200 until January 25, 2026; a cancellation refunds 50% until February 24, 2026; a cancellation refunds 25% until March 26, 2026; nothing from March 27, 2026.`,
    );
    expect(mail).not.toMatch(/\$400|refunded to your card|due now|Balance due: now/i);
    // The trip-only data is kept until the new run ends plus the retention period (docs/decisions/100).
    const laterEnd = (await m().findOneByOrFail(Workshop, { id: later })).endDate;
    expect((await s.services.jobs.findByKey(tripDataJobKey(id)))!.dueAt.toISOString()).toBe(tripDataEraseAt(laterEnd, 90).toISOString());
  });

  it('two tabs: a transfer and a cancellation at the same moment never return more than cancelling that day (REST and GraphQL)', async () => {
    const from = await aWorkshop(65, 300_000);
    const cheap = await aWorkshop(200, 100_000);
    const id = await bookAndPay(from, 'full');
    const [moved, cancelled] = await Promise.all([transfer('rest', id, cheap), cancel('graphql', id, 1500)]);
    await stripe.idle();
    const b = await booking(id);
    // Either order is possible; none pays out more than the policy's $1,500.
    expect(refundedAtStripe(id)).toBeLessThanOrEqual(150_000);
    expect(b.amountRefundedCents).toBe(refundedAtStripe(id));
    // One wins: the transfer first (1,500 back) makes the cancellation's quote of 1,500 stale (now 0): refused; the cancellation first leaves nothing to transfer.
    expect([moved.ok, cancelled === 200].filter(Boolean)).toHaveLength(1);
    if (moved.ok) expect(b).toMatchObject({ status: 'confirmed', workshopId: cheap, amountRefundedCents: 150_000 });
    else expect(b).toMatchObject({ status: 'cancelled', workshopId: from, amountRefundedCents: 150_000 });
  });

  it('two tabs: two transfers at the same moment move the booking once, claim one set of spots and refund once', async () => {
    const from = await aWorkshop(65, 300_000);
    const a = await aWorkshop(200, 100_000);
    const c = await aWorkshop(210, 100_000);
    const id = await bookAndPay(from, 'full');
    const results = await Promise.all([transfer('rest', id, a), transfer('graphql', id, c)]);
    await stripe.idle();
    const b = await booking(id);
    const spots = async (w: string) => (await m().findOneByOrFail(Workshop, { id: w })).spotsClaimed;
    expect((await spots(a)) + (await spots(c))).toBe(1);
    expect(await spots(from)).toBe(0);
    expect([a, c]).toContain(b.workshopId);
    // A second transfer after the first (sequential on SQLite) obeys the first's cap: nothing more comes back.
    expect(refundedAtStripe(id)).toBe(150_000);
    expect(results.some((r) => r.ok)).toBe(true);
  });

  it('a transfer that claimed spots while the admin starts cancelling that workshop is cancelled with it, never left confirmed on it', async () => {
    const from = await aWorkshop(120, 300_000);
    const target = await aWorkshop(150, 250_000);
    const id = await bookAndPay(from, 'full');
    const before = await booking(id);
    // A transfer in flight: it has claimed the target's spots (holding its row) and moved the booking, not yet committed.
    const tx = s.services.db.dataSource.createQueryRunner();
    await tx.connect();
    await tx.startTransaction();
    let cancelling: Promise<unknown> | null = null;
    try {
      await tx.manager.createQueryBuilder().update(Workshop).set({ spotsClaimed: () => 'spots_claimed + 1' }).where('id = :id', { id: target }).execute();
      await tx.manager.createQueryBuilder().update(Booking).set({ workshopId: target, totalCents: 250_000 }).where('id = :id', { id }).execute();
      // The admin cancels the target meanwhile; on MariaDB it waits for the row the transfer holds.
      const name = (await m().findOneByOrFail(Workshop, { id: target })).name;
      cancelling = s.services.workshopCancellation.cancelOrThrow(target, name);
      await new Promise((r) => setTimeout(r, 300));
      await tx.commitTransaction();
    } finally {
      if (tx.isTransactionActive) await tx.rollbackTransaction();
      await tx.release();
    }
    await cancelling;
    const after = await booking(id);
    expect(after.workshopId).toBe(target);
    // The booking on the cancelled workshop was cancelled with it (and refunded by the workshop's rule), not left confirmed.
    expect(after.status).toBe('cancelled');
    expect(before.status).toBe('confirmed');
  });

  it('a payment plan moved keeps its new installments on or before the date the quote and the mail give', async () => {
    const from = await aWorkshop(155, 300_000);
    const far = await aWorkshop(170, 300_000);
    const near = await aWorkshop(75, 300_000); // the balance falls due in 15 days: no month fits, one installment today
    const id = await bookAndPay(from, 'payment_plan');
    const options = (await account(id)).transfer.options;
    const farDue = new Date(now.getTime() + 110 * DAY).toISOString().slice(0, 10);
    expect(options.find((o: Json) => o.workshop.id === far)).toMatchObject({ balanceAfter: 2250, balanceDueDate: farDue });
    expect(options.find((o: Json) => o.workshop.id === near)).toMatchObject({ balanceAfter: 2250, balanceDueDate: now.toISOString().slice(0, 10) });
    expect((await transfer('graphql', id, far)).ok).toBe(true);
    const after = await account(id);
    const dates = (await s.gql<{ bookingAccount: Json }>('query($id: ID!, $t: String!) { bookingAccount(bookingId: $id, token: $t) { schedule { dueDate state } } }', { id, t: tokenOf(id) })).data!
      .bookingAccount.schedule.filter((i: Json) => i.state === 'scheduled')
      .map((i: Json) => i.dueDate);
    expect(dates.length).toBeGreaterThan(0);
    expect(dates.every((d: string) => d > now.toISOString().slice(0, 10) && d <= farDue)).toBe(true);
    expect(after.balance).toBe(2250);
    expect(await transferMail(id)).toContain(`$2,250 is left to pay, due by ${new Date(`${farDue}T00:00:00Z`).toLocaleDateString('en-US', { month: 'long', day: 'numeric', year: 'numeric', timeZone: 'UTC' })}.`);
  });
});
