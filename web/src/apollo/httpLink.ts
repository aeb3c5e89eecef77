import { HttpLink } from '@apollo/client';

/** The browser's network link (its own chunk: see lazyHttpLink in client.ts). */
export function createHttpLink(options: HttpLink.Options): HttpLink {
  return new HttpLink(options);
}
