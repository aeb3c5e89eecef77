import { startTestServer, type TestServer } from '../test/app';
import { DB_KINDS } from '../test/db';
import { aBookingBody } from '../test/builders';
import { confirmByMail } from '../test/waitlist';
import { MailOutbox } from '../mail/mail-outbox.entity';
import { Workshop } from '../workshop/workshop.entity';
import { WaitlistEntry } from './waitlist-entry.entity';
import { WaitlistMailKind, type WaitlistMailData } from './waitlist.mails';
import { hashOfferToken } from './waitlist-offers';
import { WaitlistState } from './waitlist.types';
import { OfferSweeper } from './offer-sweeper';

const RIGHT = `Basic ${Buffer.from('admin:correct-horse-battery').toString('base64')}`;
const ORIGIN = 'https://wild.test';
const HOUR = 3_600_000;

describe.each(DB_KINDS)('the waiting list on %s', (kind) => {
  let s: TestServer;
  // Early in the season: every workshop is ahead, the deposit rules do not matter.
  let now = new Date('2026-01-05T10:00:00.000Z');

  beforeAll(async () => {
    s = await startTestServer(kind, {}, undefined, { clock: () => now });
  });
  afterAll(() => s?.close());

  const json = { 'content-type': 'application/json' };
  const book = (body: Record<string, unknown>) => fetch(`${s.url}/api/bookings`, { method: 'POST', headers: json, body: JSON.stringify(aBookingBody({ payment_option: 'full', ...body })) });
  const bookOk = async (workshopId: string, n: number, email = 'ana@example.com') => {
    const res = await book({ workshop_id: workshopId, num_participants: n, customer_email: email });
    expect(res.status).toBe(201);
    return (await res.json()) as { id: string; status: string };
  };
  const join = (workshopId: string, body: Record<string, unknown>) =>
    fetch(`${s.url}/api/workshops/${workshopId}/waitlist`, { method: 'POST', headers: json, body: JSON.stringify(body) });
  const joinOk = async (workshopId: string, name: string, email: string, spots: number) => {
    // People join (and confirm) one after the other: the queue order is the time of confirming.
    now = new Date(now.getTime() + 1000);
    const res = await join(workshopId, { name, email, spots });
    expect(res.status).toBe(201);
    const joined = (await res.json()) as { id: string; state: string };
    expect(joined.state).toBe('pending');
    return confirmByMail(s, joined.id);
  };
  const admin = (method: string, path: string) => fetch(`${s.url}/api/admin${path}`, { method, headers: { authorization: RIGHT } });
  const cancel = async (bookingId: string) => expect((await admin('POST', `/bookings/${bookingId}/cancel`)).status).toBe(200);
  const workshop = (id: string) => s.services.db.manager.findOneByOrFail(Workshop, { id });
  const entry = (id: string) => s.services.db.manager.findOneByOrFail(WaitlistEntry, { id });
  /** The mails of one entry, newest last, rendered. */
  const mailsOf = async (entryId: string, kindOfMail: string) => {
    const rows = (await s.services.db.manager.find(MailOutbox, { where: { kind: kindOfMail }, order: { createdAt: 'ASC' } })).filter(
      (r) => (r.payload as WaitlistMailData).entryId === entryId,
    );
    return Promise.all(rows.map(async (row) => ({ row, mail: await s.services.outbox.render(row, { origin: ORIGIN }) })));
  };
  /** The offer token of an entry's offer mail (the entry itself stores only its hash). */
  const tokenOf = async (entryId: string) => {
    const [offer] = await mailsOf(entryId, WaitlistMailKind.waitlistOffer);
    return (offer.row.payload as WaitlistMailData).offerToken!;
  };
  /** Sells every spot of a workshop: bookings of `sizes` participants (they add up to 12). */
  const fill = async (workshopId: string, sizes: number[]) => {
    const ids: string[] = [];
    for (const [i, n] of sizes.entries()) ids.push((await bookOk(workshopId, n, `filler${i}@example.com`)).id);
    expect((await workshop(workshopId)).availableSpots).toBe(0);
    return ids;
  };

  it('joins a sold-out workshop over REST and GraphQL, each with a mail once confirmed; refuses bad input naming the field', async () => {
    const id = 'yellowstone-winter-wildlife';
    await fill(id, [12]);
    const res = await join(id, { name: '  Mia Chen ', email: 'Mia@Example.com', spots: 2 });
    expect(res.status).toBe(201);
    const joined = await res.json();
    expect(joined).toMatchObject({ workshop_id: id, name: 'Mia Chen', spots: 2, state: 'pending' });
    expect(joined).not.toHaveProperty('email');
    expect(await entry(joined.id)).toMatchObject({ email: 'mia@example.com', offerTokenHash: null });
    // "You are on the list" only once the address is confirmed (docs/decisions/067).
    expect(await mailsOf(joined.id, WaitlistMailKind.waitlistJoined)).toEqual([]);
    expect((await confirmByMail(s, joined.id)).state).toBe('waiting');

    const [mail] = await mailsOf(joined.id, WaitlistMailKind.waitlistJoined);
    expect(mail.row.recipient).toBe('mia@example.com');
    expect(mail.mail.subject).toMatch(/^You are on the waiting list: .+, Feb 2-7, 2026$/);
    expect(mail.mail.text).toContain('Thank you, Mia!');
    expect(mail.mail.text).toContain('waiting list for 2 spots');

    const gql = await s.gql<{ joinWaitlist: { entry: { name: string; spots: number; state: string } } }>(
      `mutation($i: JoinWaitlistInput!) { joinWaitlist(input: $i) { entry { name spots state } } }`,
      { i: { workshopId: id, name: 'Leo Park', email: 'leo@example.com', spots: 1 } },
    );
    expect(gql.data!.joinWaitlist.entry).toEqual({ name: 'Leo Park', spots: 1, state: 'pending' });

    const refused = async (body: Record<string, unknown>, field: string, status = 422) => {
      const r = await join(id, { name: 'Zoe', email: 'zoe@example.com', spots: 1, ...body });
      expect(r.status).toBe(status);
      expect((await r.json()).errors.map((e: { field: string }) => e.field)).toContain(field);
    };
    await refused({ spots: 0 }, 'spots');
    await refused({ spots: 13 }, 'spots');
    await refused({ spots: 1.5 }, 'spots');
    await refused({ name: 'Zoe\u0007' }, 'name');
    await refused({ name: 'Zoe \u202Eevil' }, 'name');
    await refused({ name: '   ' }, 'name');
    await refused({ email: 'not-an-email' }, 'email');
    // The same address twice, whatever its case.
    await refused({ email: 'MIA@example.com' }, 'email', 409);
    expect(await (await join(id, { name: 'Zoe', email: 'MIA@example.com', spots: 1 })).json()).toMatchObject({ code: 'ALREADY_WAITING' });
    expect((await join('no-such-workshop', { name: 'Zoe', email: 'zoe@example.com', spots: 1 })).status).toBe(404);
    // Free spots: book them instead.
    const r = await join('nyc-portrait-posing', { name: 'Zoe', email: 'zoe@example.com', spots: 2 });
    expect(r.status).toBe(409);
    expect(await r.json()).toMatchObject({ code: 'SPOTS_AVAILABLE', errors: [{ field: 'spots', message: expect.stringContaining('12 spots are free') }] });
  });

  it('refuses to join the waiting list of a workshop that has started or was cancelled, whatever its free spots say', async () => {
    const body = { name: 'Zoe', email: 'zoe.late@example.com', spots: 1 };
    const saved = now;
    try {
      // Yellowstone runs Feb 2-7, 2026: on its second day nobody waits for it any more.
      now = new Date('2026-02-03T18:00:00.000Z');
      const started = await join('yellowstone-winter-wildlife', body);
      expect(started.status).toBe(409);
      expect(await started.json()).toMatchObject({ code: 'WORKSHOP_STARTED', detail: expect.stringContaining('its waiting list is closed'), errors: [{ field: 'workshop_id' }] });
    } finally {
      now = saved;
    }
    // A cancelled workshop has all its spots free, and still takes no one.
    const id = 'nyc-portrait-posing';
    await s.services.db.manager.update(Workshop, { id }, { cancelledAt: now });
    try {
      const cancelled = await join(id, body);
      expect(cancelled.status).toBe(409);
      expect(await cancelled.json()).toMatchObject({ code: 'WORKSHOP_CANCELLED', detail: expect.stringContaining('its waiting list is closed'), errors: [{ field: 'workshop_id' }] });
      const gql = await s.gql(`mutation($i: JoinWaitlistInput!) { joinWaitlist(input: $i) { entry { id } } }`, { i: { workshopId: id, ...body } });
      expect(gql.errors?.[0].extensions?.code).toBe('WORKSHOP_CANCELLED');
    } finally {
      await s.services.db.manager.update(Workshop, { id }, { cancelledAt: null });
    }
    expect(await s.services.db.manager.countBy(WaitlistEntry, { email: body.email })).toBe(0);
  });

  it('a cancellation makes an offer that holds the spots, with its mail and link; the next booking sees none of them', async () => {
    const id = 'zion-canyon-light';
    const [, two] = await fill(id, [10, 2]);
    const tooBig = await joinOk(id, 'Big Group', 'big@example.com', 3);
    const first = await joinOk(id, 'Ana First', 'first@example.com', 2);
    const second = await joinOk(id, 'Ben Second', 'second@example.com', 1);

    await cancel(two);
    // The 3-spot request does not fit 2 spots: the first request that fits gets them.
    expect(await entry(tooBig.id)).toMatchObject({ state: WaitlistState.waiting });
    const offered = await entry(first.id);
    expect(offered).toMatchObject({ state: WaitlistState.offered });
    expect(offered.offerExpiresAt!.getTime() - now.getTime()).toBe(48 * HOUR);
    expect(await entry(second.id)).toMatchObject({ state: WaitlistState.waiting });
    expect((await workshop(id)).spotsClaimed).toBe(12);

    const [mail] = await mailsOf(first.id, WaitlistMailKind.waitlistOffer);
    const token = (mail.row.payload as WaitlistMailData).offerToken!;
    expect(offered.offerTokenHash).toBe(hashOfferToken(token));
    expect(offered.offerTokenHash).not.toContain(token);
    expect(mail.row.recipient).toBe('first@example.com');
    expect(mail.mail.html).toContain(`${ORIGIN}/booking/${id}?offer=${token}`);
    expect(mail.mail.text).toContain('2 spots opened up');
    expect(mail.mail.text).toMatch(/Held until:\s+Wed, Jan 7, 2026, \d+:00 [AP]M MST/);

    const sold = await book({ workshop_id: id, num_participants: 1, customer_email: 'late@example.com' });
    expect(sold.status).toBe(409);
    expect((await sold.json()).code).toBe('SOLD_OUT');

    // The booking form reads the offer of the link.
    const view = await s.gql<{ waitlistOffer: { spots: number; name: string; email: string; expiresAt: string } }>(
      `query($w: ID!, $t: String!) { waitlistOffer(workshopId: $w, offerToken: $t) { spots name email expiresAt } }`,
      { w: id, t: token },
    );
    expect(view.data!.waitlistOffer).toEqual({ spots: 2, name: 'Ana First', email: 'first@example.com', expiresAt: offered.offerExpiresAt!.toISOString() });
  });

  it('a rush of parallel bookings never takes offered spots and never oversells', async () => {
    const id = 'alaska-bears-glaciers';
    const [six] = await fill(id, [6, 6]);
    const waiting = await joinOk(id, 'Rush Waiter', 'waiter@example.com', 3);
    await cancel(six);
    expect(await entry(waiting.id)).toMatchObject({ state: WaitlistState.offered });
    expect((await workshop(id)).availableSpots).toBe(3);

    const results = await Promise.all(
      Array.from({ length: 16 }, (_, i) => book({ workshop_id: id, num_participants: 1, customer_email: `rush${i}@example.com` }).then((r) => r.status)),
    );
    expect(results.filter((st) => st === 201)).toHaveLength(3);
    expect(results.filter((st) => st !== 201).every((st) => st === 409)).toBe(true);
    const after = await workshop(id);
    expect(after.spotsClaimed).toBe(after.capacity);

    // The offer still books its 3 spots, without a new claim.
    const res = await book({ workshop_id: id, num_participants: 3, customer_email: 'waiter@example.com', offer_token: await tokenOf(waiting.id) });
    expect(res.status).toBe(201);
    expect((await workshop(id)).spotsClaimed).toBe(12);
  });

  it('books with the offer token once: the entry is booked, the spots are not claimed twice; wrong tokens name offer_token', async () => {
    const id = 'arizona-monsoon-lightning';
    const [two] = await fill(id, [2, 10]);
    const waiting = await joinOk(id, 'Ana Offer', 'offer@example.com', 2);
    await cancel(two);
    const token = await tokenOf(waiting.id);

    const wrong = await book({ workshop_id: id, num_participants: 2, offer_token: 'not-a-token' });
    expect(wrong.status).toBe(422);
    expect((await wrong.json()).errors[0].field).toBe('offer_token');
    const otherWorkshop = await book({ workshop_id: 'zion-canyon-light', num_participants: 1, offer_token: token });
    expect(otherWorkshop.status).toBe(422);
    expect((await otherWorkshop.json()).errors[0].field).toBe('offer_token');
    const tooMany = await book({ workshop_id: id, num_participants: 3, offer_token: token });
    expect(tooMany.status).toBe(422);
    expect((await tooMany.json()).errors[0].field).toBe('num_participants');

    const res = await book({ workshop_id: id, num_participants: 2, customer_email: 'offer@example.com', offer_token: token });
    expect(res.status).toBe(201);
    const booking = await res.json();
    expect(booking).toMatchObject({ status: 'held', num_participants: 2, workshop_id: id });
    expect(await entry(waiting.id)).toMatchObject({ state: WaitlistState.booked, bookingId: booking.id });
    expect((await workshop(id)).spotsClaimed).toBe(12);

    const again = await book({ workshop_id: id, num_participants: 2, offer_token: token });
    expect(again.status).toBe(409);
    expect(await again.json()).toMatchObject({ code: 'OFFER_UNAVAILABLE', errors: [{ field: 'offer_token', message: 'This offer was already used to book' }] });
    // Over GraphQL the field keeps its name.
    const gql = await s.gql(`query($w: ID!, $t: String!) { waitlistOffer(workshopId: $w, offerToken: $t) { spots } }`, { w: id, t: token });
    expect(gql.errors?.[0].extensions?.code).toBe('OFFER_UNAVAILABLE');
  });

  it('an unused offer lapses after 48 hours (one sweep wins) and passes to the next fitting entry with its own mail', async () => {
    const id = 'olympic-coast-rainforest';
    const [two] = await fill(id, [2, 10]);
    const first = await joinOk(id, 'Slow Sam', 'slow@example.com', 2);
    const next = await joinOk(id, 'Next Nia', 'next@example.com', 2);
    await cancel(two);
    const token = await tokenOf(first.id);
    const sweepers = [new OfferSweeper(s.services, s.services.logger), new OfferSweeper(s.services, s.services.logger)];

    now = new Date(now.getTime() + 47 * HOUR);
    expect(await sweepers[0].sweep()).toBe(0);
    expect(await entry(first.id)).toMatchObject({ state: WaitlistState.offered });

    now = new Date(now.getTime() + 1 * HOUR + 1000);
    // Offers of the earlier tests lapse too: each lapses once, whichever sweeper gets it.
    const due = await s.services.db.manager.countBy(WaitlistEntry, { state: WaitlistState.offered });
    const swept = await Promise.all(sweepers.map((w) => w.sweep()));
    expect(swept.reduce((a, b) => a + b, 0)).toBe(due);
    expect(await entry(first.id)).toMatchObject({ state: WaitlistState.lapsed });
    const passed = await entry(next.id);
    expect(passed).toMatchObject({ state: WaitlistState.offered });
    expect(passed.offerExpiresAt!.getTime()).toBe(now.getTime() + 48 * HOUR);
    expect(await mailsOf(next.id, WaitlistMailKind.waitlistOffer)).toHaveLength(1);
    expect((await workshop(id)).spotsClaimed).toBe(12);

    const late = await book({ workshop_id: id, num_participants: 2, offer_token: token });
    expect(late.status).toBe(409);
    expect((await late.json()).errors[0]).toMatchObject({ field: 'offer_token', message: expect.stringContaining('expired') });
  });

  it('admin: lists a workshop’s entries and offers (REST and GraphQL) and removes an entry; an open offer passes on', async () => {
    const id = 'grand-teton-autumn';
    const [three] = await fill(id, [3, 9]);
    const offeredFirst = await joinOk(id, 'Olga Offered', 'olga@example.com', 3);
    const waitingNext = await joinOk(id, 'Walt Waiting', 'walt@example.com', 3);
    await cancel(three);

    const list = await admin('GET', `/workshops/${id}/waitlist`);
    expect(list.status).toBe(200);
    const rows = await list.json();
    expect(rows.map((r: { name: string; state: string }) => [r.name, r.state])).toEqual([
      ['Olga Offered', 'offered'],
      ['Walt Waiting', 'waiting'],
    ]);
    expect(rows[0]).toMatchObject({ email: 'olga@example.com', spots: 3, offered_at: now.toISOString(), booking_id: null });
    expect(rows[0]).not.toHaveProperty('offer_token_hash');
    const gql = await s.gql<{ adminWaitlist: Array<{ email: string; state: string }> }>(`query($w: ID!) { adminWaitlist(workshopId: $w) { email state offerExpiresAt } }`, { w: id }, { authorization: RIGHT });
    expect(gql.data!.adminWaitlist.map((e) => e.state)).toEqual(['offered', 'waiting']);
    const anonymous = await s.gql(`query($w: ID!) { adminWaitlist(workshopId: $w) { email } }`, { w: id });
    expect(anonymous.errors?.[0].extensions?.code).toBe('UNAUTHENTICATED');
    expect((await fetch(`${s.url}/api/admin/workshops/${id}/waitlist`)).status).toBe(401);

    const removed = await admin('DELETE', `/waitlist/${offeredFirst.id}`);
    expect(removed.status).toBe(200);
    expect(await removed.json()).toMatchObject({ state: 'removed' });
    expect(await entry(waitingNext.id)).toMatchObject({ state: WaitlistState.offered });
    expect((await workshop(id)).spotsClaimed).toBe(12);
    expect((await admin('DELETE', `/waitlist/${offeredFirst.id}`)).status).toBe(409);

    const viaGraphql = await s.gql<{ removeWaitlistEntry: { entry: { state: string } } }>(
      `mutation($i: RemoveWaitlistEntryInput!) { removeWaitlistEntry(input: $i) { entry { state } } }`,
      { i: { entryId: waitingNext.id } },
      { authorization: RIGHT },
    );
    expect(viaGraphql.data!.removeWaitlistEntry.entry.state).toBe('removed');
    // Nobody left waiting: the spots are back on sale.
    expect((await workshop(id)).availableSpots).toBe(3);
    expect((await admin('DELETE', '/waitlist/00000000-0000-4000-8000-000000000000')).status).toBe(404);
  });
});
