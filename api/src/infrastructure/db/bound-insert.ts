import type { EntityManager, EntityMetadata, EntityTarget, ObjectLiteral } from 'typeorm';
import type { ColumnMetadata } from 'typeorm/metadata/ColumnMetadata';
import { queryIn } from './direct-query';

interface Shape {
  /** `INSERT INTO table (columns) VALUES ` */
  sql: string;
  columns: ColumnMetadata[];
  /** One row's `(?, ?, …)`. */
  tuple: string;
  /** The whole statement per row count. */
  byCount: Map<number, string>;
}
const shapes = new WeakMap<EntityMetadata, Shape>();

/**
 * Insert one entity row with every value bound, the statement's text the same for every row
 * (docs/decisions/107). TypeORM's SQLite driver writes numbers into the SQL text, so each
 * booking's INSERT (its price, spots, age…) was a statement better-sqlite3 had to prepare anew,
 * and it pushed the hot statements out of TypeORM's FIFO cache of 100. On MySQL/MariaDB the
 * driver escapes the values into the text as TypeORM's insert does, without TypeORM's query
 * builder for each row (50–70 µs of CPU for a booking's 44 columns, 1–2 µs here). The columns are the
 * entity's insertable ones, the values converted as TypeORM converts them
 * (`preparePersistentValue`); a value left undefined is written as the column's default, else
 * NULL, as TypeORM writes it on SQLite (on MySQL it writes DEFAULT: the same value). No subscriber hears of the insert (none listens to the
 * entities inserted this way) and nothing is read back. In a transaction on MySQL/MariaDB the
 * statement goes to the transaction's connection through the driver (direct-query.ts, decision 111).
 */
export async function insertBound<T extends ObjectLiteral>(m: EntityManager, target: EntityTarget<T>, row: Partial<T>): Promise<void> {
  await insertBoundRows(m, target, [row]);
}

/**
 * `rows` in one multi-row INSERT, each row bound as insertBound binds one (the SQL text the same
 * for every call with as many rows: written once per row count, up to MAX_ROW_COUNTS kept).
 */
export async function insertBoundRows<T extends ObjectLiteral>(m: EntityManager, target: EntityTarget<T>, rows: ReadonlyArray<Partial<T>>): Promise<void> {
  if (rows.length === 0) return;
  const metadata = m.connection.getMetadata(target);
  const driver = m.connection.driver;
  let shape = shapes.get(metadata);
  if (!shape) {
    const columns = metadata.columns.filter((c) => c.isInsert && !c.isVirtual && !c.isGenerated && !c.isVersion);
    const sql = `INSERT INTO ${driver.escape(metadata.tableName)} (${columns.map((c) => driver.escape(c.databaseName)).join(', ')}) VALUES `;
    shapes.set(metadata, (shape = { sql, columns, tuple: `(${columns.map(() => '?').join(', ')})`, byCount: new Map() }));
  }
  let sql = shape.byCount.get(rows.length);
  if (!sql) {
    sql = shape.sql + Array.from({ length: rows.length }, () => shape.tuple).join(', ');
    if (rows.length <= MAX_ROW_COUNTS) shape.byCount.set(rows.length, sql);
  }
  const values: unknown[] = [];
  for (const row of rows) {
    for (const c of shape.columns) {
      const value = c.getEntityValue(row);
      if (value === undefined) {
        values.push(typeof c.default === 'number' || typeof c.default === 'string' ? c.default : null);
        continue;
      }
      const prepared = driver.preparePersistentValue(value, c) as unknown;
      values.push(typeof prepared === 'boolean' ? Number(prepared) : prepared);
    }
  }
  await queryIn(m, sql, values);
}

/** Row counts whose INSERT text is kept per entity (a booking's travellers and installments are a few). */
const MAX_ROW_COUNTS = 32;
