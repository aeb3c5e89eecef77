/**
 * Small builders for the REST routes' JSON Schemas (Fastify's `schema` option,
 * docs/decisions/072). The schemas document the spec's contract: field names,
 * types, enums and which fields are always there. They never reject a request
 * (class-validator does, with our 422 naming the field) and they serialise the
 * answers, which tests hold to the bytes JSON.stringify would write.
 */
import { PAGE_SIZE } from '../../../infrastructure/paging';

export type JsonSchema = Record<string, unknown>;

export const str: JsonSchema = { type: 'string' };
export const int: JsonSchema = { type: 'integer' };
/** Dollars (two decimals at most) or another non-integer number. */
export const num: JsonSchema = { type: 'number' };
export const bool: JsonSchema = { type: 'boolean' };
/** An ISO 8601 instant (UTC). */
export const instant: JsonSchema = { type: 'string', format: 'date-time' };
/** A calendar date, YYYY-MM-DD. */
export const date: JsonSchema = { type: 'string', format: 'date' };
/** Any JSON value (stored audit snapshots). */
export const anyJson: JsonSchema = {};

export function nullable(schema: JsonSchema): JsonSchema {
  return { ...schema, type: [schema.type as string, 'null'] };
}

export function oneOf(values: readonly string[]): JsonSchema {
  return { type: 'string', enum: [...values] };
}

export function arrayOf(items: JsonSchema): JsonSchema {
  return { type: 'array', items };
}

/**
 * An object whose fields are all present (the order is the answer's order:
 * Fastify writes them in this order). `optional` fields may be left out.
 */
export function object(properties: Record<string, JsonSchema>, optional: readonly string[] = []): JsonSchema {
  return { type: 'object', properties, required: Object.keys(properties).filter((k) => !optional.includes(k)) };
}

/** A request body: the fields a caller may send (snake_case), none required here: the input class decides. */
export function body(properties: Record<string, JsonSchema>, required: readonly string[] = []): JsonSchema {
  return { type: 'object', properties, ...(required.length ? { required: [...required] } : {}) };
}

/** Our error answer (http.ts restErrorHandler): detail, a code, and the fields at fault. */
export const ERROR = object(
  {
    detail: str,
    code: str,
    errors: arrayOf(object({ field: str, message: str })),
  },
  ['errors'],
);

/** The error answers every route may give, next to its own answers. */
export const ERRORS = { '4xx': ERROR, '5xx': ERROR } as const;

export const ID_PARAMS = object({ id: str });

/**
 * The query string of an admin list (docs/decisions/075): its filters and the
 * paging parameters, all optional. Without `limit` the answer is every matching
 * row, streamed (the spec's array); with it, one page of at most `limit` rows,
 * and when more follow the `X-Next-Cursor` header holds the `cursor` of the
 * next page and `Link` its address (rel="next"). A bad parameter is a 400 naming it.
 */
export function pagedQuery(filters: Record<string, JsonSchema> = {}): JsonSchema {
  const properties: Record<string, JsonSchema> = {
    limit: { type: 'string', pattern: '^[0-9]+$', description: `Page size, 1 to ${PAGE_SIZE.maxSize}: one page instead of every row.` },
    cursor: { type: 'string', description: 'The X-Next-Cursor of the previous page.' },
    ...filters,
  };
  return object(properties, Object.keys(properties));
}
