/** The app in the browser: hydrates a server-rendered page or renders the app shell (loaded by main.tsx). */
import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import type { NormalizedCacheObject } from '@apollo/client';
import { createApolloClient } from './apollo/client';
import { AppProviders } from './AppProviders';
import { AppRoutes, createRoutes, preloadPage } from './routes';

/**
 * Apollo cache state embedded by the server renderer: a JSON data block
 * (`<script type="application/json">`), since the CSP allows no inline script.
 */
function embeddedState(): NormalizedCacheObject | undefined {
  const el = document.getElementById('__APOLLO_STATE__');
  if (!el?.textContent) return undefined;
  try {
    return JSON.parse(el.textContent) as NormalizedCacheObject;
  } catch {
    return undefined;
  }
}

// Every route renders its own <title> and description (ui/PageMeta.tsx): drop
// the static fallbacks of the app shell so the head holds exactly one of each.
document.head.querySelectorAll('[data-fallback]').forEach((el) => el.remove());

const client = createApolloClient({ initialState: embeddedState() });
const routes = createRoutes();
const container = document.getElementById('root')!;
const app = (
  <StrictMode>
    <AppProviders client={client}>
      <BrowserRouter>
        <AppRoutes routes={routes} />
      </BrowserRouter>
    </AppProviders>
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
