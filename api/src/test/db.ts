import { ENTITIES } from '../entities';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import mysql from 'mysql2/promise';
import { openDatabase, type Database, type DatabaseConfig } from '../infrastructure/db/data-source';
import { seedIfEmpty } from '../content/seed';
import { applyMysqlTemplate, mysqlTemplate } from './mysql-template';

export type DbKind = 'sqlite' | 'mysql';

/**
 * The databases every service test runs on: SQLite always, MySQL/MariaDB when
 * TEST_MYSQL_URL is set (CI sets it; an unreachable server fails the run).
 */
export const DB_KINDS: DbKind[] = process.env.TEST_MYSQL_URL ? ['sqlite', 'mysql'] : ['sqlite'];

export interface TestDb {
  db: Database;
  config: DatabaseConfig;
  drop(): Promise<void>;
}

/**
 * A fresh, migrated database of its own for one test file: a temp SQLite file,
 * or a new database `t_<random>` on the MySQL server (dropped afterwards), so
 * test files and parallel developers never see each other's rows.
 * On MySQL the schema comes from the run's template (test/mysql-template.ts: the
 * same migrations, run once per Jest run) unless `fromScratch` asks for the
 * migrations themselves (the tests of the migrations); `migrate()` runs after
 * either way and finds nothing pending on a template copy.
 */
export async function createTestDb(kind: DbKind, options: { seed?: boolean; fromScratch?: boolean } = {}): Promise<TestDb> {
  let config: DatabaseConfig;
  let dropStorage: () => Promise<void>;
  if (kind === 'mysql') {
    const server = new URL(process.env.TEST_MYSQL_URL!);
    const name = `t_${crypto.randomBytes(6).toString('hex')}`;
    const admin = await mysql.createConnection({
      host: server.hostname,
      port: Number(server.port || 3306),
      user: decodeURIComponent(server.username || 'root'),
      password: decodeURIComponent(server.password),
    });
    await admin.query(`CREATE DATABASE \`${name}\` CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci`);
    const template = options.fromScratch ? null : mysqlTemplate();
    try {
      if (template) await applyMysqlTemplate(admin, name, template);
    } finally {
      await admin.end();
    }
    server.pathname = `/${name}`;
    config = { kind: 'mysql', url: server.toString() };
    dropStorage = async () => {
      const c = await mysql.createConnection({
        host: server.hostname,
        port: Number(server.port || 3306),
        user: decodeURIComponent(server.username || 'root'),
        password: decodeURIComponent(server.password),
      });
      await c.query(`DROP DATABASE IF EXISTS \`${name}\``);
      await c.end();
    };
  } else {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pw-test-'));
    config = { kind: 'sqlite', file: path.join(dir, 'test.db') };
    dropStorage = async () => fs.rmSync(dir, { recursive: true, force: true });
  }
  const db = await openDatabase(config, { entities: ENTITIES });
  await db.migrate();
  if (options.seed !== false) await seedIfEmpty(db);
  return {
    db,
    config,
    async drop() {
      await db.close();
      await dropStorage();
    },
  };
}
