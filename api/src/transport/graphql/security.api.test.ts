import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { serverAudits } from 'graphql-http';
import { capturedLogger, startTestServer, type TestServer } from '../../test/app';
import { GRAPHQL_LIMITS } from './protection';

/** A built web app of two files: the GraphiQL page and a script, to tell which the server hands out. */
function fakeWebDist(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'web-dist-'));
  fs.mkdirSync(path.join(dir, 'assets'));
  fs.writeFileSync(path.join(dir, 'graphiql.html'), '<!doctype html><title>GraphiQL explorer</title>');
  fs.writeFileSync(path.join(dir, 'assets', 'main-abc123.js'), 'console.log(1);\n');
  return dir;
}

const postRaw = (s: TestServer, body: unknown, headers: Record<string, string> = {}) =>
  fetch(`${s.url}/graphql`, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) });

describe('GraphQL and HTTP hardening (development settings)', () => {
  let s: TestServer;
  const { logger, lines: logLines } = capturedLogger('info');

  const webDist = fakeWebDist();

  beforeAll(async () => {
    s = await startTestServer('sqlite', {}, (c) => {
      c.webDist = webDist;
    }, { logger });
  });
  afterAll(() => s?.close());

  it('refuses a query deeper than the limit with a 400 naming the limit', async () => {
    expect((await postRaw(s, { query: `{ ${nest(GRAPHQL_LIMITS.maxDepth - 2)} }` })).status).toBe(200);
    const res = await postRaw(s, { query: `{ ${nest(GRAPHQL_LIMITS.maxDepth + 2)} }` });
    expect(res.status).toBe(400);
    const body = await res.json();
    const messages = body.errors.map((e: { message: string }) => e.message).join(' | ');
    expect(messages).toMatch(new RegExp(`depth limit of ${GRAPHQL_LIMITS.maxDepth}`, 'i'));
  });

  it('refuses too many aliases, too many tokens and too costly queries, each named', async () => {
    const aliases = `{ ${Array.from({ length: GRAPHQL_LIMITS.maxAliases + 5 }, (_, i) => `a${i}: workshops { id }`).join(' ')} }`;
    const aliasRes = await postRaw(s, { query: aliases });
    expect(aliasRes.status).toBe(400);
    expect((await aliasRes.json()).errors[0].message).toMatch(/alias/i);

    const allFields = 'id name description location state dates startDate endDate timeZone durationDays price priceCents capacity availableSpots spotsClaimed difficultyLevel workshopType imageUrl highlights itinerary privateRoomSupplement';
    const costly = `{ ${Array.from({ length: GRAPHQL_LIMITS.maxAliases - 1 }, (_, i) => `a${i}: workshops { ${allFields} }`).join(' ')} }`;
    const costRes = await postRaw(s, { query: costly });
    expect(costRes.status).toBe(400);
    expect((await costRes.json()).errors[0].message).toMatch(/cost limit of 300/i);
    // What the web app asks for stays far below every limit.
    const page = await postRaw(s, { query: `{ workshops { ${allFields} } testimonials { id rating clientName location workshopAttended reviewText date } }` });
    expect(page.status).toBe(200);

    const tokens = `{ workshops { ${'id '.repeat(GRAPHQL_LIMITS.maxTokens + 10)} } }`;
    const tokenRes = await postRaw(s, { query: tokens });
    expect(tokenRes.status).toBe(400);
    expect((await tokenRes.json()).errors[0].message).toMatch(/token/i);
  });

  it('refuses batched requests', async () => {
    const res = await postRaw(s, [{ query: '{ workshops { id } }' }, { query: '{ testimonials { id } }' }]);
    expect(res.status).toBe(400);
  });

  it('never sends stack traces', async () => {
    const res = await postRaw(s, { query: '{ workshop(id: 1) { nope } }' });
    const body = await res.json();
    expect(JSON.stringify(body)).not.toMatch(/stacktrace|\bat .*\.js:\d+/);
  });

  it('answers malformed and oversized bodies with a JSON error, never an HTML page or a stack trace', async () => {
    const malformed = await fetch(`${s.url}/graphql`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"query": nonsense' });
    expect(malformed.status).toBe(400);
    expect(malformed.headers.get('content-type')).toMatch(/^application\/(graphql-response\+)?json/);
    const text = await malformed.text();
    expect(text).not.toMatch(/<html|\bat .*\.js:\d+|node_modules/i);
    expect(JSON.parse(text)).toEqual({ errors: [{ message: 'Malformed JSON body', extensions: { code: 'BAD_REQUEST' } }] });

    const big = await postRaw(s, { query: '{ workshops { id } }', padding: 'x'.repeat(200_000) });
    expect(big.status).toBe(413);
    expect(await big.json()).toEqual({ errors: [{ message: 'Request body is too large', extensions: { code: 'PAYLOAD_TOO_LARGE' } }] });
  });

  it('passes the graphql-http GraphQL-over-HTTP audits without an error', async () => {
    const audits = serverAudits({ url: `${s.url}/graphql`, fetchFn: fetch });
    const failures: string[] = [];
    for (const audit of audits) {
      const result = await audit.fn();
      if (result.status === 'error') failures.push(`${audit.id} ${audit.name}: ${result.reason}`);
    }
    expect(failures).toEqual([]);
  });

  it('sends security headers, no x-powered-by, and a request id', async () => {
    const res = await fetch(`${s.url}/api/workshops`, { headers: { 'x-request-id': 'test-request-0001' } });
    expect(res.headers.get('x-powered-by')).toBeNull();
    expect(res.headers.get('content-security-policy')).toContain("script-src 'self'");
    expect(res.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('strict-transport-security')).toBeNull(); // only behind the HSTS setting
    expect(res.headers.get('x-request-id')).toBe('test-request-0001');
    const generated = await fetch(`${s.url}/api/workshops`, { headers: { 'x-request-id': 'bad id with spaces' } });
    expect(generated.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('writes JSON log lines carrying the request id and no personal data', async () => {
    await fetch(`${s.url}/api/bookings`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-request-id': 'test-request-0002' },
      body: JSON.stringify({ customer_email: 'secret@example.com' }),
    });
    const lines = logLines.filter((l) => l.reqId === 'test-request-0002');
    expect(lines.length).toBeGreaterThan(0);
    expect(lines[0]).toMatchObject({ method: 'POST', path: '/api/bookings', status: 422 });
    expect(JSON.stringify(logLines)).not.toContain('secret@example.com');
  });

  // Issue 21 finding 9: a subscription (we have none) and a persisted query with a wrong hash or version were answered
  // INTERNAL_SERVER_ERROR (the subscription with HTTP 200), as if the server had failed.
  it.each([
    ['a subscription', { query: 'subscription { x }' }, 'GRAPHQL_VALIDATION_FAILED', /subscriptions are not supported/i],
    ['a named subscription', { query: 'subscription S { workshops { id } }' }, 'GRAPHQL_VALIDATION_FAILED', /subscriptions are not supported/i],
    ['a persisted query with a wrong hash', { query: '{ workshops { id } }', extensions: { persistedQuery: { version: 1, sha256Hash: 'wrong' } } }, 'BAD_REQUEST', /sha does not match/],
    ['a persisted query hash of the wrong type', { query: '{ workshops { id } }', extensions: { persistedQuery: { version: 1, sha256Hash: 5 } } }, 'BAD_REQUEST', /sha does not match/],
    ['a persisted query of an unknown version', { query: '{ workshops { id } }', extensions: { persistedQuery: { version: 2, sha256Hash: 'abc' } } }, 'BAD_REQUEST', /version/],
  ])('answers %s as a client error (4xx, a client code), logged below error level', async (_name, body, code, message) => {
    const from = logLines.length;
    const res = await postRaw(s, body);
    expect(res.status).toBe(400);
    const answer = await res.json();
    expect(answer.errors).toEqual([expect.objectContaining({ message: expect.stringMatching(message), extensions: { code } })]);
    expect(logLines.slice(from).filter((l) => Number(l.level) >= 50)).toEqual([]);
  });

  it('keeps introspection and the explorer on in development', async () => {
    const res = await postRaw(s, { query: '{ __schema { queryType { name } } }' });
    expect((await res.json()).data.__schema.queryType.name).toBe('Query');
    const page = await fetch(`${s.url}/graphiql.html`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('GraphiQL explorer');
  });
});

describe('GraphQL hardening (production settings)', () => {
  let s: TestServer;
  const webDist = fakeWebDist();
  beforeAll(async () => {
    s = await startTestServer('sqlite', { NODE_ENV: 'production', HSTS: 'true', PUBLIC_ORIGIN: 'https://wild.example', ALTCHA_HMAC_SECRET: 'a'.repeat(32), BOOKING_LINK_SECRET: 'b'.repeat(32) }, (c) => {
      c.webDist = webDist;
    });
  });
  afterAll(() => s?.close());

  it('hides field suggestions and turns introspection and the explorer off', async () => {
    const typo = await (await postRaw(s, { query: '{ workshop(id: "x") { nam } }' })).json();
    expect(typo.errors[0].message).not.toMatch(/Did you mean/);
    const intro = await postRaw(s, { query: '{ __schema { queryType { name } } }' });
    expect(intro.status).toBe(400);
    const explorer = await fetch(`${s.url}/graphql`, { headers: { accept: 'text/html' } });
    expect(explorer.status).not.toBe(200);
  });

  // Issue 21 finding 12: with introspection off, the explorer's page was still a static file at /graphiql.html.
  it('does not hand out the explorer page as a file either', async () => {
    for (const p of ['/graphiql.html', '/graphiql.html?x=1', '/%67raphiql.html']) {
      const res = await fetch(`${s.url}${p}`);
      expect({ p, status: res.status }).toEqual({ p, status: 404 });
      expect(await res.text()).not.toContain('GraphiQL explorer');
    }
    expect((await fetch(`${s.url}/assets/main-abc123.js`)).status).toBe(200);
  });

  it('sends HSTS when configured', async () => {
    const res = await fetch(`${s.url}/api/health`);
    expect(res.headers.get('strict-transport-security')).toMatch(/max-age=31536000/);
  });
});

/**
 * A selection `depth` levels deep. Our schema is shallow (that is part of the
 * defence), so depth is built from inline fragments on Query, which count too.
 */
function nest(depth: number): string {
  let q = 'workshops { id }';
  for (let i = 0; i < depth; i++) q = `... on Query { ${q} }`;
  return q;
}
