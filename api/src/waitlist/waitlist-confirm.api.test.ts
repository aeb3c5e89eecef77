import { startTestServer, type TestServer } from '../test/app';
import { DB_KINDS } from '../test/db';
import { aBookingBody } from '../test/builders';
import { TestSmtpServer, type ReceivedMail } from '../test/smtp';
import { MailOutbox } from '../mail/mail-outbox.entity';
import { MailWorker } from '../mail/mail-worker';
import { Workshop } from '../workshop/workshop.entity';
import { WaitlistEntry } from './waitlist-entry.entity';
import { WaitlistMailKind, type WaitlistMailData } from './waitlist.mails';
import { DEFAULT_WAITLIST_LIMITS, WaitlistState } from './waitlist.types';
import { OfferSweeper } from './offer-sweeper';

/* eslint-disable @typescript-eslint/no-require-imports */
const { solveChallenge }: typeof import('altcha-lib', { with: { 'resolution-mode': 'import' } }) = require('altcha-lib');
const { deriveKey }: typeof import('altcha-lib/algorithms/pbkdf2', { with: { 'resolution-mode': 'import' } }) = require('altcha-lib/algorithms/pbkdf2');
/* eslint-enable @typescript-eslint/no-require-imports */

/** Cheap challenges: the tests check the rules, not the cost. */
const CHEAP_WORK = { cost: 1, counterMin: 1, counterMax: 30, lifetimeMs: 10 * 60_000 };
const RIGHT = `Basic ${Buffer.from('admin:correct-horse-battery').toString('base64')}`;
const ORIGIN = 'https://wild.test';
const HOUR = 3_600_000;
const JOIN = `mutation($i: JoinWaitlistInput!) { joinWaitlist(input: $i) { entry { id state } } }`;
const CONFIRM = `mutation($i: ConfirmWaitlistEntryInput!) { confirmWaitlistEntry(input: $i) { entry { id state } workshopName position } }`;

/**
 * Issue 21 findings 6 and 10 (docs/decisions/067): an entry is confirmed by its
 * email before it waits, gets offers or the "you are on the list" mail; one
 * client cannot add addresses by the dozen. Mails are read as their recipient
 * reads them: delivered by the mail worker to a real SMTP server.
 */
describe.each(DB_KINDS)('waiting-list confirmation and limits on %s', (kind) => {
  let s: TestServer;
  let smtp: TestSmtpServer;
  let worker: MailWorker;
  let now = new Date('2026-01-05T10:00:00.000Z');
  let visitor = 0;

  beforeAll(async () => {
    smtp = await new TestSmtpServer().start();
    s = await startTestServer(kind, { SMTP_URL: smtp.url, PUBLIC_ORIGIN: ORIGIN }, undefined, {
      clock: () => now,
      waitlistLimits: DEFAULT_WAITLIST_LIMITS,
      proofOfWork: CHEAP_WORK,
    });
    worker = new MailWorker(s.services, s.services.logger);
  });
  afterAll(async () => {
    await worker?.stop();
    await s?.close();
    await smtp?.stop();
  });
  beforeEach(() => {
    // A new visitor (address) per test, an hour later.
    visitor++;
    now = new Date(now.getTime() + HOUR);
  });

  const ip = (n = visitor) => `198.51.100.${n}`;
  const headers = (from = ip()) => ({ 'content-type': 'application/json', 'x-forwarded-for': from });
  const post = (path: string, body: Record<string, unknown>, from = ip()) => fetch(`${s.url}/api${path}`, { method: 'POST', headers: headers(from), body: JSON.stringify(body) });
  const join = (workshopId: string, body: Record<string, unknown>, from = ip()) => post(`/workshops/${workshopId}/waitlist`, body, from);
  const confirm = (entryId: string, token: unknown, from = ip()) => post(`/waitlist/${entryId}/confirm`, { token }, from);
  const admin = (method: string, path: string) => fetch(`${s.url}/api/admin${path}`, { method, headers: { authorization: RIGHT } });
  const entry = (id: string) => s.services.db.manager.findOneByOrFail(WaitlistEntry, { id });
  const workshop = (id: string) => s.services.db.manager.findOneByOrFail(Workshop, { id });
  /** Sells every spot left: one booking per size (inside the app's address, no hold guard in this server). */
  const fill = async (workshopId: string, sizes: number[]) => {
    const ids: string[] = [];
    for (const [i, n] of sizes.entries()) {
      const res = await fetch(`${s.url}/api/bookings`, {
        method: 'POST',
        headers: headers('192.0.2.1'),
        body: JSON.stringify(aBookingBody({ payment_option: 'full', workshop_id: workshopId, num_participants: n, customer_email: `filler${i}.${workshopId}@example.com` })),
      });
      expect(res.status).toBe(201);
      ids.push(((await res.json()) as { id: string }).id);
    }
    expect((await workshop(workshopId)).availableSpots).toBe(0);
    return ids;
  };
  const solved = async (): Promise<string> => {
    const challenge = await (await fetch(`${s.url}/api/altcha/challenge`)).json();
    const solution = await solveChallenge({ challenge, deriveKey });
    return Buffer.from(JSON.stringify({ challenge, solution })).toString('base64');
  };
  /** Deliver what the outbox holds, then the mails an address received. */
  const inbox = async (address: string): Promise<ReceivedMail[]> => {
    await worker.runOnce();
    return smtp.to(address);
  };
  /** The confirmation link in a mail's text, as the recipient clicks it. */
  const linkIn = (mail: ReceivedMail) => {
    const found = /https:\/\/wild\.test\/waitlist\/confirm\/([0-9a-f-]{36})#([A-Za-z0-9_-]+)/.exec(mail.parsed.text ?? '');
    expect(found).not.toBeNull();
    return { entryId: found![1], token: found![2] };
  };
  const outboxOf = async (entryId: string) =>
    (await s.services.db.manager.find(MailOutbox, { order: { createdAt: 'ASC' } })).filter((r) => (r.payload as WaitlistMailData)?.entryId === entryId).map((r) => r.kind);

  it('joining sends ONE mail, "confirm your place", without the name given; unconfirmed, the entry gets no offer and no "on the list" mail, then lapses after 24 hours', async () => {
    const id = 'zion-canyon-light';
    const [, two] = await fill(id, [10, 2]);
    const stranger = 'stranger@example.com';
    const res = await join(id, { name: 'Win a prize at http://evil.example', email: stranger, spots: 2 });
    expect(res.status).toBe(201);
    const joined = await res.json();
    expect(joined).toMatchObject({ state: 'pending', confirmed_at: null });

    const [mail, ...more] = await inbox(stranger);
    expect(more).toEqual([]);
    expect(mail.parsed.subject).toBe('Confirm your place on the waiting list: Zion Canyon Light & Slot Canyons, Apr 13-18, 2026');
    expect(mail.parsed.text).not.toContain('evil');
    expect(mail.parsed.text).not.toContain('prize');
    expect(mail.parsed.html).not.toContain('evil');
    expect(mail.parsed.text).toContain('for 2 spots');
    expect(mail.parsed.text).toContain('The link works for 24 hours');
    expect(mail.parsed.text).toContain('Not you? Ignore this email');
    expect(linkIn(mail).entryId).toBe(joined.id);

    // Spots come back: nobody confirmed is waiting, so they go back on sale; the pending entry gets nothing.
    await admin('POST', `/bookings/${two}/cancel`);
    expect(await entry(joined.id)).toMatchObject({ state: WaitlistState.pending, offerTokenHash: null });
    expect((await workshop(id)).availableSpots).toBe(2);
    expect(await inbox(stranger)).toHaveLength(1);
    expect(await outboxOf(joined.id)).toEqual([WaitlistMailKind.waitlistConfirm]);

    // GraphQL joins pending too.
    const gql = await s.gql<{ joinWaitlist: { entry: { state: string } } }>(JOIN, { i: { workshopId: 'arizona-monsoon-lightning', name: 'Leo', email: 'leo.pending@example.com', spots: 13 } }, { 'x-forwarded-for': ip() });
    expect(gql.errors?.[0].extensions?.code).toBe('BAD_USER_INPUT');

    // 24 hours without a click: the sweep lapses it, and the link no longer confirms.
    now = new Date(now.getTime() + 24 * HOUR + 1000);
    await new OfferSweeper(s.services, s.services.logger).sweep();
    expect(await entry(joined.id)).toMatchObject({ state: WaitlistState.lapsed });
    const late = await confirm(joined.id, linkIn(mail).token);
    expect(late.status).toBe(409);
    expect(await late.json()).toMatchObject({ code: 'CONFIRMATION_LINK_CLOSED', errors: [{ field: 'token', message: expect.stringContaining('expired') }] });
    expect(await entry(joined.id)).toMatchObject({ state: WaitlistState.lapsed, confirmedAt: null });
  });

  it('the confirm link: a wrong token is refused and changes nothing; the right one (REST, then GraphQL again) queues the entry, mails "you are on the list" once, and the next spots are offered to it', async () => {
    const id = 'arizona-monsoon-lightning';
    const [two] = await fill(id, [2, 10]);
    const res = await join(id, { name: 'Mia Chen', email: 'mia@example.com', spots: 2 });
    expect(res.status).toBe(201);
    const [mail] = await inbox('mia@example.com');
    const { entryId, token } = linkIn(mail);
    const other = await join(id, { name: 'Other', email: 'other@example.com', spots: 1 });
    const otherId = (await other.json()).id as string;

    for (const wrong of ['x'.repeat(32), token.slice(0, -1), `${token}x`]) expect((await confirm(entryId, wrong)).status).toBe(404);
    // Its token opens no other entry.
    expect((await confirm(otherId, token)).status).toBe(404);
    const missing = await confirm(entryId, undefined);
    expect(missing.status).toBe(422);
    expect((await missing.json()).errors[0].field).toBe('token');
    const wrongGql = await s.gql(CONFIRM, { i: { entryId, token: 'y'.repeat(32) } }, { 'x-forwarded-for': ip() });
    expect(wrongGql.errors?.[0].extensions?.code).toBe('NOT_FOUND');
    expect(await entry(entryId)).toMatchObject({ state: WaitlistState.pending, confirmedAt: null });

    const ok = await confirm(entryId, token);
    expect(ok.status).toBe(200);
    expect(await ok.json()).toMatchObject({ id: entryId, state: 'waiting', position: 1, workshop_name: 'Arizona Monsoon Lightning & Desert Storms', confirmed_at: now.toISOString() });
    // Clicked again (GraphQL): the entry as it is, no second mail.
    const again = await s.gql<{ confirmWaitlistEntry: { entry: { state: string }; position: number } }>(CONFIRM, { i: { entryId, token } }, { 'x-forwarded-for': ip() });
    expect(again.data!.confirmWaitlistEntry).toMatchObject({ entry: { state: 'waiting' }, position: 1 });
    const received = await inbox('mia@example.com');
    expect(received.map((m) => m.parsed.subject)).toEqual([
      'Confirm your place on the waiting list: Arizona Monsoon Lightning & Desert Storms, Aug 3-8, 2026',
      'You are on the waiting list: Arizona Monsoon Lightning & Desert Storms, Aug 3-8, 2026',
    ]);
    expect(received[1].parsed.text).toContain('Thank you, Mia!');

    // Spots come back: the confirmed entry is offered them, the unconfirmed one behind it is not.
    await admin('POST', `/bookings/${two}/cancel`);
    expect(await entry(entryId)).toMatchObject({ state: WaitlistState.offered });
    expect(await entry(otherId)).toMatchObject({ state: WaitlistState.pending });
    const offer = (await inbox('mia@example.com'))[2];
    expect(offer.parsed.subject).toMatch(/^Spots are held for you: Arizona Monsoon Lightning & Desert Storms/);
    expect(offer.parsed.text).toContain(`${ORIGIN}/booking/${id}?offer=`);
  });

  it('confirming while spots are free offers them at once; two clicks at the same moment confirm once', async () => {
    const id = 'olympic-coast-rainforest';
    const [two] = await fill(id, [2, 10]);
    expect((await join(id, { name: 'Quick Quinn', email: 'quinn@example.com', spots: 2 })).status).toBe(201);
    const { entryId, token } = linkIn((await inbox('quinn@example.com'))[0]);
    await admin('POST', `/bookings/${two}/cancel`);
    expect((await workshop(id)).availableSpots).toBe(2);

    const answers = await Promise.all([confirm(entryId, token), confirm(entryId, token), confirm(entryId, token)]);
    expect(answers.map((r) => r.status)).toEqual([200, 200, 200]);
    expect(await entry(entryId)).toMatchObject({ state: WaitlistState.offered });
    expect((await workshop(id)).spotsClaimed).toBe(12);
    // Written at the same clock reading: compared as a set.
    expect((await outboxOf(entryId)).sort()).toEqual([WaitlistMailKind.waitlistConfirm, WaitlistMailKind.waitlistJoined, WaitlistMailKind.waitlistOffer].sort());
  });

  it('the customer confirming while the admin removes the entry: one wins, the loser is told, and a removed entry holds no spots', async () => {
    const id = 'great-plains-supercells';
    const [two] = await fill(id, [2, 10]);
    expect((await join(id, { name: 'Race Rae', email: 'rae@example.com', spots: 2 })).status).toBe(201);
    const { entryId, token } = linkIn((await inbox('rae@example.com'))[0]);
    await admin('POST', `/bookings/${two}/cancel`);
    const [confirmed, removed] = await Promise.all([confirm(entryId, token), admin('DELETE', `/waitlist/${entryId}`)]);
    if (removed.status === 409) {
      // The confirmation changed the entry under the admin's compare-and-set: it won (and got the free spots); the admin is told to reload.
      expect(confirmed.status).toBe(200);
      expect(await removed.json()).toMatchObject({ code: 'WAITLIST_ENTRY_CHANGED', detail: 'The entry changed meanwhile; reload and try again' });
      expect(await entry(entryId)).toMatchObject({ state: WaitlistState.offered });
      expect((await admin('DELETE', `/waitlist/${entryId}`)).status).toBe(200);
    } else {
      expect(removed.status).toBe(200);
      // Removed first: the link refuses (409 naming token); confirmed first: the removal released its offer.
      expect([200, 409]).toContain(confirmed.status);
    }
    expect(await entry(entryId)).toMatchObject({ state: WaitlistState.removed });
    // Whatever the order, the spots are free again (an offer made by the confirmation was released by the removal).
    expect((await workshop(id)).availableSpots).toBe(2);
  });

  it('the finding: a client adding 30 addresses a minute gets two in, then CHALLENGE_REQUIRED for every other one, and nothing else is written or mailed (REST)', async () => {
    const id = 'grand-teton-autumn';
    await fill(id, [12]);
    const answers: Response[] = [];
    for (let i = 0; i < 30; i++) {
      now = new Date(now.getTime() + 2000);
      answers.push(await join(id, { name: `Bot ${i}`, email: `bot${i}@example.com`, spots: 1 }));
    }
    expect(answers.map((r) => r.status)).toEqual([201, 201, ...Array(28).fill(428)]);
    expect(await answers[2].json()).toMatchObject({
      code: 'CHALLENGE_REQUIRED',
      detail: expect.stringContaining('Several waiting-list requests were just made from this connection; please confirm you are not a robot'),
      errors: [{ field: 'altcha' }],
    });
    expect(await s.services.db.manager.countBy(WaitlistEntry, { workshopId: id })).toBe(2);
    await worker.runOnce();
    expect(smtp.received.filter((m) => m.to.some((t) => t.startsWith('bot')))).toHaveLength(2);
  });

  it('with solved challenges one client stops at 10 requests a day: 429 with Retry-After naming the limit (REST and GraphQL); none of them is offered anything unconfirmed', async () => {
    const id = 'grand-teton-autumn';
    for (let i = 0; i < 10; i++) {
      now = new Date(now.getTime() + 2000);
      const altcha = i < 2 ? undefined : await solved();
      expect((await join(id, { name: `Solver ${i}`, email: `solver${i}@example.com`, spots: 1, altcha })).status).toBe(201);
    }
    const capped = await join(id, { name: 'Solver 10', email: 'solver10@example.com', spots: 1, altcha: await solved() });
    expect(capped.status).toBe(429);
    const retryAfter = Number(capped.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(23 * 3600);
    expect(retryAfter).toBeLessThanOrEqual(24 * 3600);
    const body = await capped.json();
    expect(body).toMatchObject({ code: 'WAITLIST_LIMIT_REACHED', errors: [{ field: 'spots' }] });
    expect(body.detail).toMatch(/^10 waiting-list requests were made from this connection in the last 24 hours, and at most 10 may be\. Please try again in 24 hours\.$/);
    const gql = await s.gql(JOIN, { i: { workshopId: id, name: 'Solver 11', email: 'solver11@example.com', spots: 1, altcha: await solved() } }, { 'x-forwarded-for': ip() });
    expect(gql.errors?.[0].extensions).toMatchObject({ code: 'WAITLIST_LIMIT_REACHED', retryAfterSeconds: retryAfter });
    expect(await s.services.db.manager.countBy(WaitlistEntry, { workshopId: id, state: WaitlistState.pending })).toBe(12);

    // Spots come back: pending entries are offered nothing; the spots go back on sale.
    const [booking] = await s.services.db.manager.query(`SELECT id FROM bookings WHERE workshop_id = '${id}'`);
    await admin('POST', `/bookings/${booking.id}/cancel`);
    expect(await s.services.db.manager.countBy(WaitlistEntry, { workshopId: id, state: WaitlistState.offered })).toBe(0);
    expect((await workshop(id)).availableSpots).toBe(12);
  });

  it('per email across addresses: open requests of one email ask for at most 24 spots (the hold caps), beyond 12 with a challenge', async () => {
    const [a, b, c] = ['yellowstone-winter-wildlife', 'alaska-bears-glaciers', 'nyc-portrait-posing'];
    for (const w of [a, b, c]) await fill(w, [12]);
    const email = 'group.leader@example.com';
    expect((await join(a, { name: 'Gil', email, spots: 12 }, ip(visitor + 10))).status).toBe(201);
    const second = await join(b, { name: 'Gil', email, spots: 12 }, ip(visitor + 11));
    expect(second.status).toBe(428);
    expect((await second.json()).detail).toMatch(/You already wait for 12 spots; please confirm you are not a robot/);
    expect((await join(b, { name: 'Gil', email, spots: 12, altcha: await solved() }, ip(visitor + 11))).status).toBe(201);
    const third = await join(c, { name: 'Gil', email, spots: 1, altcha: await solved() }, ip(visitor + 12));
    expect(third.status).toBe(429);
    expect(Number(third.headers.get('retry-after'))).toBeGreaterThan(23 * 3600);
    expect((await third.json()).errors[0]).toMatchObject({
      field: 'spots',
      message: expect.stringContaining('24 spots are already asked for on waiting lists under this email address, and at most 24 may be at once (you asked for 1)'),
    });
    expect(await s.services.db.manager.countBy(WaitlistEntry, { email })).toBe(2);
  });

  it('parallel joins from one client with solved challenges never pass the cap (serialised per client)', async () => {
    const id = 'everglades-wading-birds';
    await fill(id, [12]);
    const answers = await Promise.all(
      await Promise.all(Array.from({ length: 14 }, async (_, i) => ({ i, altcha: await solved() }))).then((list) =>
        list.map(({ i, altcha }) => join(id, { name: `Rush ${i}`, email: `rush${i}@example.com`, spots: 1, altcha }).then((r) => r.status)),
      ),
    );
    expect(answers.filter((st) => st === 201)).toHaveLength(10);
    expect(answers.filter((st) => st !== 201).every((st) => st === 429)).toBe(true);
    expect(await s.services.db.manager.countBy(WaitlistEntry, { workshopId: id })).toBe(10);
  });
});
