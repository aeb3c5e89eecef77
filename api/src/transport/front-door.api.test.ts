import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { capturedLogger, startTestServer, type TestServer } from '../test/app';
import { aBookingBody } from '../test/builders';

/** The web app's trusted documents (sha256 → text), as the browser asks for them. */
const webManifest = (): Record<string, string> =>
  JSON.parse(fs.readFileSync(path.resolve(__dirname, '../../../web/src/gql/trusted-documents.json'), 'utf8')) as Record<string, string>;

const headersOf = (res: Response) => {
  const h = Object.fromEntries(res.headers);
  delete h['x-request-id'];
  delete h.date;
  return h;
};

/** One raw HTTP/1.1 exchange (the request written in `parts`, `pauseMs` apart); the response's text. */
function raw(url: string, parts: string[], pauseMs = 30): Promise<string> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve, reject) => {
    const socket = net.connect(Number(port), hostname);
    let text = '';
    socket.setEncoding('utf8');
    socket.on('data', (d) => (text += d));
    socket.on('end', () => resolve(text));
    socket.on('error', reject);
    socket.on('connect', async () => {
      for (const part of parts) {
        socket.write(part);
        await new Promise((r) => setTimeout(r, pauseMs));
      }
    });
  });
}

// Decision 112: the kept answers are sent before Fastify. SQLite is enough: the door changes who
// writes an answer, not the database work.
describe('the front door: kept answers sent before Fastify', () => {
  let s: TestServer;
  const log = capturedLogger('info');
  beforeAll(async () => {
    s = await startTestServer('sqlite', {}, undefined, { logger: log.logger });
  });
  afterAll(() => s?.close());

  const post = (body: string, headers: Record<string, string> = {}) =>
    fetch(`${s.url}/graphql`, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body });
  const persisted = (prefix: string, variables: Record<string, unknown>) => {
    const [hash] = Object.entries(webManifest()).find(([, t]) => t.startsWith(prefix))!;
    const operationName = prefix.replace(/^query /, '').replace(/[( ].*$/, '');
    return JSON.stringify({ operationName, variables, extensions: { clientLibrary: { name: '@apollo/client', version: '4.3.8' }, persistedQuery: { version: 1, sha256Hash: hash } } });
  };

  it('GET /api/workshops: once Fastify has sent the kept list, the door sends the same bytes and headers, a fresh request id and the access line', async () => {
    s.services.workshops.catalog.invalidate();
    const before = { ...s.app.frontDoor.stats };
    const first = await fetch(`${s.url}/api/workshops`);
    const firstText = await first.text();
    expect(s.app.frontDoor.stats.answered).toBe(before.answered); // Fastify's
    const second = await fetch(`${s.url}/api/workshops`, { headers: { 'x-request-id': 'front-door-1' } });
    expect(second.status).toBe(200);
    expect(await second.text()).toBe(firstText);
    expect(headersOf(second)).toEqual(headersOf(first));
    expect(second.headers.get('x-request-id')).toBe('front-door-1');
    expect(second.headers.get('content-security-policy')).toContain("default-src 'self'");
    expect(s.app.frontDoor.stats.answered).toBe(before.answered + 1);
    const third = await fetch(`${s.url}/api/workshops`);
    expect(third.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
    expect(third.headers.get('x-request-id')).not.toBe(first.headers.get('x-request-id'));
    await new Promise((r) => setTimeout(r, 50));
    const line = log.lines.find((l) => l.reqId === 'front-door-1');
    expect(line).toMatchObject({ msg: 'request', method: 'GET', path: '/api/workshops', status: 200 });
    expect(typeof line?.ms).toBe('number');
  });

  it('a conditional GET is still answered 304 by the route, and the door never sends an answer older than the catalog: a booking shows at once', async () => {
    s.services.workshops.catalog.invalidate();
    const first = await fetch(`${s.url}/api/workshops`);
    const list = (await first.json()) as Array<{ id: string; available_spots: number }>;
    const etag = first.headers.get('etag')!;
    // Raw HTTP: fetch adds Cache-Control: no-cache to a conditional request.
    const conditional = await raw(s.url, [`GET /api/workshops HTTP/1.1\r\nHost: x\r\nIf-None-Match: ${etag}\r\nConnection: close\r\n\r\n`]);
    expect(conditional).toMatch(/^HTTP\/1\.1 304 /);
    const spots = list.find((w) => w.id === 'zion-canyon-light')!.available_spots;
    const booked = await fetch(`${s.url}/api/bookings`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(aBookingBody({ num_participants: 2 })) });
    expect(booked.status).toBe(201);
    const answered = s.app.frontDoor.stats.answered;
    const after = (await (await fetch(`${s.url}/api/workshops`)).json()) as Array<{ id: string; available_spots: number }>;
    expect(after.find((w) => w.id === 'zion-canyon-light')!.available_spots).toBe(spots - 2);
    expect(s.app.frontDoor.stats.answered).toBe(answered); // the new list is Fastify's first
    const again = await fetch(`${s.url}/api/workshops`);
    expect(((await again.json()) as typeof after).find((w) => w.id === 'zion-canyon-light')!.available_spots).toBe(spots - 2);
    expect(again.headers.get('etag')).not.toBe(etag);
    expect(s.app.frontDoor.stats.answered).toBe(answered + 1);
  });

  it("POST /graphql: the browser's catalog reads, by hash, sent again by the door with Fastify's bytes and headers; with an Authorization header they are Fastify's", async () => {
    for (const body of [persisted('query Workshops ', {}), persisted('query WorkshopDetail(', { id: 'great-plains-supercells' })]) {
      s.services.workshops.catalog.invalidate();
      const first = await post(body);
      const firstText = await first.text();
      expect(JSON.parse(firstText).data).toBeTruthy();
      await post(body); // Fastify's, from the kept answer: the door learns its headers
      const answered = s.app.frontDoor.stats.answered;
      const third = await post(body);
      expect(await third.text()).toBe(firstText);
      expect(headersOf(third)).toEqual(headersOf(first));
      expect(s.app.frontDoor.stats.answered).toBe(answered + 1);
      await (await post(body, { authorization: 'Bearer nope' })).text();
      expect(s.app.frontDoor.stats.answered).toBe(answered + 1);
    }
  });

  it('a body the door read is handed to Fastify whole: a mutation, malformed JSON and a body sent in slow parts get the answers they got before', async () => {
    const handed = s.app.frontDoor.stats.handedOver;
    const mutation = await post(JSON.stringify({ query: 'mutation { __typename }' }));
    expect(await mutation.json()).toEqual({ data: { __typename: 'Mutation' } });
    const malformed = await post('{"query": ');
    expect(malformed.status).toBe(400);
    expect(s.app.frontDoor.stats.handedOver).toBe(handed + 2);

    const body = persisted('query Workshops ', {});
    s.services.workshops.catalog.invalidate();
    const executed = await (await post(body)).text();
    await post(body);
    const request = `POST /graphql HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n`;
    const slow = await raw(s.url, [request, body.slice(0, 40), body.slice(40)]);
    expect(slow).toMatch(/^HTTP\/1\.1 200 /);
    expect(slow.endsWith(executed)).toBe(true);
    const other = JSON.stringify({ query: 'query Slow { workshops { id } }' });
    const handedSlow = await raw(s.url, [request.replace(/Content-Length: \d+/, `Content-Length: ${Buffer.byteLength(other)}`), other.slice(0, 10), other.slice(10)]);
    expect(handedSlow).toMatch(/^HTTP\/1\.1 200 /);
    expect(JSON.parse(handedSlow.slice(handedSlow.indexOf('\r\n\r\n') + 4)).data.workshops).toHaveLength(11);
  });

  it('a client that leaves mid-body leaves the server answering the next request', async () => {
    const { hostname, port } = new URL(s.url);
    await new Promise<void>((resolve) => {
      const socket = net.connect(Number(port), hostname, () => {
        socket.write('POST /graphql HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 500\r\n\r\n{"query":');
        setTimeout(() => {
          socket.destroy();
          resolve();
        }, 50);
      });
    });
    await new Promise((r) => setTimeout(r, 50));
    expect((await fetch(`${s.url}/api/workshops`)).status).toBe(200);
    expect(log.lines.some((l) => l.msg === 'request aborted by the client' && l.path === '/graphql')).toBe(true);
  });
});
