/**
 * Event dispatched on `document` once the app has rendered or hydrated the page (layout/AppReady.tsx);
 * main.tsx then replays clicks it held. A module of its own: the entry must not import React.
 */
export const APP_READY_EVENT = 'app:ready';
