import { ApolloLink, HttpLink } from '@apollo/client';
import { PersistedQueryLink } from '@apollo/client/link/persisted-queries';
import type { DocumentNode } from 'graphql';
import { canonicalDocument } from './trustedDocument';

/** Hex SHA-256 of a document's text, by the browser's Web Crypto. */
async function sha256(text: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text));
  return Array.from(new Uint8Array(digest), (b) => b.toString(16).padStart(2, '0')).join('');
}

/** Documents in their canonical text, one object per document (the persisted link caches hashes by object). */
const canonical = new WeakMap<DocumentNode, DocumentNode>();
const canonicalLink = new ApolloLink((operation, forward) => {
  let doc = canonical.get(operation.query);
  if (!doc) canonical.set(operation.query, (doc = canonicalDocument(operation.query)));
  operation.query = doc;
  return forward(operation);
});

/**
 * The browser's network link (its own chunk: see lazyHttpLink in client.ts). Documents are
 * sent in their canonical text (the operation, then its fragments by name), as trusted documents: the hash only, which the server finds in the manifest built with
 * the app (docs/decisions/073). A hash the server does not know (a dev build ahead of its
 * server) is sent once more with its text, held to the cost limits like anyone's. Without
 * Web Crypto (a page on plain http other than localhost) the text is sent at once.
 */
export function createHttpLink(options: HttpLink.Options): ApolloLink {
  const http = new HttpLink(options);
  return ApolloLink.from(globalThis.crypto?.subtle ? [canonicalLink, new PersistedQueryLink({ sha256 }), http] : [canonicalLink, http]);
}
