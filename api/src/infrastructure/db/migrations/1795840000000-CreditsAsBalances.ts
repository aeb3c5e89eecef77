import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Credits become balances (issue 27, docs/decisions/095 amendment): every row
 * of `credits` moves into `gift_cards` as kind `credit`, its code kept exactly
 * (WL-XXXX-XXXX-XXXX or the older WL-XXXX-XXXX), its amount the initial value,
 * its source booking and customer kept, valid five years from its issue. An
 * unused credit keeps its whole amount as balance; a used one has balance 0
 * and its use recorded in `gift_card_uses` (the amount its booking's payment
 * row says it paid; a remainder was already reissued then as its own credit,
 * which moves here with its own code). Then `credits` goes.
 *
 * The down migration moves them back (a credit with money left is `issued`,
 * an empty one `used` by its last booking) and drops what this one added.
 */
const DDL = {
  sqlite: {
    up: [
      'ALTER TABLE "gift_cards" ADD COLUMN "source_booking_id" varchar(36)',
      'CREATE INDEX "idx_gift_cards_source" ON "gift_cards" ("source_booking_id") ',
      `INSERT INTO "gift_cards" ("id", "code", "kind", "state", "initial_cents", "balance_cents", "workshop_id", "buyer_name", "buyer_email", "recipient_name", "recipient_email", "message", "deliver_on", "delivered_at", "checkout_session_id", "provider_payment_id", "source_booking_id", "created_at", "paid_at", "expires_at")
       SELECT c."id", c."code", 'credit', 'active', c."amount_cents", CASE WHEN c."state" = 'used' THEN 0 ELSE c."amount_cents" END, NULL,
              'Wild Light Workshops', c."customer_email", COALESCE(b."customer_name", ''), c."customer_email", '', substr(c."issued_at", 1, 10), c."issued_at", NULL, NULL,
              c."source_booking_id", c."issued_at", NULL, strftime('%Y-%m-%d %H:%M:%f', c."issued_at", '+5 years')
       FROM "credits" c LEFT JOIN "bookings" b ON b."id" = c."source_booking_id"`,
      `INSERT INTO "gift_card_uses" ("id", "gift_card_id", "booking_id", "amount_cents", "used_at")
       SELECT c."id", c."id", c."used_by_booking_id",
              COALESCE((SELECT SUM(p."amount_cents") FROM "booking_payments" p WHERE p."booking_id" = c."used_by_booking_id" AND p."note" = 'Credit ' || c."code"), c."amount_cents"),
              COALESCE(c."used_at", c."issued_at")
       FROM "credits" c WHERE c."state" = 'used' AND c."used_by_booking_id" IS NOT NULL`,
      'DROP INDEX "idx_credits_source"',
      'DROP INDEX "idx_credits_code"',
      'DROP TABLE "credits"',
    ],
    down: [
      'CREATE TABLE "credits" ("id" varchar(36) PRIMARY KEY NOT NULL, "code" varchar(20) NOT NULL, "amount_cents" integer NOT NULL, "source_booking_id" varchar(36) NOT NULL, "customer_email" varchar(254) NOT NULL, "state" varchar(10) NOT NULL, "issued_at" datetime(3) NOT NULL, "used_by_booking_id" varchar(36), "used_at" datetime(3))',
      'CREATE UNIQUE INDEX "idx_credits_code" ON "credits" ("code") ',
      'CREATE INDEX "idx_credits_source" ON "credits" ("source_booking_id") ',
      `INSERT INTO "credits" ("id", "code", "amount_cents", "source_booking_id", "customer_email", "state", "issued_at", "used_by_booking_id", "used_at")
       SELECT g."id", g."code", CASE WHEN g."balance_cents" > 0 THEN g."balance_cents" ELSE g."initial_cents" END, COALESCE(g."source_booking_id", ''), g."recipient_email",
              CASE WHEN g."balance_cents" > 0 THEN 'issued' ELSE 'used' END, g."created_at",
              CASE WHEN g."balance_cents" > 0 THEN NULL ELSE (SELECT u."booking_id" FROM "gift_card_uses" u WHERE u."gift_card_id" = g."id" ORDER BY u."used_at" DESC LIMIT 1) END,
              CASE WHEN g."balance_cents" > 0 THEN NULL ELSE (SELECT MAX(u."used_at") FROM "gift_card_uses" u WHERE u."gift_card_id" = g."id") END
       FROM "gift_cards" g WHERE g."kind" = 'credit'`,
      `DELETE FROM "gift_card_uses" WHERE "gift_card_id" IN (SELECT "id" FROM "gift_cards" WHERE "kind" = 'credit')`,
      `DELETE FROM "gift_cards" WHERE "kind" = 'credit'`,
      'DROP INDEX "idx_gift_cards_source"',
      'ALTER TABLE "gift_cards" DROP COLUMN "source_booking_id"',
    ],
  },
  mysql: {
    up: [
      'ALTER TABLE `gift_cards` ADD `source_booking_id` varchar(36) NULL',
      'CREATE INDEX `idx_gift_cards_source` ON `gift_cards` (`source_booking_id`)',
      `INSERT INTO \`gift_cards\` (\`id\`, \`code\`, \`kind\`, \`state\`, \`initial_cents\`, \`balance_cents\`, \`workshop_id\`, \`buyer_name\`, \`buyer_email\`, \`recipient_name\`, \`recipient_email\`, \`message\`, \`deliver_on\`, \`delivered_at\`, \`checkout_session_id\`, \`provider_payment_id\`, \`source_booking_id\`, \`created_at\`, \`paid_at\`, \`expires_at\`)
       SELECT c.\`id\`, c.\`code\`, 'credit', 'active', c.\`amount_cents\`, CASE WHEN c.\`state\` = 'used' THEN 0 ELSE c.\`amount_cents\` END, NULL,
              'Wild Light Workshops', c.\`customer_email\`, COALESCE(b.\`customer_name\`, ''), c.\`customer_email\`, '', DATE_FORMAT(c.\`issued_at\`, '%Y-%m-%d'), c.\`issued_at\`, NULL, NULL,
              c.\`source_booking_id\`, c.\`issued_at\`, NULL, DATE_ADD(c.\`issued_at\`, INTERVAL 5 YEAR)
       FROM \`credits\` c LEFT JOIN \`bookings\` b ON b.\`id\` = c.\`source_booking_id\``,
      `INSERT INTO \`gift_card_uses\` (\`id\`, \`gift_card_id\`, \`booking_id\`, \`amount_cents\`, \`used_at\`)
       SELECT c.\`id\`, c.\`id\`, c.\`used_by_booking_id\`,
              COALESCE((SELECT SUM(p.\`amount_cents\`) FROM \`booking_payments\` p WHERE p.\`booking_id\` = c.\`used_by_booking_id\` AND p.\`note\` = CONCAT('Credit ', c.\`code\`)), c.\`amount_cents\`),
              COALESCE(c.\`used_at\`, c.\`issued_at\`)
       FROM \`credits\` c WHERE c.\`state\` = 'used' AND c.\`used_by_booking_id\` IS NOT NULL`,
      'DROP TABLE `credits`',
    ],
    down: [
      'CREATE TABLE `credits` (`id` varchar(36) NOT NULL, `code` varchar(20) NOT NULL, `amount_cents` int NOT NULL, `source_booking_id` varchar(36) NOT NULL, `customer_email` varchar(254) NOT NULL, `state` varchar(10) NOT NULL, `issued_at` datetime(3) NOT NULL, `used_by_booking_id` varchar(36) NULL, `used_at` datetime(3) NULL, UNIQUE INDEX `idx_credits_code` (`code`), INDEX `idx_credits_source` (`source_booking_id`), PRIMARY KEY (`id`)) ENGINE=InnoDB',
      `INSERT INTO \`credits\` (\`id\`, \`code\`, \`amount_cents\`, \`source_booking_id\`, \`customer_email\`, \`state\`, \`issued_at\`, \`used_by_booking_id\`, \`used_at\`)
       SELECT g.\`id\`, g.\`code\`, CASE WHEN g.\`balance_cents\` > 0 THEN g.\`balance_cents\` ELSE g.\`initial_cents\` END, COALESCE(g.\`source_booking_id\`, ''), g.\`recipient_email\`,
              CASE WHEN g.\`balance_cents\` > 0 THEN 'issued' ELSE 'used' END, g.\`created_at\`,
              CASE WHEN g.\`balance_cents\` > 0 THEN NULL ELSE (SELECT u.\`booking_id\` FROM \`gift_card_uses\` u WHERE u.\`gift_card_id\` = g.\`id\` ORDER BY u.\`used_at\` DESC LIMIT 1) END,
              CASE WHEN g.\`balance_cents\` > 0 THEN NULL ELSE (SELECT MAX(u.\`used_at\`) FROM \`gift_card_uses\` u WHERE u.\`gift_card_id\` = g.\`id\`) END
       FROM \`gift_cards\` g WHERE g.\`kind\` = 'credit'`,
      "DELETE u FROM `gift_card_uses` u JOIN `gift_cards` g ON g.`id` = u.`gift_card_id` WHERE g.`kind` = 'credit'",
      "DELETE FROM `gift_cards` WHERE `kind` = 'credit'",
      'DROP INDEX `idx_gift_cards_source` ON `gift_cards`',
      'ALTER TABLE `gift_cards` DROP COLUMN `source_booking_id`',
    ],
  },
};

export class CreditsAsBalances1795840000000 implements MigrationInterface {
  name = 'CreditsAsBalances1795840000000';

  async up(q: QueryRunner): Promise<void> {
    for (const sql of DDL[q.connection.driver.options.type === 'better-sqlite3' ? 'sqlite' : 'mysql'].up) await q.query(sql);
  }

  async down(q: QueryRunner): Promise<void> {
    for (const sql of DDL[q.connection.driver.options.type === 'better-sqlite3' ? 'sqlite' : 'mysql'].down) await q.query(sql);
  }
}
