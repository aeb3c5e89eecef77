import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The recovery link makes the new booking itself (issue 27, decision 098 amendment):
 * the lapsed booking records the booking its link made, set once by compare-and-set in
 * that booking's transaction, so a second click leads to it instead of booking twice.
 * On MySQL/MariaDB adding a column rebuilds the table and its FULLTEXT search index,
 * built with stopwords off (as BookingReference).
 */
const DDL = {
  sqlite: {
    up: ['ALTER TABLE "bookings" ADD COLUMN "recovery_booking_id" varchar(36)'],
    down: ['ALTER TABLE "bookings" DROP COLUMN "recovery_booking_id"'],
  },
  mysql: {
    up: ['SET SESSION innodb_ft_enable_stopword = OFF', 'ALTER TABLE `bookings` ADD `recovery_booking_id` varchar(36) NULL', 'SET SESSION innodb_ft_enable_stopword = DEFAULT'],
    down: ['SET SESSION innodb_ft_enable_stopword = OFF', 'ALTER TABLE `bookings` DROP COLUMN `recovery_booking_id`', 'SET SESSION innodb_ft_enable_stopword = DEFAULT'],
  },
};

export class RecoveryBooking1795860000000 implements MigrationInterface {
  name = 'RecoveryBooking1795860000000';

  async up(q: QueryRunner): Promise<void> {
    for (const sql of DDL[q.connection.driver.options.type === 'better-sqlite3' ? 'sqlite' : 'mysql'].up) await q.query(sql);
  }

  async down(q: QueryRunner): Promise<void> {
    for (const sql of DDL[q.connection.driver.options.type === 'better-sqlite3' ? 'sqlite' : 'mysql'].down) await q.query(sql);
  }
}
