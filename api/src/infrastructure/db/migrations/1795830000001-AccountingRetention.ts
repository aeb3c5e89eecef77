import crypto from 'node:crypto';
import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The end of the accounting period (issue 26, docs/decisions/102): every booking that exists
 * before this migration gets its job that replaces the names and email addresses on its money
 * records 7 years after its run ends (bookings made afterwards get theirs in their own transaction).
 */
/** The kind, key and due time of privacy/accounting-retention.ts, copied: a migration keeps its own. */
const KIND = 'privacy.accounting_erase';
const eraseAt = (endDate: string): Date => {
  const dayAfter = new Date(Date.parse(`${endDate}T03:00:00.000Z`) + 86_400_000);
  dayAfter.setUTCFullYear(dayAfter.getUTCFullYear() + 7);
  return dayAfter;
};

export class AccountingRetention1795830000001 implements MigrationInterface {
  name = 'AccountingRetention1795830000001';

  async up(q: QueryRunner): Promise<void> {
    const d = q.connection.driver;
    const rows = (await q.query('SELECT b.id AS id, w.end_date AS end_date FROM bookings b JOIN workshops w ON w.id = b.workshop_id')) as Array<{ id: string; end_date: string }>;
    // Bookkeeping of the rows (created_at), not a rule: a migration runs once, at deployment.
    const now = new Date();
    for (const row of rows) {
      const [sql, parameters] = d.escapeQueryWithParameters(
        `INSERT INTO ${d.escape('scheduled_jobs')} (${['id', 'kind', 'key', 'due_at', 'state', 'attempts', 'payload', 'created_at', 'updated_at'].map((c) => d.escape(c)).join(', ')}) VALUES (:id, :kind, :key, :dueAt, 'pending', 0, :payload, :now, :now)`,
        { id: crypto.randomUUID(), kind: KIND, key: `privacy:${row.id}:accounting`, dueAt: eraseAt(row.end_date), payload: JSON.stringify({ bookingId: row.id }), now },
      );
      await q.query(sql, parameters);
    }
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DELETE FROM scheduled_jobs WHERE kind = '${KIND}'`);
  }
}
