import crypto from 'node:crypto';
import { createTestDb, DB_KINDS } from '../../test/db';
import { copyRowInSql, insertBooking } from '../../test/rows';
import { AuditLog } from '../../audit/audit-log.service';
import { AdminListsService } from '../../admin/admin-lists.service';

/**
 * The full-text indexes of the admin's search (migration AdminPagingAndSearch,
 * docs/decisions/075). On SQLite they are FTS5 tables kept by triggers on
 * `bookings` and `audit_log`: a later migration that rebuilds either table
 * (TypeORM does, to add a column on SQLite) drops those triggers with it, and
 * must create them again; this fails until it does.
 */
describe.each(DB_KINDS)('search indexes on %s', (kind) => {
  it('exist after every migration, and the SQLite ones agree with their tables', async () => {
    const t = await createTestDb(kind, { fromScratch: true });
    try {
      if (kind === 'sqlite') {
        const triggers = (await t.db.dataSource.query("SELECT name FROM sqlite_master WHERE type = 'trigger' ORDER BY name")) as Array<{ name: string }>;
        expect(triggers.map((r) => r.name)).toEqual(
          expect.arrayContaining(['audit_log_search_delete', 'audit_log_search_insert', 'audit_log_search_update', 'bookings_search_delete', 'bookings_search_insert', 'bookings_search_update']),
        );
        await insertBooking(t.db, { customerName: 'Integrity Check' });
        await new AuditLog(t.db, () => new Date()).recordAlone({ actorType: 'admin', actor: 'admin', action: 'admin.login_succeeded' });
        // FTS5's own check of an external-content index against its table (throws when they differ).
        await t.db.dataSource.query(`INSERT INTO "audit_log_search"("audit_log_search", rank) VALUES ('integrity-check', 1)`);
        const [{ n }] = (await t.db.dataSource.query('SELECT (SELECT COUNT(*) FROM bookings) - (SELECT COUNT(*) FROM bookings_search) AS n')) as Array<{ n: number }>;
        expect(Number(n)).toBe(0);
      } else {
        const indexes = (await t.db.dataSource.query(
          "SELECT DISTINCT TABLE_NAME AS t, INDEX_NAME AS i FROM information_schema.STATISTICS WHERE TABLE_SCHEMA = DATABASE() AND INDEX_TYPE = 'FULLTEXT' ORDER BY t",
        )) as Array<{ t: string; i: string }>;
        expect(indexes).toEqual([
          { t: 'audit_log', i: 'ft_audit_log_search' },
          { t: 'bookings', i: 'ft_bookings_search' },
        ]);
      }
    } finally {
      await t.drop();
    }
  });

  it('are dropped by the migration going down and built again, rows from before included', async () => {
    const t = await createTestDb(kind, { fromScratch: true });
    try {
      const lists = new AdminListsService(t.db);
      const before = await insertBooking(t.db, { customerName: 'Before Upgrade' });
      // Down to before AdminPagingAndSearch (the migrations after it go down first).
      for (;;) {
        const [{ name }] = (await t.db.dataSource.query('SELECT name FROM typeorm_migrations ORDER BY id DESC LIMIT 1')) as Array<{ name: string }>;
        await t.db.dataSource.undoLastMigration();
        if (name === 'AdminPagingAndSearch1795635058143') break;
      }
      // A booking written by the older schema: a copy of the first one's row, with the columns the table has then.
      const columns = await copyRowInSql(t.db, 'bookings', before.id, { id: crypto.randomUUID(), customer_name: 'During Downgrade' });
      expect(columns).not.toContain('reference');
      await t.db.migrate();
      const names = async (text: string) => (await lists.bookingPageOrThrow({ text })).items.map((b) => b.customerName);
      expect(await names('upgrade')).toEqual(['Before Upgrade']);
      expect(await names('downgrade')).toEqual(['During Downgrade']);
    } finally {
      await t.drop();
    }
  });
});
