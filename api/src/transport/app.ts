import http from 'node:http';
import fs from 'node:fs';
import path from 'node:path';
import Fastify, { LogController, type FastifyInstance, type FastifyServerOptions, type FastifyReply, type FastifyRequest } from 'fastify';
import fastifyStatic from '@fastify/static';
import fastifyCookie from '@fastify/cookie';
import { ApolloServer } from '@apollo/server';
import { ApolloServerPluginCacheControlDisabled, ApolloServerPluginLandingPageDisabled } from '@apollo/server/plugin/disabled';
import { accessLogger, requestLoggerFactory, writeAccessLine, type Logger } from '../infrastructure/logger';
import type { Services } from '../composition-root';
import type { GraphQLContext } from './graphql/context';
import { createSchema } from './graphql/schema';
import { createErrorFormatter } from './graphql/errors';
import { errorStatusPlugin, graphqlProtection } from './graphql/protection';
import { loadTrustedDocuments } from './graphql/trusted-documents';
import { CompiledDocuments } from './graphql/compiled-documents';
import { graphqlAnswerCache, graphqlRoute, type GraphQLAnswer } from './graphql/route';
import { REST_BODY_LIMIT, restApi } from './rest';
import { clientConnectionErrorHandler } from './rest/http';
import { pageCache, webPages, type RenderedPage } from './web/ssr';
import type { CatalogAnswerCache } from './catalog-answer-cache';
import { requestContext, requestIdFor } from '../infrastructure/request-context';
import { ErrorCode } from '../infrastructure/errors';
import { securityHeaders } from './security-headers';
import { registerWriteLimits } from './rate-limits';
import { servedOverHttps } from './admin-guard';
import { DiskBlobStore, IMMUTABLE_CACHE_CONTROL } from '../infrastructure/blob-store';
import { FrontDoor } from './front-door';
import { CATALOG_LIST_KEY, type CatalogList } from './rest/workshop.rest';

/** Longest time any API request may take, once received, before the caller gets a 503. */
export const REQUEST_TIMEOUT_MS = 10_000;
/**
 * Longest time a client may take to send a whole request (headers and body):
 * it is answered 408 and the connection closed (a body trickled a byte at a time
 * must not hold a connection and a handler for minutes). Receiving is the
 * client's part: the 503 timer above starts only once the body is in.
 */
export const REQUEST_RECEIVE_TIMEOUT_MS = 12_000;
/** Longest time for the request headers alone. */
export const HEADERS_TIMEOUT_MS = 10_000;

export interface App {
  fastify: FastifyInstance;
  apollo: ApolloServer<GraphQLContext>;
  /** The answer caches that go with the catalog snapshot (tests and diagnostics read their stats). */
  caches: { graphql: CatalogAnswerCache<GraphQLAnswer>; pages: CatalogAnswerCache<RenderedPage> };
  /** The GraphQL documents parsed, validated and compiled once (tests and diagnostics read its stats). */
  documents: CompiledDocuments;
  /** The kept answers sent before Fastify (tests and diagnostics read its stats). */
  frontDoor: FrontDoor;
  /** Listen (port 0 picks a free one) and return the HTTP server. */
  listen(port: number, host?: string): Promise<http.Server>;
  /** Stop accepting requests, finish in-flight ones, stop Apollo. */
  stop(): Promise<void>;
}

const UNAVAILABLE = { detail: 'The server is not able to answer right now. Please try again shortly.', code: ErrorCode.SERVICE_UNAVAILABLE };
const CONTEXT = Symbol('request context');
type ContextRequest = FastifyRequest & { [CONTEXT]?: { requestId: string } };
const TIMER = Symbol('request timer');
type TimedRequest = FastifyRequest & { [TIMER]?: NodeJS.Timeout };

/**
 * Fastify's request log lines, as one access line per request: method, path
 * (no query string: it may hold session ids), status, time; error level for 5xx.
 * Written with the request id as a field (the same line as a request child's),
 * so no pino child is made for a request that logs nothing else
 * (requestLoggerFactory), on a logger without redaction, since the line's
 * fields are fixed and none is a secret (accessLogger, docs/decisions/109).
 */
class AccessLog extends LogController {
  constructor(private readonly logger: Logger) {
    super();
  }

  override incomingRequest(): void {}

  override requestCompleted(_error: unknown, req: FastifyRequest, reply: FastifyReply): void {
    writeAccessLine(this.logger, req.id, req.method, req.url, reply.statusCode, reply.elapsedTime);
  }
}

/**
 * One Fastify app serving the GraphQL API at /graphql, the REST shims at /api
 * and the built web app (files, server-rendered pages, app shell) for
 * everything else (docs/decisions/050-fastify-http-layer.md).
 */
export async function createApp(services: Services): Promise<App> {
  const { config, logger } = services;
  const access = accessLogger(logger);
  const frontDoor = new FrontDoor(access);
  const app = Fastify({
    loggerInstance: logger,
    childLoggerFactory: requestLoggerFactory as unknown as NonNullable<FastifyServerOptions['childLoggerFactory']>,
    logController: new AccessLog(access),
    requestIdHeader: false,
    genReqId: (req) => requestIdFor(req.headers['x-request-id']),
    // X-Forwarded-For and -Proto are believed only from the proxies TRUST_PROXY names (none when unset).
    trustProxy: config.trustProxy.length > 0 ? config.trustProxy : false,
    bodyLimit: REST_BODY_LIMIT,
    return503OnClosing: true,
    forceCloseConnections: 'idle',
    clientErrorHandler: clientConnectionErrorHandler(logger),
    // Node's own timers find a request that is not received in time (checked every second; Node's
    // default is every 30 s); clientConnectionErrorHandler answers it 408.
    // The front door answers the hottest kept answers before Fastify (docs/decisions/112).
    serverFactory: (handler) =>
      http.createServer({ requestTimeout: REQUEST_RECEIVE_TIMEOUT_MS, headersTimeout: HEADERS_TIMEOUT_MS, connectionsCheckingInterval: 1000 }, frontDoor.handler(handler)),
  });
  app.addHook('preClose', (done) => {
    frontDoor.close();
    done();
  });
  app.addHook('onSend', frontDoor.learn);
  app.addHook('preParsing', frontDoor.payload);

  const headers = await securityHeaders({ hsts: config.hsts });
  app.addHook('onRequest', (req, reply, done) => {
    void reply.headers(headers);
    void reply.header('X-Request-Id', req.id);
    const context = { requestId: req.id };
    (req as ContextRequest)[CONTEXT] = context;
    requestContext.run(context, done);
  });
  // Body reading leaves the request's async context: enter it again for the handler (a request
  // without a body is still in it: no second run).
  app.addHook('preHandler', (req, reply, done) => {
    // Never leave a caller hanging: an API request not answered in time gets a 503 (e.g. a
    // database that accepts connections but does not answer). It starts once the request is
    // received: a body that does not come in time is the client's 408 (REQUEST_RECEIVE_TIMEOUT_MS).
    if (req.url.startsWith('/api') || req.url.startsWith('/graphql')) {
      // A route may allow itself longer (a photo upload is resized in the request: docs/decisions/077).
      const ms = (req.routeOptions.config as { timeoutMs?: number } | undefined)?.timeoutMs ?? REQUEST_TIMEOUT_MS;
      const timer = setTimeout(() => {
        if (!reply.sent) void reply.code(503).send(UNAVAILABLE);
      }, ms);
      timer.unref();
      (req as TimedRequest)[TIMER] = timer;
    }
    const context = (req as ContextRequest)[CONTEXT];
    if (context !== undefined && requestContext.getStore() === context) done();
    else requestContext.run(context ?? { requestId: req.id }, done);
  });
  app.addHook('onResponse', (req, _reply, done) => {
    clearTimeout((req as TimedRequest)[TIMER]);
    done();
  });
  // A client that gives up is not a server error: one info line, no stack.
  app.addHook('onRequestAbort', (req, done) => {
    clearTimeout((req as TimedRequest)[TIMER]);
    logger.info({ reqId: req.id, method: req.method, path: req.url.split('?')[0] }, 'request aborted by the client');
    done();
  });

  const schema = await createSchema(services);
  const trusted = loadTrustedDocuments(config.webDist, logger);
  const protection = graphqlProtection({ hideSuggestions: config.env === 'production', trusted });
  // The site's documents parsed, validated and compiled (graphql-jit) at start-up, any other once
  // it is used twice; Apollo runs them through its gateway executor (docs/decisions/074).
  const documents = new CompiledDocuments({ schema, validationRules: protection.validationRules, parseOptions: protection.parseOptions, trusted, logger });
  const apollo = new ApolloServer<GraphQLContext>({
    gateway: documents.gateway(),
    documentStore: documents.documentStore(),
    introspection: config.graphqlIntrospection,
    ...protection,
    formatError: createErrorFormatter(logger),
    // No cache hints in our schema: Apollo's cache-control plugin only wrapped every field's
    // resolver to find none and answer `no-store`, which the route now sets itself.
    plugins: [ApolloServerPluginLandingPageDisabled(), ApolloServerPluginCacheControlDisabled(), errorStatusPlugin, ...protection.plugins],
  });
  await apollo.start();
  app.addHook('onClose', async () => apollo.stop());

  // Cookies are parsed for the admin's known-device cookie only (admin-guard.ts).
  await app.register(fastifyCookie);
  const limits = await registerWriteLimits(app as unknown as FastifyInstance, { redisUrl: config.rateLimitRedisUrl, logger });
  const contextDeps = { adminAuth: services.adminAuth, workshops: services.workshops };
  const catalog = services.workshops.catalog;
  const webDist = config.webDist;
  const caches = { graphql: graphqlAnswerCache(catalog), pages: pageCache(catalog) };

  frontDoor.get('/api/workshops', () => catalog.peek<CatalogList>(CATALOG_LIST_KEY));
  await app.register(
    graphqlRoute({ apollo, contextDeps, limits, answers: caches.graphql, frontDoor, logger, trusted, documents, explorer: config.graphqlIntrospection, webDist, secureCookies: servedOverHttps(config) }),
  );
  await app.register(restApi(services, limits), { prefix: '/api' });

  // The built web app. Hashed files (Vite's /assets, the generated responsive images) are
  // immutable for a year; other files an hour; HTML never cached. Sent precompressed (.br/.gz
  // written at build time) when the client accepts it. Source maps are not public.
  await app.register(async (files) => {
    // Vite's scripts are text/javascript (RFC 9239), as before; @fastify/static's mime table says application/javascript.
    files.addHook('onSend', async (_req, reply, payload) => {
      if (String(reply.getHeader('content-type') ?? '').startsWith('application/javascript')) void reply.header('content-type', 'text/javascript; charset=utf-8');
      return payload;
    });
    await files.register(fastifyStatic, {
    root: webDist,
    index: false,
    preCompressed: true,
    dotfiles: 'ignore',
    allowedPath: (pathName) => !pathName.endsWith('.map'),
    setHeaders: (reply, file) => {
      const rel = path.relative(webDist, file).split(path.sep).join('/');
      void reply.header('Vary', 'Accept-Encoding');
      if (rel.startsWith('assets/') || rel.startsWith('images/r/')) void reply.header('Cache-Control', 'public, max-age=31536000, immutable');
      else if (rel.endsWith('.html')) void reply.header('Cache-Control', 'no-cache');
      else void reply.header('Cache-Control', 'public, max-age=3600');
    },
    });
  });

  // The admin's photographs on disk (no S3_BUCKET): unique names, never changed, so immutable for a year.
  if (services.photoStore instanceof DiskBlobStore) {
    const dir = services.photoStore.dir;
    fs.mkdirSync(dir, { recursive: true });
    await app.register(fastifyStatic, {
      root: dir,
      prefix: `${services.photoStore.publicBase}/`,
      decorateReply: false,
      index: false,
      dotfiles: 'deny',
      allowedPath: (pathName) => !pathName.endsWith('.part'),
      setHeaders: (reply) => void reply.header('Cache-Control', IMMUTABLE_CACHE_CONTROL),
    });
  }

  // Every other path: the web app, server-rendered for the public routes (web/ssr.ts).
  const pages = webPages({
    webDist,
    serverEntry: path.resolve(webDist, '..', 'dist-server', 'entry-server.cjs'),
    schema,
    contextDeps,
    pages: caches.pages,
    logger,
    origin: config.publicOrigin,
  });
  // The explorer's page is the explorer too: a file only where introspection is on (issue 21 finding 12).
  if (!config.graphqlIntrospection) app.get('/graphiql.html', (_req, reply) => notFound(reply));
  // `/` explicitly: the static files' wildcard route would answer it as a directory.
  app.get('/', (req, reply) => pages(req, reply));
  app.setNotFoundHandler(async (req, reply) => {
    const pathname = req.url.split('?')[0];
    if (pathname.startsWith('/api/') || pathname === '/api') return reply.code(404).send({ detail: 'No such API endpoint', code: ErrorCode.NOT_FOUND });
    // Unknown hashed files (a deleted photo's renderings too), source maps and refused paths are a 404, never the web app.
    if ((req.method !== 'GET' && req.method !== 'HEAD') || /^\/(assets|images\/r|photos)\//.test(pathname) || pathname.endsWith('.map')) return notFound(reply);
    return pages(req, reply);
  });
  app.setErrorHandler((err: Error & { statusCode?: number; code?: string }, req, reply) => {
    // @fastify/static refuses non-canonical paths (`..`, `//`, `/./`) with 403: to a client that is just a 404.
    if (err.code === 'FST_STATIC_FORBIDDEN_PATH' || err.statusCode === 403 || err.statusCode === 404) return notFound(reply);
    if (typeof err.statusCode === 'number' && err.statusCode >= 400 && err.statusCode < 500) {
      return reply.code(err.statusCode).type('text/plain; charset=utf-8').send(http.STATUS_CODES[err.statusCode] ?? 'Bad request');
    }
    logger.error({ err, method: req.method, path: req.url.split('?')[0] }, 'unexpected error');
    return reply.code(500).type('text/plain; charset=utf-8').send('Internal server error');
  });

  await app.ready();
  return {
    fastify: app as unknown as FastifyInstance,
    apollo,
    caches,
    documents,
    frontDoor,
    // The server is started here rather than by app.listen(), so that without a host it listens
    // on every interface as Node does (Fastify would pick localhost).
    listen: (port, host) =>
      new Promise((resolve, reject) => {
        app.server.once('error', reject);
        app.server.listen(port, host, () => resolve(app.server));
      }),
    stop: async () => {
      const server = app.server;
      if (server.listening) {
        await new Promise<void>((resolve) => {
          server.close(() => resolve());
          server.closeIdleConnections();
        });
      }
      await app.close();
    },
  };
}

function notFound(reply: FastifyReply) {
  return reply.code(404).type('text/plain; charset=utf-8').send('Not found');
}
