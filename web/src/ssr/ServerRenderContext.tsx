import { createContext, useContext } from 'react';

/**
 * What a server render learns besides the HTML: the HTTP status and the
 * structured data for <head>. Provided by entry-server.tsx only; in the browser
 * there is none and the hooks below do nothing.
 */
export interface ServerRenderState {
  status: number;
  /** Serialised JSON-LD blocks, in render order. */
  jsonLd: string[];
}

export const ServerRenderContext = createContext<ServerRenderState | null>(null);

/**
 * The origin of the site (og:url, JSON-LD): PUBLIC_ORIGIN on the server (never the request's Host);
 * in the browser the same value, embedded by the server (`__SITE_ORIGIN__`), or window.location's on
 * client-rendered pages.
 */
export const OriginContext = createContext<string | null>(null);

export function useOrigin(): string {
  const origin = useContext(OriginContext);
  return origin ?? (typeof window === 'undefined' ? '' : window.location.origin);
}

/** Absolute address on the site's origin (Open Graph and JSON-LD want absolute URLs). */
export function absoluteUrl(origin: string, pathOrUrl: string): string {
  if (/^https?:\/\//.test(pathOrUrl) || !origin) return pathOrUrl;
  return new URL(pathOrUrl, origin).href;
}

/** Sets the HTTP status of a server render (e.g. 404 for an unknown workshop). */
export function useHttpStatus(status: number): void {
  const server = useContext(ServerRenderContext);
  if (server) server.status = status;
}
