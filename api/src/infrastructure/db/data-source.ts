import fs from 'node:fs';
import path from 'node:path';
import mysql from 'mysql2/promise';
import { DataSource, type EntityManager } from 'typeorm';
import type { MixedList, EntitySchema } from 'typeorm';
import { queryIn } from './direct-query';
import { MIGRATIONS } from './migrations';
import { SnakeNamingStrategy } from './naming';

/**
 * `flavor` picks TypeORM's MySQL or MariaDB dialect; they differ in how they read
 * back defaults and constraints. A mysql:// URL is probed (see openDatabase).
 */
export type DatabaseConfig = { kind: 'mysql'; url: string; flavor?: 'mysql' | 'mariadb' } | { kind: 'sqlite'; file: string };

/** Default embedded database when DATABASE_URL is unset. */
export const DEFAULT_SQLITE_FILE = 'data/app.db';

/**
 * DATABASE_URL: `mysql://user:pass@host:port/db` (or `mariadb://`) for MySQL/MariaDB,
 * `sqlite:/path/to/file.db` (or `sqlite::memory:`) for the embedded database.
 */
export function parseDatabaseUrl(url: string | undefined): DatabaseConfig {
  if (!url) return { kind: 'sqlite', file: DEFAULT_SQLITE_FILE };
  if (url.startsWith('mariadb://')) return { kind: 'mysql', url: url.replace(/^mariadb:/, 'mysql:'), flavor: 'mariadb' };
  if (url.startsWith('mysql://')) return { kind: 'mysql', url };
  if (url.startsWith('sqlite:')) {
    const file = url.slice('sqlite:'.length).replace(/^\/\/(?=\/)/, '');
    if (!file) throw new Error('DATABASE_URL sqlite: needs a file path, e.g. sqlite:./data/app.db');
    return { kind: 'sqlite', file };
  }
  throw new Error('DATABASE_URL must start with mysql://, mariadb:// or sqlite:');
}

/** The entity classes come from the composition root (`entities.ts`): this layer knows no domain. */
export interface DataSourceOptions {
  entities: MixedList<Function | string | EntitySchema>;
  logging?: boolean;
}

export function createDataSource(config: DatabaseConfig, options: DataSourceOptions): DataSource {
  const common = {
    entities: options.entities,
    migrations: MIGRATIONS,
    migrationsTableName: 'typeorm_migrations',
    namingStrategy: new SnakeNamingStrategy(),
    synchronize: false,
    logging: options.logging ?? false,
  } as const;
  if (config.kind === 'mysql') {
    return new DataSource({
      ...common,
      type: config.flavor ?? 'mysql',
      url: config.url,
      // Times are UTC inside: the driver must not shift them to the server's zone.
      timezone: 'Z',
      charset: 'utf8mb4_unicode_ci',
      connectTimeout: 5000,
      // trace: false: mysql2 captures a stack trace on every query otherwise, for the stack of an
      // error it may never answer (3% of the CPU of a booking rush; docs/decisions/107). A driver
      // error still names its code, message and SQL.
      extra: { connectionLimit: 10, waitForConnections: true, queueLimit: 1000, trace: false },
    });
  }
  if (config.file !== ':memory:') fs.mkdirSync(path.dirname(path.resolve(config.file)), { recursive: true });
  return new DataSource({
    ...common,
    type: 'better-sqlite3',
    database: config.file,
    enableWAL: true,
    // Another process (a second server, a CLI) may briefly hold the write lock.
    timeout: 5000,
    // WAL + synchronous=NORMAL: a commit survives an app crash (kill -9 is tested); only an OS
    // crash or power cut could roll back the last commits. The default (FULL) fsyncs every
    // commit, which capped the embedded database at ~100 bookings/s. Production runs MySQL.
    prepareDatabase: (db: { pragma: (sql: string) => unknown }) => {
      db.pragma('synchronous = NORMAL');
    },
  });
}

/**
 * The app's handle on the database: the TypeORM data source plus a write
 * transaction helper that is correct on both engines.
 *
 * SQLite has one connection per process and TypeORM does not queue transactions
 * on it, so two concurrent `transaction()` calls would interleave on that single
 * connection. Writes are therefore serialised through a promise queue on SQLite
 * (it allows one writer at a time anyway). MySQL uses real pooled transactions.
 */
/** A named lock stayed taken for the whole wait: the caller answers "busy, try again". */
export class LockTimeoutError extends Error {
  constructor(readonly lock: string) {
    super(`Timed out waiting for lock ${lock}`);
    this.name = 'LockTimeoutError';
  }
}

/** The parts of better-sqlite3's connection and mysql2's (callback) pool that selectRows and streamRows use. */
interface SqliteConnection {
  open: boolean;
  prepare(sql: string): { all(...values: unknown[]): unknown[] };
}
interface MysqlPool {
  query(sql: string, values: readonly unknown[], callback: (err: Error | null, rows: unknown) => void): void;
  getConnection(callback: (err: Error | null, connection: MysqlPoolConnection) => void): void;
}
interface MysqlPoolConnection {
  query(options: { sql: string; values: readonly unknown[]; dateStrings?: boolean }): MysqlStreamedQuery;
  pause(): void;
  resume(): void;
  release(): void;
  destroy(): void;
  /** The socket: mysql2's `destroy()` only ends the app's side of it (a half-close). */
  stream?: { destroy(): void };
}
interface MysqlStreamedQuery {
  on(event: 'result', listener: (row: Record<string, unknown>) => void): MysqlStreamedQuery;
  on(event: 'error', listener: (err: Error) => void): MysqlStreamedQuery;
  on(event: 'end', listener: () => void): MysqlStreamedQuery;
}
/** Per-query options of a streamed read (Database.streamRows). */
export interface StreamOptions {
  /** Datetime columns as the stored text rather than Dates (MySQL/MariaDB; SQLite's are text already). */
  dateStrings?: boolean;
}

/**
 * How long (seconds) MySQL/MariaDB waits on a streamed read's paused connection (streamRows) before it
 * gives up on the query: the whole-list exports wait on their HTTP client (docs/decisions/108).
 */
export const STREAM_WRITE_TIMEOUT_S = 600;
/** Prepared SQLite statements kept per connection by selectRows: a bound, the callers have a few shapes. */
const MAX_KEPT_STATEMENTS = 256;

/**
 * Takes a streamed read's connection out of the pool and closes its socket at once. mysql2's
 * `destroy()` only ends the app's side (a half-close): a paused connection would then leave the
 * server blocked writing the rest of the rows to it until net_write_timeout (and the query's locks
 * held, a DROP or ALTER waiting on them). Closing the socket with rows unread resets it, and the
 * server drops the query at its next write.
 */
function closeAtOnce(connection: MysqlPoolConnection): void {
  connection.destroy();
  connection.stream?.destroy();
}

export class Database {
  private writeQueue: Promise<unknown> = Promise.resolve();
  /** selectRows' prepared SQLite statements, per connection (a reopened database starts afresh). */
  private readonly sqliteStatements = new WeakMap<SqliteConnection, Map<string, { all(...values: unknown[]): unknown[] }>>();

  constructor(readonly dataSource: DataSource) {}

  get kind(): 'mysql' | 'sqlite' {
    return this.dataSource.options.type === 'better-sqlite3' ? 'sqlite' : 'mysql';
  }

  get manager(): EntityManager {
    return this.dataSource.manager;
  }

  async transaction<T>(work: (manager: EntityManager) => Promise<T>): Promise<T> {
    if (this.kind === 'mysql') return this.dataSource.transaction(work);
    const run = this.writeQueue.then(() => this.dataSource.transaction(work));
    // Keep the queue going whether this transaction commits or fails.
    this.writeQueue = run.catch(() => undefined);
    return run;
  }

  /**
   * A plain read straight through the driver (positional `?` parameters), for
   * the hottest reads (PreparedSelect): TypeORM's query runner adds a query
   * runner per call, logging and broadcaster hooks and several awaits around
   * the same driver call. SQLite: the shared connection with its prepared
   * statements kept per SQL text (a bounded map); MySQL: the pool's
   * text-protocol query, as TypeORM runs it. `values` are bound as given: already
   * converted for the driver (PreparedSelect's binding or TypeORM's escaping turn
   * dates and booleans into what SQLite stores). Driver errors come back as the
   * driver throws them (db-errors.ts reads their codes either way).
   */
  async selectRows(sql: string, values: readonly unknown[]): Promise<Array<Record<string, unknown>>> {
    const driver = this.dataSource.driver as unknown as { databaseConnection?: SqliteConnection; pool?: MysqlPool };
    if (this.kind === 'sqlite') {
      const connection = driver.databaseConnection;
      if (!connection?.open) throw Object.assign(new Error('The database connection is closed'), { code: 'SQLITE_CANTOPEN' });
      let statements = this.sqliteStatements.get(connection);
      if (!statements) this.sqliteStatements.set(connection, (statements = new Map()));
      let statement = statements.get(sql);
      if (!statement) {
        statement = connection.prepare(sql);
        if (statements.size < MAX_KEPT_STATEMENTS) statements.set(sql, statement);
      }
      return statement.all(...values) as Array<Record<string, unknown>>;
    }
    const pool = driver.pool;
    if (!pool) throw new Error('Pool is closed');
    return new Promise((resolve, reject) => pool.query(sql, values, (err, rows) => (err ? reject(err) : resolve(rows as Array<Record<string, unknown>>))));
  }

  /**
   * Every row of one SELECT on MySQL/MariaDB, streamed: the rows come in arrays of `batch` (the
   * last one shorter) as the driver parses them, on a pool connection of its own, and the
   * connection stops reading from the socket while a full array waits for the caller (mysql2's
   * `pause`/`resume`, TCP's backpressure up to the server): at most about a batch is held however
   * slowly the caller takes them, and the server sends the next rows while the caller works on the
   * last ones (no round trip per batch: docs/decisions/108). Rows, values and errors are the
   * driver's, as selectRows gives them. A caller that stops before the end (`return`, a thrown
   * error) closes the connection (the server stops the query when its socket goes); the pool opens
   * another when it needs one. A connection that read to the end goes back to the pool. The server
   * waits up to STREAM_WRITE_TIMEOUT_S on a paused connection (set for the connection's session).
   * `options.dateStrings`: datetime columns come as the server's text (`YYYY-MM-DD HH:MM:SS.mmm`,
   * UTC as the app stores them), as SQLite gives them, instead of mysql2's Dates (decision 110).
   */
  async *streamRows(sql: string, values: readonly unknown[], batch: number, options: StreamOptions = {}): AsyncGenerator<Array<Record<string, unknown>>> {
    if (this.kind !== 'mysql') throw new Error('streamRows: MySQL/MariaDB only (SQLite reads synchronously: selectRows)');
    const pool = (this.dataSource.driver as unknown as { pool?: MysqlPool }).pool;
    if (!pool) throw new Error('Pool is closed');
    const connection = await new Promise<MysqlPoolConnection>((resolve, reject) => pool.getConnection((err, c) => (err ? reject(err) : resolve(c))));
    try {
      // A paused connection leaves the server blocked on its write: past net_write_timeout (60 s by
      // default) it would drop the query and cut the answer of a client that stopped reading that
      // long (batches read with a round trip each never kept the server waiting).
      await new Promise<void>((resolve, reject) =>
        connection
          .query({ sql: 'SET SESSION net_write_timeout = ?', values: [STREAM_WRITE_TIMEOUT_S] })
          .on('error', reject)
          .on('end', resolve),
      );
    } catch (err) {
      closeAtOnce(connection);
      throw err;
    }
    let rows: Array<Record<string, unknown>> = [];
    let ended = false;
    let failure: Error | null = null;
    let paused = false;
    let wake: (() => void) | null = null;
    const signal = () => {
      const w = wake;
      wake = null;
      w?.();
    };
    connection
      .query({ sql, values, ...(options.dateStrings ? { dateStrings: true } : {}) })
      .on('result', (row) => {
        rows.push(row);
        if (rows.length >= batch && !paused) {
          paused = true;
          connection.pause();
        }
        if (rows.length >= batch) signal();
      })
      .on('error', (err) => {
        failure ??= err;
        signal();
      })
      .on('end', () => {
        ended = true;
        signal();
      });
    let finished = false;
    try {
      for (;;) {
        if (failure) throw failure;
        if (rows.length >= batch || (ended && rows.length > 0)) {
          const out = rows;
          rows = [];
          if (paused) {
            paused = false;
            connection.resume();
          }
          yield out;
          continue;
        }
        if (ended) {
          finished = true;
          return;
        }
        await new Promise<void>((resolve) => (wake = resolve));
      }
    } finally {
      if (finished) connection.release();
      else closeAtOnce(connection);
    }
  }

  /**
   * Single-statement writes (a compare-and-set) without a transaction around
   * them. On SQLite they wait their turn in the write queue, so they never land
   * inside another transaction on the shared connection, and each statement
   * commits on its own: no write lock is held across an await, where a second
   * connection to the same file in this process would wait for it synchronously
   * (better-sqlite3's busy timeout blocks the event loop). MySQL: autocommit on the pool.
   */
  async autocommit<T>(work: (manager: EntityManager) => Promise<T>): Promise<T> {
    if (this.kind === 'mysql') return work(this.dataSource.manager);
    const run = this.writeQueue.then(() => work(this.dataSource.manager));
    this.writeQueue = run.catch(() => undefined);
    return run;
  }

  /**
   * A transaction that runs alone among those naming any of the same `locks`, on
   * every app instance, until after it commits: MySQL named locks (GET_LOCK),
   * taken in sorted order before the transaction starts and released after it
   * ends; SQLite already runs one write transaction at a time. For rules that
   * count rows before inserting one (the hold caps, docs/decisions/056).
   */
  async lockedTransaction<T>(locks: string[], work: (manager: EntityManager) => Promise<T>, timeoutSeconds = 5): Promise<T> {
    if (this.kind === 'sqlite' || locks.length === 0) return this.transaction(work);
    // MySQL lock names are at most 64 characters.
    const names = [...new Set(locks)].map((l) => l.slice(0, 64)).sort();
    const runner = this.dataSource.createQueryRunner();
    const taken: string[] = [];
    try {
      await runner.connect();
      // All locks in one statement (one round trip; MariaDB evaluates them in order, and a
      // session may hold several): those taken are released whatever happens next.
      // The lock statements go straight through the driver (direct-query.ts, decision 111): no subscriber listens to them.
      const [row] = (await queryIn(runner.manager, `SELECT ${names.map((_, i) => `GET_LOCK(?, ?) AS got${i}`).join(', ')}`, names.flatMap((name) => [name, timeoutSeconds]))) as Array<
        Record<string, number | string | null>
      >;
      names.forEach((name, i) => {
        if (Number(row?.[`got${i}`]) === 1) taken.push(name);
      });
      const missed = names.find((name) => !taken.includes(name));
      if (missed !== undefined) throw new LockTimeoutError(missed);
      await runner.startTransaction();
      try {
        const result = await work(runner.manager);
        await runner.commitTransaction();
        return result;
      } catch (e) {
        if (runner.isTransactionActive) await runner.rollbackTransaction();
        throw e;
      }
    } finally {
      // Aliased: a column named after its expression is named after the lock (mysql2 writes the values
      // into the text), and mysql2 compiled and kept a row parser for every new column name (decision 111).
      if (taken.length > 0) await queryIn(runner.manager, `SELECT ${taken.map((_, i) => `RELEASE_LOCK(?) AS released${i}`).join(', ')}`, taken.reverse()).catch(() => undefined);
      await runner.release();
    }
  }

  /** True when the database answers a trivial query within `timeoutMs`. */
  async ping(timeoutMs = 2000): Promise<boolean> {
    let timer: NodeJS.Timeout | undefined;
    try {
      return await Promise.race([
        this.dataSource.query('SELECT 1').then(() => true),
        new Promise<boolean>((resolve) => {
          timer = setTimeout(() => resolve(false), timeoutMs);
        }),
      ]);
    } catch {
      return false;
    } finally {
      clearTimeout(timer);
    }
  }

  /**
   * Run `work` while no other process on this database runs work under the same
   * name: several app instances starting together on an empty MySQL database
   * would otherwise run the same migrations and seeds at once. A MySQL named
   * lock (GET_LOCK, held by one dedicated connection); SQLite has one writer per
   * file already and its migrations run in transactions, so it runs `work` directly.
   */
  async exclusive<T>(name: string, work: () => Promise<T>, timeoutSeconds = 120): Promise<T> {
    if (this.kind !== 'mysql') return work();
    const runner = this.dataSource.createQueryRunner();
    try {
      const [row] = (await runner.query('SELECT GET_LOCK(?, ?) AS got', [name, timeoutSeconds])) as Array<{ got: number | string | null }>;
      if (Number(row?.got) !== 1) throw new Error(`another instance held the database lock "${name}" for more than ${timeoutSeconds} s`);
      try {
        return await work();
      } finally {
        await runner.query('SELECT RELEASE_LOCK(?)', [name]);
      }
    } finally {
      await runner.release();
    }
  }

  async migrate(): Promise<void> {
    await this.dataSource.runMigrations({ transaction: 'each' });
  }

  async close(): Promise<void> {
    if (this.dataSource.isInitialized) await this.dataSource.destroy();
  }
}

/** Ask a MySQL-protocol server whether it is MariaDB (a mysql:// URL may point at either). */
export async function detectMysqlFlavor(url: string): Promise<'mysql' | 'mariadb'> {
  const connection = await mysql.createConnection({ uri: url, connectTimeout: 5000 });
  try {
    const [rows] = await connection.query('SELECT VERSION() AS v');
    return /mariadb/i.test(String((rows as Array<{ v: string }>)[0]?.v)) ? 'mariadb' : 'mysql';
  } finally {
    await connection.end();
  }
}

/** Create, connect and return the app's Database (probing the MySQL flavor first). */
export async function openDatabase(config: DatabaseConfig, options: DataSourceOptions): Promise<Database> {
  const resolved = config.kind === 'mysql' && !config.flavor ? { ...config, flavor: await detectMysqlFlavor(config.url) } : config;
  const db = new Database(createDataSource(resolved, options));
  await db.dataSource.initialize();
  return db;
}
