import crypto from 'node:crypto';
import { createTestDb, DB_KINDS } from '../../test/db';
import { insertBooking } from '../../test/rows';
import { BookingPayment, BookingRefund } from '../../booking/ledger.entities';
import { Booking } from '../../booking/booking.entity';
import { BookingStatus } from '../../shared/booking-status';
import { CheckoutSessionRecord } from '../../payment/checkout-session.entity';
import { MailOutbox } from '../../mail/mail-outbox.entity';
import { ScheduledJob } from '../jobs/scheduled-job.entity';
import { Workshop } from '../../workshop/workshop.entity';
import { accountingEraseAt, tripDataEraseAt } from '../../shared/retention';
import { GiftCard, GiftCardUse } from '../../gift-card/gift-card.entity';

/** Undo the newest migrations until `name` is the last one run (later migrations are undone first). */
async function undoDownTo(ds: { query: (sql: string) => Promise<unknown>; undoLastMigration: () => Promise<void> }, name: string): Promise<void> {
  const last = async () => ((await ds.query('SELECT name FROM typeorm_migrations ORDER BY id DESC LIMIT 1')) as Array<{ name: string }>)[0].name;
  for (let i = 0; i < 50 && (await last()) !== name; i++) await ds.undoLastMigration();
  expect(await last()).toBe(name);
}

describe.each(DB_KINDS)('migrations on %s', (kind) => {
  it('create exactly the schema the entities describe (no drift)', async () => {
    const t = await createTestDb(kind, { seed: false, fromScratch: true });
    try {
      const pending = await t.db.dataSource.driver.createSchemaBuilder().log();
      expect(pending.upQueries.map((q) => q.query)).toEqual([]);
    } finally {
      await t.drop();
    }
  });

  it('give every existing booking a unique short reference (issue 24, decision 078)', async () => {
    const t = await createTestDb(kind, { fromScratch: true });
    try {
      for (let i = 0; i < 3; i++) await insertBooking(t.db);
      // Back to before the reference existed (its column goes, the rows stay), then forward again.
      await undoDownTo(t.db.dataSource, 'BookingReference1795710000000');
      await t.db.dataSource.undoLastMigration();
      await t.db.migrate();
      const refs = ((await t.db.dataSource.query('SELECT reference FROM bookings')) as Array<{ reference: string }>).map((r) => r.reference);
      expect(refs).toHaveLength(3);
      for (const ref of refs) expect(ref).toMatch(/^WL-[23456789ABCDEFGHJKMNPQRSTUVWXYZ]{5}$/);
      expect(new Set(refs).size).toBe(3);
      await expect(insertBooking(t.db, { reference: refs[0] })).rejects.toThrow();
    } finally {
      await t.drop();
    }
  });

  it('give every existing booking its travellers: the booker with their details, placeholders for the others (decision 084)', async () => {
    const t = await createTestDb(kind, { fromScratch: true });
    try {
      const two = await insertBooking(t.db, { numParticipants: 2 });
      const one = await insertBooking(t.db);
      await undoDownTo(t.db.dataSource, 'Travellers1795720000000');
      await t.db.dataSource.undoLastMigration();
      await t.db.migrate();
      const rows = (await t.db.dataSource.query('SELECT id, booking_id, position, name, email FROM travellers ORDER BY booking_id, position')) as Array<{ id: string; booking_id: string; position: number; name: string | null; email: string | null }>;
      const of = (id: string) => rows.filter((r) => r.booking_id === id).map((r) => [Number(r.position), r.name, r.email]);
      expect(of(two.id)).toEqual([
        [1, two.customerName, two.customerEmail],
        [2, null, null],
      ]);
      expect(of(one.id)).toEqual([[1, one.customerName, one.customerEmail]]);
      for (const r of rows) expect(r.id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[1-8][0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
      expect(new Set(rows.map((r) => r.id)).size).toBe(rows.length);
    } finally {
      await t.drop();
    }
  });

  it('move every credit into gift_cards as a balance of kind credit: code kept, used ones at 0 with their use, valid 5 years (decision 095)', async () => {
    const t = await createTestDb(kind, { fromScratch: true });
    try {
      const source = await insertBooking(t.db, { status: BookingStatus.cancelled, customerName: 'Ana Lopez' });
      const user = await insertBooking(t.db, { status: BookingStatus.confirmed });
      await t.db.manager.insert(BookingPayment, { id: crypto.randomUUID(), bookingId: user.id, amountCents: 120_000, method: 'credit' as never, purpose: 'credit' as never, installmentNumber: null, providerPaymentId: null, checkoutSessionId: null, refundedCents: 0, note: 'Credit WL-7KQ3-M9XD', receivedAt: new Date('2025-06-02T10:00:00.000Z') });
      await undoDownTo(t.db.dataSource, 'CreditsAsBalances1795840000000');
      await t.db.dataSource.undoLastMigration();
      const insert = 'INSERT INTO credits (id, code, amount_cents, source_booking_id, customer_email, state, issued_at, used_by_booking_id, used_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)';
      const unused = crypto.randomUUID();
      const used = crypto.randomUUID();
      await t.db.dataSource.query(insert, [unused, 'WL-2345-6789-ABCD', 300_000, source.id, 'ana@example.com', 'issued', '2026-01-15 12:00:00.000', null, null]);
      await t.db.dataSource.query(insert, [used, 'WL-7KQ3-M9XD', 150_000, source.id, 'ana@example.com', 'used', '2025-06-01 09:30:00.000', user.id, '2025-06-02 10:00:00.000']);
      await t.db.migrate();
      const card = (code: string) => t.db.manager.findOneByOrFail(GiftCard, { code });
      expect(await card('WL-2345-6789-ABCD')).toMatchObject({ id: unused, kind: 'credit', state: 'active', initialCents: 300_000, balanceCents: 300_000, sourceBookingId: source.id, recipientEmail: 'ana@example.com', recipientName: 'Ana Lopez' });
      expect((await card('WL-2345-6789-ABCD')).expiresAt.toISOString()).toBe('2031-01-15T12:00:00.000Z');
      expect(await card('WL-7KQ3-M9XD')).toMatchObject({ id: used, kind: 'credit', initialCents: 150_000, balanceCents: 0 });
      expect((await card('WL-7KQ3-M9XD')).expiresAt.toISOString()).toBe('2030-06-01T09:30:00.000Z');
      // The use: what its booking's payment row says the credit paid (the rest was reissued then as its own code).
      expect((await t.db.manager.findBy(GiftCardUse, { giftCardId: used })).map((u) => [u.bookingId, u.amountCents, u.usedAt.toISOString()])).toEqual([[user.id, 120_000, '2025-06-02T10:00:00.000Z']]);
      expect(await t.db.manager.countBy(GiftCardUse, { giftCardId: unused })).toBe(0);
      // And back: the credits table again, the cards gone.
      await undoDownTo(t.db.dataSource, 'CreditsAsBalances1795840000000');
      await t.db.dataSource.undoLastMigration();
      const back = (await t.db.dataSource.query('SELECT code, amount_cents, state, used_by_booking_id FROM credits ORDER BY code')) as Array<{ code: string; amount_cents: number; state: string; used_by_booking_id: string | null }>;
      expect(back.map((r) => [r.code, Number(r.amount_cents), r.state, r.used_by_booking_id])).toEqual([
        ['WL-2345-6789-ABCD', 300_000, 'issued', null],
        ['WL-7KQ3-M9XD', 150_000, 'used', user.id],
      ]);
      await t.db.migrate();
      expect(await t.db.manager.countBy(GiftCard, { kind: 'credit' as never })).toBe(2);
    } finally {
      await t.drop();
    }
  });

  it('mark the reviews written before issue 26 as samples, and give every confirmed booking its two review asks (decisions 089, 090)', async () => {
    const t = await createTestDb(kind, { fromScratch: true });
    try {
      const confirmed = await insertBooking(t.db, { status: BookingStatus.confirmed });
      const cancelled = await insertBooking(t.db, { status: BookingStatus.cancelled });
      await undoDownTo(t.db.dataSource, 'Reviews1795740000000');
      await t.db.dataSource.undoLastMigration();
      await t.db.migrate();
      const samples = (await t.db.dataSource.query('SELECT sample, status FROM testimonials')) as Array<{ sample: number | boolean; status: string }>;
      expect(samples.length).toBeGreaterThan(0);
      expect(samples.every((r) => Boolean(r.sample) && r.status === 'published')).toBe(true);
      const jobs = (await t.db.dataSource.query(`SELECT ${t.db.dataSource.driver.escape('key')} AS k FROM scheduled_jobs WHERE kind = 'review.request' ORDER BY 1`)) as Array<{ k: string }>;
      expect(jobs.map((j) => j.k)).toEqual([`review:${confirmed.id}:ask:1`, `review:${confirmed.id}:ask:2`]);
      expect(jobs.map((j) => j.k).join()).not.toContain(cancelled.id);
    } finally {
      await t.drop();
    }
  });

  it('give every existing booking its trip-data erasure job, due 90 days after its run ends (decision 100)', async () => {
    const t = await createTestDb(kind, { fromScratch: true });
    try {
      const confirmed = await insertBooking(t.db, { status: BookingStatus.confirmed });
      const cancelled = await insertBooking(t.db, { status: BookingStatus.cancelled });
      await undoDownTo(t.db.dataSource, 'TripDataRetention1795810000000');
      await t.db.dataSource.undoLastMigration();
      expect(await t.db.dataSource.query("SELECT id FROM scheduled_jobs WHERE kind = 'privacy.trip_data_erase'")).toEqual([]);
      await t.db.migrate();
      const jobs = await t.db.manager.find(ScheduledJob, { where: { kind: 'privacy.trip_data_erase' } });
      expect(jobs.map((j) => j.key).sort()).toEqual([`privacy:${confirmed.id}:trip-data`, `privacy:${cancelled.id}:trip-data`].sort());
      const run = await t.db.manager.findOneByOrFail(Workshop, { id: confirmed.workshopId });
      for (const j of jobs) expect(j.dueAt.toISOString()).toBe(tripDataEraseAt(run.endDate, 90).toISOString());
    } finally {
      await t.drop();
    }
  });

  it('give every existing booking its 7-year accounting job (decision 102)', async () => {
    const t = await createTestDb(kind, { fromScratch: true });
    try {
      const confirmed = await insertBooking(t.db, { status: BookingStatus.confirmed });
      const cancelled = await insertBooking(t.db, { status: BookingStatus.cancelled });
      await undoDownTo(t.db.dataSource, 'AccountingRetention1795830000001');
      await t.db.dataSource.undoLastMigration();
      expect(await t.db.dataSource.query("SELECT id FROM scheduled_jobs WHERE kind = 'privacy.accounting_erase'")).toEqual([]);
      await t.db.migrate();
      const jobs = await t.db.manager.find(ScheduledJob, { where: { kind: 'privacy.accounting_erase' } });
      expect(jobs.map((j) => j.key).sort()).toEqual([`privacy:${confirmed.id}:accounting`, `privacy:${cancelled.id}:accounting`].sort());
      const run = await t.db.manager.findOneByOrFail(Workshop, { id: confirmed.workshopId });
      for (const j of jobs) expect(j.dueAt.toISOString()).toBe(accountingEraseAt(run.endDate).toISOString());
    } finally {
      await t.drop();
    }
  });

  it('are idempotent: running them twice changes nothing', async () => {
    const t = await createTestDb(kind, { seed: false, fromScratch: true });
    try {
      await t.db.migrate();
      const executed = await t.db.dataSource.query('SELECT COUNT(*) AS n FROM typeorm_migrations');
      expect(Number(executed[0].n)).toBe(t.db.dataSource.migrations.length);
    } finally {
      await t.drop();
    }
  });

  it('record the checkout sessions of existing bookings as ours, for the amount each asked (hardening finding 3)', async () => {
    const t = await createTestDb(kind, { fromScratch: true });
    try {
      // Back to before CheckoutSessionsAndMailLimit, undoing whatever came after it.
      const last = async () => ((await t.db.dataSource.query('SELECT name FROM typeorm_migrations ORDER BY id DESC LIMIT 1')) as Array<{ name: string }>)[0].name;
      while ((await last()) !== 'AddMailOutbox1795307088400') await t.db.dataSource.undoLastMigration();
      // insertBooking writes today's columns: give the old table the one a later migration adds, for the inserts only.
      const later = ['reference varchar(8) NULL', 'recovery_consent boolean NOT NULL DEFAULT 0', 'client_key_hash varchar(64) NULL', 'amount_refunded_cents int NOT NULL DEFAULT 0', 'fee_cents int NOT NULL DEFAULT 0', 'provider_customer_id varchar(255) NULL', 'provider_payment_method_id varchar(255) NULL', 'refund_cap_cents int NULL', 'refund_cap_paid_cents int NULL', 'promo_code varchar(32) NULL', 'discount_cents int NOT NULL DEFAULT 0', 'recovery_booking_id varchar(36) NULL'];
      for (const column of later) await t.db.dataSource.query(`ALTER TABLE bookings ADD ${column}`);
      const open = await insertBooking(t.db, { checkoutSessionId: 'cs_test_before_upgrade', dueNowCents: 86850 });
      await insertBooking(t.db, { checkoutSessionId: 'pending:1767000000000:abc' });
      await insertBooking(t.db, { checkoutSessionId: null });
      for (const column of later) await t.db.dataSource.query(`ALTER TABLE bookings DROP COLUMN ${column.split(' ')[0]}`);
      await t.db.migrate();
      expect(await t.db.manager.find(CheckoutSessionRecord)).toEqual([
        { id: 'cs_test_before_upgrade', bookingId: open.id, amountCents: 86850, currency: 'usd', purpose: 'first', installmentNumber: null, createdAt: open.updatedAt },
      ]);
    } finally {
      await t.drop();
    }
  });

  it('turn the money of bookings made before the ledger into ledger rows, and the retired payment statuses into true ones (docs/decisions/062)', async () => {
    const t = await createTestDb(kind, { fromScratch: true });
    try {
      const last = async () => ((await t.db.dataSource.query('SELECT name FROM typeorm_migrations ORDER BY id DESC LIMIT 1')) as Array<{ name: string }>)[0].name;
      while (!(await last()).startsWith('AddScheduledJobs')) await t.db.dataSource.undoLastMigration();
      const later = ['reference varchar(8) NULL', 'recovery_consent boolean NOT NULL DEFAULT 0', 'amount_refunded_cents int NOT NULL DEFAULT 0', 'fee_cents int NOT NULL DEFAULT 0', 'provider_customer_id varchar(255) NULL', 'provider_payment_method_id varchar(255) NULL', 'refund_cap_cents int NULL', 'refund_cap_paid_cents int NULL', 'promo_code varchar(32) NULL', 'discount_cents int NOT NULL DEFAULT 0', 'recovery_booking_id varchar(36) NULL'];
      for (const column of later) await t.db.dataSource.query(`ALTER TABLE bookings ADD ${column}`);
      const refundDue = await insertBooking(t.db, { status: BookingStatus.cancelled, amountPaidCents: 50_000, paymentStatus: 'refund_due' as never, checkoutSessionId: 'cs_old_paid' });
      const expired = await insertBooking(t.db, { status: BookingStatus.expired, amountPaidCents: 0, paymentStatus: 'expired' as never });
      const plan = await insertBooking(t.db, { status: BookingStatus.confirmed, paymentOption: 'payment_plan' as never, amountPaidCents: 30_000, paymentStatus: 'deposit_paid' as never });
      const offline = await insertBooking(t.db, { status: BookingStatus.confirmed, amountPaidCents: 20_000, paymentStatus: 'deposit_paid' as never, checkoutSessionId: null });
      for (const column of later) await t.db.dataSource.query(`ALTER TABLE bookings DROP COLUMN ${column.split(' ')[0]}`);
      await t.db.migrate();
      const b = (id: string) => t.db.manager.findOneByOrFail(Booking, { id });
      expect(await b(refundDue.id)).toMatchObject({ paymentStatus: 'refunded', amountRefundedCents: 50_000 });
      expect(await t.db.manager.findBy(BookingRefund, { bookingId: refundDue.id })).toEqual([expect.objectContaining({ amountCents: 50_000, method: 'offline', state: 'owed' })]);
      expect(await b(expired.id)).toMatchObject({ paymentStatus: 'pending' });
      expect(await b(plan.id)).toMatchObject({ paymentStatus: 'partially_paid' });
      expect(await t.db.manager.findBy(BookingPayment, { bookingId: refundDue.id })).toEqual([expect.objectContaining({ amountCents: 50_000, method: 'card', checkoutSessionId: 'cs_old_paid' })]);
      expect(await t.db.manager.findBy(BookingPayment, { bookingId: offline.id })).toEqual([expect.objectContaining({ amountCents: 20_000, method: 'offline' })]);
      expect(await t.db.manager.countBy(BookingPayment, { bookingId: expired.id })).toBe(0);
    } finally {
      await t.drop();
    }
  });

  it('give a mail being sent during the upgrade the lease its claim time gave it (the outbox on LeasedRows)', async () => {
    const t = await createTestDb(kind, { seed: false, fromScratch: true });
    try {
      const executed = async () => ((await t.db.dataSource.query('SELECT name FROM typeorm_migrations')) as Array<{ name: string }>).map((r) => r.name);
      while ((await executed()).some((name) => name.startsWith('OutboxLeases'))) await t.db.dataSource.undoLastMigration();
      const claimedAt = new Date('2026-03-01T10:00:00.250Z');
      const at = '2026-03-01 10:00:00.250';
      await t.db.dataSource.query(
        'INSERT INTO mail_outbox (id, kind, recipient, payload, status, attempts, next_attempt_at, claimed_at, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)',
        ['mail-in-flight', 'x', 'a@example.com', '{}', 'sending', 1, at, at, at],
      );
      await t.db.migrate();
      const [row] = await t.db.manager.find(MailOutbox);
      expect(row).toMatchObject({ status: 'sending', lockedBy: null });
      expect(row.lockedUntil!.getTime()).toBe(claimedAt.getTime() + 10 * 60_000);
    } finally {
      await t.drop();
    }
  });
});
