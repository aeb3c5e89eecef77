import { createTestDb, DB_KINDS } from '../../test/db';

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
});
