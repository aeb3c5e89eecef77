import { startTestServer, type TestServer } from '../test/app';
import { DB_KINDS } from '../test/db';
import { aBookingBody } from '../test/builders';
import { Booking } from './booking.entity';
import { BOOKING_RATE_LIMIT } from './booking.service';

const post = (s: TestServer, body: unknown, raw = false) =>
  fetch(`${s.url}/api/bookings`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: raw ? (body as string) : JSON.stringify(body) });

const CREATE = `mutation Create($input: BookingInput!) {
  createBooking(input: $input) { booking { id workshopName customerName numParticipants totalAmount amountDueNow amountPaid paymentStatus status } }
}`;

/** The GraphQL input for aBookingBody(): same values, camelCase keys. */
const gqlInput = (overrides: Record<string, unknown> = {}) => {
  const body = aBookingBody();
  const input: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(body)) input[k.replace(/_([a-z])/g, (_, c: string) => c.toUpperCase())] = v;
  return { ...input, ...overrides };
};

describe.each(DB_KINDS)('booking API on %s', (kind) => {
  let s: TestServer;
  const bookingCount = () => s.services.db.manager.count(Booking);

  beforeAll(async () => {
    s = await startTestServer(kind);
  });
  afterAll(() => s?.close());

  it('POST /api/bookings creates a booking: 201 with id, computed prices and the public fields only', async () => {
    const res = await post(s, aBookingBody({ num_participants: 2, num_spouses: 1, room_type: 'private', payment_option: 'deposit' }));
    expect(res.status).toBe(201);
    const b = await res.json();
    expect(b).toMatchObject({
      workshop_id: 'zion-canyon-light',
      workshop_name: 'Zion Canyon Light & Slot Canyons',
      customer_name: 'Ana Lopez',
      customer_email: 'ana@example.com',
      num_participants: 2,
      total_amount: 7737.5,
      amount_due_now: 2321.25,
      amount_paid: 0,
      payment_status: 'pending',
      status: 'held',
    });
    for (const secret of ['health_concerns', 'dietary_restrictions', 'age', 'customer_phone', 'emergency_contact_name', 'emergency_contact_phone', 'emergency_contact_email']) {
      expect(b).not.toHaveProperty(secret);
    }
    const read = await fetch(`${s.url}/api/bookings/${b.id}`);
    expect(read.status).toBe(200);
    expect(await read.json()).toEqual(b);
  });

  it('applies the defaults of the spec: shared room, deposit, intermediate, no spouses', async () => {
    const body = aBookingBody();
    delete body.room_type;
    delete body.payment_option;
    delete body.experience_level;
    delete body.num_spouses;
    const b = await (await post(s, body)).json();
    expect(b).toMatchObject({ room_type: 'shared', payment_option: 'deposit', experience_level: 'intermediate', num_spouses: 0, total_amount: 2895, amount_due_now: 868.5 });
  });

  it('issue 21: a booking says when its balance falls due and whether it is paid online, over REST and GraphQL alike', async () => {
    // Zion starts 2026-04-13: the balance is due 60 days before, on 2026-02-12. No payment provider here.
    const b = await (await post(s, aBookingBody({ payment_option: 'deposit' }))).json();
    expect(b).toMatchObject({ balance_due_date: '2026-02-12', pays_online: false });
    expect(await (await fetch(`${s.url}/api/bookings/${b.id}`)).json()).toMatchObject({ balance_due_date: '2026-02-12', pays_online: false });
    const read = await s.gql<{ booking: { balanceDueDate: string | null; paysOnline: boolean } }>('query($id: ID!) { booking(id: $id) { balanceDueDate paysOnline } }', { id: b.id });
    expect(read.data!.booking).toEqual({ balanceDueDate: '2026-02-12', paysOnline: false });
    // Paid in full (the admin records it): nothing falls due.
    const auth = { authorization: `Basic ${Buffer.from('admin:correct-horse-battery').toString('base64')}`, 'content-type': 'application/json' };
    expect((await fetch(`${s.url}/api/admin/bookings/${b.id}/payments`, { method: 'POST', headers: auth, body: JSON.stringify({ amount: 2895 }) })).status).toBe(200);
    expect(await (await fetch(`${s.url}/api/bookings/${b.id}`)).json()).toMatchObject({ status: 'confirmed', balance: 0, balance_due_date: null });
    expect((await s.gql<{ booking: { balanceDueDate: string | null } }>('query($id: ID!) { booking(id: $id) { balanceDueDate } }', { id: b.id })).data!.booking.balanceDueDate).toBeNull();
  });

  it('GET /api/bookings/{id}: 404 for unknown or malformed ids', async () => {
    expect((await fetch(`${s.url}/api/bookings/00000000-0000-4000-8000-000000000000`)).status).toBe(404);
    expect((await fetch(`${s.url}/api/bookings/not-a-uuid`)).status).toBe(404);
  });

  it.each([
    ['customer_name', { customer_name: '' }, 'customer_name is required'],
    ['customer_name', { customer_name: '   ' }, 'customer_name is required'],
    ['customer_email', { customer_email: 'not-an-email' }, 'customer_email must be an email address'],
    ['customer_phone', { customer_phone: 'call me' }, 'customer_phone must be a phone number'],
    ['num_participants', { num_participants: 0 }, 'num_participants must be at least 1'],
    ['num_participants', { num_participants: 1.5 }, 'num_participants must be a whole number'],
    ['num_participants', { num_participants: '2' }, 'num_participants must be a whole number'],
    ['num_participants', { num_participants: 13 }, 'num_participants must be at most 12'],
    ['num_spouses', { num_spouses: -1 }, 'num_spouses must be at least 0'],
    ['num_spouses', { num_spouses: 5 }, 'num_spouses must be at most 4'],
    ['age', { age: 17 }, 'age must be at least 18'],
    ['age', { age: 100 }, 'age must be at most 99'],
    ['age', { age: null }, 'age is required'],
    ['room_type', { room_type: 'suite' }, 'room_type must be shared or private'],
    ['payment_option', { payment_option: 'bitcoin' }, 'payment_option must be deposit, full or payment_plan'],
    ['experience_level', { experience_level: 'guru' }, 'experience_level must be beginner, intermediate, advanced or professional'],
    ['camera_body', { camera_body: undefined }, 'camera_body is required'],
    ['lenses', { lenses: '' }, 'lenses is required'],
    ['trip_goals', { trip_goals: 'x'.repeat(2001) }, 'trip_goals must be at most 2000 characters'],
    ['emergency_contact_name', { emergency_contact_name: '' }, 'emergency_contact_name is required'],
    ['emergency_contact_phone', { emergency_contact_phone: '' }, 'emergency_contact_phone is required'],
    ['emergency_contact_email', { emergency_contact_email: 'luis@' }, 'emergency_contact_email must be an email address'],
    ['special_requests', { special_requests: 'a\u0000b' }, 'special_requests must not contain control or invisible characters'],
  ])('REST refuses a bad %s with 422 naming it, and writes nothing', async (field, overrides, message) => {
    const before = await bookingCount();
    const res = await post(s, aBookingBody(overrides));
    expect(res.status).toBe(422);
    const body = await res.json();
    expect(body.errors).toEqual(expect.arrayContaining([{ field, message: expect.stringContaining(message) }]));
    expect(body.detail).toContain(field);
    expect(await bookingCount()).toBe(before);
  });

  it('REST reports every bad field at once', async () => {
    const res = await post(s, aBookingBody({ customer_email: 'x', age: 12, lenses: '' }));
    const body = await res.json();
    expect(body.errors.map((e: { field: string }) => e.field).sort()).toEqual(['age', 'customer_email', 'lenses']);
  });

  it('REST: malformed JSON, a non-object body and an unknown workshop are clear 4xx answers', async () => {
    const before = await bookingCount();
    const malformed = await post(s, '{"workshop_id": ', true);
    expect(malformed.status).toBe(400);
    expect(await malformed.json()).toMatchObject({ detail: 'Malformed JSON body' });
    const array = await post(s, [aBookingBody()]);
    expect(array.status).toBe(422);
    expect(await array.json()).toMatchObject({ errors: [{ field: 'body', message: 'must be a JSON object' }] });
    const unknown = await post(s, aBookingBody({ workshop_id: 'atlantis' }));
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toMatchObject({ detail: 'Workshop not found' });
    expect(await bookingCount()).toBe(before);
  });

  it('REST: more participants than spots left is a 409 with a clear message', async () => {
    expect((await post(s, aBookingBody({ workshop_id: 'nyc-portrait-posing', num_participants: 11 }))).status).toBe(201);
    const res = await post(s, aBookingBody({ workshop_id: 'nyc-portrait-posing', num_participants: 2 }));
    expect(res.status).toBe(409);
    expect(await res.json()).toMatchObject({
      code: 'SOLD_OUT',
      detail: 'Only 1 spot is left for this workshop; you asked for 2',
      errors: [{ field: 'num_participants' }],
    });
  });

  it('REST: 200 simultaneous single-seat bookings for 12 free spots → 12 × 201, 188 × 409, no 5xx', async () => {
    const statuses = await Promise.all(
      Array.from({ length: 200 }, (_, i) => post(s, aBookingBody({ workshop_id: 'arizona-monsoon-lightning', customer_name: `Racer ${i}` })).then((r) => r.status)),
    );
    expect(statuses.filter((x) => x === 201)).toHaveLength(12);
    expect(statuses.filter((x) => x === 409)).toHaveLength(188);
    const spots = await (await fetch(`${s.url}/api/workshops/arizona-monsoon-lightning`)).json();
    expect(spots.available_spots).toBe(0);
  });

  it('GraphQL createBooking and booking(id) work with the same rules', async () => {
    const created = await s.gql<{ createBooking: { booking: Record<string, unknown> } }>(CREATE, { input: gqlInput({ workshopId: 'yellowstone-winter-wildlife', paymentOption: 'full' }) });
    expect(created.errors).toBeUndefined();
    const booking = created.data!.createBooking.booking;
    expect(booking).toMatchObject({ workshopName: 'Yellowstone in Winter: Wolves, Bison & Steam', totalAmount: 3495, amountDueNow: 3495, status: 'held' });
    const read = await s.gql<{ booking: { id: string; customerName: string } }>(`query($id: ID!) { booking(id: $id) { id customerName } }`, { id: booking.id });
    expect(read.data!.booking).toEqual({ id: booking.id, customerName: 'Ana Lopez' });
    const missing = await s.gql(`{ booking(id: "00000000-0000-4000-8000-000000000000") { id } }`);
    expect(missing.data).toEqual({ booking: null });
  });

  it('GraphQL refuses bad input with BAD_USER_INPUT naming the camelCase fields, and writes nothing', async () => {
    const before = await bookingCount();
    const res = await s.gql(CREATE, { input: gqlInput({ age: 16, customerEmail: 'nope', numSpouses: 9 }) });
    expect(res.data).toBeNull();
    expect(res.errors![0].extensions).toMatchObject({ code: 'BAD_USER_INPUT' });
    const fields = (res.errors![0].extensions!.fields as Array<{ field: string }>).map((f) => f.field).sort();
    expect(fields).toEqual(['age', 'customerEmail', 'numSpouses']);
    const unknown = await s.gql(CREATE, { input: gqlInput({ workshopId: 'atlantis' }) });
    expect(unknown.errors![0].extensions).toMatchObject({ code: 'NOT_FOUND' });
    expect(await bookingCount()).toBe(before);
  });

  it('GraphQL keeps health, age and emergency contacts for the admin only', async () => {
    const created = await s.gql<{ createBooking: { booking: { id: string } } }>(CREATE, { input: gqlInput({ workshopId: 'yellowstone-winter-wildlife', paymentOption: 'full' }) });
    const id = created.data!.createBooking.booking.id;
    for (const field of ['healthConcerns', 'dietaryRestrictions', 'age', 'customerPhone', 'emergencyContactEmail']) {
      const res = await s.gql(`query($id: ID!) { booking(id: $id) { id ${field} } }`, { id });
      expect(res.errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
    }
  });
});

describe('booking rate limit', () => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startTestServer('sqlite');
  });
  afterAll(() => s?.close());

  it('answers a client past the limit with 429 and Retry-After; other clients are not affected', async () => {
    const body = aBookingBody({ workshop_id: 'great-plains-supercells' });
    const send = (client: string) =>
      fetch(`${s.url}/api/bookings`, { method: 'POST', headers: { 'content-type': 'application/json', 'x-forwarded-for': client }, body: JSON.stringify(body) });
    const statuses: number[] = [];
    for (let sent = 0; sent < BOOKING_RATE_LIMIT.limit; sent += 100) {
      const batch = Math.min(100, BOOKING_RATE_LIMIT.limit - sent);
      statuses.push(...(await Promise.all(Array.from({ length: batch }, () => send('203.0.113.7').then((r) => r.status)))));
    }
    expect(new Set(statuses)).toEqual(new Set([201, 409])); // sold out after 12: refused attempts count too
    const limited = await send('203.0.113.7');
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await limited.json()).detail).toMatch(/^Too many booking attempts/);
    expect((await send('203.0.113.8')).status).toBe(409);
  });
});
