import { startTestServer, type TestServer } from '../test/app';
import { DB_KINDS } from '../test/db';
import { aBookingBody } from '../test/builders';

/**
 * Hardening finding 10: control characters (NUL, ESC, BEL) and the invisible
 * bidirectional overrides (U+202E...) that disguise text were accepted in
 * community names and messages. One rule now covers every free-text field.
 */
const HOSTILE = [
  ['NUL', 'a\u0000b'],
  ['ESC', 'a\u001b[31mred'],
  ['BEL', 'ding\u0007'],
  ['C1 control', 'a\u0085b'],
  ['right-to-left override', 'invoice\u202Egpj.exe'],
  ['bidi isolate', 'a\u2066b\u2069'],
] as const;

describe.each(DB_KINDS)('free-text fields refuse control characters on %s', (kind) => {
  let s: TestServer;
  let client = 0;
  /** A new client address per request, so the write rate limits never interfere. */
  const newClient = () => ({ 'x-forwarded-for': `198.51.100.${++client}` });

  beforeAll(async () => {
    s = await startTestServer(kind);
  });
  afterAll(() => s?.close());

  const postMessage = (body: Record<string, unknown>) =>
    fetch(`${s.url}/api/workshops/zion-canyon-light/messages`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...newClient() },
      body: JSON.stringify({ workshop_id: 'zion-canyon-light', author_name: 'Bo', author_email: 'bo@example.com', message: 'Hello', topic: 'general', ...body }),
    });

  it.each(HOSTILE)('community post over REST: %s in author_name and message is a 422 naming the field, nothing stored', async (_name, text) => {
    for (const field of ['author_name', 'message']) {
      const res = await postMessage({ [field]: text });
      expect(res.status).toBe(422);
      expect(await res.json()).toMatchObject({ code: 'BAD_USER_INPUT', errors: [{ field, message: `${field} must not contain control characters` }] });
    }
    const list = await (await fetch(`${s.url}/api/workshops/zion-canyon-light/messages?topic=all`)).json();
    expect(JSON.stringify(list)).not.toContain(JSON.stringify(text).slice(1, -1));
  });

  it.each(HOSTILE)('community post over GraphQL: %s is refused naming the field', async (_name, text) => {
    const res = await s.gql(
      'mutation ($input: PostMessageInput!) { postMessage(input: $input) { message { id } } }',
      { input: { workshopId: 'zion-canyon-light', authorName: text, authorEmail: 'bo@example.com', message: text } },
      newClient(),
    );
    expect(res.errors?.[0].extensions).toMatchObject({
      code: 'BAD_USER_INPUT',
      fields: expect.arrayContaining([
        { field: 'authorName', message: 'authorName must not contain control characters' },
        { field: 'message', message: 'message must not contain control characters' },
      ]),
    });
  });

  it('a booking refuses a right-to-left override in the name (REST)', async () => {
    const res = await fetch(`${s.url}/api/bookings`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...newClient() },
      body: JSON.stringify(aBookingBody({ customer_name: 'Ana \u202ELopez' })),
    });
    expect(res.status).toBe(422);
    expect(await res.json()).toMatchObject({ errors: [{ field: 'customer_name', message: 'customer_name must not contain control characters' }] });
  });

  it('ordinary text with tabs, newlines, accents and emoji still goes through', async () => {
    const res = await postMessage({ author_name: 'Zoë Ångström', message: 'Line one\n\tLine two — café ☕️ 📷' });
    expect(res.status).toBe(201);
  });
});
