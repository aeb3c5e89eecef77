import crypto from 'node:crypto';
import { createLogger } from '../infrastructure/logger';
import { validateInputOrThrow } from '../infrastructure/validation';
import { BookingStatus } from '../booking/booking.types';
import { insertBooking } from '../test/rows';
import { createTestDb, DB_KINDS, type TestDb } from '../test/db';
import { WorkshopService } from '../workshop/workshop.service';
import { CommunityMessage } from './community-message.entity';
import { PostMessageInput } from './community.input';
import { CommunityService, publicName } from './community.service';
import { MessageTopic } from './community.types';

const post = (workshopId: string, overrides: Partial<PostMessageInput> = {}): PostMessageInput =>
  Object.assign(new PostMessageInput(), {
    workshopId,
    authorName: 'Maria Garcia',
    authorEmail: 'maria@example.com',
    message: 'Anyone driving from Las Vegas?',
    topic: MessageTopic.ride_sharing,
    ...overrides,
  });

describe.each(DB_KINDS)('CommunityService on %s', (kind) => {
  let t: TestDb;
  let service: CommunityService;
  let now: Date;

  beforeAll(async () => {
    t = await createTestDb(kind);
    const clock = () => now;
    service = new CommunityService(t.db, new WorkshopService(t.db, undefined, clock), clock, createLogger('silent'));
  });
  afterAll(() => t?.drop());
  beforeEach(() => {
    now = new Date('2026-03-01T12:00:00.123Z');
  });

  /** Insert messages directly (bypassing the rate limit), one millisecond apart, oldest first. */
  async function insertMessages(workshopId: string, count: number, topic: (i: number) => MessageTopic = () => MessageTopic.general, start = Date.parse('2026-02-01T00:00:00.000Z')) {
    const rows = Array.from({ length: count }, (_, i) =>
      t.db.manager.create(CommunityMessage, {
        id: crypto.randomUUID(),
        workshopId,
        authorName: `Author ${i}`,
        authorEmail: `author${i}@example.com`,
        message: `Message ${i}`,
        topic: topic(i),
        createdAt: new Date(start + i),
      }),
    );
    await t.db.manager.insert(CommunityMessage, rows);
    return rows;
  }

  it('stores a post verbatim with the clock time (ms, UTC) and lists it', async () => {
    const text = '  <b>Bold?</b> <script>alert("x")</script> & \'quotes\'\nSecond line 📷 — ünïcödé  ';
    const stored = await service.postMessageOrThrow(post('zion-canyon-light', { message: text, authorName: '  Zoë <O\'Brien>  ' }));
    expect(stored.createdAt.toISOString()).toBe('2026-03-01T12:00:00.123Z');
    const [read] = (await service.listMessagesOrThrow('zion-canyon-light')).messages;
    expect(read).toMatchObject({
      id: stored.id,
      workshopId: 'zion-canyon-light',
      authorName: '  Zoë <O\'Brien>  ',
      authorEmail: 'maria@example.com',
      message: text,
      topic: 'ride_sharing',
    });
    expect(read.createdAt.toISOString()).toBe('2026-03-01T12:00:00.123Z');
  });

  it('defaults the topic to general', async () => {
    const input = await validateInputOrThrow(PostMessageInput, {
      workshopId: 'grand-teton-autumn',
      authorName: 'Ann Lee',
      authorEmail: 'ann@example.com',
      message: 'Hello',
    });
    expect((await service.postMessageOrThrow(input)).topic).toBe('general');
  });

  it('lists newest first, breaking ties of equal time by id, and only the workshop asked for', async () => {
    const workshop = 'olympic-coast-rainforest';
    const rows = await insertMessages(workshop, 5);
    const sameTime = new Date('2026-02-10T00:00:00.000Z');
    const tied = await insertMessages(workshop, 3, undefined, sameTime.getTime());
    await t.db.manager.update(CommunityMessage, tied.map((r) => r.id), { createdAt: sameTime });
    await insertMessages('everglades-wading-birds', 2);

    const { messages, hasMore, nextCursor } = await service.listMessagesOrThrow(workshop);
    expect(hasMore).toBe(false);
    expect(nextCursor).toBeNull();
    const tiedIds = tied.map((r) => r.id).sort().reverse();
    expect(messages.map((m) => m.id)).toEqual([...tiedIds, ...rows.map((r) => r.id).reverse()]);
  });

  it('filters by topic; "all" and no topic list every topic; an unknown topic is refused', async () => {
    const workshop = 'canyonlands-arches-backcountry';
    const topics = Object.values(MessageTopic);
    await insertMessages(workshop, 8, (i) => topics[i % topics.length]);
    expect((await service.listMessagesOrThrow(workshop)).messages).toHaveLength(8);
    expect((await service.listMessagesOrThrow(workshop, { topic: 'all' })).messages).toHaveLength(8);
    for (const topic of topics) {
      const { messages } = await service.listMessagesOrThrow(workshop, { topic });
      expect(messages).toHaveLength(2);
      expect(messages.every((m) => m.topic === topic)).toBe(true);
    }
    for (const bad of ['gear', '', 'ALL', ['general'], 3]) {
      await expect(service.listMessagesOrThrow(workshop, { topic: bad })).rejects.toMatchObject({
        code: 'BAD_USER_INPUT',
        fields: [{ field: 'topic', message: 'topic must be one of all, general, ride_sharing, equipment, questions' }],
      });
    }
  });

  it('pages with a bounded size and a cursor, without gaps or repeats, also within a topic', async () => {
    const workshop = 'great-plains-supercells';
    const rows = await insertMessages(workshop, 45, (i) => (i % 3 === 0 ? MessageTopic.questions : MessageTopic.general));
    const newestFirst = rows.map((r) => r.id).reverse();

    const p1 = await service.listMessagesOrThrow(workshop);
    expect(p1.messages).toHaveLength(20);
    expect(p1.hasMore).toBe(true);
    const p2 = await service.listMessagesOrThrow(workshop, { after: p1.nextCursor });
    const p3 = await service.listMessagesOrThrow(workshop, { after: p2.nextCursor });
    expect(p3.messages).toHaveLength(5);
    expect(p3.hasMore).toBe(false);
    expect(p3.nextCursor).toBeNull();
    expect([...p1.messages, ...p2.messages, ...p3.messages].map((m) => m.id)).toEqual(newestFirst);

    // A message posted while paging lands on top and does not shift the later pages.
    await insertMessages(workshop, 1, undefined, Date.parse('2026-02-28T00:00:00.000Z'));
    expect((await service.listMessagesOrThrow(workshop, { after: p1.nextCursor })).messages.map((m) => m.id)).toEqual(p2.messages.map((m) => m.id));

    const questions = rows.filter((_, i) => i % 3 === 0).map((r) => r.id).reverse();
    const q1 = await service.listMessagesOrThrow(workshop, { topic: 'questions', first: 10 });
    const q2 = await service.listMessagesOrThrow(workshop, { topic: 'questions', first: 10, after: q1.nextCursor });
    expect([...q1.messages, ...q2.messages].map((m) => m.id)).toEqual(questions);
    expect(q2.hasMore).toBe(false);

    const biggest = await service.listMessagesOrThrow(workshop, { first: 50 });
    expect(biggest.messages).toHaveLength(46);
  });

  it('refuses page sizes out of bounds and cursors it did not make', async () => {
    for (const first of [0, -1, 51, 1.5]) {
      await expect(service.listMessagesOrThrow('zion-canyon-light', { first })).rejects.toMatchObject({ code: 'BAD_USER_INPUT', fields: [{ field: 'first' }] });
    }
    for (const after of ['nonsense', Buffer.from('{"a":1}').toString('base64url'), Buffer.from('["x","y"]').toString('base64url')]) {
      await expect(service.listMessagesOrThrow('zion-canyon-light', { after })).rejects.toMatchObject({ code: 'BAD_USER_INPUT', fields: [{ field: 'after' }] });
    }
  });

  it('answers NOT_FOUND for an unknown workshop when listing, posting and summarising', async () => {
    await expect(service.listMessagesOrThrow('no-such-workshop')).rejects.toMatchObject({ code: 'NOT_FOUND', message: 'Workshop not found' });
    await expect(service.postMessageOrThrow(post('no-such-workshop'))).rejects.toMatchObject({ code: 'NOT_FOUND' });
    await expect(service.participantsOrThrow('no-such-workshop')).rejects.toMatchObject({ code: 'NOT_FOUND' });
    expect(await t.db.manager.countBy(CommunityMessage, { workshopId: 'no-such-workshop' })).toBe(0);
  });

  it('answers a filled honeypot like a success but stores nothing', async () => {
    const workshop = 'new-orleans-portrait-light';
    const answer = await service.postMessageOrThrow(post(workshop, { website: 'http://spam.example' }));
    expect(answer).toMatchObject({ workshopId: workshop, message: 'Anyone driving from Las Vegas?' });
    expect(await t.db.manager.countBy(CommunityMessage, { workshopId: workshop })).toBe(0);
    // An empty (or blank) honeypot is a person.
    await service.postMessageOrThrow(post(workshop, { website: '' }));
    await service.postMessageOrThrow(post(workshop, { website: '   ' }));
    expect(await t.db.manager.countBy(CommunityMessage, { workshopId: workshop })).toBe(2);
  });

  it('validates posts, naming each bad field', async () => {
    const valid = { workshopId: 'zion-canyon-light', authorName: 'Ann', authorEmail: 'ann@example.com', message: 'Hi', topic: 'general' };
    const fieldsOf = async (data: Record<string, unknown>) => {
      try {
        await validateInputOrThrow(PostMessageInput, data);
        return [];
      } catch (e) {
        return (e as { fields: Array<{ field: string; message: string }> }).fields;
      }
    };
    expect(await fieldsOf(valid)).toEqual([]);
    const missing = await fieldsOf({ workshopId: 'zion-canyon-light' });
    expect(missing).toEqual(
      expect.arrayContaining([
        { field: 'authorName', message: 'authorName is required' },
        { field: 'authorEmail', message: 'authorEmail is required' },
        { field: 'message', message: 'message is required' },
      ]),
    );
    expect(await fieldsOf({ ...valid, authorName: '   ', message: '\n\t' })).toEqual([
      { field: 'authorName', message: 'authorName is required' },
      { field: 'message', message: 'message is required' },
    ]);
    for (const email of ['not-an-email', 'a@b', 'ann@example.com ', 'Ann <ann@example.com>', `${'a'.repeat(250)}@example.com`]) {
      expect(await fieldsOf({ ...valid, authorEmail: email })).toEqual(expect.arrayContaining([expect.objectContaining({ field: 'authorEmail' })]));
    }
    expect(await fieldsOf({ ...valid, authorName: 'x'.repeat(81) })).toEqual([{ field: 'authorName', message: 'authorName must be at most 80 characters' }]);
    expect(await fieldsOf({ ...valid, message: 'x'.repeat(2001) })).toEqual([{ field: 'message', message: 'message must be at most 2000 characters' }]);
    expect(await fieldsOf({ ...valid, topic: 'gear' })).toEqual([
      { field: 'topic', message: 'topic must be one of general, ride_sharing, equipment, questions' },
    ]);
    expect(await fieldsOf({ ...valid, authorName: 42, message: { text: 'hi' } })).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ field: 'authorName', message: expect.stringContaining('authorName must be a string') }),
        expect.objectContaining({ field: 'message', message: expect.stringContaining('message must be a string') }),
      ]),
    );
  });

  it('stores the longest name and message allowed', async () => {
    const input = await validateInputOrThrow(PostMessageInput, {
      workshopId: 'yellowstone-winter-wildlife',
      authorName: 'é'.repeat(80),
      authorEmail: 'long@example.com',
      message: '📷'.repeat(1000),
    });
    await service.postMessageOrThrow(input);
    const [m] = (await service.listMessagesOrThrow('yellowstone-winter-wildlife')).messages;
    expect(m.authorName).toBe('é'.repeat(80));
    expect(m.message).toBe('📷'.repeat(1000));
  });

  it('summarises participants from the bookings that hold spots only, with public names', async () => {
    const workshop = 'alaska-bears-glaciers';
    const at = (iso: string) => new Date(iso);
    const m = t.db.manager;
    await insertBooking(m, { workshopId: workshop, customerName: 'Maria Garcia', numParticipants: 2, status: BookingStatus.confirmed, createdAt: at('2026-01-01T10:00:00Z') });
    await insertBooking(m, { workshopId: workshop, customerName: 'John Smith', numParticipants: 1, status: BookingStatus.held, holdExpiresAt: null, createdAt: at('2026-01-02T10:00:00Z') });
    await insertBooking(m, { workshopId: workshop, customerName: 'Li Wei Chen', numParticipants: 3, status: BookingStatus.held, holdExpiresAt: at('2026-03-01T12:30:00Z'), createdAt: at('2026-01-03T10:00:00Z') });
    // Not holding spots: a lapsed hold, expired, cancelled, needing attention, and another workshop.
    await insertBooking(m, { workshopId: workshop, customerName: 'Late Hold', numParticipants: 4, status: BookingStatus.held, holdExpiresAt: at('2026-03-01T11:59:59Z') });
    await insertBooking(m, { workshopId: workshop, customerName: 'Gone Away', numParticipants: 1, status: BookingStatus.expired });
    await insertBooking(m, { workshopId: workshop, customerName: 'Changed Mind', numParticipants: 1, status: BookingStatus.cancelled });
    await insertBooking(m, { workshopId: workshop, customerName: 'Paid Late', numParticipants: 1, status: BookingStatus.needs_attention });
    await insertBooking(m, { workshopId: 'zion-canyon-light', customerName: 'Other Trip', numParticipants: 2, status: BookingStatus.confirmed });

    const summary = await service.participantsOrThrow(workshop);
    expect(summary).toEqual({
      workshopId: workshop,
      totalParticipants: 6,
      bookings: [
        { customerName: 'Maria G.', numParticipants: 2 },
        { customerName: 'John S.', numParticipants: 1 },
        { customerName: 'Li C.', numParticipants: 3 },
      ],
    });
    expect(JSON.stringify(summary)).not.toMatch(/@|Garcia|Smith/);

    // Once the clock passes a hold's expiry, that booking no longer counts.
    now = new Date('2026-03-01T12:30:00.001Z');
    const later = await service.participantsOrThrow(workshop);
    expect(later.totalParticipants).toBe(3);
    expect(later.bookings.map((b) => b.customerName)).toEqual(['Maria G.', 'John S.']);
  });

  it('answers an empty summary for a workshop nobody booked', async () => {
    expect(await service.participantsOrThrow('grand-teton-autumn')).toEqual({ workshopId: 'grand-teton-autumn', totalParticipants: 0, bookings: [] });
  });
});

describe('publicName', () => {
  it.each([
    ['Maria Garcia', 'Maria G.'],
    ['  maria   garcia ', 'maria G.'],
    ['Cher', 'Cher'],
    ['Mary Ann van der berg', 'Mary B.'],
    ['John Smith Jr.', 'John S.'],
    ['José Ángel Núñez', 'José N.'],
    ['Zoë 𝒜bc', 'Zoë 𝒜.'],
    ['', 'Guest'],
    ['   ', 'Guest'],
  ])('%j -> %j', (full, shown) => {
    expect(publicName(full)).toBe(shown);
  });
});
