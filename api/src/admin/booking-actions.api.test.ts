import { startTestServer, type TestServer } from '../test/app';
import { DB_KINDS } from '../test/db';
import { aBookingBody } from '../test/builders';
import { MailOutbox } from '../mail/mail-outbox.entity';
import { BookingMailKind as MailKind } from '../booking/booking-mail-data';

const RIGHT = `Basic ${Buffer.from('admin:correct-horse-battery').toString('base64')}`;

describe.each(DB_KINDS)('admin booking actions on %s (bookings held with no payment provider)', (kind) => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startTestServer(kind);
  });
  afterAll(() => s?.close());

  const book = async (overrides: Record<string, unknown> = {}) =>
    (await (await fetch(`${s.url}/api/bookings`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(aBookingBody(overrides)) })).json()) as {
      id: string;
      total_amount: number;
    };
  const admin = (path: string, body?: unknown, auth = RIGHT) =>
    fetch(`${s.url}/api/admin${path}`, { method: 'POST', headers: { 'content-type': 'application/json', authorization: auth }, body: body === undefined ? undefined : JSON.stringify(body) });
  const spots = async (id: string) => (await (await fetch(`${s.url}/api/workshops/${id}`)).json()).available_spots as number;

  it('records an offline deposit, then the balance: held → confirmed (deposit_paid) → paid, with the confirmation mail', async () => {
    const b = await book({ workshop_id: 'zion-canyon-light' }); // $2,895
    const deposit = await admin(`/bookings/${b.id}/payments`, { amount: 868.5 });
    expect(deposit.status).toBe(200);
    expect(await deposit.json()).toMatchObject({ status: 'confirmed', payment_status: 'deposit_paid', amount_paid: 868.5 });
    const rest = await admin(`/bookings/${b.id}/payments`, { amount: 2026.5 });
    expect(await rest.json()).toMatchObject({ status: 'confirmed', payment_status: 'paid', amount_paid: 2895 });
    const mails = await s.services.db.manager.findBy(MailOutbox, { kind: MailKind.bookingPaid });
    expect(mails.filter((m) => JSON.stringify(m.payload).includes(b.id))).toHaveLength(2);
  });

  it('refuses amounts that are not positive or exceed the balance, naming amount, and changes nothing', async () => {
    const b = await book({ workshop_id: 'zion-canyon-light' });
    for (const amount of [0, -5, 2895.01, 'lots', 1.234]) {
      const res = await admin(`/bookings/${b.id}/payments`, { amount });
      expect(res.status).toBe(422);
      expect((await res.json()).errors[0].field).toBe('amount');
    }
    expect((await (await fetch(`${s.url}/api/bookings/${b.id}`)).json()).amount_paid).toBe(0);
  });

  it('cancels a held booking: its spots come back at once; a second cancel is a 409', async () => {
    const before = await spots('grand-teton-autumn');
    const b = await book({ workshop_id: 'grand-teton-autumn', num_participants: 3 });
    expect(await spots('grand-teton-autumn')).toBe(before - 3);
    const res = await admin(`/bookings/${b.id}/cancel`);
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ status: 'cancelled', payment_status: 'pending' });
    expect(await spots('grand-teton-autumn')).toBe(before);
    expect((await admin(`/bookings/${b.id}/cancel`)).status).toBe(409);
    expect((await admin(`/bookings/${b.id}/payments`, { amount: 10 })).status).toBe(409);
  });

  it('cancelling a paid booking refunds everything paid (offline money: owed by the admin)', async () => {
    const b = await book({ workshop_id: 'grand-teton-autumn' });
    await admin(`/bookings/${b.id}/payments`, { amount: 100 });
    expect(await (await admin(`/bookings/${b.id}/cancel`)).json()).toMatchObject({ status: 'cancelled', payment_status: 'refunded', amount_paid: 100, amount_refunded: 100 });
  });

  it('needs the admin credential (REST and GraphQL) and refuses unknown bookings', async () => {
    const b = await book();
    expect((await admin(`/bookings/${b.id}/cancel`, undefined, 'Basic eDp5')).status).toBe(401);
    expect((await admin(`/bookings/00000000-0000-4000-8000-000000000000/cancel`)).status).toBe(404);
    const anonymous = await s.gql(`mutation($i: CancelBookingInput!) { cancelBooking(input: $i) { booking { id } } }`, { i: { bookingId: b.id } });
    expect(anonymous.errors?.[0].extensions?.code).toBe('UNAUTHENTICATED');
    const paid = await s.gql<{ recordPayment: { booking: { status: string; amountPaid: number } } }>(
      `mutation($i: RecordPaymentInput!) { recordPayment(input: $i) { booking { status amountPaid } } }`,
      { i: { bookingId: b.id, amount: 50 } },
      { authorization: RIGHT },
    );
    expect(paid.data!.recordPayment.booking).toEqual({ status: 'confirmed', amountPaid: 50 });
  });
});
