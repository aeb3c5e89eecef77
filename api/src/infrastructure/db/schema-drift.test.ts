import { createTestDb, DB_KINDS } from '../../test/db';
import { insertBooking } from '../../test/rows';
import { CheckoutSessionRecord } from '../../payment/checkout-session.entity';

describe.each(DB_KINDS)('migrations on %s', (kind) => {
  it('create exactly the schema the entities describe (no drift)', async () => {
    const t = await createTestDb(kind, { seed: false });
    try {
      const pending = await t.db.dataSource.driver.createSchemaBuilder().log();
      expect(pending.upQueries.map((q) => q.query)).toEqual([]);
    } finally {
      await t.drop();
    }
  });

  it('are idempotent: running them twice changes nothing', async () => {
    const t = await createTestDb(kind, { seed: false });
    try {
      await t.db.migrate();
      const executed = await t.db.dataSource.query('SELECT COUNT(*) AS n FROM typeorm_migrations');
      expect(Number(executed[0].n)).toBe(t.db.dataSource.migrations.length);
    } finally {
      await t.drop();
    }
  });

  it('record the checkout sessions of existing bookings as ours, for the amount each asked (hardening finding 3)', async () => {
    const t = await createTestDb(kind);
    try {
      // Back to before CheckoutSessionsAndMailLimit, however many migrations came after it.
      for (;;) {
        const [last] = (await t.db.dataSource.query('SELECT name FROM typeorm_migrations ORDER BY timestamp DESC LIMIT 1')) as Array<{ name: string }>;
        await t.db.dataSource.undoLastMigration();
        if (last!.name.startsWith('CheckoutSessionsAndMailLimit')) break;
      }
      // insertBooking writes today's columns: give the old table the one a later migration adds, for the inserts only.
      await t.db.dataSource.query('ALTER TABLE bookings ADD client_key_hash varchar(64) NULL');
      const open = await insertBooking(t.db, { checkoutSessionId: 'cs_test_before_upgrade', dueNowCents: 86850 });
      await insertBooking(t.db, { checkoutSessionId: 'pending:1767000000000:abc' });
      await insertBooking(t.db, { checkoutSessionId: null });
      await t.db.dataSource.query('ALTER TABLE bookings DROP COLUMN client_key_hash');
      await t.db.migrate();
      expect(await t.db.manager.find(CheckoutSessionRecord)).toEqual([
        { id: 'cs_test_before_upgrade', bookingId: open.id, amountCents: 86850, currency: 'usd', createdAt: open.updatedAt },
      ]);
    } finally {
      await t.drop();
    }
  });
});
