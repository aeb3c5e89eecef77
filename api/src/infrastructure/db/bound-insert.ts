import type { EntityManager, EntityMetadata, EntityTarget, ObjectLiteral } from 'typeorm';
import type { ColumnMetadata } from 'typeorm/metadata/ColumnMetadata';

interface Shape {
  sql: string;
  columns: ColumnMetadata[];
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
 * entities inserted this way) and nothing is read back.
 */
export async function insertBound<T extends ObjectLiteral>(m: EntityManager, target: EntityTarget<T>, row: Partial<T>): Promise<void> {
  const metadata = m.connection.getMetadata(target);
  const driver = m.connection.driver;
  let shape = shapes.get(metadata);
  if (!shape) {
    const columns = metadata.columns.filter((c) => c.isInsert && !c.isVirtual && !c.isGenerated && !c.isVersion);
    const sql = `INSERT INTO ${driver.escape(metadata.tableName)} (${columns.map((c) => driver.escape(c.databaseName)).join(', ')}) VALUES (${columns.map(() => '?').join(', ')})`;
    shapes.set(metadata, (shape = { sql, columns }));
  }
  const values = shape.columns.map((c) => {
    const value = c.getEntityValue(row);
    if (value === undefined) return typeof c.default === 'number' || typeof c.default === 'string' ? c.default : null;
    const prepared = driver.preparePersistentValue(value, c) as unknown;
    return typeof prepared === 'boolean' ? Number(prepared) : prepared;
  });
  await m.query(shape.sql, values);
}
