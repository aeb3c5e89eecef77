import type { DataSource, EntityManager, ObjectLiteral, SelectQueryBuilder } from 'typeorm';
import { DateUtils } from 'typeorm/util/DateUtils.js';
import { Database } from './data-source';
import { queryIn } from './direct-query';
import { hydrateInPlace, rowHydrator, type RawRow } from './raw-batches';

/** The few shapes a caller builds (page size, optional filters): a bound, not a cache policy. */
const MAX_SHAPES = 256;
/** Marks the probe values that find where each named parameter goes in the positional SQL. */
const PROBE = '\u0000prepared-select:';

interface Shape<T> {
  sql: string;
  /** A raw row into an entity holding the columns it has (raw-batches' rowHydrator: written once per shape, same values as getMany()). */
  hydrate: (row: RawRow) => T;
  /** The positional SQL and the parameter behind each `?`, for calls with `keys` (found on first use). */
  bound?: { keys: string; sql: string; names: string[] };
}

/**
 * A read-only select whose SQL TypeORM's query builder writes once per shape and
 * which then runs as plain SQL through the driver's own parameter escaping. On a
 * small indexed read the builder's per-call work (alias and property-name
 * replacement, column escaping) and entity hydration cost more than the query
 * itself (docs/performance.md, round three); the SQL goes straight to the
 * driver (Database.selectRows), not through TypeORM's query runner. Rows come back as entity instances
 * holding the selected columns (raw-batches' `rowHydrator`, written once per shape), each converted as TypeORM hydrates it (dates,
 * booleans, JSON), so callers see the same values as from `getMany()`.
 *
 * Only for single-entity selects without joins; parameters are named (`:name`)
 * and must not change the SQL's shape (put such choices in the shape key).
 */
export class PreparedSelect<T extends ObjectLiteral> {
  private readonly shapes = new Map<string, Shape<T>>();

  constructor(
    private readonly db: Database,
    private readonly entity: new () => T,
  ) {}

  async run(shapeKey: string, build: () => SelectQueryBuilder<T>, parameters: ObjectLiteral): Promise<T[]> {
    const shape = this.shapes.get(shapeKey) ?? this.prepare(shapeKey, build);
    const driver = this.db.dataSource.driver;
    const [sql, values] = this.bind(shape, parameters) ?? driver.escapeQueryWithParameters(shape.sql, parameters);
    const rows = await this.db.selectRows(sql, values);
    return rows.length === 0 ? [] : hydrateInPlace(rows, shape.hydrate);
  }

  /**
   * `run` inside `m`'s transaction (decision 111): on MySQL/MariaDB on the transaction's connection,
   * straight through the driver (direct-query.ts), so it reads what the transaction wrote and
   * takes the locks a locking read asks for; on SQLite on the one shared connection, where the
   * transaction runs (its prepared statements kept, as `run`'s). A manager without a transaction
   * reads from the pool. Unlike `run`, the statement is reported to the data source's logger, as
   * the TypeORM read it replaces was (the tests' query counters count it).
   */
  async runIn(m: EntityManager, shapeKey: string, build: () => SelectQueryBuilder<T>, parameters: ObjectLiteral): Promise<T[]> {
    const shape = this.shapes.get(shapeKey) ?? this.prepare(shapeKey, build);
    const rows = await this.rowsIn(m, shape, parameters);
    return rows.length === 0 ? [] : hydrateInPlace(rows, shape.hydrate);
  }

  /**
   * The driver's rows of the shape, as `getRawMany()` gives them (the columns named as the query
   * selects them), inside `m`'s transaction as `runIn` reads: for aggregates (counts, sums).
   */
  async rawIn(m: EntityManager, shapeKey: string, build: () => SelectQueryBuilder<T>, parameters: ObjectLiteral): Promise<RawRow[]> {
    const shape = this.shapes.get(shapeKey) ?? this.prepare(shapeKey, build);
    return this.rowsIn(m, shape, parameters);
  }

  private rowsIn(m: EntityManager, shape: Shape<T>, parameters: ObjectLiteral): Promise<RawRow[]> {
    const [sql, values] = this.bind(shape, parameters) ?? this.db.dataSource.driver.escapeQueryWithParameters(shape.sql, parameters);
    if (this.db.kind !== 'sqlite') return queryIn<RawRow[]>(m, sql, values);
    // Reported to the logger as TypeORM's query() reports it (queryIn does on MySQL/MariaDB).
    this.db.dataSource.logger.logQuery(sql, values, m.queryRunner);
    return this.db.selectRows(sql, values);
  }

  /**
   * The positional SQL and values for these parameters without rewriting the SQL per call:
   * TypeORM's escaping is run once per shape on probe values to learn which parameter each
   * `?` is; each call then only converts its values as TypeORM's escaping would (SQLite:
   * dates as UTC text, booleans as 0/1; numbers are bound rather than written into the SQL).
   * Null when this call cannot use it (other parameter names, arrays, raw SQL functions).
   */
  private bind(shape: Shape<T>, parameters: ObjectLiteral): [string, unknown[]] | null {
    const keys = Object.keys(parameters).join('\n');
    for (const key in parameters) {
      const value: unknown = parameters[key];
      if (typeof value === 'function' || Array.isArray(value)) return null;
    }
    if (!shape.bound) {
      const probe = Object.fromEntries(Object.keys(parameters).map((k) => [k, `${PROBE}${k}`]));
      const [sql, values] = this.db.dataSource.driver.escapeQueryWithParameters(shape.sql, probe);
      if (!values.every((v) => typeof v === 'string' && v.startsWith(PROBE))) return null;
      shape.bound = { keys, sql, names: values.map((v) => (v as string).slice(PROBE.length)) };
    }
    if (shape.bound.keys !== keys) return null;
    const sqlite = this.db.kind === 'sqlite';
    const values = shape.bound.names.map((name) => {
      const value: unknown = parameters[name];
      if (!sqlite) return value;
      if (value instanceof Date) return DateUtils.mixedDateToUtcDatetimeString(value);
      return typeof value === 'boolean' ? Number(value) : value;
    });
    return [shape.bound.sql, values];
  }

  private prepare(shapeKey: string, build: () => SelectQueryBuilder<T>): Shape<T> {
    const qb = build();
    // getQuery() keeps the :named parameters; they are bound per call. Columns come back as `<alias>_<column>`.
    const shape: Shape<T> = { sql: qb.getQuery(), hydrate: rowHydrator(this.db, this.entity, qb.alias) };
    if (this.shapes.size < MAX_SHAPES) this.shapes.set(shapeKey, shape);
    return shape;
  }
}

const bySource = new WeakMap<DataSource, Map<new () => ObjectLiteral, PreparedSelect<ObjectLiteral>>>();

/**
 * The PreparedSelect of `entity` on `m`'s data source, made once per data source: for code that
 * holds an EntityManager only (a guard or a service called inside another's transaction).
 */
export function preparedSelectOf<T extends ObjectLiteral>(m: EntityManager, entity: new () => T): PreparedSelect<T> {
  let selects = bySource.get(m.connection);
  if (!selects) bySource.set(m.connection, (selects = new Map()));
  let select = selects.get(entity);
  if (!select) selects.set(entity, (select = new PreparedSelect(new Database(m.connection), entity)));
  return select as unknown as PreparedSelect<T>;
}
