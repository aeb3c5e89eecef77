import { QueryFailedError, type EntityManager } from 'typeorm';

/** The part of mysql2's (callback) pool connection, and of its pool, a statement needs. */
interface MysqlConnection {
  query(sql: string, values: readonly unknown[], callback: (err: Error | null, result: unknown) => void): void;
}

/**
 * One statement on the connection of `m`'s transaction, straight through the driver on
 * MySQL/MariaDB (docs/decisions/111): TypeORM's `query()` adds, per statement, a `promise()`
 * wrapper of the connection, the BeforeQuery/AfterQuery broadcasts to every subscriber, a
 * QueryResult with a copy of the rows and several awaits around the same driver call. Here the
 * statement is still reported to the data source's logger (logging and the tests' query
 * counters see it) and a driver error still comes back as TypeORM's QueryFailedError (its
 * `driverError` holds the code db-errors.ts reads), but no subscriber hears of it: only for
 * statements no subscriber listens to (the catalog listens to UPDATEs of workshops only, and to
 * the entity events TypeORM's own insert/update/remove raise). The result is the driver's: rows
 * of a SELECT, the OkPacket of a write. Without a transaction (`m.queryRunner` unset) the
 * statement goes to the pool, as `m.query()` sends it. On SQLite it is `m.query()`, as before.
 */
export function queryIn<R = unknown>(m: EntityManager, sql: string, values: readonly unknown[]): Promise<R> {
  const type = m.connection.options.type;
  if (type !== 'mysql' && type !== 'mariadb') return m.query(sql, values as unknown[]) as Promise<R>;
  const runner = m.queryRunner as (EntityManager['queryRunner'] & { databaseConnection?: MysqlConnection }) | undefined;
  let connection: MysqlConnection | undefined;
  if (runner) {
    if (runner.isReleased || !runner.databaseConnection) return m.query(sql, values as unknown[]) as Promise<R>;
    connection = runner.databaseConnection;
  } else {
    connection = (m.connection.driver as unknown as { pool?: MysqlConnection }).pool;
    if (!connection) return m.query(sql, values as unknown[]) as Promise<R>;
  }
  const via = connection;
  m.connection.logger.logQuery(sql, values as unknown[], runner);
  return new Promise<R>((resolve, reject) =>
    via.query(sql, values, (err, result) => {
      if (!err) return resolve(result as R);
      m.connection.logger.logQueryError(err, sql, values as unknown[], runner);
      reject(new QueryFailedError(sql, values as unknown[], err));
    }),
  );
}
