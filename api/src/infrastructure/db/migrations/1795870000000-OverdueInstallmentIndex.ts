import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The overdue list's installment test (money/overdue.ts) per booking: one index of (booking_id,
 * state, due_date), so "has this booking a failed or past-due installment" is answered from the
 * index alone. Only an index: SQLite keeps the table.
 */
const DDL = {
  sqlite: {
    up: ['CREATE INDEX "idx_booking_installments_booking_state" ON "booking_installments" ("booking_id", "state", "due_date") '],
    down: ['DROP INDEX "idx_booking_installments_booking_state"'],
  },
  mysql: {
    up: ['CREATE INDEX `idx_booking_installments_booking_state` ON `booking_installments` (`booking_id`, `state`, `due_date`)'],
    down: ['DROP INDEX `idx_booking_installments_booking_state` ON `booking_installments`'],
  },
};

export class OverdueInstallmentIndex1795870000000 implements MigrationInterface {
  name = 'OverdueInstallmentIndex1795870000000';

  async up(q: QueryRunner): Promise<void> {
    for (const sql of DDL[q.connection.driver.options.type === 'better-sqlite3' ? 'sqlite' : 'mysql'].up) await q.query(sql);
  }

  async down(q: QueryRunner): Promise<void> {
    for (const sql of DDL[q.connection.driver.options.type === 'better-sqlite3' ? 'sqlite' : 'mysql'].down) await q.query(sql);
  }
}
