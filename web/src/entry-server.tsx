import type { DocumentNode, FormattedExecutionResult } from 'graphql';
import { ApolloLink, type NormalizedCacheObject } from '@apollo/client';
import { prerenderStatic } from '@apollo/client/react/ssr';
import { renderToString } from 'react-dom/server';
import { StaticRouter } from 'react-router-dom';
import { Observable } from 'rxjs';
import { createApolloClient } from './apollo/client';
import { AppProviders } from './AppProviders';
import { AppRoutes, createRoutes, matchPage, preloadPage } from './routes';
import { OriginContext, ServerRenderContext, type ServerRenderState } from './ssr/ServerRenderContext';

/**
 * The server renderer (built by `vite build --ssr` into web/dist-server/ and
 * called by the api in the same process, api/src/web/ssr.ts).
 */

/** Runs one GraphQL operation in-process against the api's schema (no HTTP hop). */
export type ExecuteOperation = (request: {
  query: DocumentNode;
  variables: Record<string, unknown>;
  operationName: string | undefined;
}) => Promise<FormattedExecutionResult>;

export interface RenderOptions {
  /** The site's public origin, PUBLIC_ORIGIN (absolute URLs of Open Graph tags and JSON-LD); never taken from the request. */
  origin: string;
  execute: ExecuteOperation;
}

export type RenderResult =
  /** A client-rendered route (admin, confirmation, payment result): serve the app shell. */
  | { ssr: false }
  | {
      ssr: true;
      status: number;
      /** The app's markup, hoisted <title> and <meta> elements first (React 19). */
      html: string;
      /** Serialised JSON-LD blocks for <head>. */
      jsonLd: string[];
      /** Apollo cache state for the browser to hydrate from. */
      state: NormalizedCacheObject;
      /** Route modules rendered (keys of Vite's build manifest): the browser fetches their chunks as the app starts. */
      modules: string[];
    };

/** Terminating link that executes operations in-process. */
function inProcessLink(execute: ExecuteOperation): ApolloLink {
  return new ApolloLink(
    (operation) =>
      new Observable((observer) => {
        execute({ query: operation.query, variables: operation.variables, operationName: operation.operationName }).then(
          (result) => {
            observer.next(result as ApolloLink.Result);
            observer.complete();
          },
          (error: unknown) => observer.error(error),
        );
      }),
  );
}

/** Clears what the previous render pass collected (prerenderStatic renders until the data is complete). */
function ResetEachPass({ state }: { state: ServerRenderState }) {
  state.status = 200;
  state.jsonLd = [];
  return null;
}

export async function render(url: string, options: RenderOptions): Promise<RenderResult> {
  const routes = createRoutes();
  const { pathname } = new URL(url, 'http://localhost');
  if (!matchPage(routes, pathname)?.ssr) return { ssr: false };
  const page = await preloadPage(routes, pathname);

  const client = createApolloClient({ ssrMode: true, link: inProcessLink(options.execute) });
  const state: ServerRenderState = { status: 200, jsonLd: [] };
  const tree = (
    <ServerRenderContext.Provider value={state}>
      <OriginContext.Provider value={options.origin}>
        <AppProviders client={client}>
          <StaticRouter location={url}>
            <ResetEachPass state={state} />
            <AppRoutes routes={routes} />
          </StaticRouter>
        </AppProviders>
      </OriginContext.Provider>
    </ServerRenderContext.Provider>
  );
  const { result } = await prerenderStatic({ tree, renderFunction: renderToString, maxRerenders: 5 });
  return { ssr: true, status: state.status, html: result, jsonLd: state.jsonLd, state: client.extract() as NormalizedCacheObject, modules: page ? [page.module] : [] };
}
