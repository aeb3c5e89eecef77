import 'reflect-metadata';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import mysql from 'mysql2/promise';
import { ENTITIES } from '../entities';
import { openDatabase } from '../infrastructure/db/data-source';

/**
 * A template of the migrated MySQL/MariaDB schema, made once per Jest run
 * (jest.config.js globalSetup): the migrations run once on a database of their
 * own (kept until the run ends, jest.config.js globalTeardown), its tables'
 * definitions (SHOW CREATE TABLE: columns, indexes, foreign keys, checks) are kept
 * in a file, and `createTestDb` replays them into each new test database and copies
 * the rows the migrations wrote (INSERT ... SELECT from the template). Running the ~40 migrations
 * on MariaDB took 2–2.6 s per test database on a loaded machine (every ALTER
 * rebuilds a table); replaying the final schema took 0.5–0.8 s. Test databases still run
 * `migrate()` afterwards, which finds nothing pending (a stale template would show).
 * The migration tests themselves (schema-drift, search-index) migrate from scratch.
 */
export interface MysqlTemplate {
  /** CREATE TABLE statements, in the template's order (foreign key checks are off while they run). */
  tables: string[];
  /** The template database (migrated, kept until the run ends). */
  database: string;
  /** The tables holding rows after the migrations (typeorm_migrations at least). */
  withRows: string[];
}

export const TEMPLATE_ENV = 'TEST_MYSQL_TEMPLATE_FILE';

function serverOf(url: string) {
  const server = new URL(url);
  return {
    host: server.hostname,
    port: Number(server.port || 3306),
    user: decodeURIComponent(server.username || 'root'),
    password: decodeURIComponent(server.password),
  };
}

/** Migrate the template database, record its schema into a temp file; returns the file. */
export async function makeMysqlTemplate(url: string): Promise<string> {
  const name = `t_tpl_${crypto.randomBytes(6).toString('hex')}`;
  const admin = await mysql.createConnection(serverOf(url));
  try {
    await admin.query(`CREATE DATABASE \`${name}\` CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci`);
    const scratch = new URL(url);
    scratch.pathname = `/${name}`;
    const db = await openDatabase({ kind: 'mysql', url: scratch.toString() }, { entities: ENTITIES });
    try {
      await db.migrate();
    } finally {
      await db.close();
    }
    const [list] = (await admin.query("SELECT TABLE_NAME AS t FROM information_schema.TABLES WHERE TABLE_SCHEMA = ? AND TABLE_TYPE = 'BASE TABLE' ORDER BY TABLE_NAME", [name])) as unknown as [Array<{ t: string }>];
    const template: MysqlTemplate = { database: name, tables: [], withRows: [] };
    for (const { t } of list) {
      const [[created]] = (await admin.query(`SHOW CREATE TABLE \`${name}\`.\`${t}\``)) as unknown as [Array<Record<string, string>>];
      template.tables.push(created['Create Table']);
      const [[{ n }]] = (await admin.query(`SELECT COUNT(*) AS n FROM \`${name}\`.\`${t}\``)) as unknown as [Array<{ n: number }>];
      if (Number(n) > 0) template.withRows.push(t);
    }
    const file = path.join(os.tmpdir(), `${name}.json`);
    fs.writeFileSync(file, JSON.stringify(template));
    return file;
  } catch (err) {
    await admin.query(`DROP DATABASE IF EXISTS \`${name}\``);
    throw err;
  } finally {
    await admin.end();
  }
}

/** Drop the template database and its file (jest.config.js globalTeardown). */
export async function dropMysqlTemplate(url: string, file: string): Promise<void> {
  if (!fs.existsSync(file)) return;
  const { database } = JSON.parse(fs.readFileSync(file, 'utf8')) as MysqlTemplate;
  const admin = await mysql.createConnection(serverOf(url));
  try {
    await admin.query(`DROP DATABASE IF EXISTS \`${database}\``);
  } finally {
    await admin.end();
    fs.rmSync(file, { force: true });
  }
}

let loaded: MysqlTemplate | null | undefined;

/** The template of this run, or null when there is none (a run without globalSetup: migrations run as before). */
export function mysqlTemplate(): MysqlTemplate | null {
  if (loaded === undefined) {
    const file = process.env[TEMPLATE_ENV];
    loaded = file && fs.existsSync(file) ? (JSON.parse(fs.readFileSync(file, 'utf8')) as MysqlTemplate) : null;
  }
  return loaded;
}

/** Replay the template into the empty database `name` through `conn` (a connection to the server). */
export async function applyMysqlTemplate(conn: mysql.Connection, name: string, template: MysqlTemplate): Promise<void> {
  await conn.query(`USE \`${name}\``);
  await conn.query('SET FOREIGN_KEY_CHECKS = 0');
  // A FULLTEXT index reads innodb_ft_enable_stopword when it is built and keeps it: the migrations
  // build every one of them with stopwords off (AdminPagingAndSearch, BookingReference...), so here too.
  await conn.query('SET SESSION innodb_ft_enable_stopword = OFF');
  try {
    for (const ddl of template.tables) await conn.query(ddl);
    for (const table of template.withRows) await conn.query(`INSERT INTO \`${table}\` SELECT * FROM \`${template.database}\`.\`${table}\``);
  } finally {
    await conn.query('SET FOREIGN_KEY_CHECKS = 1');
    await conn.query('SET SESSION innodb_ft_enable_stopword = DEFAULT');
  }
}
