import crypto from 'node:crypto';
import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Personal data retention (issue 26, docs/decisions/100): an index on the outbox's
 * created_at (the job blanks the bodies of mails older than the period); every
 * booking that exists before this migration gets its erasure job, due the default
 * 90 days after its run ends (the handler waits longer when
 * PERSONAL_DATA_RETENTION_DAYS says so). Runs that ended long ago are erased at
 * the first poll after deployment (catch-up).
 */
/** The kind, key and due time of privacy/trip-data-retention.ts, copied: a migration keeps its own. */
const KIND = 'privacy.trip_data_erase';
const eraseAt = (endDate: string): Date => new Date(Date.parse(`${endDate}T03:00:00.000Z`) + 86_400_000 + 90 * 86_400_000);

export class TripDataRetention1795810000000 implements MigrationInterface {
  name = 'TripDataRetention1795810000000';

  async up(q: QueryRunner): Promise<void> {
    const sqlite = q.connection.driver.options.type === 'better-sqlite3';
    await q.query(sqlite ? 'CREATE INDEX "idx_mail_outbox_created" ON "mail_outbox" ("created_at") ' : 'CREATE INDEX `idx_mail_outbox_created` ON `mail_outbox` (`created_at`)');
    const d = q.connection.driver;
    const rows = (await q.query('SELECT b.id AS id, w.end_date AS end_date FROM bookings b JOIN workshops w ON w.id = b.workshop_id')) as Array<{ id: string; end_date: string }>;
    // Bookkeeping of the rows (created_at), not a rule: a migration runs once, at deployment.
    const now = new Date();
    for (const row of rows) {
      const [sql, parameters] = d.escapeQueryWithParameters(
        `INSERT INTO ${d.escape('scheduled_jobs')} (${['id', 'kind', 'key', 'due_at', 'state', 'attempts', 'payload', 'created_at', 'updated_at'].map((c) => d.escape(c)).join(', ')}) VALUES (:id, :kind, :key, :dueAt, 'pending', 0, :payload, :now, :now)`,
        { id: crypto.randomUUID(), kind: KIND, key: `privacy:${row.id}:trip-data`, dueAt: eraseAt(row.end_date), payload: JSON.stringify({ bookingId: row.id }), now },
      );
      await q.query(sql, parameters);
    }
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DELETE FROM scheduled_jobs WHERE kind = '${KIND}'`);
    const sqlite = q.connection.driver.options.type === 'better-sqlite3';
    await q.query(sqlite ? 'DROP INDEX "idx_mail_outbox_created"' : 'DROP INDEX `idx_mail_outbox_created` ON `mail_outbox`');
  }
}
