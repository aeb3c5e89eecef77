import { startTestServer, type TestServer } from '../test/app';
import { DB_KINDS } from '../test/db';
import { aBookingBody, aBookingInput } from '../test/builders';

/**
 * Hardening finding 10: control characters (NUL, ESC, BEL) and the invisible
 * bidirectional overrides (U+202E...) that disguise text were accepted in
 * community names and messages. One rule now covers every free-text field.
 * Issue 21 finding 11: zero-width and other format characters and lone UTF-16
 * surrogates went through too; a lone surrogate in an e-mail field made the
 * e-mail check throw (finding 7: a hang, then a 503).
 */
const HOSTILE = [
  ['NUL', 'a\u0000b'],
  ['ESC', 'a\u001b[31mred'],
  ['BEL', 'ding\u0007'],
  ['C1 control', 'a\u0085b'],
  ['right-to-left override', 'invoice\u202Egpj.exe'],
  ['bidi isolate', 'a\u2066b\u2069'],
  ['zero-width space', 'Ad\u200Bmin'],
  ['zero-width joiner between Latin letters', 'Ad\u200Dmin'],
  ['left-to-right mark', 'a\u200Eb'],
  ['word joiner', 'a\u2060b'],
  ['invisible times', 'a\u2062b'],
  ['byte order mark', '\uFEFFAna'],
  ['soft hyphen', 'Ad\u00ADmin'],
  ['lone high surrogate', 'a\uD800b'],
  ['lone low surrogate', 'a\uDC00b'],
  ['high surrogate at the end', 'Ana\uD83D'],
] as const;

/** Text with joiners that legitimate writing needs: emoji sequences, a subdivision flag, Persian and Hindi. */
const LEGITIMATE = [
  ['emoji ZWJ sequences', 'Team 👩‍💻 ❤️‍🔥 👨🏽‍🦱 🏳️‍🌈'],
  ['subdivision flag', 'From 🏴\u{E0067}\u{E0062}\u{E0073}\u{E0063}\u{E0074}\u{E007F}'],
  ['Persian with ZWNJ', 'می\u200Cخواهم'],
  ['Devanagari with ZWJ', 'क्\u200Dष'],
] as const;

const MESSAGE = (field: string) => `${field} must not contain control or invisible characters`;

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
      expect(await res.json()).toMatchObject({ code: 'BAD_USER_INPUT', errors: [{ field, message: MESSAGE(field) }] });
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
        { field: 'authorName', message: MESSAGE('authorName') },
        { field: 'message', message: MESSAGE('message') },
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
    expect(await res.json()).toMatchObject({ errors: [{ field: 'customer_name', message: MESSAGE('customer_name') }] });
  });

  it('ordinary text with tabs, newlines, accents and emoji still goes through', async () => {
    const res = await postMessage({ author_name: 'Zoë Ångström', message: 'Line one\n\tLine two — café ☕️ 📷' });
    expect(res.status).toBe(201);
  });

  it.each(LEGITIMATE)('%s go through in a name and a message', async (_name, text) => {
    const res = await postMessage({ author_name: text, message: `Hello ${text}` });
    expect(res.status).toBe(201);
  });

  const EMAIL_HOSTILE = HOSTILE.map(([name, text]) => [name, `ana${text}@example.com`] as const);

  it.each(EMAIL_HOSTILE)('%s in every e-mail field over REST is a 422 naming the field, nothing stored', async (_name, email) => {
    const before = await s.services.db.manager.query('SELECT COUNT(*) AS n FROM bookings');
    for (const field of ['customer_email', 'emergency_contact_email']) {
      const res = await fetch(`${s.url}/api/bookings`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...newClient() },
        body: JSON.stringify(aBookingBody({ [field]: email })),
      });
      expect(res.status).toBe(422);
      expect(await res.json()).toMatchObject({ code: 'BAD_USER_INPUT', errors: [{ field, message: MESSAGE(field) }] });
    }
    const post = await postMessage({ author_email: email });
    expect(post.status).toBe(422);
    expect(await post.json()).toMatchObject({ errors: [{ field: 'author_email', message: MESSAGE('author_email') }] });
    const wait = await fetch(`${s.url}/api/workshops/zion-canyon-light/waitlist`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...newClient() },
      body: JSON.stringify({ name: 'Ana', email, spots: 1 }),
    });
    expect(wait.status).toBe(422);
    expect(await wait.json()).toMatchObject({ errors: [{ field: 'email', message: MESSAGE('email') }] });
    expect(await s.services.db.manager.query('SELECT COUNT(*) AS n FROM bookings')).toEqual(before);
  });

  it.each(EMAIL_HOSTILE)('%s in e-mail fields over GraphQL is BAD_USER_INPUT naming the field, never an internal error', async (_name, email) => {
    const booking = await s.gql(
      'mutation ($input: BookingInput!) { createBooking(input: $input) { booking { id } } }',
      { input: { ...aBookingInput(), customerEmail: email, emergencyContactEmail: email } },
      newClient(),
    );
    expect(booking.errors?.[0].extensions).toMatchObject({
      code: 'BAD_USER_INPUT',
      fields: [
        { field: 'customerEmail', message: MESSAGE('customerEmail') },
        { field: 'emergencyContactEmail', message: MESSAGE('emergencyContactEmail') },
      ],
    });
    const wait = await s.gql(
      'mutation ($input: JoinWaitlistInput!) { joinWaitlist(input: $input) { entry { id } } }',
      { input: { workshopId: 'zion-canyon-light', name: 'Ana', email, spots: 1 } },
      newClient(),
    );
    expect(wait.errors?.[0].extensions).toMatchObject({ code: 'BAD_USER_INPUT', fields: [{ field: 'email', message: MESSAGE('email') }] });
  });

  it.each(HOSTILE)('%s in the waiting list name and a booking name (REST) is a 422 naming the field', async (_name, text) => {
    const wait = await fetch(`${s.url}/api/workshops/zion-canyon-light/waitlist`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...newClient() },
      body: JSON.stringify({ name: text, email: 'ana@example.com', spots: 1 }),
    });
    expect(wait.status).toBe(422);
    expect(await wait.json()).toMatchObject({ errors: [{ field: 'name', message: MESSAGE('name') }] });
    const booking = await fetch(`${s.url}/api/bookings`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...newClient() },
      body: JSON.stringify(aBookingBody({ customer_name: text, trip_goals: text })),
    });
    expect(booking.status).toBe(422);
    expect((await booking.json()).errors).toEqual([
      { field: 'customer_name', message: MESSAGE('customer_name') },
      { field: 'trip_goals', message: MESSAGE('trip_goals') },
    ]);
  });
});
