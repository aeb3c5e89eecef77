import type { ObjectLiteral, SelectQueryBuilder } from 'typeorm';
import { AppError } from '../errors';

/**
 * Keyset ("cursor") paging of a list ordered by a time column, then by id
 * (docs/decisions/075): a page is the rows after the last one of the previous
 * page in that order, read from an index on (time, id). Unlike an offset, a row
 * inserted or removed between two pages neither repeats nor hides a row, and
 * rows with the same time are told apart by their id.
 */
export interface KeysetOrder {
  /** The query's alias, e.g. 'b'. */
  alias: string;
  /** Entity property of the time column, e.g. 'createdAt'. */
  time: string;
  /** Entity property of the unique tie-breaker, e.g. 'id'. */
  id: string;
  /** DESC: newest first; ASC: oldest first. */
  direction: 'ASC' | 'DESC';
  /**
   * What `time` holds when the list is sorted by another column than a time
   * (docs/decisions/079): a text or a whole number; absent: a time.
   */
  kind?: 'text' | 'int';
  /** The order's name, written into its cursors so a cursor of another order is refused (with `kind`). */
  name?: string;
  /**
   * The index of (time, id) that holds the whole table in this order, for a list read whole on
   * MySQL/MariaDB with no filter (readRawBatches' streamed query, docs/decisions/108).
   */
  index?: string;
}

/** A position in such a list: the sort value (a time, or a text or number) and id of the last row shown. */
export interface Cursor {
  at: Date | string | number;
  id: string;
}

/** The opaque cursor of a row (base64url of [ms, id]), as the audit log and the board write theirs. */
export function encodeCursor(at: Date, id: string | number): string {
  return Buffer.from(JSON.stringify([at.getTime(), id])).toString('base64url');
}

/** The cursor of a row in an order by a text or number column: [value, id, order's name]. */
export function encodeValueCursor(o: KeysetOrder, value: string | number, id: string): string {
  return Buffer.from(JSON.stringify([value, id, o.name ?? ''])).toString('base64url');
}

const validId = (id: unknown): id is string => typeof id === 'string' && id.length > 0 && id.length <= 64;

/**
 * The cursor back, or BAD_USER_INPUT naming `field` when it is not one this API
 * wrote for `order` (by default a time order: a cursor of a sort by name is refused there, and the reverse).
 */
export function decodeCursorOrThrow(cursor: string, field = 'cursor', order?: KeysetOrder): Cursor {
  try {
    const parsed = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as unknown;
    if (Array.isArray(parsed)) {
      const [at, id, name] = parsed as unknown[];
      if (!order?.kind) {
        if (parsed.length === 2 && Number.isSafeInteger(at) && validId(id)) return { at: new Date(at as number), id };
      } else if (parsed.length === 3 && name === (order.name ?? '') && validId(id)) {
        if (order.kind === 'int' && Number.isSafeInteger(at)) return { at: at as number, id };
        if (order.kind === 'text' && typeof at === 'string' && at.length <= 1000) return { at, id };
      }
    }
  } catch {
    // fall through to the error below
  }
  throw AppError.invalid([{ field, message: `${field} is not a cursor returned by this API` }]);
}

/** Order `q` by (time, id) in the given direction. */
export function orderByKeyset<T extends ObjectLiteral>(q: SelectQueryBuilder<T>, o: KeysetOrder): SelectQueryBuilder<T> {
  return q.orderBy(`${o.alias}.${o.time}`, o.direction).addOrderBy(`${o.alias}.${o.id}`, o.direction);
}

/** Only the rows after `cursor` in the order (none: from the start). */
export function afterCursor<T extends ObjectLiteral>(q: SelectQueryBuilder<T>, o: KeysetOrder, cursor: Cursor | null): SelectQueryBuilder<T> {
  if (!cursor) return q;
  const op = o.direction === 'DESC' ? '<' : '>';
  const t = `${o.alias}.${o.time}`;
  const id = `${o.alias}.${o.id}`;
  return q.andWhere(`(${t} ${op} :keysetAt OR (${t} = :keysetAt AND ${id} ${op} :keysetId))`, { keysetAt: cursor.at, keysetId: cursor.id });
}

/** One page: the rows, and the cursor of the last one when more follow. */
export interface KeysetPage<T> {
  rows: T[];
  hasMore: boolean;
  nextCursor: string | null;
}

/**
 * Read `limit` rows after `cursor` (one more is read to know whether more
 * follow). `q` carries the filters; this adds the order, the cursor and the limit.
 */
export async function readPage<T extends ObjectLiteral>(q: SelectQueryBuilder<T>, o: KeysetOrder, cursor: Cursor | null, limit: number): Promise<KeysetPage<T>> {
  const rows = await afterCursor(orderByKeyset(q, o), o, cursor)
    .limit(limit + 1)
    .getMany();
  const hasMore = rows.length > limit;
  const page = hasMore ? rows.slice(0, limit) : rows;
  const last = page[page.length - 1] as Record<string, unknown> | undefined;
  return { rows: page, hasMore, nextCursor: hasMore && last ? cursorOfRow(o, last) : null };
}

function cursorOfRow(o: KeysetOrder, row: Record<string, unknown>): string {
  const id = String(row[o.id]);
  if (!o.kind) return encodeCursor(row[o.time] as Date, id);
  return encodeValueCursor(o, o.kind === 'int' ? Number(row[o.time]) : String(row[o.time]), id);
}

/**
 * Every row of `build()` in order, read `batch` rows at a time by cursor: a
 * list of any length streams through a bounded amount of memory. `build` makes
 * a fresh query with the filters each time.
 */
export async function* readAll<T extends ObjectLiteral>(build: () => SelectQueryBuilder<T>, o: KeysetOrder, from: Cursor | null, batch: number): AsyncGenerator<T[]> {
  let cursor = from;
  for (;;) {
    const page = await readPage(build(), o, cursor, batch);
    if (page.rows.length) yield page.rows;
    if (!page.nextCursor) return;
    cursor = decodeCursorOrThrow(page.nextCursor, 'cursor', o);
  }
}
