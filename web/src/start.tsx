/** The app in the browser: hydrates a server-rendered page or renders the app shell (loaded by main.tsx). */
import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import type { NormalizedCacheObject } from '@apollo/client';
import { createApolloClient } from './apollo/client';
import { AppProviders } from './AppProviders';
import { AppRoutes, createRoutes, preloadPage } from './routes';
import { OriginContext } from './ssr/ServerRenderContext';

/**
 * Apollo cache state embedded by the server renderer: a JSON data block
 * (`<script type="application/json">`), since the CSP allows no inline script.
 */
function embedded<T>(id: string): T | undefined {
  const el = document.getElementById(id);
  if (!el?.textContent) return undefined;
  try {
    return JSON.parse(el.textContent) as T;
  } catch {
    return undefined;
  }
}

// Every route renders its own <title> and description (ui/PageMeta.tsx): drop
// the static fallbacks of the app shell so the head holds exactly one of each.
document.head.querySelectorAll('[data-fallback]').forEach((el) => el.remove());

const client = createApolloClient({ initialState: embedded<NormalizedCacheObject>('__APOLLO_STATE__') });
// The server renders absolute links (og:url, JSON-LD) on PUBLIC_ORIGIN; hydration must use the same
// origin, or the head would get a second, different tag (the page may be reached by another name).
const siteOrigin = embedded<string>('__SITE_ORIGIN__') ?? null;
const routes = createRoutes();
const container = document.getElementById('root')!;
const app = (
  <StrictMode>
    <OriginContext.Provider value={siteOrigin}>
      <AppProviders client={client}>
        <BrowserRouter>
          <AppRoutes routes={routes} />
        </BrowserRouter>
      </AppProviders>
    </OriginContext.Provider>
  </StrictMode>
);

// Server-rendered HTML is hydrated once the page's module is loaded (so nothing
// suspends and the markup matches); the app shell is rendered from scratch.
if (container.firstElementChild) {
  // Hydrating inside a transition lets React yield to the browser while it hydrates, so
  // the page stays responsive instead of one long task (docs/performance.md).
  void preloadPage(routes, window.location.pathname).then(() => startTransition(() => void hydrateRoot(container, app)));
} else {
  createRoot(container).render(app);
}
