import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { ApolloServer } from '@apollo/server';
import { fastifyApolloHandler } from '@as-integrations/fastify';
import { Kind, OperationTypeNode, parse, print, type DocumentNode } from 'graphql';
import { LRUCache } from 'lru-cache';
import type { Logger } from '../../infrastructure/logger';
import { clientKey } from '../../infrastructure/rate-limit';
import { CatalogAnswerCache, type CatalogSnapshots } from '../catalog-answer-cache';
import { jsonBodies } from '../rest/http';
import type { WriteLimits } from '../rate-limits';
import { createContext, type ContextDeps, type GraphQLContext } from './context';
import { ADMIN_DEVICE_COOKIE, adminSessionToken, forgetAdminSession, rememberAdminDevice, rememberAdminSession } from '../admin-guard';
import { graphqlBodyErrorHandler } from './errors';
import { resolvePersisted, type Refusal, type TrustedDocuments } from './trusted-documents';
import type { CompiledDocuments } from './compiled-documents';
import { FrontDoor, type Replayable } from '../front-door';

/** Body size cap of /graphql: our largest operation (a booking) is a few KB. */
export const GRAPHQL_BODY_LIMIT = 100 * 1024;
/**
 * Root fields whose answers depend on the workshop catalog only (and so are cached with it).
 * The photographs are read with the catalog snapshot and every photo write drops it (photo.service.ts).
 */
const CATALOG_FIELDS = new Set(['workshops', 'workshop', 'sitePhotos', '__typename']);

export interface GraphQLRouteOptions {
  apollo: ApolloServer<GraphQLContext>;
  contextDeps: ContextDeps;
  /** The write limits mutations count against (shared with the REST routes). */
  limits: WriteLimits;
  /** Where anonymous catalog-only answers are kept (app.ts: graphqlAnswerCache). */
  answers: CatalogAnswerCache<GraphQLAnswer>;
  /** Where the kept answers are sent again before Fastify (app.ts). */
  frontDoor?: FrontDoor;
  logger: Logger;
  /** The web app's documents, asked for by hash (docs/decisions/073). */
  trusted: TrustedDocuments;
  /** Documents parsed, validated and compiled once; their queries are run without Apollo's pipeline (docs/decisions/074). */
  documents: CompiledDocuments;
  /** Serve the GraphiQL explorer (web/dist/graphiql.html) to browsers at GET /graphql. */
  explorer: boolean;
  webDist: string;
  /** The known-device cookie is Secure (the site is served over https). */
  secureCookies: boolean;
}

/** A cached answer: Apollo's status, its own headers and body. */
export interface GraphQLAnswer extends Replayable {
  status: number;
  headers: Record<string, string>;
  /** Bytes, so a hit is written as it is (no text encoding per request). */
  body: Buffer;
}

/** The operation a request body names, normalised (parse + print), and whether it reads the catalog only. */
interface Described {
  printed: string;
  catalogOnly: boolean;
}

const CACHE_KEY = Symbol('graphql answer cache key');
const BODY_TEXT = Symbol('graphql body text');
const CACHED = Symbol('graphql answer found for the body text');
const MISSED = Symbol('graphql cache key of the body text, whose answer was not cached');
const CONTEXT = Symbol('graphql context made before Apollo ran');
const VIA_APOLLO = Symbol('answered by Apollo');
type CacheableRequest = FastifyRequest & {
  [CACHE_KEY]?: { key: string; generation: number; before: Set<string> };
  [BODY_TEXT]?: string;
  [CACHED]?: GraphQLAnswer;
  [MISSED]?: string;
  [CONTEXT]?: GraphQLContext;
  [VIA_APOLLO]?: boolean;
};
/** The key of a body text in keysOfText: the same text asked with another Accept is another answer. */
const textKeyOf = (accept: string | undefined, text: string): string => `${accept ?? ''}\n${text}`;

/** Accept headers seen at most, with the content type Apollo answered each with. */
const MAX_ACCEPTS = 64;

/** The bounded cache of GraphQL catalog answers (distinct operations × variables × Accept). */
export function graphqlAnswerCache(catalog: CatalogSnapshots): CatalogAnswerCache<GraphQLAnswer> {
  return new CatalogAnswerCache<GraphQLAnswer>(catalog, 'graphql', {
    max: 500,
    maxBytes: 16 * 1024 * 1024,
    sizeOf: (a) => (a as GraphQLAnswer).body.length,
  });
}

/**
 * POST/GET /graphql through Apollo Server (@as-integrations/fastify), with
 * JSON bodies only, a 100 KB limit, errors in the GraphQL shape, and the
 * anonymous catalog-only queries (the hottest reads) answered from a bounded
 * cache that goes with the catalog snapshot (docs/decisions/050).
 */
export function graphqlRoute(options: GraphQLRouteOptions): FastifyPluginAsync {
  const { apollo, contextDeps, answers, logger } = options;
  // Query texts seen lately and what they are; a text is parsed once, not per request.
  const described = new LRUCache<string, Described | false>({ max: 2000, maxSize: 4 * 1024 * 1024, sizeCalculation: (_v, k) => k.length + 1 });

  function describe(query: string, operationName: string | undefined): Described | null {
    const textKey = `${operationName ?? ''}\n${query}`;
    let d = described.get(textKey);
    if (d === undefined) {
      let doc: DocumentNode | null = null;
      try {
        doc = parse(query, { noLocation: true, maxTokens: 2000 });
      } catch {
        // not cacheable: Apollo answers the syntax error
      }
      d = doc ? { printed: print(doc), catalogOnly: catalogOnly(doc, operationName) } : false;
      described.set(textKey, d);
    }
    return d || null;
  }

  // Catalog-only body texts seen lately (with their Accept) and their cache key. The web app sends
  // the same few texts over and over: a repeat skips describing, canonical JSON and hashing.
  // Other texts (mutations, personal reads) are not kept: they would only push these out.
  // Bounded in entries and bytes; the answers stay keyed (and bounded) by the normalised key.
  const keysOfText = new LRUCache<string, string>({ max: 2000, maxSize: 4 * 1024 * 1024, sizeCalculation: (_v, k) => k.length + 1 });

  function cacheKey(req: CacheableRequest): string | null {
    if (req.method !== 'POST' || req.headers.authorization !== undefined) return null;
    const text = req[BODY_TEXT];
    if (text === undefined) return normalisedKey(req);
    const textKey = textKeyOf(req.headers.accept, text);
    const known = keysOfText.get(textKey);
    if (known !== undefined) return known;
    const key = normalisedKey(req);
    if (key !== null) keysOfText.set(textKey, key);
    return key;
  }

  /** The cache key of a body: its normalised operation, operation name, variables and the Accept it was asked with. */
  function normalisedKey(req: FastifyRequest): string | null {
    const b = req.body as { query?: unknown; operationName?: unknown; variables?: unknown; extensions?: unknown } | undefined;
    if (!b || typeof b !== 'object' || Array.isArray(b) || typeof b.query !== 'string' || !answerIgnores(b.extensions)) return null;
    if (b.operationName !== undefined && b.operationName !== null && typeof b.operationName !== 'string') return null;
    if (b.variables !== undefined && b.variables !== null && (typeof b.variables !== 'object' || Array.isArray(b.variables))) return null;
    const operationName = b.operationName ?? undefined;
    const d = describe(b.query, operationName);
    if (!d?.catalogOnly) return null;
    const text = [req.headers.accept ?? '', operationName ?? '', d.printed, canonicalJson(b.variables ?? {})].join('\n');
    return crypto.createHash('sha256').update(text).digest('base64url');
  }

  const explorerHtml = path.join(options.webDist, 'graphiql.html');
  const contextOf = (req: FastifyRequest, reply: FastifyReply) =>
    createContext(contextDeps, {
      clientKey: () => clientKey(req),
      adminDevice: req.cookies?.[ADMIN_DEVICE_COOKIE],
      rememberAdminDevice: (token) => rememberAdminDevice(req, reply, token, options.secureCookies),
      adminSession: adminSessionToken(req),
      rememberAdminSession: (token) => (token ? rememberAdminSession(reply, token, options.secureCookies) : forgetAdminSession(reply, options.secureCookies)),
      authorization: req.headers.authorization,
      consume: (limit) => options.limits[limit](req),
      userAgent: req.headers['user-agent'] ?? '',
    });
  const apolloHandler = fastifyApolloHandler(apollo, {
    context: async (req, reply) => (req as CacheableRequest)[CONTEXT] ?? contextOf(req, reply),
  });

  // The content type Apollo answers a 200 with depends on the Accept header alone
  // (application/json or application/graphql-response+json): learnt from its answers.
  const contentTypes = new Map<string, string>();

  /**
   * A query run without Apollo's request pipeline: an anonymous POST whose text Apollo has
   * validated before (or the manifest's, validated at start-up) and that has a compiled plan, with
   * an Accept Apollo has answered before. Its answer is the bytes Apollo would send for a result
   * without errors (`{"data":…}` and a newline, 200, the content type Apollo chose for that
   * Accept); a result with errors is handed to Apollo, which formats it and sets the status
   * without running the query again; refused variables are Apollo's to answer (docs/decisions/074).
   */
  async function runDirect(req: CacheableRequest, reply: FastifyReply): Promise<string | undefined> {
    if (req.method !== 'POST' || req.headers.authorization !== undefined) return undefined;
    const contentType = contentTypes.get(req.headers.accept ?? '');
    if (contentType === undefined) return undefined;
    const b = req.body as { query?: unknown; operationName?: unknown; variables?: unknown; extensions?: unknown } | undefined;
    if (!b || typeof b !== 'object' || Array.isArray(b) || typeof b.query !== 'string' || !answerIgnores(b.extensions)) return undefined;
    if (b.operationName !== undefined && b.operationName !== null && typeof b.operationName !== 'string') return undefined;
    if (b.variables !== undefined && b.variables !== null && (typeof b.variables !== 'object' || Array.isArray(b.variables))) return undefined;
    const plan = options.documents.planFor(b.query, b.operationName ?? undefined);
    if (!plan) return undefined;
    const context = await contextOf(req, reply);
    const result = await options.documents.runDirect(plan, (b.variables ?? undefined) as Record<string, unknown> | undefined, context);
    if (result && !result.errors?.length) {
      void reply.code(200).header('content-type', contentType);
      return `${JSON.stringify({ data: result.data })}\n`;
    }
    req[CONTEXT] = context;
    if (result) options.documents.handOver(context, result);
    return undefined;
  }

  // The body parser's lookup (answeredByText below) before Fastify: a kept answer Fastify has
  // sent once is sent again from there. Only an answer the door can send is counted (a hit);
  // anything else is looked up and counted once, by the parser, as before.
  options.frontDoor?.post('/graphql', (req, text) => {
    if (req.headers.authorization !== undefined) return undefined;
    const known = keysOfText.get(textKeyOf(req.headers.accept, text));
    return known === undefined ? undefined : answers.getIf(known, (answer) => answer.replay !== undefined);
  });

  return async (app) => {
    jsonBodies(app, {
      // A body text seen before (the browser's persisted form too: the hash is in the text) finds
      // its cached answer before it is parsed: the same text always resolves and normalises to
      // the same key (keysOfText holds catalog-only texts only). It is answered by the preHandler,
      // and the text is not parsed at all.
      answeredByText: (req, text) => {
        if (req.method !== 'POST' || req.headers.authorization !== undefined) return false;
        (req as CacheableRequest)[BODY_TEXT] = text;
        const known = keysOfText.get(textKeyOf(req.headers.accept, text));
        if (known === undefined) return false;
        const hit = answers.get(known);
        if (!hit) {
          (req as CacheableRequest)[MISSED] = known;
          return false;
        }
        (req as CacheableRequest)[CACHED] = hit;
        return true;
      },
    });
    app.setErrorHandler(graphqlBodyErrorHandler(logger));

    app.route({
      method: ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'],
      url: '/graphql',
      bodyLimit: GRAPHQL_BODY_LIMIT,
      // Callback hooks, not async ones: a cached answer is sent without a promise per hook.
      preHandler(req: CacheableRequest, reply, done) {
        const cached = req[CACHED];
        if (cached) {
          FrontDoor.sendsKept(req, cached);
          void reply.code(cached.status).headers(cached.headers).send(cached.body);
          return;
        }
        const refused = applyPersisted(req, options.trusted);
        if (refused) {
          void reply.code(refused.status).header('Cache-Control', 'no-store').type('application/json; charset=utf-8').send(refused.body);
          return;
        }
        // The body parser looked the text's key up already (a miss): no second lookup.
        const missed = req[MISSED];
        const key = missed ?? cacheKey(req);
        if (key !== null) {
          const hit = missed === undefined ? answers.get(key) : undefined;
          if (hit) {
            FrontDoor.sendsKept(req, hit);
            void reply.code(hit.status).headers(hit.headers).send(hit.body);
            return;
          }
          req[CACHE_KEY] = { key, generation: answers.generation, before: new Set(Object.keys(reply.getHeaders())) };
        }
        done();
      },
      onSend(req: CacheableRequest, reply, payload, done) {
        if (req[VIA_APOLLO] && reply.statusCode === 200 && req.method === 'POST' && contentTypes.size < MAX_ACCEPTS) {
          const type = reply.getHeader('content-type');
          if (typeof type === 'string') contentTypes.set(req.headers.accept ?? '', type);
        }
        const pending = req[CACHE_KEY];
        // Only clean answers are kept: an error may be passing (a database outage).
        if (pending && reply.statusCode === 200 && typeof payload === 'string' && !payload.startsWith('{"errors"') && !payload.includes('"errors":[')) {
          const headers: Record<string, string> = {};
          for (const [name, value] of Object.entries(reply.getHeaders())) {
            if (!pending.before.has(name) && value !== undefined && name !== 'content-length') headers[name] = String(value);
          }
          answers.set(pending.key, { status: 200, headers, body: Buffer.from(payload) }, pending.generation);
        }
        done(null, payload);
      },
      async handler(req: CacheableRequest, reply: FastifyReply) {
        // Browsers asking for /graphql get the self-hosted GraphiQL explorer.
        if (options.explorer && req.method === 'GET' && (req.query as Record<string, unknown>).query === undefined && prefersHtml(req.headers.accept)) {
          if (!fs.existsSync(explorerHtml)) return reply.code(404).type('text/plain; charset=utf-8').send('GraphQL explorer not built: run `npm run build`.');
          return reply.header('Cache-Control', 'no-cache').type('text/html; charset=utf-8').send(fs.createReadStream(explorerHtml));
        }
        // Answers are per request (bookings, the admin's data): never stored by a browser or proxy.
        void reply.header('Cache-Control', 'no-store');
        const direct = await runDirect(req, reply);
        if (direct !== undefined) return direct;
        req[VIA_APOLLO] = true;
        return (apolloHandler as (req: FastifyRequest, reply: FastifyReply) => Promise<unknown>)(req, reply);
      },
    });
  };
}

/**
 * Replaces a request's `persistedQuery` extension (JSON body, or a GET's query string whose
 * `extensions` is JSON text) by the text it names; answers the refusal to send, or null.
 */
function applyPersisted(req: FastifyRequest, trusted: TrustedDocuments): Refusal | null {
  const get = req.method === 'GET';
  const holder = (get ? req.query : req.body) as Record<string, unknown> | undefined;
  if (!holder || typeof holder !== 'object' || Array.isArray(holder)) return null;
  let extensions = holder.extensions;
  if (get) {
    if (typeof extensions !== 'string' || !extensions.includes('persistedQuery')) return null;
    try {
      extensions = JSON.parse(extensions);
    } catch {
      return null; // Apollo answers the malformed parameter
    }
  }
  const resolved = resolvePersisted({ query: holder.query, extensions }, trusted);
  if (!resolved) return null;
  if ('refused' in resolved) return resolved.refused;
  holder.query = resolved.query;
  if (resolved.extensions === undefined) delete holder.extensions;
  else holder.extensions = get ? JSON.stringify(resolved.extensions) : resolved.extensions;
  if (get) {
    // Apollo's Fastify integration reads a GET's parameters from the URL itself.
    const [pathname, search = ''] = (req.raw.url ?? '/graphql').split('?');
    const params = new URLSearchParams(search);
    params.set('query', resolved.query);
    if (resolved.extensions === undefined) params.delete('extensions');
    else params.set('extensions', JSON.stringify(resolved.extensions));
    req.raw.url = `${pathname}?${params}`;
  }
  return null;
}

/**
 * Whether a request's extensions (what is left once `persistedQuery` is resolved) cannot change
 * its answer: none, or only Apollo Client's `clientLibrary` (name and version of the client
 * library, which Apollo Client 4 sends with every request and nothing on this server reads).
 * Any other extension may mean something to some plugin: such a request is run every time.
 */
function answerIgnores(extensions: unknown): boolean {
  if (extensions === undefined) return true;
  if (!extensions || typeof extensions !== 'object' || Array.isArray(extensions)) return false;
  for (const [key, value] of Object.entries(extensions)) {
    if (key !== 'clientLibrary' || !value || typeof value !== 'object' || Array.isArray(value)) return false;
    if (!Object.values(value).every((v) => typeof v === 'string')) return false;
  }
  return true;
}

/** True when the operation to run is a query whose root fields are all catalog fields. */
function catalogOnly(doc: DocumentNode, operationName: string | undefined): boolean {
  const operations = doc.definitions.filter((d) => d.kind === Kind.OPERATION_DEFINITION);
  const op = operationName ? operations.find((o) => o.name?.value === operationName) : operations.length === 1 ? operations[0] : undefined;
  if (!op || op.operation !== OperationTypeNode.QUERY || (op.directives?.length ?? 0) > 0) return false;
  return op.selectionSet.selections.every((s) => s.kind === Kind.FIELD && CATALOG_FIELDS.has(s.name.value) && !(s.directives?.length ?? 0));
}

/** JSON with object keys sorted, so `{a,b}` and `{b,a}` variables are one key. */
function canonicalJson(value: unknown): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value) ?? 'null';
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  const entries = Object.entries(value as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
}

/**
 * Whether an Accept header prefers HTML to JSON (a browser's address bar), by
 * the q value of the most specific entry matching each; JSON wins a tie.
 */
export function prefersHtml(accept: string | undefined): boolean {
  if (!accept) return false;
  const entries = accept.split(',').map((part) => {
    const [type, ...params] = part.trim().toLowerCase().split(';');
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    return { type: type.trim(), q: q ? Number(q.slice(2)) : 1 };
  });
  const quality = (want: string) => {
    const [major] = want.split('/');
    const exact = entries.find((e) => e.type === want) ?? entries.find((e) => e.type === `${major}/*`) ?? entries.find((e) => e.type === '*/*');
    return exact && Number.isFinite(exact.q) ? exact.q : 0;
  };
  const html = quality('text/html');
  return html > 0 && html > quality('application/json');
}
