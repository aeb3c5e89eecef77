import type { TestServer } from '../test/app';
import { DB_KINDS } from '../test/db';
import { aBookingBody } from '../test/builders';
import { confirmByMail } from '../test/waitlist';
import { Booking } from '../booking/booking.entity';
import { BookingRefund } from '../booking/ledger.entities';
import { Workshop } from '../workshop/workshop.entity';
import { MailOutbox } from '../mail/mail-outbox.entity';
import { AuditEvent } from '../audit/audit-event.entity';
import { GiftCard, GiftCardUse } from '../gift-card/gift-card.entity';
import { WaitlistEntry } from '../waitlist/waitlist-entry.entity';
import type { FakeStripe } from '../test/fake-stripe/fake-stripe';
import { startTestServerWithStripe } from '../test/stripe-server';

const ADMIN_AUTH = `Basic ${Buffer.from('admin:correct-horse-battery').toString('base64')}`;
const DAY = 86_400_000;

const post = (url: string, body: unknown, headers: Record<string, string> = {}) =>
  fetch(url, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) });

/**
 * Go or no-go, "Cancel this workshop" and credits (issue 15, docs/decisions/063)
 * through the real API, the Stripe SDK against the local fake, the job queue and
 * the outbox, with the clock moved.
 */
describe.each(DB_KINDS)('workshop cancellation and credits on %s', (kind) => {
  let s: TestServer;
  let stripe: FakeStripe;
  let now = new Date('2026-01-15T12:00:00.000Z');
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
  const runJobs = async () => {
    await s.services.jobs.runDue();
    await stripe.idle();
  };
  const refundsAtStripe = (bookingId: string) => [...stripe.refunds.values()].filter((r) => r.metadata?.booking_id === bookingId);
  let workshopCount = 0;
  const aWorkshop = async (days: number, priceCents = 300_000) => {
    const base = await m().findOneByOrFail(Workshop, { id: 'zion-canyon-light' });
    const start = new Date(now.getTime() + days * DAY).toISOString().slice(0, 10);
    const id = `gonogo-test-${kind}-${++workshopCount}`;
    await m().insert(Workshop, { ...base, id, name: `Go test ${workshopCount}`, startDate: start, endDate: start, timeZone: 'UTC', priceCents, spotsClaimed: 0, capacity: 12, minimumParticipants: 6 });
    s.services.workshops.catalog.invalidate();
    return id;
  };
  let emailCount = 0;
  const book = async (workshopId: string, extra: Record<string, unknown> = {}) => {
    const res = await post(
      `${s.url}/api/bookings`,
      aBookingBody({ workshop_id: workshopId, payment_option: 'full', num_participants: 1, room_type: 'shared', num_spouses: 0, customer_email: `guest${++emailCount}-${kind}@example.com`, ...extra }),
    );
    return res;
  };
  const bookHeld = async (workshopId: string, extra: Record<string, unknown> = {}) => {
    const res = await book(workshopId, extra);
    expect(res.status).toBe(201);
    return ((await res.json()) as { id: string }).id;
  };
  const pay = async (id: string) => {
    const start = await (await post(`${s.url}/api/checkout/create-session`, { booking_id: id, origin_url: 'http://localhost:3000' })).json();
    await stripe.pay(start.session_id);
    await stripe.idle();
    return start as { session_id: string };
  };
  const bookAndPay = async (workshopId: string, extra: Record<string, unknown> = {}) => {
    const id = await bookHeld(workshopId, extra);
    await pay(id);
    expect((await booking(id)).status).toBe('confirmed');
    return id;
  };
  const goNoGo = async (workshopId: string) => {
    const res = await fetch(`${s.url}/api/admin/go-no-go`, { headers: { authorization: ADMIN_AUTH } });
    expect(res.status).toBe(200);
    return ((await res.json()) as Array<Record<string, unknown>>).find((g) => g.workshop_id === workshopId)!;
  };
  const cancel = (workshopId: string, confirmName: string) => post(`${s.url}/api/admin/workshops/${workshopId}/cancel`, { confirm_name: confirmName }, { authorization: ADMIN_AUTH });
  const credits = async (id: string) => (await fetch(`${s.url}/api/manage/${id}/credits`, { headers: { 'x-manage-token': tokenOf(id) } })).json();

  it('go/no-go lists the runs of the window only: a run ended over a year ago (never archived) is left out', async () => {
    now = new Date('2026-01-15T12:00:00.000Z');
    const seed = await s.services.db.manager.findOneByOrFail(Workshop, { id: 'zion-canyon-light' });
    await s.services.db.manager.insert(Workshop, [
      { ...seed, id: 'zion-canyon-light-2023', startDate: '2023-04-13', endDate: '2023-04-18', spotsClaimed: 0 },
      { ...seed, id: 'zion-canyon-light-2025', startDate: '2025-04-13', endDate: '2025-04-18', spotsClaimed: 0 },
    ]);
    const res = await fetch(`${s.url}/api/admin/go-no-go`, { headers: { authorization: ADMIN_AUTH } });
    const ids = ((await res.json()) as Array<{ workshop_id: string; state: string }>).map((g) => g.workshop_id);
    expect(ids).toContain('zion-canyon-light-2025');
    expect(ids).toContain('zion-canyon-light');
    expect(ids).not.toContain('zion-canyon-light-2023');
    await s.services.db.manager.delete(Workshop, ['zion-canyon-light-2023', 'zion-canyon-light-2025']);
  });

  it('go/no-go moves with the clock and the payments: at risk, decide now, on track, running, taken place', async () => {
    now = new Date('2026-01-15T12:00:00.000Z');
    const w = await aWorkshop(100);
    await bookAndPay(w, { num_participants: 4 });
    await bookHeld(w, { num_participants: 2 });
    // Decision date = 60 days before the start: 40 days away.
    expect(await goNoGo(w)).toMatchObject({ state: 'at_risk', label: 'At risk', paid: 4, held: 2, minimum: 6, missing: 2, days_to_decision: 40 });
    const gql = await s.gql<{ adminGoNoGo: Array<{ workshop: { id: string }; state: string; paid: number }> }>('{ adminGoNoGo { workshop { id } state paid held minimum daysToDecision decisionDate label } }', {}, { authorization: ADMIN_AUTH });
    expect(gql.data!.adminGoNoGo.find((g) => g.workshop.id === w)).toMatchObject({ state: 'at_risk', paid: 4 });
    now = new Date(now.getTime() + 30 * DAY); // 10 days to the decision date; the hold has lapsed
    expect(await goNoGo(w)).toMatchObject({ state: 'decide_now', held: 0, days_to_decision: 10 });
    await bookAndPay(w, { num_participants: 2 });
    expect(await goNoGo(w)).toMatchObject({ state: 'on_track', paid: 6, missing: 0 });
    now = new Date(now.getTime() + 70 * DAY);
    expect(await goNoGo(w)).toMatchObject({ state: 'running' });
    now = new Date(now.getTime() + 1 * DAY);
    expect(await goNoGo(w)).toMatchObject({ state: 'finished', label: 'Taken place' });
    now = new Date('2026-01-15T12:00:00.000Z');
    // The admin's decision date is used when set (GraphQL needs the admin).
    expect((await s.gql('{ adminGoNoGo { state } }')).errors?.[0].extensions?.code).toBe('UNAUTHENTICATED');
  });

  it('a wrong typed confirmation changes nothing', async () => {
    now = new Date('2026-01-15T12:00:00.000Z');
    const w = await aWorkshop(120);
    const id = await bookAndPay(w);
    const res = await cancel(w, 'Go test');
    expect(res.status).toBe(422);
    expect((await res.json()).errors).toEqual([expect.objectContaining({ field: 'confirm_name' })]);
    const gql = await s.gql('mutation($i: CancelWorkshopInput!) { cancelWorkshop(input: $i) { bookingsCancelled } }', { i: { workshopId: w, confirmName: 'nope' } }, { authorization: ADMIN_AUTH });
    expect(gql.errors?.[0].extensions?.code).toBe('BAD_USER_INPUT');
    expect((await m().findOneByOrFail(Workshop, { id: w })).cancelledAt).toBeNull();
    expect((await booking(id)).status).toBe('confirmed');
    expect(await m().countBy(AuditEvent, { action: 'workshop.cancelled', workshopId: w })).toBe(0);
    // Without the admin credential: refused.
    expect((await post(`${s.url}/api/admin/workshops/${w}/cancel`, { confirm_name: `Go test ${workshopCount}` })).status).toBe(401);
  });

  it('the cancellation publishes workshopCancelled in its transaction: its subscribers write the audit row and the mails, and one that throws rolls it all back', async () => {
    now = new Date('2026-01-15T12:00:00.000Z');
    expect(s.services.events.subscriberCount('workshopCancelled')).toBe(2);
    const seen: Array<{ workshopId: string; bookings: string[]; onlineRefundCents: number }> = [];
    const failing = await aWorkshop(120);
    s.services.events.on('workshopCancelled', (e) => {
      seen.push({ workshopId: e.workshop.id, bookings: e.cancelled.map((c) => c.booking.id), onlineRefundCents: e.onlineRefundCents });
      if (e.workshop.id === failing) throw new Error('subscriber down');
    });
    const broken = await bookAndPay(failing);
    expect((await cancel(failing, `Go test ${workshopCount}`)).status).toBe(500);
    expect((await m().findOneByOrFail(Workshop, { id: failing })).cancelledAt).toBeNull();
    expect((await booking(broken)).status).toBe('confirmed');
    expect(await m().countBy(AuditEvent, { action: 'workshop.cancelled', workshopId: failing })).toBe(0);
    expect((await m().find(MailOutbox, { where: { kind: 'workshop_cancelled' } })).filter((r) => JSON.stringify(r.payload).includes(broken))).toHaveLength(0);
    const w = await aWorkshop(120);
    const id = await bookAndPay(w);
    expect((await cancel(w, `Go test ${workshopCount}`)).status).toBe(200);
    expect(seen.filter((e) => e.workshopId === w)).toEqual([{ workshopId: w, bookings: [id], onlineRefundCents: expect.any(Number) }]);
    expect(await m().countBy(AuditEvent, { action: 'workshop.cancelled', workshopId: w })).toBe(1);
    expect((await m().find(MailOutbox, { where: { kind: 'workshop_cancelled' } })).filter((r) => JSON.stringify(r.payload).includes(id))).toHaveLength(1);
  });

  it('cancelling a workshop cancels every booking, closes the waiting list, mails everyone; online refunds come after 14 days, offline money is owed', async () => {
    now = new Date('2026-01-15T12:00:00.000Z');
    const w = await aWorkshop(120);
    const online = await bookAndPay(w, { num_participants: 2 });
    const early = await bookAndPay(w);
    const offline = await bookHeld(w);
    expect((await post(`${s.url}/api/admin/bookings/${offline}/payments`, { amount: 3000 }, { authorization: ADMIN_AUTH })).status).toBe(200);
    const held = await bookHeld(w);
    // Fill it and put someone on the waiting list.
    await bookAndPay(w, { num_participants: 7 });
    const joined = await post(`${s.url}/api/workshops/${w}/waitlist`, { name: 'Wai Ting', email: `wait-${kind}@example.com`, spots: 2 });
    expect(joined.status).toBe(201);
    // Confirmed by its mail link: only a waiting (confirmed) entry is told of the cancellation (docs/decisions/067).
    await confirmByMail(s, (await joined.json()).id);

    const name = (await m().findOneByOrFail(Workshop, { id: w })).name;
    const res = await cancel(w, `  ${name} `);
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body).toMatchObject({ bookings_cancelled: 5, online_refund: 6000 + 3000 + 21000, offline_refund: 3000, waitlist_closed: 1, workshop: { cancelled: true } });
    for (const id of [online, early, offline, held]) expect((await booking(id)).status).toBe('cancelled');
    expect((await m().findOneByOrFail(WaitlistEntry, { workshopId: w })).state).toBe('removed');
    // The person waiting is told too.
    const closed = (await m().find(MailOutbox, { where: { kind: 'waitlist_closed' } })).filter((r) => r.recipient === `wait-${kind}@example.com`);
    expect(closed).toHaveLength(1);
    expect((await s.services.outbox.render(closed[0], { origin: 'https://wild.test' })).text).toContain('its waiting list is closed');
    // Everyone gets a mail with the manage link; nothing went to Stripe yet.
    const sent = await m().find(MailOutbox, { where: { kind: 'workshop_cancelled' } });
    for (const id of [online, early, offline, held]) expect(sent.filter((r) => JSON.stringify(r.payload).includes(id))).toHaveLength(1);
    const mail = await s.services.outbox.render(sent.find((r) => JSON.stringify(r.payload).includes(online))!, { origin: 'https://wild.test' });
    expect(mail.subject).toBe(`${name} (${(await m().findOneByOrFail(Workshop, { id: w })).dates}) is cancelled`);
    expect(mail.text).toContain('Refund $6,000 to my card now');
    expect(mail.text).toContain('Take a credit of $6,000');
    expect(mail.text).toContain('A credit is a balance of $6,000, valid for 5 years');
    expect(mail.text).toContain(`If you do nothing, $6,000 goes back to your card on`);
    expect(mail.text).toContain(`/manage/${online}#`);
    // Issue 21: a cancelled booking owes nothing and says so; its money is still to come back.
    expect(mail.text).toMatch(/^Still to refund: +\$6,000$/m);
    expect(mail.text).toMatch(/^Balance due: +Nothing: the booking is cancelled$/m);
    expect(mail.text).not.toMatch(/^Balance: |^Refunded: /m);
    const heldMail = await s.services.outbox.render(sent.find((r) => JSON.stringify(r.payload).includes(held))!, { origin: 'https://wild.test' });
    expect(heldMail.text).toContain('Nothing was charged for this booking.');
    expect(refundsAtStripe(online)).toHaveLength(0);
    expect((await m().findBy(BookingRefund, { bookingId: online })).map((r) => [r.amountCents, r.state, r.reason])).toEqual([[600_000, 'pending', 'workshop_cancelled']]);
    // Offline money is an owed refund for the admin.
    expect((await m().findBy(BookingRefund, { bookingId: offline })).map((r) => [r.amountCents, r.method, r.state])).toEqual([[300_000, 'offline', 'owed']]);
    expect(await m().countBy(AuditEvent, { action: 'workshop.cancelled', workshopId: w })).toBe(1);
    // Not bookable any more, over REST and GraphQL; lists say cancelled; a second cancellation is refused.
    const again = await book(w);
    expect(again.status).toBe(409);
    expect((await again.json()).code).toBe('WORKSHOP_CANCELLED');
    expect((await s.gql<{ workshop: { cancelled: boolean } }>('query($id: ID!) { workshop(id: $id) { cancelled } }', { id: w })).data!.workshop.cancelled).toBe(true);
    const twice = await cancel(w, name);
    expect([twice.status, (await twice.json()).code]).toEqual([409, 'WORKSHOP_ALREADY_CANCELLED']);
    expect(await goNoGo(w)).toMatchObject({ state: 'cancelled' });

    // The manage page offers the choice; one customer takes the refund now.
    expect((await credits(early)).credit_choice).toMatchObject({ amount: 3000, online: 3000, refund_date: new Date(now.getTime() + 14 * DAY).toISOString().slice(0, 10) });
    const now1 = await s.gql<{ refundMyCancelledWorkshopNow: { refunds: Array<{ state: string }> } }>('mutation($i: ManageBookingInput!) { refundMyCancelledWorkshopNow(input: $i) { refunds { state amount } } }', { i: { bookingId: early, token: tokenOf(early) } });
    expect(now1.errors).toBeUndefined();
    expect(now1.data!.refundMyCancelledWorkshopNow.refunds).toEqual([expect.objectContaining({ state: 'succeeded', amount: 3000 })]);
    expect(refundsAtStripe(early).map((r) => r.amount)).toEqual([300_000]);

    // 13 days later nothing else has moved; after 14 days the jobs refund every online payment, once.
    now = new Date(now.getTime() + 13 * DAY);
    await runJobs();
    expect(refundsAtStripe(online)).toHaveLength(0);
    now = new Date(now.getTime() + 1 * DAY + 60_000);
    await runJobs();
    await runJobs();
    expect(refundsAtStripe(online).map((r) => r.amount)).toEqual([600_000]);
    expect(refundsAtStripe(early)).toHaveLength(1);
    expect(await booking(online)).toMatchObject({ paymentStatus: 'refunded', amountRefundedCents: 600_000 });
    // The choice is over.
    expect((await credits(online)).credit_choice).toBeNull();
    const late = await post(`${s.url}/api/manage/${online}/take-credit`, { token: tokenOf(online) });
    expect([late.status, (await late.json()).code]).toEqual([409, 'NO_REFUND_WAITING']);
    now = new Date('2026-01-15T12:00:00.000Z');
  });

  it('choosing a credit cancels the refund and issues a credit (a balance, valid 5 years): two parallel bookings with the code spend it once', async () => {
    now = new Date('2026-01-15T12:00:00.000Z');
    const w = await aWorkshop(120);
    const id = await bookAndPay(w);
    const offline = await bookHeld(w);
    expect((await post(`${s.url}/api/admin/bookings/${offline}/payments`, { amount: 1000 }, { authorization: ADMIN_AUTH })).status).toBe(200);
    const name = (await m().findOneByOrFail(Workshop, { id: w })).name;
    expect((await cancel(w, name)).status).toBe(200);

    const taken = await post(`${s.url}/api/manage/${id}/take-credit`, { token: tokenOf(id) });
    expect(taken.status).toBe(201);
    const credit = await taken.json();
    expect(credit).toMatchObject({ amount: 3000, balance: 3000, used: false, state: 'issued', expires_at: '2031-01-15T12:00:00.000Z' });
    expect(credit.code).toMatch(/^WL-[2-9A-HJKMNP-Z]{4}-[2-9A-HJKMNP-Z]{4}-[2-9A-HJKMNP-Z]{4}$/);
    // The pending refund is replaced; the booking stays refunded (in credit); Stripe never hears of it.
    expect((await m().findBy(BookingRefund, { bookingId: id })).map((r) => [r.amountCents, r.method, r.state]).sort()).toEqual([
      [300_000, 'card', 'credited'],
      [300_000, 'credit', 'succeeded'],
    ]);
    expect(await booking(id)).toMatchObject({ paymentStatus: 'refunded', amountRefundedCents: 300_000 });
    expect((await post(`${s.url}/api/manage/${id}/take-credit`, { token: tokenOf(id) })).status).toBe(409);
    // The offline customer may take a credit too: the owed refund is no longer owed.
    expect((await post(`${s.url}/api/manage/${offline}/take-credit`, { token: tokenOf(offline) })).status).toBe(201);
    expect((await m().findOneByOrFail(BookingRefund, { bookingId: offline, method: 'offline' as never })).state).toBe('credited');
    now = new Date(now.getTime() + 15 * DAY);
    await runJobs();
    expect(refundsAtStripe(id)).toHaveLength(0);
    // The manage page shows the credit (GraphQL too).
    const view = await s.gql<{ bookingAccount: { credits: Array<{ code: string; amount: number; used: boolean }>; creditChoice: unknown } }>(
      'query($id: ID!, $t: String!) { bookingAccount(bookingId: $id, token: $t) { credits { code amount used } creditChoice { amount } } }',
      { id, t: tokenOf(id) },
    );
    expect(view.data!.bookingAccount).toEqual({ credits: [{ code: credit.code, amount: 3000, used: false }], creditChoice: null });
    // A credit is a balance of the gift cards' kind: its code kept, the source booking named.
    expect(await m().findOneByOrFail(GiftCard, { code: credit.code })).toMatchObject({ kind: 'credit', state: 'active', initialCents: 300_000, balanceCents: 300_000, sourceBookingId: id });
    expect(await m().countBy(AuditEvent, { action: 'credit.issued', bookingId: id })).toBe(1);

    // Two parallel bookings of a dearer workshop with the same code: one wins, the other is refused naming credit_code.
    const next = await aWorkshop(200, 400_000);
    const code = credit.code.toLowerCase().replace(/-/g, ' ');
    const [a, b] = await Promise.all([book(next, { credit_code: code }), book(next, { credit_code: credit.code })]);
    const statuses = [a.status, b.status].sort();
    expect(statuses).toEqual([201, 422]);
    const loser = a.status === 422 ? a : b;
    expect((await loser.json()).errors).toEqual([{ field: 'credit_code', message: 'credit_code is not a valid credit code or has been used' }]);
    const winner = (await (a.status === 201 ? a : b).json()) as { id: string };
    // Full payment of $4,000: the $3,000 credit leaves $1,000 to pay at checkout; the booking stays held until then.
    const held = await booking(winner.id);
    expect(held).toMatchObject({ status: 'held', amountPaidCents: 300_000, dueNowCents: 100_000 });
    const start = await pay(winner.id);
    expect(stripe.sessions.get(start.session_id)!.amount_total).toBe(100_000);
    expect(await booking(winner.id)).toMatchObject({ status: 'confirmed', paymentStatus: 'paid', amountPaidCents: 400_000 });
    expect((await credits(id)).credits).toEqual([expect.objectContaining({ code: credit.code, used: true, balance: 0 })]);
    const spentCard = await m().findOneByOrFail(GiftCard, { code: credit.code });
    expect(spentCard.balanceCents).toBe(0);
    expect((await m().findBy(GiftCardUse, { giftCardId: spentCard.id })).map((u) => [u.bookingId, u.amountCents])).toEqual([[winner.id, 300_000]]);
    expect(await m().countBy(AuditEvent, { action: 'credit.used', bookingId: winner.id })).toBe(1);
    // Used is used, and answers exactly as a code that never existed (issue 21 finding 12: no telling them apart).
    const used = await book(next, { credit_code: credit.code });
    const unknown = await book(next, { credit_code: 'WL-2222-2222' });
    expect([used.status, unknown.status]).toEqual([422, 422]);
    expect(await used.json()).toEqual(await unknown.json());
    now = new Date('2026-01-15T12:00:00.000Z');
  });

  it('a credit that covers the booking confirms it at once (paid); a held booking whose hold lapses gives its credit back', async () => {
    now = new Date('2026-01-15T12:00:00.000Z');
    const w = await aWorkshop(120);
    const id = await bookAndPay(w);
    expect((await cancel(w, (await m().findOneByOrFail(Workshop, { id: w })).name)).status).toBe(200);
    const credit = await (await post(`${s.url}/api/manage/${id}/take-credit`, { token: tokenOf(id) })).json();

    // Over GraphQL, a cheaper workshop: the credit pays it all; the $1,000 left stays on the same code.
    const cheap = await aWorkshop(150, 200_000);
    const gql = await s.gql<{ createBooking: { booking: { id: string; status: string; paymentStatus: string } } }>(
      'mutation($i: BookingInput!) { createBooking(input: $i) { booking { id status paymentStatus } } }',
      {
        i: {
          workshopId: cheap,
          customerName: 'Ana Lopez',
          customerEmail: `credit-${kind}@example.com`,
          customerPhone: '+1 555 010 0100',
          numParticipants: 1,
          roomType: 'shared',
          numSpouses: 0,
          paymentOption: 'deposit',
          age: 40,
          experienceLevel: 'intermediate',
          cameraBody: 'Nikon Z6',
          lenses: '24-70',
          tripGoals: 'Light',
          emergencyContactName: 'Bo Lopez',
          emergencyContactPhone: '+1 555 010 0101',
          emergencyContactEmail: 'bo@example.com',
          creditCode: credit.code,
        },
      },
    );
    expect(gql.errors).toBeUndefined();
    expect(gql.data!.createBooking.booking).toMatchObject({ status: 'confirmed', paymentStatus: 'paid' });
    expect(await m().findBy(GiftCard, { sourceBookingId: gql.data!.createBooking.booking.id })).toEqual([]);
    const rest = [await m().findOneByOrFail(GiftCard, { code: credit.code })];
    expect(rest.map((c) => [c.initialCents, c.balanceCents])).toEqual([[300_000, 100_000]]);
    expect((await credits(id)).credits).toEqual([expect.objectContaining({ code: credit.code, amount: 3000, balance: 1000, used: false })]);

    // That workshop is cancelled too: the money the credit paid comes back as a new credit, never as money owed.
    const paidByCredit = gql.data!.createBooking.booking.id;
    expect((await cancel(cheap, (await m().findOneByOrFail(Workshop, { id: cheap })).name)).status).toBe(200);
    expect((await m().findBy(BookingRefund, { bookingId: paidByCredit })).map((r) => [r.amountCents, r.method, r.state])).toEqual([[200_000, 'credit', 'succeeded']]);
    expect((await m().findBy(GiftCard, { sourceBookingId: paidByCredit })).map((c) => [c.kind, c.initialCents, c.balanceCents])).toEqual([['credit', 200_000, 200_000]]);
    expect((await credits(paidByCredit)).credit_choice).toBeNull();
    const creditMail = (await m().find(MailOutbox, { where: { kind: 'workshop_cancelled' } })).find((r) => JSON.stringify(r.payload).includes(paidByCredit))!;
    expect((await s.services.outbox.render(creditMail, { origin: 'https://wild.test' })).text).toContain(
      'The $2,000 you paid with a credit code comes back to you as a new credit: its code is on your booking page, with a balance of $2,000, valid for 5 years.',
    );

    // A partial credit on a held booking that lapses: the credit is usable again.
    const dear = await aWorkshop(150, 500_000);
    const heldId = await bookHeld(dear, { credit_code: rest[0].code });
    expect(await booking(heldId)).toMatchObject({ status: 'held', amountPaidCents: 100_000, dueNowCents: 400_000 });
    now = new Date(now.getTime() + 2 * 3_600_000);
    await s.services.bookings.releaseExpiredHolds();
    expect((await booking(heldId)).status).toBe('expired');
    expect(await m().findOneByOrFail(GiftCard, { id: rest[0].id })).toMatchObject({ balanceCents: 100_000 });
    expect(await booking(heldId)).toMatchObject({ amountRefundedCents: 100_000 });
    expect((await book(dear, { credit_code: rest[0].code })).status).toBe(201);
    now = new Date('2026-01-15T12:00:00.000Z');
  });
});
