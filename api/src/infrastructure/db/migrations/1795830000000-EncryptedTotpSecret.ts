import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The admin's TOTP secret is stored encrypted (issue 26, docs/decisions/091 amendment): the sealed
 * form (`v1.` + base64url of IV, tag and ciphertext, 83 characters) needs a wider column. The rows
 * themselves are encrypted by the app the first time it reads them (the key comes from the
 * environment, which migrations do not see): SecondFactorService.sealIfPlain.
 * SQLite cannot change a column's type: the table is rebuilt (it has no triggers), as TypeORM does.
 */
const COLUMNS = '"id", "kind", "label", "credential_id", "public_key", "sign_count", "transports", "totp_secret", "totp_last_step", "created_at", "confirmed_at", "last_used_at"';
const sqliteTable = (name: string, secretLength: number) =>
  `CREATE TABLE "${name}" ("id" varchar(36) PRIMARY KEY NOT NULL, "kind" varchar(16) NOT NULL, "label" varchar(60) NOT NULL, "credential_id" varchar(255), "public_key" text, "sign_count" integer NOT NULL DEFAULT (0), "transports" varchar(100), "totp_secret" varchar(${secretLength}), "totp_last_step" integer, "created_at" datetime(3) NOT NULL, "confirmed_at" datetime(3), "last_used_at" datetime(3))`;
const sqliteRebuild = (secretLength: number) => [
  'DROP INDEX "idx_admin_factors_credential"',
  sqliteTable('temporary_admin_factors', secretLength),
  `INSERT INTO "temporary_admin_factors"(${COLUMNS}) SELECT ${COLUMNS} FROM "admin_factors"`,
  'DROP TABLE "admin_factors"',
  'ALTER TABLE "temporary_admin_factors" RENAME TO "admin_factors"',
  'CREATE UNIQUE INDEX "idx_admin_factors_credential" ON "admin_factors" ("credential_id") ',
];

const DDL = {
  sqlite: {
    up: sqliteRebuild(255),
    // Back to 64 characters: SQLite does not enforce the length; a sealed secret stays as it is.
    down: sqliteRebuild(64),
  },
  mysql: {
    up: ['ALTER TABLE `admin_factors` MODIFY `totp_secret` varchar(255) NULL'],
    // A sealed secret does not fit 64 characters: going back drops them (the admin enrols the authenticator again).
    down: ["UPDATE `admin_factors` SET `totp_secret` = NULL WHERE `totp_secret` LIKE 'v1.%'", 'ALTER TABLE `admin_factors` MODIFY `totp_secret` varchar(64) NULL'],
  },
};

export class EncryptedTotpSecret1795830000000 implements MigrationInterface {
  name = 'EncryptedTotpSecret1795830000000';

  async up(q: QueryRunner): Promise<void> {
    for (const sql of DDL[q.connection.driver.options.type === 'better-sqlite3' ? 'sqlite' : 'mysql'].up) await q.query(sql);
  }

  async down(q: QueryRunner): Promise<void> {
    for (const sql of DDL[q.connection.driver.options.type === 'better-sqlite3' ? 'sqlite' : 'mysql'].down) await q.query(sql);
  }
}
