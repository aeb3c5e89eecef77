import net from 'node:net';
import { capturedLogger, floodCatalogQueries, startTestServer, type TestServer } from '../test/app';

/** Send a request whose body never finishes: one byte a second. Resolves with the status line's code (null: closed without one). */
function trickle(s: TestServer, path: string): Promise<{ status: number | null; ms: number }> {
  const url = new URL(s.url);
  const socket = net.connect(Number(url.port), url.hostname);
  const started = Date.now();
  socket.write(`POST ${path} HTTP/1.1\r\nHost: ${url.host}\r\nContent-Type: application/json\r\nContent-Length: 500\r\n\r\n{`);
  const timer = setInterval(() => socket.write(' '), 1000);
  return new Promise((resolve) => {
    let data = '';
    const finish = (status: number | null) => {
      clearInterval(timer);
      socket.destroy();
      resolve({ status, ms: Date.now() - started });
    };
    socket.on('data', (chunk) => {
      data += String(chunk);
      const m = /^HTTP\/1\.1 (\d{3})/.exec(data);
      if (m) finish(Number(m[1]));
    });
    socket.on('close', () => finish(null));
    socket.on('error', () => finish(null));
  });
}

/** Send part of a body, then go away. */
async function abandon(s: TestServer, path: string): Promise<void> {
  const url = new URL(s.url);
  const socket = net.connect(Number(url.port), url.hostname);
  await new Promise((r) => socket.once('connect', r));
  socket.write(`POST ${path} HTTP/1.1\r\nHost: ${url.host}\r\nContent-Type: application/json\r\nContent-Length: 500\r\nX-Request-Id: abandoned-${path.replace(/\W/g, '')}\r\n\r\n{"query":`);
  await new Promise((r) => setTimeout(r, 200));
  socket.destroy();
  await new Promise((r) => setTimeout(r, 300));
}

describe('HTTP hardening: slow and abandoned requests, the GraphQL answer cache', () => {
  let s: TestServer;
  const { logger, lines: logLines } = capturedLogger('info');

  beforeAll(async () => {
    s = await startTestServer('sqlite', {}, undefined, { logger });
  });
  afterAll(() => s?.close());

  // Finding 7: a body trickled a byte every few seconds held its connection (and no answer came) for minutes.
  it('a body that never finishes is answered (or the connection closed) within 15 s, on /graphql and /api', async () => {
    const [graphql, rest] = await Promise.all([trickle(s, '/graphql'), trickle(s, '/api/bookings')]);
    for (const r of [graphql, rest]) {
      expect(r.ms).toBeLessThan(15_000);
      if (r.status !== null) expect([408, 503]).toContain(r.status);
    }
  }, 30_000);

  // Finding 7: a client that gave up was logged at error level as a 500 with a stack.
  it('a client that goes away mid-body is logged as aborted, never as an error', async () => {
    await abandon(s, '/graphql');
    await abandon(s, '/api/bookings');
    const ours = logLines.filter((l) => String(l.reqId ?? '').startsWith('abandoned-'));
    expect(ours.length).toBeGreaterThan(0);
    expect(ours.filter((l) => Number(l.level) >= 50)).toEqual([]);
    expect(ours.filter((l) => l.status === 500)).toEqual([]);
    expect(ours.some((l) => /aborted/.test(String(l.msg)))).toBe(true);
    // The server still answers.
    expect((await fetch(`${s.url}/api/health`)).status).toBe(200);
  });

  // Finding 5: the cache was keyed by the raw body, so trivial variations of one query each took a slot.
  it('keys cached GraphQL answers by the normalised operation and variables, not the raw text', async () => {
    const post = (body: unknown) => fetch(`${s.url}/graphql`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
    const cache = s.app.caches.graphql;
    const first = await post({ query: 'query W($id: ID!) { workshop(id: $id) { id name } }', variables: { id: 'zion-canyon-light' } });
    const firstText = await first.text();
    const hits = cache.stats.hits;
    const sizeBefore = cache.size;
    const second = await post({ query: 'query W($id: ID!)\n{\n  workshop(id: $id) {\n    id\n    name\n  }\n}\n', variables: { id: 'zion-canyon-light' } });
    expect(await second.text()).toBe(firstText);
    expect(cache.stats.hits).toBe(hits + 1);
    expect(cache.size).toBe(sizeBefore);
  });

  it('keeps the GraphQL answer cache bounded under a flood of distinct catalog queries', async () => {
    const cache = s.app.caches.graphql;
    await floodCatalogQueries(s, 'no-such');
    expect(cache.size).toBeGreaterThan(100);
    expect(cache.size).toBeLessThanOrEqual(500);
  }, 30_000);
});
