import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { execute, validate, type DocumentNode, type FormattedExecutionResult, type GraphQLSchema } from 'graphql';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Logger } from '../../infrastructure/logger';
import { clientKey } from '../../infrastructure/rate-limit';
import { createContext, type ContextDeps } from '../graphql/context';
import { CatalogAnswerCache, type CatalogSnapshots } from '../catalog-answer-cache';

/** What web/dist-server/entry-server.cjs exports (web/src/entry-server.tsx). */
interface ServerEntry {
  render(
    url: string,
    options: {
      origin: string;
      execute: (request: { query: DocumentNode; variables: Record<string, unknown>; operationName: string | undefined }) => Promise<FormattedExecutionResult>;
    },
  ): Promise<{ ssr: false } | { ssr: true; status: number; html: string; jsonLd: string[]; state: unknown; modules: string[] }>;
}

interface ManifestChunk {
  file: string;
  imports?: string[];
  /** The stylesheets Vite split out of this chunk (loaded with it in the browser). */
  css?: string[];
}

/** A page ready to send, with its compressed forms made on first need. */
export interface RenderedPage {
  html: string;
  br?: Buffer;
  gz?: Buffer;
}

/** Rendered pages kept per catalog snapshot at most (distinct URLs: query strings, unknown ids). */
const MAX_CACHED_PAGES = 200;

/** The encodings a request accepts (q=0 excluded), from Accept-Encoding. */
export function acceptedEncodings(req: Pick<FastifyRequest, 'headers'>): Set<string> {
  const accepted = new Set<string>();
  for (const part of String(req.headers['accept-encoding'] ?? '').split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    if (name && !(q && Number(q.slice(2)) === 0)) accepted.add(name);
  }
  return accepted;
}

export interface WebPagesOptions {
  /** The browser build (web/dist): index.html, the manifest, the CSS to inline. */
  webDist: string;
  /** The server renderer's bundle, outside the served directory (web/dist-server/entry-server.cjs). */
  serverEntry: string;
  schema: GraphQLSchema;
  contextDeps: ContextDeps;
  /** Where rendered pages are kept (pageCache()): apart from every other cache, so no query traffic evicts them. */
  pages: CatalogAnswerCache<RenderedPage>;
  logger: Logger;
  /**
   * The site's origin for absolute links (og:url, canonical, JSON-LD): PUBLIC_ORIGIN
   * (config.publicOrigin), never the request's Host or X-Forwarded-Proto, which a
   * client chooses.
   */
  origin: string;
}

/** The bounded cache of rendered pages. */
export function pageCache(catalog: CatalogSnapshots): CatalogAnswerCache<RenderedPage> {
  return new CatalogAnswerCache<RenderedPage>(catalog, 'pages', {
    max: MAX_CACHED_PAGES,
    maxBytes: 32 * 1024 * 1024,
    sizeOf: (p) => (p as RenderedPage).html.length * 2,
  });
}

/** Pages differ per request, so they are compressed here, quickly. */
const brotli = (html: string) => zlib.brotliCompressSync(html, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 5 } });

/** Hoisted head elements React puts before the app's markup when rendering a fragment. */
const HOISTED = /^(?:<title>[^<]*<\/title>|<meta [^>]*>|<link [^>]*>)*/;

/** JSON inside a <script> element: `<` escaped so no text can close the element. */
export function scriptJson(value: unknown): string {
  return JSON.stringify(value).replace(/</g, '\\u003c').replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029');
}

/**
 * The web app's HTML for every non-API path (docs/decisions/040-server-rendering.md):
 * public routes are rendered on the server, in this process, with their data
 * fetched in-process from the GraphQL schema (no HTTP hop) and embedded as a JSON
 * data block for the browser's Apollo cache; other routes get the app shell.
 * HTML is never cached. Unknown paths and unknown workshops answer 404.
 */
export function webPages(options: WebPagesOptions): (req: FastifyRequest, reply: FastifyReply) => Promise<FastifyReply> {
  const { webDist, schema, logger, serverEntry } = options;
  const indexHtml = path.join(webDist, 'index.html');
  let loaded: {
    template: string;
    shell: string;
    shellPage?: RenderedPage;
    entry: ServerEntry | null;
    manifest: Record<string, ManifestChunk>;
    /** Chunks the browser fetches with the app itself (web/src/start.tsx and its imports). */
    appFiles: Set<string>;
    /** The text of each page stylesheet inlined so far (a handful of files, read once). */
    styles: Map<string, string | null>;
  } | null = null;
  const validated = new WeakMap<DocumentNode, readonly Error[]>();
  const pages = options.pages;

  function load() {
    if (loaded) return loaded;
    const shell = fs.readFileSync(indexHtml, 'utf8');
    // The route's own <title> and description replace the shell's fallbacks.
    const template = shell
      .replace(/\s*<!--[^>]*Fallbacks[^>]*-->/, '')
      .replace(/\s*<(title|meta) data-fallback[^>]*>(?:[^<]*<\/title>)?/g, '')
      // The first-load styles are inlined: no render-blocking request before the first paint.
      .replace(/<link rel="stylesheet"[^>]*href="\/(assets\/[^"]+\.css)"[^>]*>/g, (link, file: string) => {
        const css = path.join(webDist, file);
        return fs.existsSync(css) ? `<style>${fs.readFileSync(css, 'utf8')}</style>` : link;
      });
    const manifestFile = path.join(webDist, '.vite', 'manifest.json');
    const manifest = fs.existsSync(manifestFile) ? (JSON.parse(fs.readFileSync(manifestFile, 'utf8')) as Record<string, ManifestChunk>) : {};
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const entry = fs.existsSync(serverEntry) ? (require(serverEntry) as ServerEntry) : null;
    if (!entry) logger.warn({ serverEntry }, 'server renderer not built: every page is rendered in the browser');
    loaded = { template, shell, entry, manifest, appFiles: new Set(chunksOf(manifest, 'src/start.tsx').map((c) => c.file)), styles: new Map() };
    return loaded;
  }

  /** The chunks of a route module and everything it imports (the browser fetches them when the app starts). */
  function chunksOf(manifest: Record<string, ManifestChunk>, key: string, seen = new Set<string>()): ManifestChunk[] {
    const chunk = manifest[key];
    if (!chunk || seen.has(key)) return [];
    seen.add(key);
    return [chunk, ...(chunk.imports ?? []).flatMap((k) => chunksOf(manifest, k, seen))];
  }

  /**
   * The page's own styles (e.g. the booking form's, Vite's `css` of its chunks), inlined
   * like the first-load styles: without them the page is painted with the base styles and
   * shifts when its chunk's stylesheet arrives after load (a layout shift Lighthouse counts).
   */
  function pageStyles(page: NonNullable<typeof loaded>, chunks: readonly ManifestChunk[]): string {
    const files = [...new Set(chunks.flatMap((c) => c.css ?? []))].filter((file) => !page.template.includes(`/${file}"`));
    return files
      .map((file) => {
        if (!page.styles.has(file)) {
          const css = path.join(webDist, file);
          page.styles.set(file, fs.existsSync(css) ? fs.readFileSync(css, 'utf8') : null);
        }
        const text = page.styles.get(file);
        return text ? `<style data-page-style="${file}">${text}</style>` : '';
      })
      .join('');
  }

  return async (req, reply) => {
    if (!fs.existsSync(indexHtml)) {
      return reply.code(503).type('text/plain; charset=utf-8').send('Web app not built: run `npm run build`.');
    }
    const page = load();
    void reply.header('Cache-Control', 'no-cache');
    void reply.header('Vary', 'Accept-Encoding');
    const send = (status: number, doc: RenderedPage) => {
      void reply.code(status).type('text/html; charset=utf-8');
      const accepted = acceptedEncodings(req);
      if (doc.html.length < 1024 || !(accepted.has('br') || accepted.has('gzip'))) return reply.send(doc.html);
      const br = accepted.has('br');
      void reply.header('Content-Encoding', br ? 'br' : 'gzip');
      return reply.send(br ? (doc.br ??= brotli(doc.html)) : (doc.gz ??= zlib.gzipSync(doc.html, { level: 6 })));
    };
    const shell = () => send(200, (page.shellPage ??= { html: page.shell }));

    // Server-rendered pages show only catalog data (and the fixed reviews and texts), so a
    // rendered page is kept with the catalog snapshot: any workshop write drops it.
    // Keyed by path alone: every page has the one origin, so no Host header can add or poison an entry.
    const origin = options.origin;
    const cacheKey = req.url;
    const cached = pages.get(cacheKey);
    if (cached) return send(200, cached);
    const generation = pages.generation;
    if (!page.entry) return shell();

    let failed = false;
    const context = await createContext(options.contextDeps, {
      clientKey: clientKey(req),
      authorization: req.headers.authorization,
      // Pages run queries only.
      consume: async () => {
        throw new Error('the server renderer does not write');
      },
    });
    const run = async (request: { query: DocumentNode; variables: Record<string, unknown>; operationName: string | undefined }) => {
      let errors = validated.get(request.query);
      if (!errors) validated.set(request.query, (errors = validate(schema, request.query)));
      const result = errors.length
        ? { errors }
        : await execute({ schema, document: request.query, variableValues: request.variables, operationName: request.operationName, contextValue: context });
      if (result.errors?.length) {
        failed = true;
        logger.warn({ err: result.errors[0], operation: request.operationName }, 'server render: a query failed');
      }
      return JSON.parse(JSON.stringify(result)) as FormattedExecutionResult;
    };

    let rendered;
    try {
      rendered = await page.entry.render(req.url, { origin, execute: run });
    } catch (e) {
      logger.error({ err: e, path: req.url.split('?')[0] }, 'server render failed: sending the app shell');
      return shell();
    }
    // Client-rendered routes, and pages whose data could not be read (the browser retries).
    if (!rendered.ssr || failed) return shell();

    const hoisted = HOISTED.exec(rendered.html)?.[0] ?? '';
    const body = rendered.html.slice(hoisted.length);
    // The page's own chunks are fetched with the app once the page has loaded (web/src/main.tsx),
    // not preloaded from the head: the first paint and the hero image come first. Chunks the
    // entry or the app already bring are left out.
    const chunks = rendered.modules.flatMap((m) => chunksOf(page.manifest, m));
    const modules = [...new Set(chunks.map((c) => c.file))]
      .filter((file) => !page.appFiles.has(file) && !page.template.includes(`/${file}"`))
      .map((file) => `/${file}`);
    const head = [hoisted, pageStyles(page, chunks), ...rendered.jsonLd.map((json) => `<script type="application/ld+json">${json}</script>`)].join('');
    const state =
      `<script type="application/json" id="__APOLLO_STATE__">${scriptJson(rendered.state)}</script>` +
      `<script type="application/json" id="__PAGE_MODULES__">${scriptJson(modules)}</script>` +
      `<script type="application/json" id="__SITE_ORIGIN__">${scriptJson(origin)}</script>`;
    // Replacer functions: the page text may hold `$` sequences that string replacements would expand.
    const html = page.template
      .replace('</head>', () => `${head}</head>`)
      .replace('<!--app-html-->', () => body)
      .replace('</body>', () => `${state}</body>`);
    const doc: RenderedPage = { html };
    if (rendered.status === 200) pages.set(cacheKey, doc, generation);
    return send(rendered.status, doc);
  };
}
