import { Readable } from 'node:stream';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppError, ErrorCode } from '../../infrastructure/errors';
import { validateInputOrThrow } from '../../infrastructure/validation';
import { decodeCursorOrThrow, type KeysetOrder } from '../../infrastructure/db/keyset';

/**
 * The admin lists over REST (docs/decisions/075): the spec's arrays, whole by
 * default and written as they are read; with `limit`, one page whose next one
 * is named by the `X-Next-Cursor` and `Link` headers.
 */

/** How a query parameter (snake_case text) becomes a field of the input class. */
export type Param = readonly [field: string, kind: 'text' | 'int' | 'date'];

/**
 * The query string as the input class `cls` (snake_case names, all text). A
 * bad parameter is a 400 naming it (snake_case, the REST error handler renames
 * the fields); unknown parameters are ignored. `paged`: whether `limit` was sent.
 * `orderOf`: the keyset order the arguments ask for (a sort), whose cursors alone are accepted.
 */
export async function listQueryOrThrow<T extends object>(
  cls: new () => T,
  query: unknown,
  params: Readonly<Record<string, Param>>,
  orderOf?: (args: T) => KeysetOrder,
): Promise<{ args: T; paged: boolean }> {
  const q = (query ?? {}) as Record<string, unknown>;
  const values: Record<string, unknown> = {};
  for (const [name, [field, kind]] of Object.entries(params)) {
    const raw = q[name];
    // A repeated parameter is refused as "must be a string": one value each.
    if (raw === undefined || raw === '') continue;
    values[field] = typeof raw !== 'string' || kind === 'text' ? raw : kind === 'int' ? (/^\d{1,9}$/.test(raw) ? Number(raw) : raw) : new Date(raw);
  }
  try {
    const args = await validateInputOrThrow(cls, values);
    // A cursor this API did not write is a bad parameter too (the services would refuse it later, as BAD_USER_INPUT).
    if (typeof values.cursor === 'string') decodeCursorOrThrow(values.cursor, 'cursor', orderOf?.(args));
    return { args, paged: values.limit !== undefined };
  } catch (e) {
    if (e instanceof AppError && e.code === ErrorCode.BAD_USER_INPUT) throw AppError.invalid(e.fields, ErrorCode.BAD_REQUEST);
    throw e;
  }
}

/** The paging parameters every list takes. */
export const PAGE_PARAMS: Record<string, Param> = { limit: ['limit', 'int'], cursor: ['cursor', 'text'] };

/** On a page that has a next one: its cursor, and the next page's address (RFC 8288). */
export function nextPageHeaders(req: FastifyRequest, reply: FastifyReply, nextCursor: string | null): void {
  if (!nextCursor) return;
  const url = new URL(req.url, 'http://x');
  url.searchParams.set('cursor', nextCursor);
  void reply.header('x-next-cursor', nextCursor).header('link', `<${url.pathname}${url.search}>; rel="next"`);
}

/**
 * How many whole lists one process writes at once; more wait their turn. What an export holds is
 * a batch or two (below), so this bounds what all exports together hold in memory, however many
 * are asked for at once (docs/decisions/082).
 */
export const EXPORTS_AT_ONCE = 2;

/**
 * Rows written per chunk: a chunk of about 64 KB (an admin booking is about 1 KB of JSON) stays
 * under V8's large-object size (128 KB), so it is made and dropped in the young generation
 * instead of growing the old one until a full collection (docs/decisions/083).
 */
const CHUNK_ROWS = 64;

/** A counting gate: `enter` resolves when a place is free, with the function that frees it (once). */
export class ExportGate {
  private active = 0;
  private readonly waiting: Array<() => void> = [];

  constructor(private readonly places: number) {}

  /** Exports being written now, and waiting. */
  get load(): { active: number; waiting: number } {
    return { active: this.active, waiting: this.waiting.length };
  }

  async enter(): Promise<() => void> {
    if (this.active < this.places) this.active++;
    // The place is handed over by the export that leaves (active stays the same).
    else await new Promise<void>((resolve) => this.waiting.push(resolve));
    let left = false;
    return () => {
      if (left) return;
      left = true;
      const next = this.waiting.shift();
      if (next) next();
      else this.active--;
    };
  }
}

/** The process's gate for the whole-list exports. */
export const exportGate = new ExportGate(EXPORTS_AT_ONCE);

/**
 * Answer one JSON array of every row of `batches`, written a batch at a time
 * as the rows are read: the whole list is never held in memory (the bytes are
 * JSON.stringify's of the whole array). Each chunk is one JSON.stringify of
 * CHUNK_ROWS rows, without its brackets; the stream asks for the next batch only when the
 * response has taken the last one (Readable.from reads on demand, and the reply
 * pipes it to the socket with backpressure), so at most a batch or two are in
 * memory however slow the client reads, and at most EXPORTS_AT_ONCE exports
 * run at once (`gate`). The first batch is read before answering, so a failing
 * database is a proper error; a failure later cuts the answer short (it is
 * logged through `failed`).
 */
export async function sendJsonArray<T>(
  reply: FastifyReply,
  batches: AsyncGenerator<T[]>,
  toJson: (row: T) => unknown,
  failed: (err: unknown) => void,
  gate: ExportGate = exportGate,
): Promise<FastifyReply> {
  const leave = await gate.enter();
  let first: IteratorResult<T[]>;
  try {
    first = await batches.next();
  } catch (err) {
    leave();
    throw err;
  }
  async function* chunks(): AsyncGenerator<string> {
    let opened = false;
    try {
      let next: IteratorResult<T[]> | null = first;
      while (next && !next.done) {
        // The batch becomes text at once and its rows are dropped before the first chunk is
        // written: what waits on a slow client is a batch's text, not its rows.
        const rows = next.value;
        next = null;
        const parts: string[] = [];
        for (let i = 0; i < rows.length; i += CHUNK_ROWS) parts.push(JSON.stringify(rows.slice(i, i + CHUNK_ROWS).map(toJson)).slice(1, -1));
        rows.length = 0;
        for (const part of parts.splice(0)) {
          yield (opened ? ',' : '[') + part;
          opened = true;
        }
        next = await batches.next();
      }
    } catch (err) {
      failed(err);
      throw err;
    }
    yield opened ? ']' : '[]';
  }
  const body = Readable.from(chunks(), { objectMode: false });
  // Ended, failed or cut off by the client: the stream closes either way (even unread).
  body.once('close', () => {
    leave();
    void batches.return(undefined);
  });
  return reply.header('content-type', 'application/json; charset=utf-8').send(body);
}
