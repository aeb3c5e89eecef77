import type { ObjectLiteral, SelectQueryBuilder } from 'typeorm';
import type { ColumnMetadata } from 'typeorm/metadata/ColumnMetadata.js';
import type { Database } from './data-source';

/** The few shapes a caller builds (page size, optional filters): a bound, not a cache policy. */
const MAX_SHAPES = 256;

/**
 * A read-only select whose SQL TypeORM's query builder writes once per shape and
 * which then runs as plain SQL through the driver's own parameter escaping. On a
 * small indexed read the builder's per-call work (alias and property-name
 * replacement, column escaping) and entity hydration cost more than the query
 * itself (docs/performance.md, round three); the SQL goes straight to the
 * driver (Database.selectRows), not through TypeORM's query runner. Rows come back as entity instances
 * holding the selected columns, each converted as TypeORM hydrates it (dates,
 * booleans, JSON), so callers see the same values as from `getMany()`.
 *
 * Only for single-entity selects without joins; parameters are named (`:name`)
 * and must not change the SQL's shape (put such choices in the shape key).
 */
export class PreparedSelect<T extends ObjectLiteral> {
  private readonly shapes = new Map<string, { sql: string; fields: Array<[key: string, column: ColumnMetadata]> }>();

  constructor(
    private readonly db: Database,
    private readonly entity: new () => T,
  ) {}

  async run(shapeKey: string, build: () => SelectQueryBuilder<T>, parameters: ObjectLiteral): Promise<T[]> {
    const shape = this.shapes.get(shapeKey) ?? this.prepare(shapeKey, build);
    const driver = this.db.dataSource.driver;
    const [sql, values] = driver.escapeQueryWithParameters(shape.sql, parameters);
    const rows = await this.db.selectRows(sql, values);
    if (rows.length === 0) return [];
    // The selected columns, found once per call from the first row (a select may name a few).
    const fields = shape.fields.filter(([key]) => key in rows[0]);
    return rows.map((row) => {
      const entity = new this.entity();
      const target = entity as Record<string, unknown>;
      for (const [key, column] of fields) target[column.propertyName] = driver.prepareHydratedValue(row[key], column);
      return entity;
    });
  }

  private prepare(shapeKey: string, build: () => SelectQueryBuilder<T>) {
    const qb = build();
    const metadata = this.db.dataSource.getMetadata(this.entity);
    // getQuery() keeps the :named parameters; they are bound per call. Columns come back as `<alias>_<column>`.
    const fields = metadata.columns.map((column): [string, ColumnMetadata] => [`${qb.alias}_${column.databaseName}`, column]);
    const shape = { sql: qb.getQuery(), fields };
    if (this.shapes.size < MAX_SHAPES) this.shapes.set(shapeKey, shape);
    return shape;
  }
}
