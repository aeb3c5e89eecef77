import crypto from 'node:crypto';
import { MESSAGE_POST_RATE_LIMIT } from './community.types';
import { MailOutbox } from '../mail/mail-outbox.entity';
import { CommunityMailKind as MailKind } from './community.mails';
import { BookingStatus } from '../booking/booking.types';
import { insertBooking } from '../test/rows';
import { seasonClock, startTestServer, type TestServer } from '../test/app';
import { DB_KINDS } from '../test/db';
import { CommunityMessage } from './community-message.entity';

const MESSAGE_KEYS = ['author_name', 'created_at', 'id', 'message', 'topic', 'workshop_id'];

/**
 * The api trusts X-Forwarded-For from loopback (a local reverse proxy), so each
 * test posts as its own client and rate limits never leak between tests.
 */
let clientSeq = 0;
const newClient = () => ({ 'x-forwarded-for': `198.51.100.7, 203.0.113.${++clientSeq}` });

describe.each(DB_KINDS)('community APIs on %s', (kind) => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startTestServer(kind);
  });
  afterAll(() => s?.close());

  const postRest = (workshopId: string, body: unknown, headers: Record<string, string> = newClient()) =>
    fetch(`${s.url}/api/workshops/${workshopId}/messages`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body: typeof body === 'string' ? body : JSON.stringify(body),
    });
  const validBody = (workshopId: string, overrides: Record<string, unknown> = {}) => ({
    workshop_id: workshopId,
    author_name: 'Maria Garcia',
    author_email: 'maria.secret@example.com',
    message: 'Anyone driving up from Denver?',
    topic: 'ride_sharing',
    ...overrides,
  });

  async function insertMessages(workshopId: string, count: number, topic = 'general') {
    // In the past, so that anything posted during the test is newer.
    const start = Date.parse('2025-02-01T00:00:00.000Z');
    await s.services.db.manager.insert(
      CommunityMessage,
      Array.from({ length: count }, (_, i) => ({
        id: crypto.randomUUID(),
        workshopId,
        authorName: `Author ${i}`,
        authorEmail: `hidden${i}@example.com`,
        message: `Message ${i}`,
        topic: topic as CommunityMessage['topic'],
        createdAt: new Date(start + i * 1000),
      })),
    );
  }

  describe('REST', () => {
    it('POST /api/workshops/{id}/messages answers 201 with the message, never the email', async () => {
      const text = '<img src=x onerror=alert(1)> & "quoted"\nline two';
      const res = await postRest('zion-canyon-light', validBody('zion-canyon-light', { message: text }));
      expect(res.status).toBe(201);
      const raw = await res.text();
      expect(raw).not.toContain('maria.secret');
      const body = JSON.parse(raw) as Record<string, unknown>;
      expect(Object.keys(body).sort()).toEqual(MESSAGE_KEYS);
      expect(body).toMatchObject({ workshop_id: 'zion-canyon-light', author_name: 'Maria Garcia', message: text, topic: 'ride_sharing' });
      expect(body.created_at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);

      const list = await fetch(`${s.url}/api/workshops/zion-canyon-light/messages`);
      expect(list.status).toBe(200);
      const listRaw = await list.text();
      expect(listRaw).not.toContain('maria.secret');
      expect(JSON.parse(listRaw)).toEqual([body]);
    });

    it('accepts a body without workshop_id (the path names it) and defaults the topic to general', async () => {
      const { workshop_id: _drop, topic: _t, ...rest } = validBody('grand-teton-autumn');
      const res = await postRest('grand-teton-autumn', rest);
      expect(res.status).toBe(201);
      expect(await res.json()).toMatchObject({ workshop_id: 'grand-teton-autumn', topic: 'general' });
    });

    it('GET /api/workshops/{id}/messages lists the first page as a plain array, newest first, filtered by topic', async () => {
      const workshop = 'great-plains-supercells';
      await insertMessages(workshop, 22, 'equipment');
      await insertMessages(workshop, 3, 'questions');
      const all = (await (await fetch(`${s.url}/api/workshops/${workshop}/messages?topic=all`)).json()) as Array<Record<string, unknown>>;
      expect(all).toHaveLength(20);
      const times = all.map((m) => String(m.created_at));
      expect([...times].sort().reverse()).toEqual(times);
      for (const m of all) expect(Object.keys(m).sort()).toEqual(MESSAGE_KEYS);

      const questions = (await (await fetch(`${s.url}/api/workshops/${workshop}/messages?topic=questions`)).json()) as Array<Record<string, unknown>>;
      expect(questions.map((m) => m.message)).toEqual(['Message 2', 'Message 1', 'Message 0']);
      expect(questions.every((m) => m.topic === 'questions')).toBe(true);
      const none = await (await fetch(`${s.url}/api/workshops/${workshop}/messages?topic=ride_sharing`)).json();
      expect(none).toEqual([]);
    });

    it('refuses an unknown topic with 422 and an unknown workshop with 404', async () => {
      for (const query of ['topic=gear', 'topic=', 'topic=general&topic=equipment']) {
        const res = await fetch(`${s.url}/api/workshops/zion-canyon-light/messages?${query}`);
        expect(res.status).toBe(422);
        expect(await res.json()).toMatchObject({ code: 'BAD_USER_INPUT', errors: [{ field: 'topic' }] });
      }
      for (const path of ['no-such-workshop/messages', 'no-such-workshop/participants']) {
        const res = await fetch(`${s.url}/api/workshops/${path}`);
        expect(res.status).toBe(404);
        expect(await res.json()).toMatchObject({ detail: 'Workshop not found', code: 'NOT_FOUND' });
      }
      const post = await postRest('no-such-workshop', validBody('no-such-workshop'));
      expect(post.status).toBe(404);
    });

    it('validates a post and names the fields in snake_case', async () => {
      const res = await postRest('zion-canyon-light', { workshop_id: 'zion-canyon-light', author_email: 'nope', topic: 'gear', message: 'x'.repeat(2001) });
      expect(res.status).toBe(422);
      const body = (await res.json()) as { code: string; detail: string; errors: Array<{ field: string; message: string }> };
      expect(body.code).toBe('BAD_USER_INPUT');
      expect(body.errors).toEqual(
        expect.arrayContaining([
          { field: 'author_name', message: 'author_name is required' },
          { field: 'author_email', message: 'author_email must be a valid email address' },
          { field: 'message', message: 'message must be at most 2000 characters' },
          { field: 'topic', message: 'topic must be one of general, ride_sharing, equipment, questions' },
        ]),
      );
      expect(body.detail).toContain('author_name is required');

      const long = await postRest('zion-canyon-light', validBody('zion-canyon-light', { author_name: 'n'.repeat(81) }));
      expect(await long.json()).toMatchObject({ errors: [{ field: 'author_name', message: 'author_name must be at most 80 characters' }] });
    });

    it('refuses a body whose workshop_id disagrees with the path, and bodies that are not JSON objects', async () => {
      const res = await postRest('zion-canyon-light', validBody('alaska-bears-glaciers'));
      expect(res.status).toBe(422);
      expect(await res.json()).toMatchObject({ errors: [{ field: 'workshop_id', message: 'workshop_id must match the workshop in the path' }] });
      expect(await s.services.db.manager.countBy(CommunityMessage, { workshopId: 'alaska-bears-glaciers' })).toBe(0);

      expect((await postRest('zion-canyon-light', '[1,2]')).status).toBe(422);
      expect((await postRest('zion-canyon-light', '{"author_name":')).status).toBe(400);
    });

    it('answers one post too many in a minute from one client with 429, Retry-After and a clear message', async () => {
      const client = newClient();
      for (let i = 0; i < MESSAGE_POST_RATE_LIMIT.limit; i++) {
        expect((await postRest('everglades-wading-birds', validBody('everglades-wading-birds', { message: `n${i}` }), client)).status).toBe(201);
      }
      const res = await postRest('everglades-wading-birds', validBody('everglades-wading-birds', { message: 'too many' }), client);
      expect(res.status).toBe(429);
      expect(Number(res.headers.get('retry-after'))).toBeGreaterThanOrEqual(59);
      expect(await res.json()).toMatchObject({ code: 'RATE_LIMITED', detail: expect.stringMatching(/^Too many message posts\. Please wait \d+ seconds and try again\.$/) });
      // Other clients may still post.
      expect((await postRest('everglades-wading-birds', validBody('everglades-wading-birds'), newClient())).status).toBe(201);
    });

    it('answers a filled honeypot with 201 but stores nothing', async () => {
      const res = await postRest('new-orleans-portrait-light', validBody('new-orleans-portrait-light', { website: 'https://cheap-pills.example' }));
      expect(res.status).toBe(201);
      expect(await res.json()).not.toHaveProperty('author_email');
      expect(await (await fetch(`${s.url}/api/workshops/new-orleans-portrait-light/messages`)).json()).toEqual([]);
    });

    it('GET /api/workshops/{id}/participants lists spot-holding bookings with public names and the total', async () => {
      const workshop = 'yellowstone-winter-wildlife';
      const m = s.services.db.manager;
      await insertBooking(m, { workshopId: workshop, customerName: 'Maria Garcia', customerEmail: 'maria.private@example.com', numParticipants: 2, createdAt: new Date('2026-01-01T00:00:00Z') });
      await insertBooking(m, { workshopId: workshop, customerName: 'Tom Baker', numParticipants: 1, status: BookingStatus.held, holdExpiresAt: new Date(seasonClock().getTime() + 3_600_000), createdAt: new Date('2026-01-02T00:00:00Z') });
      await insertBooking(m, { workshopId: workshop, customerName: 'Old Hold', numParticipants: 5, status: BookingStatus.held, holdExpiresAt: new Date(seasonClock().getTime() - 1000) });
      await insertBooking(m, { workshopId: workshop, customerName: 'Was Cancelled', numParticipants: 2, status: BookingStatus.cancelled });

      const res = await fetch(`${s.url}/api/workshops/${workshop}/participants`);
      expect(res.status).toBe(200);
      const raw = await res.text();
      expect(raw).not.toMatch(/@|Garcia|private/);
      expect(JSON.parse(raw)).toEqual({
        total_participants: 3,
        bookings: [
          { customer_name: 'Maria G.', num_participants: 2 },
          { customer_name: 'Tom B.', num_participants: 1 },
        ],
      });
      expect(await (await fetch(`${s.url}/api/workshops/grand-teton-autumn/participants`)).json()).toEqual({ total_participants: 0, bookings: [] });
    });
  });

  describe('GraphQL', () => {
    const MESSAGES = `query ($workshopId: ID!, $topic: MessageTopicFilter, $first: Int, $after: String) {
      messages(workshopId: $workshopId, topic: $topic, first: $first, after: $after) {
        hasMore nextCursor messages { id workshopId authorName message topic createdAt }
      } }`;
    const POST = `mutation ($input: PostMessageInput!) {
      postMessage(input: $input) { message { id workshopId authorName message topic createdAt } } }`;
    type Page = { messages: Array<Record<string, unknown>>; hasMore: boolean; nextCursor: string | null };

    it('posts with postMessage and pages through messages with a cursor, filtered by topic', async () => {
      const workshop = 'olympic-coast-rainforest';
      await insertMessages(workshop, 7, 'equipment');
      const client = newClient();
      const posted = await s.gql<{ postMessage: { message: Record<string, unknown> } }>(
        POST,
        { input: { workshopId: workshop, authorName: 'Ann Lee', authorEmail: 'ann.hidden@example.com', message: 'Which lens for the Hoh?', topic: 'questions' } },
        client,
      );
      expect(posted.errors).toBeUndefined();
      expect(posted.data!.postMessage.message).toMatchObject({ workshopId: workshop, authorName: 'Ann Lee', topic: 'questions' });
      expect(String(posted.data!.postMessage.message.createdAt)).toMatch(/Z$/);

      const p1 = await s.gql<{ messages: Page }>(MESSAGES, { workshopId: workshop, first: 5 });
      expect(p1.data!.messages.messages.map((m) => m.message)).toEqual(['Which lens for the Hoh?', 'Message 6', 'Message 5', 'Message 4', 'Message 3']);
      expect(p1.data!.messages.hasMore).toBe(true);
      const p2 = await s.gql<{ messages: Page }>(MESSAGES, { workshopId: workshop, first: 5, after: p1.data!.messages.nextCursor });
      expect(p2.data!.messages.messages.map((m) => m.message)).toEqual(['Message 2', 'Message 1', 'Message 0']);
      expect(p2.data!.messages).toMatchObject({ hasMore: false, nextCursor: null });

      const equipment = await s.gql<{ messages: Page }>(MESSAGES, { workshopId: workshop, topic: 'equipment' });
      expect(equipment.data!.messages.messages).toHaveLength(7);
      const questions = await s.gql<{ messages: Page }>(MESSAGES, { workshopId: workshop, topic: 'questions' });
      expect(questions.data!.messages.messages.map((m) => m.authorName)).toEqual(['Ann Lee']);
    });

    it('never answers the author email to the public', async () => {
      const res = await fetch(`${s.url}/graphql`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ query: '{ messages(workshopId: "olympic-coast-rainforest") { messages { id authorEmail } } }' }),
      });
      const raw = await res.text();
      expect(raw).not.toContain('@example.com');
      expect(JSON.parse(raw).errors[0].extensions.code).toBe('UNAUTHENTICATED');

      const post = await s.gql<{ postMessage: unknown }>(
        'mutation ($input: PostMessageInput!) { postMessage(input: $input) { message { id authorEmail } } }',
        { input: { workshopId: 'olympic-coast-rainforest', authorName: 'Bo', authorEmail: 'bo.hidden@example.com', message: 'Hi' } },
        newClient(),
      );
      expect(JSON.stringify(post)).not.toContain('bo.hidden');
      expect(post.errors?.[0].extensions?.code).toBe('UNAUTHENTICATED');
    });

    it('names bad fields of postMessage in camelCase and refuses unknown topics and workshops', async () => {
      const bad = await s.gql(POST, { input: { workshopId: 'zion-canyon-light', authorName: ' ', authorEmail: 'not-an-email', message: 'x'.repeat(2001) } }, newClient());
      expect(bad.errors?.[0].extensions).toMatchObject({
        code: 'BAD_USER_INPUT',
        fields: expect.arrayContaining([
          { field: 'authorName', message: 'authorName is required' },
          { field: 'authorEmail', message: 'authorEmail must be a valid email address' },
          { field: 'message', message: 'message must be at most 2000 characters' },
        ]),
      });

      const badTopic = await fetch(`${s.url}/graphql`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ query: '{ messages(workshopId: "zion-canyon-light", topic: gear) { hasMore } }' }),
      });
      expect(badTopic.status).toBe(400);

      const tooMany = await s.gql(MESSAGES, { workshopId: 'zion-canyon-light', first: 51 });
      expect(tooMany.errors?.[0].extensions).toMatchObject({ code: 'BAD_USER_INPUT', fields: [{ field: 'first' }] });

      for (const query of ['{ messages(workshopId: "nope") { hasMore } }', '{ participants(workshopId: "nope") { totalParticipants } }']) {
        const res = await s.gql(query);
        expect(res.errors?.[0]).toMatchObject({ message: 'Workshop not found', extensions: { code: 'NOT_FOUND' } });
      }
    });

    it('counts GraphQL and REST posts of one client against the same limit', async () => {
      const client = newClient();
      for (let i = 0; i < 3; i++) expect((await postRest('arizona-monsoon-lightning', validBody('arizona-monsoon-lightning'), client)).status).toBe(201);
      const input = { workshopId: 'arizona-monsoon-lightning', authorName: 'Al', authorEmail: 'al@example.com', message: 'Hi' };
      for (let i = 3; i < MESSAGE_POST_RATE_LIMIT.limit; i++) expect((await s.gql(POST, { input }, client)).errors).toBeUndefined();
      const limited = await s.gql(POST, { input }, client);
      expect(limited.errors?.[0]).toMatchObject({ message: expect.stringMatching(/^Too many message posts/), extensions: { code: 'RATE_LIMITED' } });
    });

    it('answers participants(workshopId) with public names', async () => {
      const workshop = 'canyonlands-arches-backcountry';
      await insertBooking(s.services.db.manager, { workshopId: workshop, customerName: 'Jane Doe', customerEmail: 'jane.hidden@example.com', numParticipants: 4 });
      const res = await s.gql<{ participants: unknown }>(`{ participants(workshopId: "${workshop}") { workshopId totalParticipants bookings { customerName numParticipants } } }`);
      expect(res.data!.participants).toEqual({ workshopId: workshop, totalParticipants: 4, bookings: [{ customerName: 'Jane D.', numParticipants: 4 }] });
    });
  });
});

describe('community posts and the admin', () => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startTestServer('sqlite', { ADMIN_EMAIL: 'owner@example.com' });
  });
  afterAll(() => s?.close());

  it('queues an admin notice in the same transaction as each new message (and none for a honeypot post)', async () => {
    const post = (body: Record<string, unknown>) =>
      fetch(`${s.url}/api/workshops/zion-canyon-light/messages`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ workshop_id: 'zion-canyon-light', author_name: 'Kim Ito', author_email: 'kim@example.com', message: 'Sharing a ride from Las Vegas?', topic: 'ride_sharing', ...body }),
      });
    expect((await post({})).status).toBe(201);
    expect((await post({ website: 'https://spam.example' })).status).toBe(201);
    const notices = await s.services.db.manager.findBy(MailOutbox, { kind: MailKind.adminCommunityMessage });
    expect(notices).toHaveLength(1);
    expect(notices[0].recipient).toBe('owner@example.com');
  });
});
