import { startTestServer, type TestServer } from '../test/app';
import { DB_KINDS } from '../test/db';
import { aBookingBody } from '../test/builders';
import { createServices } from '../composition-root';
import { createLogger } from '../infrastructure/logger';
import { AuditEvent } from '../audit/audit-event.entity';
import { customerActor } from '../audit/audit-log.service';
import { Booking } from '../booking/booking.entity';
import { BookingPayment } from '../booking/ledger.entities';
import { Traveller } from '../traveller/traveller.entity';
import { accountingEraseAt } from '../shared/retention';
import { ACCOUNTING_ERASE_JOB, accountingJobKey } from './accounting-retention';

const json = (body: unknown) => ({ method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });

/**
 * The end of the accounting period (issue 26, docs/decisions/102): 7 years after a booking's
 * workshop ends, a database job (once with two instances) replaces the names and email addresses
 * on its money records the way the erasure of a customer does, keeping every amount; the same
 * customer's later booking, still in its period, is left alone.
 */
describe.each(DB_KINDS)('the accounting period on %s', (kind) => {
  let s: TestServer;
  let now = new Date('2026-01-15T12:00:00.000Z');
  const clock = () => new Date(now.getTime());
  beforeAll(async () => {
    s = await startTestServer(kind, {}, undefined, { clock });
  });
  afterAll(() => s?.close());

  const m = () => s.services.db.manager;
  const book = async (body: Record<string, unknown>) => {
    const res = await fetch(`${s.url}/api/bookings`, json(aBookingBody(body)));
    expect(res.status).toBe(201);
    return ((await res.json()) as { id: string }).id;
  };

  let zion: string; // Zion, April 13-18, 2026
  let arizona: string; // the same customer, August 2026
  let ned: string; // Zion, erased on request before the period ends
  const dueZion = accountingEraseAt('2026-04-18');

  it('each booking gets its job, due 7 years after its run ends', async () => {
    zion = await book({ customer_name: 'Kai Books', customer_email: 'kai.books@example.com', num_participants: 2, travellers: [{ name: 'Lee Books', email: 'lee.books@example.com' }] });
    arizona = await book({ workshop_id: 'arizona-monsoon-lightning', customer_name: 'Kai Books', customer_email: 'kai.books@example.com' });
    ned = await book({ customer_name: 'Ned Books', customer_email: 'ned.books@example.com' });
    await s.services.bookings.recordPaymentOrThrow(zion, 173_700);
    await s.services.audit.recordAlone({ ...customerActor('kai.books@example.com'), action: 'credit.used', bookingId: zion, after: { amountCents: 5_000, customerName: 'Kai Books' }, detail: '$50.00 of credit used by Kai Books' });
    expect(dueZion.toISOString()).toBe('2033-04-19T03:00:00.000Z');
    const job = await s.services.jobs.findByKey(accountingJobKey(zion));
    expect(job).toMatchObject({ kind: ACCOUNTING_ERASE_JOB, state: 'pending' });
    expect(job!.dueAt.toISOString()).toBe(dueZion.toISOString());
  });

  it('nothing changes before the period ends', async () => {
    now = new Date(dueZion.getTime() - 60_000);
    await s.services.jobs.runDue();
    expect(await m().findOneByOrFail(Booking, { id: zion })).toMatchObject({ customerName: 'Kai Books', customerEmail: 'kai.books@example.com' });
    expect(await m().countBy(AuditEvent, { action: 'privacy.accounting_erased' })).toBe(0);
  });

  it('past it: the names and address on that booking are replaced once (two instances), amounts kept; the later booking is untouched', async () => {
    const paymentsBefore = await m().findBy(BookingPayment, { bookingId: zion });
    const before = await m().findOneByOrFail(Booking, { id: zion });
    now = new Date(dueZion.getTime() + 3_600_000);
    await s.services.personalData.eraseOrThrow('ned.books@example.com');
    const nedErased = (await m().findOneByOrFail(Booking, { id: ned })).customerEmail;
    const other = createServices(s.services.config, s.services.db, createLogger('silent'), clock);
    try {
      await Promise.all([s.services.jobs.runDue(), other.jobs.runDue()]);
    } finally {
      other.mailer.close();
    }
    const after = await m().findOneByOrFail(Booking, { id: zion });
    expect(after).toMatchObject({ customerName: 'Erased customer', customerPhone: '', totalCents: before.totalCents, amountPaidCents: 173_700, amountRefundedCents: before.amountRefundedCents });
    expect(after.customerEmail).toMatch(/^erased-[0-9a-f]{8}@erased\.invalid$/);
    expect(await m().findBy(BookingPayment, { bookingId: zion })).toEqual(paymentsBefore);
    expect((await m().find(Traveller, { where: { bookingId: zion } })).map((t) => [t.name, t.email])).toEqual([
      [null, null],
      [null, null],
    ]);
    // One entry, once, however many workers ran.
    const done = await m().findBy(AuditEvent, { action: 'privacy.accounting_erased' });
    expect(done).toHaveLength(1); // Ned's booking was erased on request: his job found nothing left to replace
    expect(await m().findOneByOrFail(Booking, { id: ned })).toMatchObject({ customerName: 'Erased customer', customerEmail: nedErased });
    expect((await s.services.jobs.findByKey(accountingJobKey(ned)))!.state).toBe('done');
    expect(done[0]!.bookingId).toBe(zion);
    expect(`${done[0]!.detail} ${done[0]!.after}`).not.toMatch(/Kai|kai\.books/);
    expect((await s.services.jobs.findByKey(accountingJobKey(zion)))!.state).toBe('done');
    // The booking's older audit entries: name and address replaced, amounts kept.
    const used = await m().findOneByOrFail(AuditEvent, { action: 'credit.used', bookingId: zion });
    expect(used.actor).toBe(after.customerEmail);
    expect(JSON.parse(used.after!)).toEqual({ amountCents: 5_000, customerName: 'Erased customer' });
    expect(used.detail).toBe('$50.00 of credit used by Erased customer');
    // The same customer's later booking is still in its own period.
    expect(await m().findOneByOrFail(Booking, { id: arizona })).toMatchObject({ customerName: 'Kai Books', customerEmail: 'kai.books@example.com' });
    expect((await s.services.jobs.findByKey(accountingJobKey(arizona)))!.state).toBe('pending');
  });
});
