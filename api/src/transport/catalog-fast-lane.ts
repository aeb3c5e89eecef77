import crypto from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { NextFunction, Request, Response } from 'express';
import { HeaderMap, type ApolloServer } from '@apollo/server';
import { Kind, OperationTypeNode, parse, type DocumentNode } from 'graphql';
import type { Services } from '../composition-root';
import { createContext, type GraphQLContext } from './graphql/context';
import { requestContext } from '../infrastructure/request-context';

/** The body limit of express.json() on /graphql (app.ts). */
const GRAPHQL_BODY_LIMIT = 100 * 1024;
/** Root fields whose answers depend on the workshop catalog only (and so are cached with it). */
const CATALOG_FIELDS = new Set(['workshops', 'workshop', '__typename']);
/** Answers kept per catalog snapshot at most (distinct bodies: whitespace, variables, ids). */
const MAX_CACHED_ANSWERS = 400;
/** Same rule as requestIdMiddleware: a caller's X-Request-Id is kept when it looks sane. */
const SAFE_ID = /^[A-Za-z0-9._:-]{8,100}$/;
/** Distinct query texts remembered as cacheable or not; beyond that, no new ones are analysed. */
const MAX_KNOWN_QUERIES = 500;

export interface FastLaneOptions {
  services: Services;
  apollo: ApolloServer<GraphQLContext>;
  /** Every header securityHeaders() sets (common/http-hardening.ts: staticSecurityHeaders). */
  securityHeaders: Array<[string, string]>;
  /** 503 after this long, like requestTimeout() on the Express path. */
  timeoutMs: number;
}

/**
 * The hottest public reads, answered in front of Express from values cached with
 * the workshop catalog snapshot (docs/performance.md): GET /api/workshops, and
 * anonymous GraphQL POSTs whose every root field is a catalog field (`workshops`,
 * `workshop`). Express costs more per request than everything else such a read
 * needs; these answers are byte-for-byte what the Express path sends (the
 * GraphQL ones are executed by the same ApolloServer, plugins included), with the
 * same security headers, request id and access log line. A catalog write drops
 * them with the snapshot.
 *
 * Returns a request listener that answers and returns true, or returns false
 * (and has consumed nothing) so the caller hands the request to Express. Bodies
 * of JSON POSTs to /graphql are read here first; when the request goes on to
 * Express it carries the parsed `req.body` (body-parser then skips it) or the
 * parse error in `req.fastLaneBodyError` (see rethrowFastLaneBodyError).
 */
export function createCatalogFastLane(options: FastLaneOptions) {
  const { services, apollo, securityHeaders, timeoutMs } = options;
  const { catalog } = services.workshops;
  const logger = services.logger;
  const known = new Map<string, boolean>();

  /** An answer ready to write: its body bytes and every header but the request id, flattened once. */
  interface Prepared {
    status: number;
    head: string[];
    body: Buffer;
  }
  const prepared = new WeakMap<object, Prepared>();

  function prepare(status: number, headers: Array<[string, string]>, body: string | Buffer): Prepared {
    const bytes = typeof body === 'string' ? Buffer.from(body) : body;
    return { status, head: [...securityHeaders, ...headers, ['content-length', String(bytes.length)]].flat(), body: bytes };
  }

  function write(req: IncomingMessage, res: ServerResponse, started: bigint, answer: Prepared) {
    const incoming = req.headers['x-request-id'];
    const requestId = typeof incoming === 'string' && SAFE_ID.test(incoming) ? incoming : crypto.randomUUID();
    const head = answer.head.slice();
    head.push('x-request-id', requestId);
    res.writeHead(answer.status, head);
    res.end(answer.body);
    const status = answer.status;
    if (logger.isLevelEnabled(status >= 500 ? 'error' : 'info')) {
      const line = { method: req.method, path: (req.url ?? '').split('?')[0], status, ms: Math.round(Number(process.hrtime.bigint() - started) / 1e5) / 10 };
      if (status >= 500) logger.error(line, 'request failed');
      else logger.info(line, 'request');
    }
  }

  function send(req: IncomingMessage, res: ServerResponse, started: bigint, status: number, headers: Array<[string, string]>, body: string | Buffer) {
    write(req, res, started, prepare(status, headers, body));
  }

  /** Cached REST list (computed by the Express route on a miss). */
  function restList(req: IncomingMessage, res: ServerResponse, started: bigint): boolean {
    const cached = catalog.peek<{ body: string; etag: string }>('rest:/api/workshops');
    if (!cached) return false;
    const noneMatch = req.headers['if-none-match'];
    if (noneMatch && noneMatch.split(/\s*,\s*/).includes(cached.etag) && !/no-cache/.test(req.headers['cache-control'] ?? '')) {
      send(req, res, started, 304, [['etag', cached.etag]], '');
      return true;
    }
    let answer = prepared.get(cached);
    if (!answer) prepared.set(cached, (answer = prepare(200, [['content-type', 'application/json; charset=utf-8'], ['etag', cached.etag]], cached.body)));
    write(req, res, started, answer);
    return true;
  }

  function isCatalogQuery(query: string, operationName: unknown): boolean {
    const key = `${typeof operationName === 'string' ? operationName : ''}\n${query}`;
    let cacheable = known.get(key);
    if (cacheable === undefined) {
      let doc: DocumentNode | null = null;
      try {
        doc = parse(query);
      } catch {
        // not cacheable: Apollo answers the syntax error
      }
      cacheable = doc !== null && catalogOnly(doc, typeof operationName === 'string' ? operationName : undefined);
      if (known.size < MAX_KNOWN_QUERIES) known.set(key, cacheable);
    }
    return cacheable;
  }

  async function graphql(req: IncomingMessage, res: ServerResponse, started: bigint, forward: () => void) {
    const text = await readBody(req);
    // The same body asked with the same Accept gets the same answer: look it up before parsing.
    const key = `gql:${req.headers.accept ?? ''}\n${text}`;
    const hit = catalog.peek<Prepared>(key);
    if (hit) return write(req, res, started, hit);
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch (e) {
      (req as IncomingMessage & { fastLaneBodyError?: unknown }).fastLaneBodyError = e;
      return forward();
    }
    (req as IncomingMessage & { body?: unknown }).body = body;
    const b = body as { query?: unknown; operationName?: unknown; variables?: unknown; extensions?: unknown };
    if (!b || typeof b !== 'object' || typeof b.query !== 'string' || b.extensions !== undefined || !isCatalogQuery(b.query, b.operationName)) {
      return forward();
    }

    const generation = catalog.currentGeneration;
    const headers = new HeaderMap();
    for (const [k, v] of Object.entries(req.headers)) if (v !== undefined) headers.set(k, Array.isArray(v) ? v.join(', ') : v);
    let timer: NodeJS.Timeout | undefined;
    const timedOut = new Promise<null>((resolve) => {
      timer = setTimeout(() => resolve(null), timeoutMs);
    });
    try {
      const answer = await Promise.race([
        apollo.executeHTTPGraphQLRequest({
          httpGraphQLRequest: { method: 'POST', headers, search: '', body },
          context: () => createContext(services, req as Parameters<typeof createContext>[1]),
        }),
        timedOut,
      ]);
      if (!answer) {
        const detail = JSON.stringify({ detail: 'The server is not able to answer right now. Please try again shortly.', code: 'SERVICE_UNAVAILABLE' });
        return send(req, res, started, 503, [['content-type', 'application/json; charset=utf-8']], detail);
      }
      if (answer.body.kind !== 'complete') throw new Error('incremental delivery is not used by catalog queries');
      const out: Array<[string, string]> = [...answer.headers].filter(([k]) => k !== 'content-length');
      const status = answer.status ?? 200;
      const ready = prepare(status, out, answer.body.string);
      const clean = !answer.body.string.startsWith('{"errors"') && !answer.body.string.includes('"errors":[');
      if (status === 200 && clean && catalog.derivedCount < MAX_CACHED_ANSWERS) {
        catalog.storeIfCurrent(key, ready, generation);
      }
      write(req, res, started, ready);
    } finally {
      clearTimeout(timer);
    }
  }

  return function fastLane(req: IncomingMessage, res: ServerResponse, toExpress: () => void): boolean {
    const started = process.hrtime.bigint();
    const url = req.url ?? '';
    if (req.method === 'GET' && url === '/api/workshops') return restList(req, res, started);
    if (
      req.method === 'POST' &&
      url === '/graphql' &&
      req.headers.authorization === undefined &&
      /^application\/json\b/i.test(req.headers['content-type'] ?? '') &&
      Number(req.headers['content-length']) > 0 &&
      Number(req.headers['content-length']) <= GRAPHQL_BODY_LIMIT
    ) {
      const forward = () => toExpress();
      const incoming = req.headers['x-request-id'];
      const requestId = typeof incoming === 'string' && SAFE_ID.test(incoming) ? incoming : crypto.randomUUID();
      req.headers['x-request-id'] = requestId; // the same id on the log lines and the answer
      requestContext.run({ requestId }, () => {
        graphql(req, res, started, forward).catch((e) => {
          logger.error({ err: e }, 'catalog fast lane failed');
          if (!res.headersSent) send(req, res, started, 500, [['content-type', 'application/json; charset=utf-8']], '{"errors":[{"message":"Internal server error"}]}');
        });
      });
      return true;
    }
    return false;
  };
}

/** True when the operation to run is a query whose root fields are all catalog fields. */
function catalogOnly(doc: DocumentNode, operationName: string | undefined): boolean {
  const operations = doc.definitions.filter((d) => d.kind === Kind.OPERATION_DEFINITION);
  const op = operationName ? operations.find((o) => o.name?.value === operationName) : operations.length === 1 ? operations[0] : undefined;
  if (!op || op.operation !== OperationTypeNode.QUERY || (op.directives?.length ?? 0) > 0) return false;
  return op.selectionSet.selections.every((s) => s.kind === Kind.FIELD && CATALOG_FIELDS.has(s.name.value) && !(s.directives?.length ?? 0));
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

/**
 * Express middleware for /graphql, before express.json(): a body the fast lane
 * read but could not parse fails exactly as body-parser would have failed it.
 */
export function rethrowFastLaneBodyError(req: Request, _res: Response, next: NextFunction): void {
  const e = (req as Request & { fastLaneBodyError?: unknown }).fastLaneBodyError;
  if (e === undefined) return next();
  next(Object.assign(e instanceof Error ? e : new SyntaxError(String(e)), { status: 400, statusCode: 400, expose: true, type: 'entity.parse.failed' }));
}
