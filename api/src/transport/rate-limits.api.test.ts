import { startTestServer, type TestServer } from '../test/app';
import { MESSAGE_POST_RATE_LIMIT } from '../community/community.types';
import { WAITLIST_JOIN_RATE_LIMIT } from '../waitlist/waitlist.types';
import { aBookingBody, aBookingInput } from '../test/builders';
import { CHECKOUT_RATE_LIMIT } from '../payment/payment.service';
import { SECRET_CHECK_RATE_LIMIT } from './rate-limits';

// The write limits are @fastify/rate-limit's; its window follows Date.now, which this test moves.
describe('HTTP write limits (@fastify/rate-limit)', () => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startTestServer('sqlite');
  });
  afterAll(() => s?.close());
  afterEach(() => jest.restoreAllMocks());

  const body = (message: string) => JSON.stringify({ author_name: 'Ann', author_email: 'ann@example.com', message, topic: 'general' });
  const postRest = (client: string, message: string) =>
    fetch(`${s.url}/api/workshops/zion-canyon-light/messages`, { method: 'POST', headers: { 'content-type': 'application/json', 'x-forwarded-for': client }, body: body(message) });
  const POST = 'mutation P($input: PostMessageInput!) { postMessage(input: $input) { message { id } } }';
  const postGql = (client: string, message: string) =>
    s.gql(POST, { input: { workshopId: 'zion-canyon-light', authorName: 'Ann', authorEmail: 'ann@example.com', message, topic: 'general' } }, { 'x-forwarded-for': client });

  it('REST and GraphQL share one count per client; past it 429 with Retry-After and the limit named; the next window is free again', async () => {
    let now = Date.now();
    jest.spyOn(Date, 'now').mockImplementation(() => now);
    const client = '198.51.100.77';
    for (let i = 0; i < MESSAGE_POST_RATE_LIMIT.limit; i++) {
      if (i % 2) expect((await postRest(client, `rest ${i}`)).status).toBe(201);
      else expect((await postGql(client, `gql ${i}`)).errors).toBeUndefined();
      now += 1000;
    }
    const refused = await postRest(client, 'one too many');
    expect(refused.status).toBe(429);
    const wait = 60 - MESSAGE_POST_RATE_LIMIT.limit;
    expect(Number(refused.headers.get('retry-after'))).toBe(wait);
    expect(await refused.json()).toEqual({ detail: `Too many message posts. Please wait ${wait} seconds and try again.`, code: 'RATE_LIMITED' });
    const refusedGql = await postGql(client, 'one too many');
    expect(refusedGql.errors?.[0]).toMatchObject({ message: expect.stringMatching(/^Too many message posts/), extensions: { code: 'RATE_LIMITED' } });

    // Another client is not affected; the first may post again once the window has passed.
    expect((await postRest('198.51.100.78', 'someone else')).status).toBe(201);
    now += (wait + 1) * 1000;
    expect((await postRest(client, 'later')).status).toBe(201);
    const board = await (await fetch(`${s.url}/api/workshops/zion-canyon-light/messages`)).json();
    expect(board.map((m: { message: string }) => m.message)).not.toContain('one too many');
  });

  it('joining a waiting list has the same kind of per-client limit, shared by REST and GraphQL', async () => {
    const client = '198.51.100.90';
    // A workshop with free spots: each join is refused (409, book instead) after it was counted.
    const joinRest = () =>
      fetch(`${s.url}/api/workshops/zion-canyon-light/waitlist`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-forwarded-for': client },
        body: JSON.stringify({ name: 'Ann', email: 'ann@example.com', spots: 1 }),
      });
    const JOIN = 'mutation J($input: JoinWaitlistInput!) { joinWaitlist(input: $input) { entry { id } } }';
    for (let i = 0; i < WAITLIST_JOIN_RATE_LIMIT.limit; i++) {
      if (i % 2) expect((await joinRest()).status).toBe(409);
      else expect((await s.gql(JOIN, { input: { workshopId: 'zion-canyon-light', name: 'Ann', email: 'ann@example.com', spots: 1 } }, { 'x-forwarded-for': client })).errors?.[0].extensions?.code).toBe('SPOTS_AVAILABLE');
    }
    const refused = await joinRest();
    expect(refused.status).toBe(429);
    expect((await refused.json()).detail).toMatch(/^Too many waiting-list requests/);
  });

  // Issue 21 finding 12: manage-link tokens and credit codes could be tried as fast as a client could send them.
  it('manage-link token checks and credit-code lookups share one per-client count over REST and GraphQL; other calls do not count', async () => {
    const client = '198.51.100.120';
    const created = await fetch(`${s.url}/api/bookings`, { method: 'POST', headers: { 'content-type': 'application/json', 'x-forwarded-for': '198.51.100.119' }, body: JSON.stringify(aBookingBody()) });
    const id = ((await created.json()) as { id: string }).id;
    const token = s.services.accounts.manageUrl(id).split('#')[1];
    const ACCOUNT = 'query A($id: ID!, $t: String!) { bookingAccount(bookingId: $id, token: $t) { booking { id } } }';
    const BOOK = 'mutation B($input: BookingInput!) { createBooking(input: $input) { booking { id } } }';
    const CODE = 'mutation C($i: CodeBalanceInput!) { codeBalance(input: $i) { balanceCents } }';
    const manageRest = (t: string, who = client) => fetch(`${s.url}/api/manage/${id}`, { headers: { 'x-manage-token': t, 'x-forwarded-for': who } });
    const bookRest = (body: Record<string, unknown>, who = client) =>
      fetch(`${s.url}/api/bookings`, { method: 'POST', headers: { 'content-type': 'application/json', 'x-forwarded-for': who }, body: JSON.stringify(aBookingBody(body)) });
    const checks = [
      async () => expect((await manageRest(token)).status).toBe(200),
      async () => expect((await manageRest('x'.repeat(43))).status).toBe(404),
      async () => expect((await s.gql(ACCOUNT, { id, t: 'y'.repeat(43) }, { 'x-forwarded-for': client })).errors?.[0].extensions?.code).toBe('NOT_FOUND'),
      async () => expect((await bookRest({ credit_code: 'WL-2222-2222-2222' })).status).toBe(422),
      async () =>
        expect((await s.gql(BOOK, { input: { ...aBookingInput(), creditCode: 'WL-3333-3333-3333' } }, { 'x-forwarded-for': client })).errors?.[0].extensions?.code).toBe('BAD_USER_INPUT'),
      async () => expect((await fetch(`${s.url}/api/manage/${id}/cancel`, { method: 'POST', headers: { 'content-type': 'application/json', 'x-forwarded-for': client }, body: JSON.stringify({ token: 'z'.repeat(43) }) })).status).toBe(404),
      // The one code box's balance lookup, a credit's or a gift card's (docs/decisions/095).
      async () => expect((await s.gql(CODE, { i: { code: 'WL-4444-4444-4444' } }, { 'x-forwarded-for': client })).errors?.[0].extensions?.code).toBe('BAD_USER_INPUT'),
      async () =>
        expect((await fetch(`${s.url}/api/gift-cards/balance`, { method: 'POST', headers: { 'content-type': 'application/json', 'x-forwarded-for': client }, body: JSON.stringify({ code: 'WL-5555-5555-5555' }) })).status).toBe(422),
    ];
    for (let i = 0; i < SECRET_CHECK_RATE_LIMIT.limit; i++) await checks[i % checks.length]();

    const refused = await manageRest(token);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await refused.json()).detail).toMatch(/^Too many booking link and credit code checks\. Please wait \d+ seconds/);
    expect((await s.gql(ACCOUNT, { id, t: token }, { 'x-forwarded-for': client })).errors?.[0].extensions?.code).toBe('RATE_LIMITED');
    expect((await bookRest({ credit_code: 'WL-2222-2222-2222' })).status).toBe(429);
    expect((await s.gql(CODE, { i: { code: 'WL-4444-4444-4444' } }, { 'x-forwarded-for': client })).errors?.[0].extensions?.code).toBe('RATE_LIMITED');
    // A booking without a code is no check; another client is not affected.
    expect((await bookRest({})).status).toBe(201);
    expect((await manageRest(token, '198.51.100.121')).status).toBe(200);
  });

  // Issue 22: every manage write checks the link (counted as a secret check) before it counts a write, over REST and
  // GraphQL alike; the credit choice's GraphQL fields used to count the write first.
  it('a manage write with a wrong link is NOT_FOUND before the write limit is counted, over REST and GraphQL alike', async () => {
    let now = Date.now();
    jest.spyOn(Date, 'now').mockImplementation(() => now);
    const client = '198.51.100.130';
    const created = await fetch(`${s.url}/api/bookings`, { method: 'POST', headers: { 'content-type': 'application/json', 'x-forwarded-for': '198.51.100.131' }, body: JSON.stringify(aBookingBody()) });
    const id = ((await created.json()) as { id: string }).id;
    // The client spends its whole payment-attempt count (an unknown booking: counted, then NOT_FOUND).
    const checkout = () =>
      fetch(`${s.url}/api/checkout/create-session`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-forwarded-for': client },
        body: JSON.stringify({ booking_id: '00000000-0000-4000-8000-000000000000', origin_url: 'http://localhost' }),
      }).then((r) => r.status);
    for (let sent = 0; sent < CHECKOUT_RATE_LIMIT.limit; sent += 100) {
      expect(new Set(await Promise.all(Array.from({ length: Math.min(100, CHECKOUT_RATE_LIMIT.limit - sent) }, checkout)))).toEqual(new Set([404]));
    }
    expect(await checkout()).toBe(429);
    now += 1000;

    const wrong = 'w'.repeat(43);
    for (const path of ['pay', 'cancel', 'transfer', 'refund-now', 'take-credit']) {
      const res = await fetch(`${s.url}/api/manage/${id}/${path}`, { method: 'POST', headers: { 'content-type': 'application/json', 'x-forwarded-for': client, 'x-manage-token': wrong }, body: JSON.stringify({ workshop_id: 'great-plains-supercells' }) });
      expect([path, res.status, (await res.json()).code]).toEqual([path, 404, 'NOT_FOUND']);
    }
    const input = { bookingId: id, token: wrong };
    const mutations: Array<[field: string, type: string, selection: string, vars: Record<string, unknown>]> = [
      ['payBookingNow', 'ManageBookingInput', '{ url }', input],
      ['cancelMyBooking', 'CancelMyBookingInput', '{ booking { id } }', input],
      ['transferMyBooking', 'TransferMyBookingInput', '{ booking { id } }', { ...input, workshopId: 'great-plains-supercells' }],
      ['refundMyCancelledWorkshopNow', 'ManageBookingInput', '{ booking { id } }', input],
      ['takeCreditInstead', 'ManageBookingInput', '{ booking { id } }', input],
    ];
    for (const [field, type, selection, vars] of mutations) {
      const res = await s.gql(`mutation M($i: ${type}!) { ${field}(input: $i) ${selection} }`, { i: vars }, { 'x-forwarded-for': client });
      expect([field, res.errors?.[0].extensions?.code]).toEqual([field, 'NOT_FOUND']);
    }
    // The write limit itself still holds for this client with the right link.
    const token = s.services.accounts.manageUrl(id).split('#')[1];
    const pay = await fetch(`${s.url}/api/manage/${id}/pay`, { method: 'POST', headers: { 'content-type': 'application/json', 'x-forwarded-for': client, 'x-manage-token': token }, body: '{}' });
    expect(pay.status).toBe(429);
  });
});
