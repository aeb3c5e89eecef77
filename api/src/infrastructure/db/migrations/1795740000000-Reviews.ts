import crypto from 'node:crypto';
import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Reviews from verified participants (issue 26, decisions 089 and 090), generated
 * by cli/generate-migration.ts; one DDL list per dialect. Then the data: every
 * review that exists before this migration was written by the seed (there was
 * no way to write one), so each is marked a sample; and every confirmed booking
 * gets its two review asks (the handler skips runs that ended too long ago).
 */
const DDL = {
  sqlite: {
    up: [
    "CREATE TABLE \"review_requests\" (\"id\" varchar(36) PRIMARY KEY NOT NULL, \"booking_id\" varchar(36) NOT NULL, \"recipient_key\" varchar(64) NOT NULL, \"stage\" integer NOT NULL, \"email\" varchar(254) NOT NULL, \"sent_at\" datetime(3) NOT NULL)",
    "CREATE UNIQUE INDEX \"idx_review_requests_once\" ON \"review_requests\" (\"booking_id\", \"recipient_key\", \"stage\") ",
    "CREATE TABLE \"temporary_testimonials\" (\"id\" varchar(64) PRIMARY KEY NOT NULL, \"rating\" integer NOT NULL, \"client_name\" varchar(120) NOT NULL, \"location\" varchar(120) NOT NULL, \"workshop_attended\" varchar(160) NOT NULL, \"review_text\" text NOT NULL, \"date\" varchar(10) NOT NULL, \"status\" varchar(12) NOT NULL DEFAULT ('published'), \"sample\" boolean NOT NULL DEFAULT (0), \"workshop_id\" varchar(64), \"trip_month\" varchar(7), \"booking_id\" varchar(36), \"recipient_key\" varchar(64), \"consent_to_publish\" boolean NOT NULL DEFAULT (1), \"reply\" text, \"replied_at\" datetime(3), \"created_at\" datetime(3), \"published_at\" datetime(3))",
    "INSERT INTO \"temporary_testimonials\"(\"id\", \"rating\", \"client_name\", \"location\", \"workshop_attended\", \"review_text\", \"date\") SELECT \"id\", \"rating\", \"client_name\", \"location\", \"workshop_attended\", \"review_text\", \"date\" FROM \"testimonials\"",
    "DROP TABLE \"testimonials\"",
    "ALTER TABLE \"temporary_testimonials\" RENAME TO \"testimonials\"",
    "CREATE UNIQUE INDEX \"idx_testimonials_author\" ON \"testimonials\" (\"booking_id\", \"recipient_key\") ",
    "CREATE INDEX \"idx_testimonials_workshop_status\" ON \"testimonials\" (\"workshop_id\", \"status\") ",
    "CREATE INDEX \"idx_testimonials_status_date\" ON \"testimonials\" (\"status\", \"date\") ",
    ],
    down: [
    "DROP INDEX \"idx_testimonials_status_date\"",
    "DROP INDEX \"idx_testimonials_workshop_status\"",
    "DROP INDEX \"idx_testimonials_author\"",
    "ALTER TABLE \"testimonials\" RENAME TO \"temporary_testimonials\"",
    "CREATE TABLE \"testimonials\" (\"id\" varchar(64) PRIMARY KEY NOT NULL, \"rating\" integer NOT NULL, \"client_name\" varchar(120) NOT NULL, \"location\" varchar(120) NOT NULL, \"workshop_attended\" varchar(160) NOT NULL, \"review_text\" text NOT NULL, \"date\" varchar(10) NOT NULL)",
    "INSERT INTO \"testimonials\"(\"id\", \"rating\", \"client_name\", \"location\", \"workshop_attended\", \"review_text\", \"date\") SELECT \"id\", \"rating\", \"client_name\", \"location\", \"workshop_attended\", \"review_text\", \"date\" FROM \"temporary_testimonials\"",
    "DROP TABLE \"temporary_testimonials\"",
    "DROP INDEX \"idx_review_requests_once\"",
    "DROP TABLE \"review_requests\"",
    ],
  },
  mysql: {
    up: [
    "CREATE TABLE `review_requests` (`id` varchar(36) NOT NULL, `booking_id` varchar(36) NOT NULL, `recipient_key` varchar(64) NOT NULL, `stage` int NOT NULL, `email` varchar(254) NOT NULL, `sent_at` datetime(3) NOT NULL, UNIQUE INDEX `idx_review_requests_once` (`booking_id`, `recipient_key`, `stage`), PRIMARY KEY (`id`)) ENGINE=InnoDB",
    "ALTER TABLE `testimonials` ADD `status` varchar(12) NOT NULL DEFAULT 'published'",
    "ALTER TABLE `testimonials` ADD `sample` tinyint NOT NULL DEFAULT 0",
    "ALTER TABLE `testimonials` ADD `workshop_id` varchar(64) NULL",
    "ALTER TABLE `testimonials` ADD `trip_month` varchar(7) NULL",
    "ALTER TABLE `testimonials` ADD `booking_id` varchar(36) NULL",
    "ALTER TABLE `testimonials` ADD `recipient_key` varchar(64) NULL",
    "ALTER TABLE `testimonials` ADD `consent_to_publish` tinyint NOT NULL DEFAULT 1",
    "ALTER TABLE `testimonials` ADD `reply` text NULL",
    "ALTER TABLE `testimonials` ADD `replied_at` datetime(3) NULL",
    "ALTER TABLE `testimonials` ADD `created_at` datetime(3) NULL",
    "ALTER TABLE `testimonials` ADD `published_at` datetime(3) NULL",
    "CREATE UNIQUE INDEX `idx_testimonials_author` ON `testimonials` (`booking_id`, `recipient_key`)",
    "CREATE INDEX `idx_testimonials_workshop_status` ON `testimonials` (`workshop_id`, `status`)",
    "CREATE INDEX `idx_testimonials_status_date` ON `testimonials` (`status`, `date`)",
    ],
    down: [
    "DROP INDEX `idx_testimonials_status_date` ON `testimonials`",
    "DROP INDEX `idx_testimonials_workshop_status` ON `testimonials`",
    "DROP INDEX `idx_testimonials_author` ON `testimonials`",
    "ALTER TABLE `testimonials` DROP COLUMN `published_at`",
    "ALTER TABLE `testimonials` DROP COLUMN `created_at`",
    "ALTER TABLE `testimonials` DROP COLUMN `replied_at`",
    "ALTER TABLE `testimonials` DROP COLUMN `reply`",
    "ALTER TABLE `testimonials` DROP COLUMN `consent_to_publish`",
    "ALTER TABLE `testimonials` DROP COLUMN `recipient_key`",
    "ALTER TABLE `testimonials` DROP COLUMN `booking_id`",
    "ALTER TABLE `testimonials` DROP COLUMN `trip_month`",
    "ALTER TABLE `testimonials` DROP COLUMN `workshop_id`",
    "ALTER TABLE `testimonials` DROP COLUMN `sample`",
    "ALTER TABLE `testimonials` DROP COLUMN `status`",
    "DROP INDEX `idx_review_requests_once` ON `review_requests`",
    "DROP TABLE `review_requests`",
    ],
  },
};

/** The kind, keys and due times of review/review.service.ts (REVIEW_REQUEST_JOB, reviewJobKey, reviewAskAt), copied: a migration keeps its own. */
const ASK_DAYS = [2, 7];
const askAt = (endDate: string, days: number): Date => new Date(Date.parse(`${endDate}T17:00:00.000Z`) + days * 86_400_000);

export class Reviews1795740000000 implements MigrationInterface {
  name = 'Reviews1795740000000';

  async up(q: QueryRunner): Promise<void> {
    for (const sql of DDL[q.connection.driver.options.type === 'better-sqlite3' ? 'sqlite' : 'mysql'].up) await q.query(sql);
    await q.query('UPDATE testimonials SET sample = ?', [true]);
    const d = q.connection.driver;
    const rows = (await q.query("SELECT b.id AS id, w.end_date AS end_date FROM bookings b JOIN workshops w ON w.id = b.workshop_id WHERE b.status = 'confirmed'")) as Array<{ id: string; end_date: string }>;
    // Bookkeeping of the rows (created_at), not a rule: a migration runs once, at deployment.
    const now = new Date();
    for (const row of rows) {
      for (const [i, days] of ASK_DAYS.entries()) {
        const stage = i + 1;
        const [sql, parameters] = d.escapeQueryWithParameters(
          `INSERT INTO ${d.escape('scheduled_jobs')} (${['id', 'kind', 'key', 'due_at', 'state', 'attempts', 'payload', 'created_at', 'updated_at'].map((c) => d.escape(c)).join(', ')}) VALUES (:id, 'review.request', :key, :dueAt, 'pending', 0, :payload, :now, :now)`,
          { id: crypto.randomUUID(), key: `review:${row.id}:ask:${stage}`, dueAt: askAt(row.end_date, days), payload: JSON.stringify({ bookingId: row.id, stage }), now },
        );
        await q.query(sql, parameters);
      }
    }
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query("DELETE FROM scheduled_jobs WHERE kind = 'review.request'");
    for (const sql of DDL[q.connection.driver.options.type === 'better-sqlite3' ? 'sqlite' : 'mysql'].down) await q.query(sql);
  }
}
