import type { ReactNode } from 'react';
import type { ApolloClient } from '@apollo/client';
import { ApolloProvider } from '@apollo/client/react';

// The first-load styles are imported by the browser entry (main.tsx), so they stay with the
// entry (and are inlined into server-rendered pages); booking and admin styles load with their pages.

/** Everything around the router: the Apollo client. */
export function AppProviders({ client, children }: { client: ApolloClient; children: ReactNode }) {
  return <ApolloProvider client={client}>{children}</ApolloProvider>;
}
