import nodeCrypto from 'node:crypto';
import { createApolloClient } from './client';
import manifest from '../gql/trusted-documents.json';
import { ADMIN_ACTIVITY_QUERY } from '../admin/ActivityTab';
import { BOOKING_ACCOUNT_QUERY } from '../booking/manage.documents';
import { WORKSHOPS_QUERY } from '../workshop/documents';

const trusted = manifest as Record<string, string>;

interface SentBody {
  query?: string;
  operationName?: string;
  extensions?: { persistedQuery?: { version: number; sha256Hash: string } };
}

/** A client whose network answers `answer(body)` and records what it was sent. */
function clientRecording(answer: (body: SentBody) => { status: number; json: unknown }) {
  const sent: SentBody[] = [];
  const fetchMock = jest.fn(async (_url: RequestInfo | URL, init?: RequestInit) => {
    const body = JSON.parse(String(init?.body)) as SentBody;
    sent.push(body);
    const { status, json } = answer(body);
    return new Response(JSON.stringify(json), { status, headers: { 'content-type': 'application/json' } });
  });
  return { client: createApolloClient({ uri: 'http://localhost/graphql', fetch: fetchMock as typeof fetch }), sent };
}

describe('trusted documents (docs/decisions/073)', () => {
  it('sends the hash only, and the hash is in the manifest the server reads, for documents with and without fragments', async () => {
    const { client, sent } = clientRecording(() => ({ status: 200, json: { data: null } }));
    await client.query({ query: WORKSHOPS_QUERY, fetchPolicy: 'network-only' }).catch(() => undefined);
    await client.query({ query: ADMIN_ACTIVITY_QUERY, variables: { limit: 5 }, fetchPolicy: 'network-only' }).catch(() => undefined);
    await client.query({ query: BOOKING_ACCOUNT_QUERY, variables: { bookingId: '1', token: 't' }, fetchPolicy: 'network-only' }).catch(() => undefined);
    expect(sent.map((b) => b.operationName)).toEqual(['Workshops', 'AdminActivity', 'BookingAccount']);
    for (const body of sent) {
      expect(body.query).toBeUndefined();
      expect(trusted[body.extensions!.persistedQuery!.sha256Hash]).toContain(`query ${body.operationName}`);
    }
  });

  it('without Web Crypto (plain http) sends the canonical text, which the server finds in the manifest by its hash', async () => {
    const webCrypto = globalThis.crypto;
    Object.defineProperty(globalThis, 'crypto', { value: {}, configurable: true });
    try {
      const { client, sent } = clientRecording(() => ({ status: 200, json: { data: null } }));
      await client.query({ query: BOOKING_ACCOUNT_QUERY, variables: { bookingId: '1', token: 't' }, fetchPolicy: 'network-only' }).catch(() => undefined);
      expect(sent).toHaveLength(1);
      expect(sent[0].extensions?.persistedQuery).toBeUndefined();
      const hash = nodeCrypto.createHash('sha256').update(sent[0].query!).digest('hex');
      expect(trusted[hash]).toBe(sent[0].query);
    } finally {
      Object.defineProperty(globalThis, 'crypto', { value: webCrypto, configurable: true });
    }
  });

  it('sends the text once more when the server does not know the hash (a dev build ahead of its server)', async () => {
    const { client, sent } = clientRecording((body) =>
      body.query === undefined
        ? { status: 400, json: { errors: [{ message: 'PersistedQueryNotFound', extensions: { code: 'PERSISTED_QUERY_NOT_FOUND' } }] } }
        : { status: 200, json: { data: { workshops: [] } } },
    );
    const result = await client.query({ query: WORKSHOPS_QUERY, fetchPolicy: 'network-only' });
    expect(result.data).toEqual({ workshops: [] });
    expect(sent).toHaveLength(2);
    expect(sent[1].query).toBe(trusted[sent[1].extensions!.persistedQuery!.sha256Hash]);
  });
});
