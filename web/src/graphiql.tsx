import { createRoot } from 'react-dom/client';
import { GraphiQL } from 'graphiql';
import { createGraphiQLFetcher } from '@graphiql/toolkit';
import 'graphiql/style.css';

/** Self-hosted GraphQL explorer served at GET /graphql (works offline, no CDN). */
const fetcher = createGraphiQLFetcher({ url: '/graphql' });

const defaultQuery = `# The workshop catalog. Try adding fields: Ctrl+Space completes.
query Workshops {
  workshops {
    id
    name
    dates
    price
    availableSpots
  }
}
`;

createRoot(document.getElementById('graphiql')!).render(<GraphiQL fetcher={fetcher} defaultQuery={defaultQuery} />);
