import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Recovering abandoned checkouts (issue 27, decision 098): the booking keeps the
 * customer's consent to one "finish your booking" mail. A NOT NULL column with a
 * default is added in place on SQLite; on MySQL/MariaDB adding a column rebuilds the
 * table and its FULLTEXT search index, built with stopwords off (as BookingReference).
 */
const DDL = {
  sqlite: {
    up: ['ALTER TABLE "bookings" ADD COLUMN "recovery_consent" boolean NOT NULL DEFAULT (0)'],
    down: ['ALTER TABLE "bookings" DROP COLUMN "recovery_consent"'],
  },
  mysql: {
    up: ['SET SESSION innodb_ft_enable_stopword = OFF', 'ALTER TABLE `bookings` ADD `recovery_consent` tinyint NOT NULL DEFAULT 0', 'SET SESSION innodb_ft_enable_stopword = DEFAULT'],
    down: ['SET SESSION innodb_ft_enable_stopword = OFF', 'ALTER TABLE `bookings` DROP COLUMN `recovery_consent`', 'SET SESSION innodb_ft_enable_stopword = DEFAULT'],
  },
};

export class CheckoutRecovery1795800000000 implements MigrationInterface {
  name = 'CheckoutRecovery1795800000000';

  async up(q: QueryRunner): Promise<void> {
    for (const sql of DDL[q.connection.driver.options.type === 'better-sqlite3' ? 'sqlite' : 'mysql'].up) await q.query(sql);
  }

  async down(q: QueryRunner): Promise<void> {
    for (const sql of DDL[q.connection.driver.options.type === 'better-sqlite3' ? 'sqlite' : 'mysql'].down) await q.query(sql);
  }
}
