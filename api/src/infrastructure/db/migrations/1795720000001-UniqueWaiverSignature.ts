import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * One signature per traveller, workshop and waiver text (docs/decisions/085): the index of
 * Travellers1795720000000 becomes a unique key over the three. By hand: on MySQL/MariaDB the new
 * index is made before the old one goes (the travellers foreign key needs one starting with traveller_id).
 */
const DDL = {
  sqlite: {
    up: [
      'CREATE UNIQUE INDEX "idx_waiver_signatures_unique" ON "waiver_signatures" ("traveller_id", "workshop_id", "content_hash") ',
      'DROP INDEX "idx_waiver_signatures_traveller_hash"',
    ],
    down: [
      'CREATE INDEX "idx_waiver_signatures_traveller_hash" ON "waiver_signatures" ("traveller_id", "content_hash") ',
      'DROP INDEX "idx_waiver_signatures_unique"',
    ],
  },
  mysql: {
    up: [
      'CREATE UNIQUE INDEX `idx_waiver_signatures_unique` ON `waiver_signatures` (`traveller_id`, `workshop_id`, `content_hash`)',
      'DROP INDEX `idx_waiver_signatures_traveller_hash` ON `waiver_signatures`',
    ],
    down: [
      'CREATE INDEX `idx_waiver_signatures_traveller_hash` ON `waiver_signatures` (`traveller_id`, `content_hash`)',
      'DROP INDEX `idx_waiver_signatures_unique` ON `waiver_signatures`',
    ],
  },
};

export class UniqueWaiverSignature1795720000001 implements MigrationInterface {
  name = 'UniqueWaiverSignature1795720000001';

  async up(q: QueryRunner): Promise<void> {
    for (const sql of DDL[q.connection.driver.options.type === 'better-sqlite3' ? 'sqlite' : 'mysql'].up) await q.query(sql);
  }

  async down(q: QueryRunner): Promise<void> {
    for (const sql of DDL[q.connection.driver.options.type === 'better-sqlite3' ? 'sqlite' : 'mysql'].down) await q.query(sql);
  }
}
