import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The admin's bookings sorted by a column (docs/decisions/079): one index of
 * (column, id) per sort, so a sorted page is an index range read by cursor.
 * Only indexes: SQLite keeps the table (and its search triggers, decision 075).
 */
const INDEXES: ReadonlyArray<[name: string, column: string]> = [
  ['idx_bookings_name_id', 'customer_name'],
  ['idx_bookings_workshop_name_id', 'workshop_name'],
  ['idx_bookings_spots_id', 'num_participants'],
  ['idx_bookings_paid_id', 'amount_paid_cents'],
  ['idx_bookings_payment_id', 'payment_status'],
];

const DDL = {
  sqlite: {
    up: INDEXES.map(([name, column]) => `CREATE INDEX "${name}" ON "bookings" ("${column}", "id") `),
    down: INDEXES.map(([name]) => `DROP INDEX "${name}"`).reverse(),
  },
  mysql: {
    up: INDEXES.map(([name, column]) => `CREATE INDEX \`${name}\` ON \`bookings\` (\`${column}\`, \`id\`)`),
    down: INDEXES.map(([name]) => `DROP INDEX \`${name}\` ON \`bookings\``).reverse(),
  },
};

export class AdminSortIndexes1795700000000 implements MigrationInterface {
  name = 'AdminSortIndexes1795700000000';

  async up(q: QueryRunner): Promise<void> {
    for (const sql of DDL[q.connection.driver.options.type === 'better-sqlite3' ? 'sqlite' : 'mysql'].up) await q.query(sql);
  }

  async down(q: QueryRunner): Promise<void> {
    for (const sql of DDL[q.connection.driver.options.type === 'better-sqlite3' ? 'sqlite' : 'mysql'].down) await q.query(sql);
  }
}
