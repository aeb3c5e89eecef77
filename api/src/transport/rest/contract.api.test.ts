import Fastify, { type RouteOptions } from 'fastify';
import { startTestServer, type TestServer } from '../../test/app';
import { aBookingBody } from '../../test/builders';
import { restApi } from '.';
import type { WriteLimits } from '../rate-limits';
import { answersAsWritten, checkAnswersMatchSchemas, schemasDescribeRequests } from './contract';
import { object, str } from './schemas/json-schema';

const noLimit = async () => {};
const NO_LIMITS: WriteLimits = { booking: noLimit, checkout: noLimit, messagePost: noLimit, waitlistJoin: noLimit, secretCheck: noLimit, photoUpload: noLimit };

/** The REST contract (docs/decisions/072): every route describes its requests and answers; the schemas never change either. */
describe('REST contract', () => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startTestServer('sqlite');
  });
  afterAll(() => s?.close());

  it('every /api route declares its answers (2xx and the error shape) and the path parameters, query and body it reads', async () => {
    const routes: RouteOptions[] = [];
    const app = Fastify();
    app.addHook('onRoute', (r) => void routes.push(r));
    await app.register(restApi(s.services, NO_LIMITS), { prefix: '/api' });
    await app.ready();
    expect(routes.length).toBeGreaterThanOrEqual(40);
    const missing = routes
      .filter((r) => r.method !== 'HEAD')
      .flatMap((r) => {
        const schema = (r.schema ?? {}) as { response?: Record<string, unknown>; params?: unknown; body?: unknown };
        const problems: string[] = [];
        const statuses = Object.keys(schema.response ?? {});
        if (!statuses.some((c) => /^2\d\d$/.test(c))) problems.push('no 2xx answer');
        if (!statuses.includes('4xx') || !statuses.includes('5xx')) problems.push('no error answers');
        if (r.url.includes(':') && !schema.params) problems.push('no params');
        return problems.map((p) => `${String(r.method)} ${r.url}: ${p}`);
      });
    expect(missing).toEqual([]);
    await app.close();
  });

  it('a request of the wrong types gets our 422 naming the field, never a coerced value or Fastify’s 400 (REST)', async () => {
    const post = (path: string, body: unknown) => fetch(`${s.url}${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
    const booking = await post('/api/bookings', aBookingBody({ workshop_id: 'zion-canyon-light', num_participants: '2' }));
    expect(booking.status).toBe(422);
    expect(await booking.json()).toMatchObject({ code: 'BAD_USER_INPUT', errors: [{ field: 'num_participants' }] });
    const join = await post('/api/workshops/zion-canyon-light/waitlist', { name: 'Ann', email: 'ann@example.com', spots: '1' });
    expect(join.status).toBe(422);
    expect(await join.json()).toMatchObject({ code: 'BAD_USER_INPUT', errors: [{ field: 'spots' }] });
  });

  it('answers keep their bytes: a booking and a workshop as JSON.stringify writes them, an error in our shape', async () => {
    const created = await fetch(`${s.url}/api/bookings`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(aBookingBody({ workshop_id: 'zion-canyon-light', special_requests: 'a "quoted" request\u2028 with </script>' })),
    });
    expect(created.status).toBe(201);
    const text = await created.text();
    expect(text).toBe(JSON.stringify(JSON.parse(text)));
    expect(Object.keys(JSON.parse(text))).toEqual(expect.arrayContaining(['balance_due_date', 'pays_online', 'hold_expires_at', 'special_requests']));
    const missing = await fetch(`${s.url}/api/workshops/no-such-workshop`);
    expect(await missing.text()).toBe('{"detail":"Workshop not found","code":"NOT_FOUND"}');
  });

  it('one booking mapper, two views: the public one never shows the admin-only fields; the admin one shows the same values and those', async () => {
    const body = aBookingBody({ workshop_id: 'zion-canyon-light', customer_phone: '+1 555 0100', health_concerns: 'asthma', age: 44 });
    const created = (await (await fetch(`${s.url}/api/bookings`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) })).json()) as Record<string, unknown>;
    const read = (await (await fetch(`${s.url}/api/bookings/${String(created.id)}`)).json()) as Record<string, unknown>;
    // The short reference a customer quotes (decision 078), in every REST booking (issue 23).
    expect(created.reference).toMatch(/^WL-[0-9A-Z]{5}$/);
    expect(read.reference).toBe(created.reference);
    const adminOnly = ['customer_phone', 'age', 'health_concerns', 'dietary_restrictions', 'emergency_contact_name', 'emergency_contact_phone', 'emergency_contact_email'];
    for (const field of adminOnly) {
      expect(created).not.toHaveProperty(field);
      expect(read).not.toHaveProperty(field);
    }
    const basic = `Basic ${Buffer.from('admin:correct-horse-battery', 'utf8').toString('base64')}`;
    const list = (await (await fetch(`${s.url}/api/admin/bookings`, { headers: { authorization: basic } })).json()) as Array<Record<string, unknown>>;
    const admin = list.find((b) => b.id === created.id)!;
    expect(admin).toMatchObject({ customer_phone: '+1 555 0100', health_concerns: 'asthma', age: 44 });
    const { balance_due_date: _due, pays_online: _online, ...shared } = read;
    expect(admin).toMatchObject(shared);
  });
});

describe('checkAnswersMatchSchemas', () => {
  it('turns an answer its schema would reshape (a field dropped or coerced) into a 500 naming the route; a faithful schema passes', async () => {
    const app = Fastify();
    schemasDescribeRequests(app);
    checkAnswersMatchSchemas(app);
    const schema = { response: { 200: object({ id: str }) } };
    app.get('/faithful', { schema }, async () => ({ id: 'a' }));
    app.get('/dropped', { schema }, async () => ({ id: 'a', extra: 1 }));
    app.get('/coerced', { schema }, async () => ({ id: null }));
    app.post('/described', { schema: { body: object({ n: { type: 'integer' } }), response: { 200: object({ n: str }) } } }, async (req) => ({ n: typeof (req.body as { n: unknown }).n }));
    expect((await app.inject('/faithful')).body).toBe('{"id":"a"}');
    expect((await app.inject('/dropped')).statusCode).toBe(500);
    expect((await app.inject('/coerced')).statusCode).toBe(500);
    // The body schema describes; it neither rejects nor coerces ("2" stays a string for the input class to refuse).
    expect((await app.inject({ method: 'POST', url: '/described', payload: { n: '2' } })).body).toBe('{"n":"string"}');
    await app.close();
  });
});

describe('answersAsWritten', () => {
  it('outside tests writes answers as the service computed them: a null or a field the schema forgot is never coerced or dropped', async () => {
    const app = Fastify();
    answersAsWritten(app);
    const schema = { response: { 200: object({ id: str, cents: { type: 'integer' } }) } };
    app.get('/forgot', { schema }, async () => ({ id: null, cents: null, extra: 'kept' }));
    // fast-json-stringify from the same schema would have written {"id":"","cents":0}.
    expect((await app.inject('/forgot')).body).toBe('{"id":null,"cents":null,"extra":"kept"}');
    await app.close();
  });
});
