import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildSchema, parse, validate } from 'graphql';
import { startTestServer, type TestServer } from '../../test/app';
import { GRAPHQL_LIMITS } from './protection';
import { sha256Hex, trustedDocumentsOf } from './trusted-documents';

const ALL_FIELDS =
  'id name description location state dates startDate endDate timeZone durationDays price priceCents capacity availableSpots spotsClaimed difficultyLevel workshopType imageUrl highlights itinerary privateRoomSupplement';
/** Far above the cost limit (the security test's costly query), and trusted here. */
const COSTLY = `query Costly { ${Array.from({ length: GRAPHQL_LIMITS.maxAliases - 1 }, (_, i) => `a${i}: workshops { ${ALL_FIELDS} }`).join(' ')} }`;
const COSTLY_HASH = sha256Hex(COSTLY);

/** A built app whose manifest trusts COSTLY (web/dist beside web/dist-server). */
function builtApp(): string {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'web-trusted-'));
  fs.mkdirSync(path.join(root, 'dist'));
  fs.mkdirSync(path.join(root, 'dist-server'));
  fs.writeFileSync(path.join(root, 'dist-server', 'trusted-documents.json'), JSON.stringify({ [COSTLY_HASH]: COSTLY }));
  return path.join(root, 'dist');
}

const persisted = (sha256Hash: string) => ({ persistedQuery: { version: 1, sha256Hash } });

describe('trusted documents (docs/decisions/073)', () => {
  let s: TestServer;
  const post = (body: unknown) => fetch(`${s.url}/graphql`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });

  beforeAll(async () => {
    const webDist = builtApp();
    s = await startTestServer('sqlite', {}, (c) => {
      c.webDist = webDist;
    });
  });
  afterAll(() => s?.close());

  it('runs a trusted document above the cost limit, asked for by hash or sent as its exact text', async () => {
    const byHash = await post({ operationName: 'Costly', variables: {}, extensions: persisted(COSTLY_HASH) });
    expect(byHash.status).toBe(200);
    const body = await byHash.json();
    expect(body.errors).toBeUndefined();
    expect(Array.isArray(body.data.a0)).toBe(true);

    const byText = await post({ query: COSTLY });
    expect(byText.status).toBe(200);
    expect((await byText.json()).errors).toBeUndefined();

    const byGet = await fetch(`${s.url}/graphql?${new URLSearchParams({ operationName: 'Costly', extensions: JSON.stringify(persisted(COSTLY_HASH)) })}`, {
      headers: { accept: 'application/json', 'apollo-require-preflight': 'true' },
    });
    expect(byGet.status).toBe(200);
    expect((await byGet.json()).errors).toBeUndefined();
  });

  it('holds the same document with one character changed to the cost limit', async () => {
    const changed = COSTLY.replace('a0:', 'b0:');
    const res = await post({ query: changed });
    expect(res.status).toBe(400);
    expect((await res.json()).errors[0].message).toMatch(/cost limit of 300/i);
    // Sent with its own hash, as the client does after PersistedQueryNotFound: still held to it.
    const withHash = await post({ query: changed, extensions: persisted(sha256Hex(changed)) });
    expect(withHash.status).toBe(400);
    expect((await withHash.json()).errors[0].message).toMatch(/cost limit of 300/i);
  });

  it('answers an unknown hash with PersistedQueryNotFound (400), and a hash that is not the text\'s with a 400', async () => {
    const unknown = await post({ extensions: persisted(sha256Hex(`${COSTLY} `)) });
    expect(unknown.status).toBe(400);
    expect(await unknown.json()).toEqual({ errors: [{ message: 'PersistedQueryNotFound', extensions: { code: 'PERSISTED_QUERY_NOT_FOUND' } }] });

    const mismatch = await post({ query: '{ workshops { id } }', extensions: persisted(COSTLY_HASH) });
    expect(mismatch.status).toBe(400);
    expect((await mismatch.json()).errors[0].message).toBe('provided sha does not match query');

    const badVersion = await post({ extensions: { persistedQuery: { version: 2, sha256Hash: COSTLY_HASH } } });
    expect(badVersion.status).toBe(400);
    expect((await badVersion.json()).errors[0].message).toMatch(/version/);
  });

  it('registers nothing: a text sent with its hash is not found by that hash afterwards', async () => {
    const text = '{ workshops { id name } }';
    expect((await post({ query: text, extensions: persisted(sha256Hex(text)) })).status).toBe(200);
    const again = await post({ extensions: persisted(sha256Hex(text)) });
    expect(again.status).toBe(400);
    expect((await again.json()).errors[0].extensions.code).toBe('PERSISTED_QUERY_NOT_FOUND');
  });
});

describe("the web app's manifest (web/src/gql/trusted-documents.json)", () => {
  const manifest = JSON.parse(fs.readFileSync(path.resolve(__dirname, '../../../../web/src/gql/trusted-documents.json'), 'utf8')) as Record<string, string>;

  it('keys every text by its sha256, and every text is valid against the schema', () => {
    const texts = trustedDocumentsOf(manifest);
    expect(texts.size).toBeGreaterThan(20);
    const schema = buildSchema(fs.readFileSync(path.resolve(__dirname, '../../../../schema/schema.graphql'), 'utf8'));
    for (const text of texts.values()) expect(validate(schema, parse(text)).map((e) => e.message)).toEqual([]);
  });

  it('refuses a manifest whose key is not its text\'s hash', () => {
    expect(() => trustedDocumentsOf({ [COSTLY_HASH]: `${COSTLY} ` })).toThrow(/not the sha256/);
  });
});
