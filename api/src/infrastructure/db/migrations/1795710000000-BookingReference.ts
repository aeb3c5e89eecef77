import crypto from 'node:crypto';
import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Letters and digits that cannot be misread (booking/booking-reference.ts; a migration keeps its own copy). */
const ALPHABET = '23456789ABCDEFGHJKMNPQRSTUVWXYZ';

const randomReference = () => `WL-${Array.from({ length: 5 }, () => ALPHABET[crypto.randomInt(ALPHABET.length)]).join('')}`;

/**
 * The short booking reference (issue 24, decision 078): the column is added
 * nullable (SQLite adds a NOT NULL column only by rebuilding the table, which
 * would drop the search triggers), every existing booking is given a unique
 * reference, then the unique index is made. On MySQL/MariaDB adding or dropping
 * a column rebuilds the table and with it the FULLTEXT search index, which reads
 * innodb_ft_enable_stopword when it is built: off, as AdminPagingAndSearch built
 * it (or "the" would vanish from the admin's search).
 */
const DDL = {
  sqlite: {
    up: ['ALTER TABLE "bookings" ADD COLUMN "reference" varchar(8)'],
    index: ['CREATE UNIQUE INDEX "idx_bookings_reference" ON "bookings" ("reference") '],
    down: ['DROP INDEX "idx_bookings_reference"', 'ALTER TABLE "bookings" DROP COLUMN "reference"'],
  },
  mysql: {
    up: ['SET SESSION innodb_ft_enable_stopword = OFF', 'ALTER TABLE `bookings` ADD `reference` varchar(8) NULL', 'SET SESSION innodb_ft_enable_stopword = DEFAULT'],
    index: ['CREATE UNIQUE INDEX `idx_bookings_reference` ON `bookings` (`reference`)'],
    down: [
      'DROP INDEX `idx_bookings_reference` ON `bookings`',
      'SET SESSION innodb_ft_enable_stopword = OFF',
      'ALTER TABLE `bookings` DROP COLUMN `reference`',
      'SET SESSION innodb_ft_enable_stopword = DEFAULT',
    ],
  },
};

export class BookingReference1795710000000 implements MigrationInterface {
  name = 'BookingReference1795710000000';

  async up(q: QueryRunner): Promise<void> {
    const ddl = DDL[q.connection.driver.options.type === 'better-sqlite3' ? 'sqlite' : 'mysql'];
    for (const sql of ddl.up) await q.query(sql);
    const rows = (await q.query('SELECT id FROM bookings WHERE reference IS NULL')) as Array<{ id: string }>;
    const used = new Set<string>();
    for (const { id } of rows) {
      let ref = randomReference();
      while (used.has(ref)) ref = randomReference();
      used.add(ref);
      await q.query('UPDATE bookings SET reference = ? WHERE id = ?', [ref, id]);
    }
    for (const sql of ddl.index) await q.query(sql);
  }

  async down(q: QueryRunner): Promise<void> {
    for (const sql of DDL[q.connection.driver.options.type === 'better-sqlite3' ? 'sqlite' : 'mysql'].down) await q.query(sql);
  }
}
