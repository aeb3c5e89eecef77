import { startTestServer, type TestServer } from '../../test/app';
import { countQueries } from '../../test/query-counter';
import { aBookingBody } from '../../test/builders';
import fs from 'node:fs';
import path from 'node:path';

/** The web app's trusted documents (sha256 → text), as the browser asks for them. */
const webManifest = (): Record<string, string> =>
  JSON.parse(fs.readFileSync(path.resolve(__dirname, '../../../../web/src/gql/trusted-documents.json'), 'utf8')) as Record<string, string>;

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

  it("answers the browser's catalog reads from the cache: Apollo Client's clientLibrary extension, by hash or with the text", async () => {
    const [hash, text] = Object.entries(webManifest()).find(([, t]) => t.startsWith('query Workshops '))!;
    const clientLibrary = { name: '@apollo/client', version: '4.3.8' };
    const byHash = JSON.stringify({ operationName: 'Workshops', variables: {}, extensions: { clientLibrary, persistedQuery: { version: 1, sha256Hash: hash } } });
    const byText = JSON.stringify({ operationName: 'Workshops', variables: {}, extensions: { clientLibrary }, query: text });
    s.services.workshops.catalog.invalidate();
    const executed = await (await post(byText)).text();
    expect(JSON.parse(executed).data.workshops).toHaveLength(11);
    const stats = { ...s.app.caches.graphql.stats };
    for (const body of [byHash, byText, byHash]) {
      const res = await post(body);
      expect(res.status).toBe(200);
      expect(await res.text()).toBe(executed);
    }
    expect(s.app.caches.graphql.stats.hits - stats.hits).toBe(3);
  });

  // Decision 109: a body text seen before finds its answer before it is parsed.
  it("answers a repeated body text from the cache before parsing it: the same bytes and headers, one lookup per request, and a new snapshot's answer after a write", async () => {
    const [hash] = Object.entries(webManifest()).find(([, t]) => t.startsWith('query WorkshopDetail('))!;
    const byHash = JSON.stringify({ operationName: 'WorkshopDetail', variables: { id: 'great-plains-supercells' }, extensions: { clientLibrary: { name: '@apollo/client', version: '4.3.8' }, persistedQuery: { version: 1, sha256Hash: hash } } });
    s.services.workshops.catalog.invalidate();
    const first = await post(byHash);
    const firstText = await first.text();
    expect(JSON.parse(firstText).data.workshop.id).toBe('great-plains-supercells');
    const stats = { ...s.app.caches.graphql.stats };
    const parse = jest.spyOn(JSON, 'parse');
    try {
      for (let i = 0; i < 3; i++) {
        const res = await post(byHash);
        expect(await res.text()).toBe(firstText);
        expect(headersOf(res)).toEqual(headersOf(first));
      }
      expect(parse.mock.calls.filter(([text]) => text === byHash)).toEqual([]);
    } finally {
      parse.mockRestore();
    }
    expect(s.app.caches.graphql.stats.hits - stats.hits).toBe(3);
    expect(s.app.caches.graphql.stats.misses - stats.misses).toBe(0);
    // After a write the text's answer is a miss (counted once), run again and cached again.
    s.services.workshops.catalog.invalidate();
    const afterWrite = await post(byHash);
    expect(afterWrite.status).toBe(200);
    expect(await afterWrite.text()).toBe(firstText);
    expect(headersOf(afterWrite)).toEqual(headersOf(first));
    expect(s.app.caches.graphql.stats.misses - stats.misses).toBe(1);
    expect(await (await post(byHash)).text()).toBe(firstText);
    expect(s.app.caches.graphql.stats.hits - stats.hits).toBe(4);
  });

  it('runs a catalog read whose extensions could change its answer every time (only clientLibrary is known to name the client alone)', async () => {
    const body = JSON.stringify({ query: '{ workshops { id } }', extensions: { clientLibrary: { name: 'x', version: '1' }, somethingElse: true } });
    const stats = { ...s.app.caches.graphql.stats };
    for (let i = 0; i < 3; i++) expect((await post(body)).status).toBe(200);
    expect(s.app.caches.graphql.stats.hits).toBe(stats.hits);
    // And a malformed clientLibrary is not taken for one.
    const odd = JSON.stringify({ query: '{ workshops { id } }', extensions: { clientLibrary: 'x' } });
    for (let i = 0; i < 2; i++) expect((await post(odd)).status).toBe(200);
    expect(s.app.caches.graphql.stats.hits).toBe(stats.hits);
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
