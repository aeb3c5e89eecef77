import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The owner's dashboard counts gift cards voided and refunded by month, and the accountant's
 * export has a line for a refunded purchase with its Stripe Refund id (issue 27, decision 099
 * amendment): the card keeps when it was voided, when its refund went out, and that refund's id.
 * Cards voided or refunded before this migration get the time of their audit row (written in the
 * same transaction as the change), else their creation time; their Refund id stays unknown.
 */
const DDL = {
  sqlite: {
    up: ['ALTER TABLE "gift_cards" ADD COLUMN "voided_at" datetime(3)', 'ALTER TABLE "gift_cards" ADD COLUMN "refunded_at" datetime(3)', 'ALTER TABLE "gift_cards" ADD COLUMN "provider_refund_id" varchar(255)'],
    down: ['ALTER TABLE "gift_cards" DROP COLUMN "provider_refund_id"', 'ALTER TABLE "gift_cards" DROP COLUMN "refunded_at"', 'ALTER TABLE "gift_cards" DROP COLUMN "voided_at"'],
  },
  mysql: {
    up: ['ALTER TABLE `gift_cards` ADD `voided_at` datetime(3) NULL, ADD `refunded_at` datetime(3) NULL, ADD `provider_refund_id` varchar(255) NULL'],
    down: ['ALTER TABLE `gift_cards` DROP COLUMN `provider_refund_id`, DROP COLUMN `refunded_at`, DROP COLUMN `voided_at`'],
  },
};

const BACKFILL = [
  { state: 'void', action: 'gift_card.voided', column: 'voided_at' },
  { state: 'refunded', action: 'gift_card.refunded', column: 'refunded_at' },
] as const;

export class GiftCardDates1795850000000 implements MigrationInterface {
  name = 'GiftCardDates1795850000000';

  async up(q: QueryRunner): Promise<void> {
    for (const sql of DDL[q.connection.driver.options.type === 'better-sqlite3' ? 'sqlite' : 'mysql'].up) await q.query(sql);
    for (const b of BACKFILL) {
      const cards = (await q.query(`SELECT id, created_at FROM gift_cards WHERE state = ?`, [b.state])) as Array<{ id: string; created_at: Date | string }>;
      for (const card of cards) {
        const [audit] = (await q.query(`SELECT MAX(at) AS at FROM audit_log WHERE action = ? AND after LIKE ?`, [b.action, `%"giftCardId":"${card.id}"%`])) as Array<{ at: Date | string | null }>;
        await q.query(`UPDATE gift_cards SET ${b.column} = ? WHERE id = ?`, [audit?.at ?? card.created_at, card.id]);
      }
    }
  }

  async down(q: QueryRunner): Promise<void> {
    for (const sql of DDL[q.connection.driver.options.type === 'better-sqlite3' ? 'sqlite' : 'mysql'].down) await q.query(sql);
  }
}
