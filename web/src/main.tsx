/**
 * The browser entry: the first-load styles and a few lines that decide when the app starts.
 *
 * A server-rendered page is complete without JavaScript (content, links, images), so the app
 * (React, the router, Apollo Client and the page's module: about 140 KB gzip) is fetched only
 * once the page has loaded. On a phone on a slow network the hero photograph and the page's
 * own bytes get the bandwidth first, and neither the first paint nor the hero waits for the
 * framework.
 * Pages the server does not render (admin, confirmation, payment result) start at once.
 * Why and what it gained: docs/performance.md ("What changed, second round") and decision 040.
 */
import './styles/tokens.css';
import './styles/base.css';
import './styles/components.css';
import './styles/layout.css';
import './styles/pages.css';
import './styles/content.css';
import './styles/community.css';
import { APP_READY_EVENT } from './appReadyEvent';

/** Chunks of the server-rendered page's module (a JSON data block written by the server). */
function pageModules(): string[] {
  try {
    const list: unknown = JSON.parse(document.getElementById('__PAGE_MODULES__')?.textContent ?? '[]');
    return Array.isArray(list) ? list.filter((f): f is string => typeof f === 'string' && f.startsWith('/assets/')) : [];
  } catch {
    return [];
  }
}

function start() {
  // Fetch the page's own chunks alongside the app, rather than after it.
  for (const href of pageModules()) {
    const link = document.createElement('link');
    link.rel = 'modulepreload';
    link.href = href;
    document.head.appendChild(link);
  }
  import('./start').catch((e: unknown) => {
    // The page stays usable as plain HTML (links work); buttons need the app.
    console.warn('The app could not be loaded', e);
  });
}

/** Resolves once the page has loaded and its first frames, the hero photograph included, are on screen. */
function painted(): Promise<void> {
  const loaded = new Promise<void>((resolve) => {
    if (document.readyState === 'complete') resolve();
    else window.addEventListener('load', () => resolve(), { once: true });
  });
  return loaded
    .then(() => Promise.all([...document.querySelectorAll<HTMLImageElement>('img[fetchpriority="high"]')].map((img) => img.decode().catch(() => undefined))))
    .then(
      // The second animation frame begins after the first one has been painted.
      () => new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve()))),
    );
}

/**
 * Until the app has hydrated the page, links work as plain links but buttons have no handlers
 * yet: a click on one (the mouse, or Enter and Space on a focused button) is held, starts the
 * app at once, and is replayed when the app is ready. Nothing the visitor does is lost.
 */
function holdEarlyClicks(startNow: () => void) {
  const held: HTMLElement[] = [];
  const onClick = (e: MouseEvent) => {
    const target = e.target instanceof Element ? e.target.closest<HTMLElement>('button, [role="button"], input[type="submit"], input[type="button"]') : null;
    if (!target || !document.getElementById('root')?.contains(target)) return;
    e.preventDefault();
    e.stopImmediatePropagation();
    held.push(target);
    startNow();
  };
  document.addEventListener('click', onClick, true);
  document.addEventListener(
    APP_READY_EVENT,
    () => {
      document.removeEventListener('click', onClick, true);
      // After the effect that announced readiness, outside React's commit.
      setTimeout(() => {
        for (const el of held.splice(0)) if (el.isConnected) el.click();
      });
    },
    { once: true },
  );
}

const serverRendered = Boolean(document.getElementById('root')?.firstElementChild);
if (!serverRendered || document.visibilityState === 'hidden') {
  start(); // nothing on screen to protect (a tab opened in the background does not paint)
} else {
  let started = false;
  const once = () => {
    if (!started) {
      started = true;
      start();
    }
  };
  holdEarlyClicks(once);
  void painted().then(once);
  // A safety net: the app starts even if frames are never produced (e.g. the tab is hidden meanwhile).
  window.addEventListener('load', () => setTimeout(once, 2000), { once: true });
}
