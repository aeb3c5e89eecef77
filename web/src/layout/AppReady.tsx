import { useEffect } from 'react';
import { APP_READY_EVENT } from '../appReadyEvent';

/**
 * Marks the document once the page's content is live (`html[data-ready]`; e2e tests wait for
 * it) and says so with APP_READY_EVENT. It sits after the page inside the layout's Suspense
 * boundary, so its effect runs only once the page itself (not just the frame around it) has
 * been hydrated.
 */
export function AppReady() {
  useEffect(() => {
    if (document.documentElement.dataset.ready !== undefined) return;
    document.documentElement.dataset.ready = '';
    document.dispatchEvent(new Event(APP_READY_EVENT));
  }, []);
  return null;
}
