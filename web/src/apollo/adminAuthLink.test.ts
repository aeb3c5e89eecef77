import { gql } from '@apollo/client';
import { createApolloClient } from './client';
import { storeAdminCredential, clearAdminCredential } from '../admin/credential';

const QUERY = gql`
  query AuthLinkProbe {
    workshops {
      id
    }
  }
`;

function clientRecordingHeaders() {
  const seen: Array<string | null> = [];
  const fetchMock = jest.fn(async (_url: RequestInfo | URL, init?: RequestInit) => {
    seen.push(new Headers(init?.headers).get('authorization'));
    return new Response(JSON.stringify({ data: { workshops: [] } }), { headers: { 'content-type': 'application/json' } });
  });
  return { client: createApolloClient({ uri: 'http://localhost/graphql', fetch: fetchMock as typeof fetch }), seen };
}

describe('adminAuthLink', () => {
  afterEach(() => clearAdminCredential());

  it('adds the stored Basic credential to admin operations only', async () => {
    storeAdminCredential('correct-horse-battery');
    const { client, seen } = clientRecordingHeaders();
    await client.query({ query: QUERY, context: { admin: true }, fetchPolicy: 'network-only' });
    await client.query({ query: QUERY, fetchPolicy: 'network-only' });
    expect(seen).toEqual([`Basic ${btoa('admin:correct-horse-battery')}`, null]);
  });

  it('sends no header when nothing is stored', async () => {
    const { client, seen } = clientRecordingHeaders();
    await client.query({ query: QUERY, context: { admin: true }, fetchPolicy: 'network-only' });
    expect(seen).toEqual([null]);
  });
});
