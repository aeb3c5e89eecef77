import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import express, { type Express } from 'express';
import { ApolloServer } from '@apollo/server';
import { ApolloServerPluginLandingPageDisabled } from '@apollo/server/plugin/disabled';
import { expressMiddleware } from '@as-integrations/express5';
import type { Services } from '../composition-root';
import { createContext, type GraphQLContext } from './graphql/context';
import { createSchema } from './graphql/schema';
import { createErrorFormatter, graphqlBodyErrorHandler } from './graphql/errors';
import { graphqlProtection, unavailableStatusPlugin } from './graphql/protection';
import { restApi } from './rest';
import { webPages } from './web/ssr';
import { immutableFiles } from './web/static-assets';
import { requestIdMiddleware } from '../infrastructure/request-context';
import { accessLog, requestTimeout, securityHeaders, staticSecurityHeaders } from './http-hardening';
import { createCatalogFastLane, rethrowFastLaneBodyError } from './catalog-fast-lane';

/** Longest time any API request may take before the caller gets a 503. */
export const REQUEST_TIMEOUT_MS = 10_000;

export interface App {
  express: Express;
  apollo: ApolloServer<GraphQLContext>;
  /** The request listener to serve: the catalog fast lane first, then Express. */
  handler: http.RequestListener;
  /** An HTTP server for `handler`, listening (port 0 picks a free one). */
  listen(port: number, host?: string): Promise<http.Server>;
  stop(): Promise<void>;
}

/**
 * One Express app serving the GraphQL API at /graphql, the REST shims at /api
 * and the built web app (with history fallback) for everything else.
 */
export async function createApp(services: Services): Promise<App> {
  const { config } = services;
  const app = express();
  app.disable('x-powered-by');
  app.set('trust proxy', 'loopback');
  app.use(requestIdMiddleware);
  app.use(accessLog(services.logger));
  app.use(securityHeaders({ hsts: config.hsts }));

  const schema = await createSchema(services);
  const protection = graphqlProtection({ hideSuggestions: config.env === 'production' });
  const apollo = new ApolloServer<GraphQLContext>({
    schema,
    introspection: config.graphqlIntrospection,
    ...protection,
    formatError: createErrorFormatter(services.logger),
    plugins: [ApolloServerPluginLandingPageDisabled(), unavailableStatusPlugin, ...protection.plugins],
  });
  await apollo.start();

  app.use(['/api', '/graphql'], requestTimeout(REQUEST_TIMEOUT_MS));
  app.use('/api', restApi(services));

  const webDist = config.webDist;
  const explorerHtml = path.join(webDist, 'graphiql.html');
  // Browsers asking for /graphql get the self-hosted GraphiQL explorer.
  app.get('/graphql', (req, res, next) => {
    if (req.query.query !== undefined || !req.accepts('html') || req.accepts(['json', 'html']) === 'json') return next();
    if (!config.graphqlIntrospection) return next();
    if (!fs.existsSync(explorerHtml)) {
      res.status(404).type('text').send('GraphQL explorer not built: run `npm run build`.');
      return;
    }
    res.setHeader('Cache-Control', 'no-cache');
    res.sendFile(explorerHtml);
  });
  app.use(
    '/graphql',
    rethrowFastLaneBodyError,
    express.json({ limit: '100kb' }),
    expressMiddleware(apollo, {
      context: ({ req }) => createContext(services, req),
    }),
    graphqlBodyErrorHandler(services.logger),
  );

  // Built web app: hashed assets are immutable and sent precompressed; HTML is never cached.
  app.use('/assets', immutableFiles(path.join(webDist, 'assets')));
  app.use('/images/r', immutableFiles(path.join(webDist, 'images', 'r')));
  const publicFiles = express.static(webDist, { index: false, maxAge: '1h' });
  // web/dist/server holds the server renderer: not a public file.
  app.use((req, res, next) => (req.path.startsWith('/server/') ? next() : publicFiles(req, res, next)));
  // Every other path: the web app, server-rendered for the public routes (web/ssr.ts).
  app.get(/.*/, webPages({ webDist, schema, services }));

  // The hottest catalog reads are answered in front of Express (workshop/catalog-fast-lane.ts);
  // everything else, and anything the fast lane declines, goes to Express.
  const fastLane = createCatalogFastLane({
    services,
    apollo,
    securityHeaders: staticSecurityHeaders({ hsts: config.hsts }),
    timeoutMs: REQUEST_TIMEOUT_MS,
  });
  const handler: http.RequestListener = (req, res) => {
    if (!fastLane(req, res, () => app(req, res))) app(req, res);
  };

  return {
    express: app,
    apollo,
    handler,
    listen: (port, host) =>
      new Promise((resolve, reject) => {
        const server = http.createServer(handler);
        server.once('error', reject);
        server.listen(port, host, () => resolve(server));
      }),
    stop: () => apollo.stop(),
  };
}
