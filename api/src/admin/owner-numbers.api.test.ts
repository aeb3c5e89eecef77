import crypto from 'node:crypto';
import { startTestServer, type TestServer } from '../test/app';
import { DB_KINDS } from '../test/db';
import { aBookingBody } from '../test/builders';
import { Booking } from '../booking/booking.entity';
import { BookingPayment, BookingRefund, PaymentMethod, PaymentPurpose, RefundState } from '../booking/ledger.entities';
import { balanceDueDate } from '../shared/policy';
import { Workshop } from '../workshop/workshop.entity';

const ADMIN = { authorization: `Basic ${Buffer.from('admin:correct-horse-battery').toString('base64')}` };

type Dashboard = {
  from: string;
  to: string;
  received_cents: number;
  refunded_cents: number;
  net_cents: number;
  money: Array<{ month: string; received_cents: number; refunded_cents: number; net_cents: number }>;
  to_come: Array<{ month: string; balances_cents: number; installments_cents: number; total_cents: number }>;
  occupancy: Array<{ workshop_id: string; sold: number; held: number; free: number; minimum: number; capacity: number }>;
  payment_options: Array<{ option: string; bookings: number }>;
};
type Line = { kind: string; date: string; amount_cents: number; method: string; stripe_id: string | null; booking_id: string; workshop_id: string; workshop_name: string };

/**
 * The owner's numbers (docs/decisions/099) over the real API: the dashboard's money by
 * month equals the sums of the accountant's export, on SQLite and MariaDB.
 */
describe.each(DB_KINDS)('owner dashboard and ledger on %s', (kind) => {
  let s: TestServer;
  let now = new Date('2026-01-15T12:00:00.000Z');
  const clock = () => new Date(now.getTime());

  beforeAll(async () => {
    s = await startTestServer(kind, {}, undefined, { clock });
    const base = await s.services.db.manager.findOneByOrFail(Workshop, { id: 'zion-canyon-light' });
    await s.services.db.manager.insert(Workshop, { ...base, id: 'numbers-run', name: 'Numbers Run', startDate: '2026-09-01', endDate: '2026-09-05', timeZone: 'UTC', spotsClaimed: 0, capacity: 10, minimumParticipants: 4 });
    s.services.workshops.catalog.invalidate();
  });
  afterAll(() => s?.close());

  const m = () => s.services.db.manager;
  const post = (path: string, body: unknown, headers: Record<string, string> = ADMIN) =>
    fetch(`${s.url}${path}`, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) });
  const get = (path: string) => fetch(`${s.url}${path}`, { headers: ADMIN });

  async function book(email: string, participants: number, option = 'deposit'): Promise<{ id: string; total_amount: number; amount_due_now: number }> {
    const res = await post('/api/bookings', aBookingBody({ workshop_id: 'numbers-run', customer_email: email, num_participants: participants, payment_option: option }), {});
    expect(res.status).toBe(201);
    return (await res.json()) as { id: string; total_amount: number; amount_due_now: number };
  }
  const pay = async (id: string, dollars: number) => expect((await post(`/api/admin/bookings/${id}/payments`, { amount: dollars })).status).toBe(200);

  it('answers money by month, cash to come, occupancy and payment options that match the ledger, and exports the ledger as CSV', async () => {
    // January: one booking paid in full, one paid its deposit (its balance is to come), one held.
    const full = await book('full@example.com', 2, 'full');
    await pay(full.id, full.total_amount);
    const deposit = await book('deposit@example.com', 1);
    await pay(deposit.id, deposit.amount_due_now);
    await book('held@example.com', 1);

    // February: a refund made (owed, then marked done), and one still owed (not money out yet).
    now = new Date('2026-02-10T09:00:00.000Z');
    expect((await post(`/api/admin/bookings/${full.id}/refunds`, { amount: 100, note: 'goodwill' })).status).toBe(200);
    const made = await m().findOneByOrFail(BookingRefund, { bookingId: full.id });
    expect((await post(`/api/admin/refunds/${made.id}/done`, {})).status).toBe(200);
    expect((await post(`/api/admin/bookings/${deposit.id}/refunds`, { amount: 50, note: 'still owed' })).status).toBe(200);
    expect((await m().findOneByOrFail(BookingRefund, { bookingId: deposit.id })).state).toBe(RefundState.owed);
    // A credit code's use moved no money: it is in neither the chart nor the export.
    await m().insert(BookingPayment, { id: crypto.randomUUID(), bookingId: deposit.id, amountCents: 5_000, method: PaymentMethod.credit, purpose: PaymentPurpose.credit, refundedCents: 0, receivedAt: new Date('2026-01-20T10:00:00.000Z') });

    // March: a card payment with its Stripe id.
    await m().insert(BookingPayment, { id: crypto.randomUUID(), bookingId: deposit.id, amountCents: 12_345, method: PaymentMethod.card, purpose: PaymentPurpose.balance, providerPaymentId: 'pi_test_ledger', refundedCents: 0, receivedAt: new Date('2026-03-03T10:00:00.000Z') });
    now = new Date('2026-03-20T09:00:00.000Z');

    const res = await get('/api/admin/dashboard?from=2026-01&to=2026-04');
    expect(res.status).toBe(200);
    const d = (await res.json()) as Dashboard;
    const fullCents = Math.round(full.total_amount * 100);
    const depositCents = Math.round(deposit.amount_due_now * 100);
    expect(d.money).toEqual([
      { month: '2026-01', received_cents: fullCents + depositCents, refunded_cents: 0, net_cents: fullCents + depositCents },
      { month: '2026-02', received_cents: 0, refunded_cents: 10_000, net_cents: -10_000 },
      { month: '2026-03', received_cents: 12_345, refunded_cents: 0, net_cents: 12_345 },
      { month: '2026-04', received_cents: 0, refunded_cents: 0, net_cents: 0 },
    ]);
    expect(d.net_cents).toBe(fullCents + depositCents - 10_000 + 12_345);

    // The export's lines sum to the dashboard, month by month.
    const ledger = (await (await get('/api/admin/ledger?from=2026-01&to=2026-04')).json()) as Line[];
    expect(ledger).toHaveLength(4);
    for (const month of d.money) {
      const lines = ledger.filter((l) => l.date.startsWith(month.month));
      expect(lines.filter((l) => l.kind === 'payment').reduce((t, l) => t + l.amount_cents, 0)).toBe(month.received_cents);
      expect(lines.filter((l) => l.kind === 'refund').reduce((t, l) => t - l.amount_cents, 0)).toBe(month.refunded_cents);
    }
    expect(ledger.reduce((t, l) => t + l.amount_cents, 0)).toBe(d.net_cents);
    expect(ledger.find((l) => l.stripe_id === 'pi_test_ledger')).toMatchObject({ kind: 'payment', method: 'card', booking_id: deposit.id, workshop_id: 'numbers-run', workshop_name: 'Numbers Run', date: '2026-03-03T10:00:00.000Z' });

    // Cash to come: the deposit booking's balance (the rows inserted above bypassed its running total), in the month it is due.
    const balance = (await m().findOneByOrFail(Booking, { id: deposit.id })).totalCents - depositCents;
    expect(d.to_come).toEqual([{ month: balanceDueDate('2026-09-01').slice(0, 7), balances_cents: balance, installments_cents: 0, total_cents: balance }]);

    // Occupancy of the run (sold participants of confirmed bookings), and live bookings per payment option.
    expect(d.occupancy.find((o) => o.workshop_id === 'numbers-run')).toEqual(expect.objectContaining({ sold: 3, capacity: 10, minimum: 4 }));
    const options = Object.fromEntries(d.payment_options.map((p) => [p.option, p.bookings]));
    expect(options.full).toBe(1);
    expect(options.deposit).toBeGreaterThanOrEqual(1);

    // The same figures over GraphQL.
    const g = await post('/graphql', { query: 'query { adminDashboard(from: "2026-01", to: "2026-04") { netCents money { month netCents } } adminLedgerCsv(from: "2026-01", to: "2026-04") }' });
    const gj = (await g.json()) as { data: { adminDashboard: { netCents: number; money: Array<{ month: string; netCents: number }> }; adminLedgerCsv: string } };
    expect(gj.data.adminDashboard.netCents).toBe(d.net_cents);
    expect(gj.data.adminDashboard.money.map((x) => x.netCents)).toEqual(d.money.map((x) => x.net_cents));

    // The CSV: a header and one line per payment or refund, dollars with two decimals.
    const csv = await get('/api/admin/ledger.csv?from=2026-01&to=2026-04');
    expect(csv.status).toBe(200);
    expect(csv.headers.get('content-type')).toContain('text/csv');
    const text = (await csv.text()).replace(/^\uFEFF/, '');
    expect(text).toBe(gj.data.adminLedgerCsv.replace(/^\uFEFF/, ''));
    const rows = text.trim().split('\r\n');
    expect(rows[0]).toBe('date,kind,amount,method,purpose,stripe_id,booking_reference,booking_id,customer_name,workshop_id,workshop_name,gift_card,promo_code');
    expect(rows).toHaveLength(5);
    expect(rows.find((r) => r.includes('pi_test_ledger'))).toContain(',123.45,card,balance,pi_test_ledger,');
    expect(rows.find((r) => r.includes(',refund,'))).toContain(',-100.00,offline,admin,');
  });

  it('refuses a bad period naming the field, and answers only the admin', async () => {
    const bad = await get('/api/admin/dashboard?from=2026-13');
    expect(bad.status).toBe(422);
    expect(JSON.stringify(await bad.json())).toContain('from');
    const backwards = await get('/api/admin/ledger.csv?from=2026-05&to=2026-01');
    expect(backwards.status).toBe(422);
    expect(JSON.stringify(await backwards.json())).toContain('to');
    expect((await fetch(`${s.url}/api/admin/dashboard`)).status).toBe(401);
    expect((await fetch(`${s.url}/api/admin/ledger.csv`)).status).toBe(401);
  });
});
