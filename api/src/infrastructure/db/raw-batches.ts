import type { ObjectLiteral, SelectQueryBuilder } from 'typeorm';
import type { ColumnMetadata } from 'typeorm/metadata/ColumnMetadata.js';
import type { Database, StreamOptions } from './data-source';
import { orderByKeyset, type Cursor, type KeysetOrder } from './keyset';

/** A row as the driver returns it: columns named `<alias>_<column>` (TypeORM's aliases). */
export type RawRow = Record<string, unknown>;

/** Marks the probe values that find where the cursor's values go in the positional SQL. */
const PROBE = '\u0000raw-batches:';

/**
 * Only the rows after (`at`, `id`) in the order. Written as a range on the order's first
 * column and a condition on the rest (`t <= :at AND (t < :at OR id < :id)` newest first), so
 * both engines read an index range of (t, id) rather than filtering a scan (docs/decisions/082).
 */
function afterPosition<T extends ObjectLiteral>(q: SelectQueryBuilder<T>, o: KeysetOrder, at: unknown, id: unknown): SelectQueryBuilder<T> {
  const op = o.direction === 'DESC' ? '<' : '>';
  const t = `${o.alias}.${o.time}`;
  const key = `${o.alias}.${o.id}`;
  return q.andWhere(`(${t} ${op}= :rawAt AND (${t} ${op} :rawAt OR ${key} ${op} :rawId))`, { rawAt: at, rawId: id });
}

/**
 * Every row of `build()` in the keyset order `o` (after `from`, if given), read `batch` rows at
 * a time as the driver's raw rows, past TypeORM's query runner and entity hydration (decision
 * 064's way: TypeORM's query builder writes the SQL, `Database.selectRows` runs it). The SQL of
 * the following batches is written once per call: TypeORM's escaping runs once on probe values
 * to learn which `?` holds the cursor, and each batch binds the last row's own raw values there
 * (the stored text on SQLite, the driver's Date or value on MySQL), so no value is converted on
 * the way back. `build` makes a fresh query with the filters each time (called twice).
 * A batch shorter than `batch` is the last one.
 * On MySQL/MariaDB the list is one query instead, streamed (`Database.streamRows`, decision 108):
 * the same rows in the same order, in batches of `batch` rows, with no round trip between them;
 * `options` are that query's (`dateStrings`: datetime columns as their stored text, as on SQLite).
 */
export async function* readRawBatches<T extends ObjectLiteral>(
  db: Database,
  build: () => SelectQueryBuilder<T>,
  o: KeysetOrder,
  from: Cursor | null,
  batch: number,
  options: StreamOptions = {},
): AsyncGenerator<RawRow[]> {
  if (db.kind === 'mysql') {
    yield* db.streamRows(...streamedQuery(build(), o, from), batch, options);
    return;
  }
  const firstQuery = orderByKeyset(build(), o).limit(batch);
  const metadata = firstQuery.expressionMap.mainAlias!.metadata;
  const keyOf = (property: string) => `${o.alias}_${metadata.findColumnWithPropertyName(property)!.databaseName}`;
  const timeKey = keyOf(o.time);
  const idKey = keyOf(o.id);
  const [firstSql, firstValues] = (from ? afterPosition(firstQuery, o, from.at, from.id) : firstQuery).getQueryAndParameters();
  let rows: RawRow[] | null = await db.selectRows(firstSql, firstValues);
  let sql = '';
  let template: unknown[] = [];
  let atSlots: number[] = [];
  let idSlots: number[] = [];
  for (let first = true; ; first = false) {
    // The cursor's values are taken before the batch is handed over: the caller may make its rows
    // into entities in place and drop them (hydrateInPlace), and nothing here holds the batch while
    // the next one is read (a batch held across a round trip to MariaDB outlived the young
    // generation and was promoted: docs/decisions/106).
    const count = rows.length;
    const last = count ? rows[count - 1] : undefined;
    const at = last?.[timeKey];
    const id = last?.[idKey];
    if (count) yield rows;
    rows = null;
    if (count < batch) return;
    if (first) {
      [sql, template] = afterPosition(orderByKeyset(build(), o).limit(batch), o, `${PROBE}at`, `${PROBE}id`).getQueryAndParameters();
      atSlots = template.flatMap((v, i) => (v === `${PROBE}at` ? [i] : []));
      idSlots = template.flatMap((v, i) => (v === `${PROBE}id` ? [i] : []));
      if (atSlots.length === 0 || idSlots.length === 0) throw new Error('readRawBatches: the cursor parameters were not found in the SQL');
    }
    const values = template.slice();
    for (const i of atSlots) values[i] = at;
    for (const i of idSlots) values[i] = id;
    rows = await db.selectRows(sql, values);
  }
}

/**
 * The SQL of the whole list in one query, for MySQL/MariaDB's streamed read (decision 108): the
 * keyset order, after `from`, no LIMIT. Without a LIMIT MariaDB's optimizer reads a whole table
 * and sorts it (a filesort: nothing is sent until every row is read and sorted) rather than walk
 * the order's index; so a list with no filter reads the order's own index (`o.index`, `FORCE
 * INDEX`), which sends the rows in their order from the first one. A filtered list keeps the
 * optimizer's plan (its filter's index, or a sort of the few rows that match), as does a query
 * that already names its index (the overdue list's `USE INDEX`).
 */
export function streamedQuery<T extends ObjectLiteral>(q: SelectQueryBuilder<T>, o: KeysetOrder, from: Cursor | null): [string, unknown[]] {
  const force = o.index !== undefined && q.expressionMap.wheres.length === 0 && !q.expressionMap.useIndex?.length;
  if (force) q.useIndex(o.index!);
  orderByKeyset(q, o);
  if (from) afterPosition(q, o, from.at, from.id);
  const [sql, values] = q.getQueryAndParameters();
  if (!force) return [sql, values];
  const hint = ` USE INDEX (\`${o.index}\`)`;
  if (!sql.includes(hint)) throw new Error(`readRawBatches: the index hint ${hint} was not found in the SQL`);
  return [sql.replace(hint, ` FORCE INDEX (\`${o.index}\`)`), values];
}

/**
 * A batch of raw rows made into entities in place: the same array, each raw row replaced by its
 * entity as it is made, so no raw row outlives its entity (for readRawBatches' callers; the
 * export then drops the entities once they are text: docs/decisions/106).
 */
export function hydrateInPlace<T>(rows: RawRow[], hydrate: (row: RawRow) => T): T[] {
  const out = rows as unknown as T[];
  for (let i = 0; i < rows.length; i++) out[i] = hydrate(rows[i]);
  return out;
}

/** SQLite's stored form of a datetime(3) column, as TypeORM writes it (UTC). */
const SQLITE_DATETIME = /^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d\.\d{3}$/;
/** That stored text (matched by SQLITE_DATETIME) as ISO 8601, the text its Date's toISOString() gives. */
const storedIso = (stored: string): string => `${stored.slice(0, 10)}T${stored.slice(11)}Z`;

/**
 * A function turning a raw row of `alias` into an instance of `entity` holding its columns,
 * each value as TypeORM's hydration gives it (the same values as `getMany()`: tested on both
 * engines). Text and whole-number columns are the driver's value as it is (what TypeORM's
 * hydration returns for them); every other type (times, booleans, JSON, decimals) goes
 * through the driver's `prepareHydratedValue`, but for SQLite's stored datetime text, which
 * becomes the Date TypeORM makes of it (`YYYY-MM-DDTHH:MM:SS.mmmZ`) without its two regular
 * expressions. Made once per list, applied to every row: the function is written for the
 * entity's columns (property names from its metadata, quoted with JSON.stringify), so every
 * row gets the same shape in the same order, which V8 runs far faster than a loop of keyed
 * stores (decision 082).
 */
export function rowHydrator<T extends ObjectLiteral>(db: Database, entity: new () => T, alias: string): (row: RawRow) => T {
  const driver = db.dataSource.driver;
  const sqlite = db.kind === 'sqlite';
  const lines: string[] = ['const t = new E();', 'let v;'];
  const converters: Array<(value: unknown) => unknown> = [];
  for (const column of db.dataSource.getMetadata(entity).columns) {
    const key = JSON.stringify(`${alias}_${column.databaseName}`);
    const property = JSON.stringify(column.propertyName);
    if (isPassThrough(column)) {
      lines.push(`v = row[${key}]; if (v !== undefined) t[${property}] = v;`);
      continue;
    }
    const hydrate = (value: unknown): unknown => driver.prepareHydratedValue(value, column);
    const isDatetime = !column.transformer && (column.type === 'datetime' || column.type === Date);
    converters.push(sqlite && isDatetime ? (value) => (typeof value === 'string' && SQLITE_DATETIME.test(value) ? new Date(storedIso(value)) : hydrate(value)) : hydrate);
    lines.push(`if (${key} in row) t[${property}] = c[${converters.length - 1}](row[${key}]);`);
  }
  lines.push('return t;');
  // The text is made of the entity's own column names, each quoted by JSON.stringify: nothing from a request.
  const make = new Function('E', 'c', `return function hydrate(row) {\n${lines.join('\n')}\n};`) as (E: new () => T, c: typeof converters) => (row: RawRow) => T;
  return make(entity, converters);
}

/** Column types whose raw driver value TypeORM's hydration returns unchanged (no transformer). */
function isPassThrough(column: ColumnMetadata): boolean {
  if (column.transformer) return false;
  const type = typeof column.type === 'string' ? column.type : column.type === String ? 'varchar' : column.type === Number ? 'int' : '';
  return ['varchar', 'text', 'int', 'integer', 'char', 'nvarchar', 'mediumtext', 'longtext', 'tinytext'].includes(type);
}

/**
 * A function turning a datetime column's raw value into the ISO 8601 text its entity's Date would
 * give (`toISOString()`), for writers that skip the entity (decision 110). The stored text
 * `YYYY-MM-DD HH:MM:SS.mmm` (UTC: SQLite's, and MySQL/MariaDB's read with `dateStrings`) is
 * rearranged, no Date made; null stays null; a Date (mysql2's, without `dateStrings`) gives its
 * own; any other value goes through the driver's hydration as `rowHydrator` would (SQLite), or is
 * read as UTC as mysql2 reads it with the app's `timezone: 'Z'` (MySQL/MariaDB).
 */
export function storedTimeToIso<T extends ObjectLiteral>(db: Database, entity: new () => T, property: string): (value: unknown) => string | null {
  const column = db.dataSource.getMetadata(entity).findColumnWithPropertyName(property);
  if (!column) throw new Error(`storedTimeToIso: ${entity.name} has no column ${property}`);
  const driver = db.dataSource.driver;
  const sqlite = db.kind === 'sqlite';
  return (value) => {
    if (value === null || value === undefined) return null;
    if (typeof value === 'string' && SQLITE_DATETIME.test(value)) return storedIso(value);
    if (value instanceof Date) return value.toISOString();
    const date = sqlite ? driver.prepareHydratedValue(value, column) : new Date(`${String(value).replace(' ', 'T')}Z`);
    return date === null || date === undefined ? null : (date as Date).toISOString();
  };
}
