import { startTestServer, type TestServer } from '../test/app';
import { DB_KINDS } from '../test/db';
import { aBookingBody } from '../test/builders';
import { Traveller } from './traveller.entity';
import { Booking } from '../booking/booking.entity';

const post = (s: TestServer, body: unknown) => fetch(`${s.url}/api/bookings`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });

describe.each(DB_KINDS)('travellers on %s', (kind) => {
  let s: TestServer;

  beforeAll(async () => {
    s = await startTestServer(kind);
  });
  afterAll(() => s?.close());

  it('a booking for 3 has 3 travellers: the booker first, then those the form named, then a placeholder', async () => {
    const res = await post(s, aBookingBody({ num_participants: 3, travellers: [{ name: 'Bea Kim', email: 'Bea@Example.com' }, { later: true }] }));
    expect(res.status).toBe(201);
    const { id } = await res.json();
    const rows = await s.services.travellers.listForBooking(s.services.db.manager, id);
    expect(rows.map((t) => [t.position, t.name, t.email])).toEqual([
      [1, 'Ana Lopez', 'ana@example.com'],
      [2, 'Bea Kim', 'bea@example.com'],
      [3, null, null],
    ]);
    // The booker's details come from the form, still to be confirmed as a task.
    expect(rows[0]).toMatchObject({ age: 34, dietaryRestrictions: 'Vegetarian', emergencyContactName: 'Luis Lopez', healthConfirmedAt: null });

    const roster = (await s.services.travellers.listForRun(s.services.db.manager, 'zion-canyon-light')).filter((r) => r.bookingId === id);
    expect(roster).toHaveLength(3);
    expect(roster[0]).toMatchObject({ isBooker: true, name: 'Ana Lopez', readiness: { tasksDone: 0, tasksTotal: 4, missing: ['waiver', 'health', 'travel', 'gear'] } });
  });

  it('a booking without travellers listed still has one per participant', async () => {
    const { id } = await (await post(s, aBookingBody({ num_participants: 2 }))).json();
    expect(await s.services.db.manager.count(Traveller, { where: { bookingId: id } })).toBe(2);
  });

  it('refuses more travellers than participants, and a named traveller without a valid email, naming the field (422, nothing booked)', async () => {
    const before = await s.services.db.manager.count(Traveller);
    const tooMany = await post(s, aBookingBody({ num_participants: 2, travellers: [{ later: true }, { later: true }] }));
    expect(tooMany.status).toBe(422);
    expect((await tooMany.json()).errors).toEqual([expect.objectContaining({ field: 'travellers' })]);

    const badEmail = await post(s, aBookingBody({ num_participants: 2, travellers: [{ name: 'Bea Kim', email: 'not-an-email' }] }));
    expect(badEmail.status).toBe(422);
    expect((await badEmail.json()).errors).toEqual([expect.objectContaining({ field: 'travellers.0.email' })]);

    const noName = await post(s, aBookingBody({ num_participants: 2, travellers: [{ email: 'bea@example.com' }] }));
    expect(noName.status).toBe(422);
    expect((await noName.json()).errors).toEqual([expect.objectContaining({ field: 'travellers.0.name' })]);
    expect(await s.services.db.manager.count(Traveller)).toBe(before);
  });

  it('GraphQL takes the same travellers', async () => {
    const body = aBookingBody({ num_participants: 2 });
    const input: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(body)) input[k.replace(/_([a-z])/g, (_, c: string) => c.toUpperCase())] = v;
    const res = await s.gql<{ createBooking: { booking: { id: string } } }>('mutation($input: BookingInput!) { createBooking(input: $input) { booking { id } } }', {
      input: { ...input, travellers: [{ name: 'Cy Ode', email: 'cy@example.com' }] },
    });
    expect(res.errors).toBeUndefined();
    const rows = await s.services.travellers.listForBooking(s.services.db.manager, res.data!.createBooking.booking.id);
    expect(rows.map((t) => t.name)).toEqual(['Ana Lopez', 'Cy Ode']);
  });

  it('a change of participants adds placeholders or removes the last travellers, never the booker', async () => {
    const { id } = await (await post(s, aBookingBody({ num_participants: 3, travellers: [{ name: 'Bea Kim', email: 'bea@example.com' }, { later: true }] }))).json();
    const m = s.services.db.manager;
    const booking = await m.findOneByOrFail(Booking, { id });
    await s.services.db.transaction((tx) => s.services.travellers.syncCount(tx, Object.assign(booking, { numParticipants: 2 }), new Date()));
    expect((await s.services.travellers.listForBooking(m, id)).map((t) => [t.position, t.name])).toEqual([
      [1, 'Ana Lopez'],
      [2, 'Bea Kim'],
    ]);
    await s.services.db.transaction((tx) => s.services.travellers.syncCount(tx, Object.assign(booking, { numParticipants: 4 }), new Date()));
    expect((await s.services.travellers.listForBooking(m, id)).map((t) => [t.position, t.name])).toEqual([
      [1, 'Ana Lopez'],
      [2, 'Bea Kim'],
      [3, null],
      [4, null],
    ]);
  });
});
