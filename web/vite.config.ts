import path from 'node:path';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { parse } from 'graphql';
import type { Plugin } from 'vite';

/** Libraries every page needs (graphql is left out: the explorer page needs much more of it). */
const FRAMEWORK = /node_modules[\\/](react|react-dom|scheduler|react-router|react-router-dom|@apollo[\\/]client|rxjs|optimism|@wry[\\/][^\\/]+|tslib)[\\/]/;
/** App modules shared by the first load and the pages (frame, UI kit, data layer, policy numbers). */
const FIRST_LOAD = /(web[\\/]src[\\/](ui|ssr|apollo|layout|home)[\\/])|(api[\\/]src[\\/]shared[\\/])|(web[\\/]src[\\/](routes|AppProviders)\.tsx)|(web[\\/]src[\\/]workshop[\\/](WorkshopCard|SpotsBadge|documents))|(web[\\/]src[\\/]content[\\/](TestimonialCard|reviews|policyText))/;

/**
 * Parses every gql`...` document of the app at build time into its AST, so the
 * browser bundle carries no GraphQL parser (about 7 KB gzip; docs/performance.md).
 * Interpolated fragments (`${FRAGMENT}`) are merged at run time by precompiledGql.
 * Tests (Jest) and codegen read the sources as written.
 */
function precompiledGql(): Plugin {
  const helper = path.resolve(__dirname, 'src/apollo/precompiledGql.ts');
  return {
    name: 'precompiled-gql',
    enforce: 'pre',
    apply: 'build',
    transform(code, id) {
      if (!/\/web\/src\/.*\.tsx?$/.test(id) || id === helper || !code.includes("gql`")) return null;
      let found = false;
      const out = code.replace(/\bgql`([^`]*)`/g, (_m, body: string) => {
        found = true;
        const parts = body.split(/\$\{\s*([A-Za-z_$][\w$]*)\s*\}/);
        const text = parts.filter((_, i) => i % 2 === 0).join('');
        const fragments = parts.filter((_, i) => i % 2 === 1);
        return `__precompiledGql(${JSON.stringify(parse(text, { noLocation: true }))}, [${fragments.join(', ')}])`;
      });
      return found ? { code: `import { precompiledGql as __precompiledGql } from ${JSON.stringify(helper)};\n${out}`, map: null } : null;
    },
  };
}

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [precompiledGql(), react()],
  server: {
    port: 5173,
    proxy: {
      '/graphql': 'http://localhost:3000',
      '/api': 'http://localhost:3000',
    },
  },
  // The server renderer (`vite build --ssr src/entry-server.tsx`): one self-contained CommonJS
  // file the api requires in-process, production React inside (docs/decisions/040).
  ...(isSsrBuild
    ? {
        define: { 'process.env.NODE_ENV': JSON.stringify('production') },
        ssr: { noExternal: true, target: 'node' as const },
        build: {
          // Outside web/dist: the served directory holds public files only (docs/security.md).
          outDir: 'dist-server',
          emptyOutDir: true,
          sourcemap: 'hidden',
          copyPublicDir: false,
          target: 'node20',
          rollupOptions: { output: { format: 'cjs' as const, entryFileNames: 'entry-server.cjs' } },
        },
      }
    : {
        build: {
          outDir: 'dist',
          // Maps for debugging, without the sourceMappingURL comment: they are never served (a 404 the
          // browser's devtools would fetch in vain, issue 21 finding 12). The renderer's likewise.
          sourcemap: 'hidden',
          // The server renderer reads it to modulepreload the chunks of the page it renders.
          manifest: true,
          rollupOptions: {
            input: {
              main: path.resolve(__dirname, 'index.html'),
              graphiql: path.resolve(__dirname, 'graphiql.html'),
            },
            // The first load of a page is two files (framework + app) rather than a dozen small
            // shared chunks: fewer round trips over HTTP/1.1 and better compression.
            output: {
              codeSplitting: {
                groups: [
                  // What the entry needs before the app starts (main.tsx): kept out of the app chunk,
                  // which would otherwise capture it as a dependency of its own dynamic imports.
                  { name: 'boot', test: /vite\/(preload-helper|modulepreload-polyfill)|src[\\/]appReadyEvent\.ts$/, priority: 10 },
                  { name: 'framework', test: (id: string) => FRAMEWORK.test(id) && !id.includes('/link/http/') },
                  { name: 'app', test: (id: string) => FIRST_LOAD.test(id) && !id.endsWith('httpLink.ts') },
                ],
              },
            },
          },
        },
      }),
}));
