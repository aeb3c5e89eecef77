import { startTestServer, type TestServer } from '../../test/app';
import { countQueries } from '../../test/query-counter';
import { aBookingBody } from '../../test/builders';

// The answer cache only changes who writes the answer (not the database work), so SQLite is enough.
describe('GraphQL catalog answer cache', () => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startTestServer('sqlite');
  });
  afterAll(() => s?.close());

  const post = (body: string, headers: Record<string, string> = {}) =>
    fetch(`${s.url}/graphql`, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body });

  const headersOf = (res: Response) => {
    const h = Object.fromEntries(res.headers);
    delete h['x-request-id'];
    delete h.date;
    return h;
  };

  it('no GraphQL answer may be stored by a browser or proxy: Cache-Control no-store on reads, cached reads and mutations', async () => {
    const read = JSON.stringify({ query: 'query NoStore { workshops { id } }' });
    for (const res of [await post(read), await post(read), await post(JSON.stringify({ query: 'mutation { __typename }' })), await post('{"query":"{ nope }"}')]) {
      expect(res.headers.get('cache-control')).toBe('no-store');
    }
  });

  it('a cached GraphQL catalog answer is byte-for-byte the executed one, with the same headers', async () => {
    const body = JSON.stringify({ query: 'query Cards { workshops { id name availableSpots } }', operationName: 'Cards' });
    s.services.workshops.catalog.invalidate();
    const counter = countQueries(s.services.db);
    try {
      const first = await post(body);
      const firstText = await first.text();
      const second = await post(body);
      expect(second.status).toBe(200);
      expect(await second.text()).toBe(firstText);
      expect(headersOf(second)).toEqual(headersOf(first));
      expect(counter.queries).toHaveLength(1); // the catalog load only
    } finally {
      counter.restore();
    }
    expect(JSON.parse((await (await post(body)).text())).data.workshops).toHaveLength(11);
  });

  it('sends the security headers and a request id like every other answer', async () => {
    for (const res of [await fetch(`${s.url}/api/workshops`), await fetch(`${s.url}/api/workshops`), await post('{"query":"{ workshops { id } }"}')]) {
      expect(res.status).toBe(200);
      expect(res.headers.get('content-security-policy')).toContain("script-src 'self'");
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
      expect(res.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
    }
    const kept = await fetch(`${s.url}/api/workshops`, { headers: { 'x-request-id': 'trace-12345678' } });
    expect(kept.headers.get('x-request-id')).toBe('trace-12345678');
  });

  it('a booking changes the cached GraphQL answer at once', async () => {
    const body = JSON.stringify({ query: '{ workshop(id: "great-plains-supercells") { availableSpots } }' });
    const before = (await (await post(body)).json()).data.workshop.availableSpots;
    await post(body); // cached now
    const res = await fetch(`${s.url}/api/bookings`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(aBookingBody({ workshop_id: 'great-plains-supercells', num_participants: 2 })),
    });
    expect(res.status).toBe(201);
    expect((await (await post(body)).json()).data.workshop.availableSpots).toBe(before - 2);
  });

  it('everything else is executed every time: mutations, other queries, admin calls, bad bodies', async () => {
    const other = await post(JSON.stringify({ query: '{ testimonials { id } workshops { id } }' }));
    expect(other.status).toBe(200);
    expect((await other.json()).data.testimonials.length).toBeGreaterThan(0);

    const mutation = await post(JSON.stringify({ query: 'mutation { adminLogin(input: { password: "wrong-password-here" }) { success } }' }));
    expect((await mutation.json()).errors[0].extensions.code).toBe('UNAUTHENTICATED');

    const admin = await post('{"query":"{ workshops { id spotsClaimed } adminStats { totalWorkshops } }"}', {
      authorization: `Basic ${Buffer.from('admin:correct-horse-battery').toString('base64')}`,
    });
    expect((await admin.json()).data.adminStats.totalWorkshops).toBe(11);

    const malformed = await post('{"query": ');
    expect(malformed.status).toBe(400);

    const invalid = await post(JSON.stringify({ query: '{ workshops { nope } }' }));
    expect(invalid.status).toBe(400);
    expect((await invalid.json()).errors[0].message).toMatch(/nope/);
  });
});
