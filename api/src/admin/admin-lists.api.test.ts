import crypto from 'node:crypto';
import { startTestServer, type TestServer } from '../test/app';
import { DB_KINDS } from '../test/db';
import { insertBooking, insertMessage, type BookingOverrides } from '../test/rows';
import { Booking } from '../booking/booking.entity';
import { BookingInstallment, InstallmentState } from '../booking/ledger.entities';
import { CommunityMessage } from '../community/community-message.entity';
import { MessageTopic } from '../community/community.types';
import { WaitlistEntry } from '../waitlist/waitlist-entry.entity';
import { WaitlistState } from '../waitlist/waitlist.types';
import { Workshop } from '../workshop/workshop.entity';
import { adminBookingJson, adminMessageJson } from '../transport/rest/admin.rest';
import { adminWaitlistEntryJson } from '../transport/rest/waitlist.rest';
import { balanceDueDate, localDate } from '../shared/policy';
import { STREAM_BATCH } from '../infrastructure/paging';
import { EXPORTS_AT_ONCE, exportGate } from '../transport/rest/admin-lists';

const RIGHT = `Basic ${Buffer.from('admin:correct-horse-battery').toString('base64')}`;
const T0 = new Date('2026-01-10T09:00:00.000Z');
const at = (minutes: number) => new Date(T0.getTime() + minutes * 60_000);

/** The old implementation of the overdue list (JavaScript over every confirmed booking): the oracle of the SQL one. */
async function overdueAsBefore(s: TestServer, now: Date): Promise<string[]> {
  const m = s.services.db.manager;
  const live = await m.find(Booking, { where: { status: 'confirmed' as never }, relations: { workshop: true }, order: { createdAt: 'ASC', id: 'ASC' } });
  const installments = await m.find(BookingInstallment);
  const failed = new Set(installments.filter((i) => i.state === InstallmentState.failed).map((i) => i.bookingId));
  const late = new Set(installments.filter((i) => i.state === InstallmentState.scheduled && i.dueDate < localDate(now)).map((i) => i.bookingId));
  return live
    .filter((b) => {
      if (b.balanceCents <= 0) return false;
      if (b.paymentOption === 'payment_plan') return failed.has(b.id) || late.has(b.id);
      return localDate(now, b.workshop!.timeZone) > balanceDueDate(b.workshop!.startDate);
    })
    .map((b) => b.id);
}

describe.each(DB_KINDS)('admin lists on %s', (kind) => {
  let s: TestServer;
  let now = new Date('2026-01-15T12:00:00.000Z');
  beforeAll(async () => {
    s = await startTestServer(kind, {}, undefined, { clock: () => now });
  });
  afterAll(() => s?.close());

  const get = (path: string) => fetch(`${s.url}/api${path}`, { headers: { authorization: RIGHT } });
  const gql = <T>(query: string, variables: Record<string, unknown> = {}) => s.gql<T>(query, variables, { authorization: RIGHT });
  const inTransaction = (work: (m: import('typeorm').EntityManager) => Promise<void>) => s.services.db.transaction(work);

  type Page = { items: Array<{ id: string }>; nextCursor: string | null; hasMore: boolean };
  const BOOKING_PAGE = `query($workshopId: ID, $text: String, $status: BookingStatus, $paymentStatus: PaymentStatus, $from: DateTimeISO, $to: DateTimeISO, $limit: Int!, $cursor: String) {
    adminBookingPage(workshopId: $workshopId, text: $text, status: $status, paymentStatus: $paymentStatus, from: $from, to: $to, limit: $limit, cursor: $cursor) {
      items { id } nextCursor hasMore totalCount paymentStatusCounts { value count } statusCounts { value count }
    }
  }`;
  type BookingPage = Page & { totalCount: number; paymentStatusCounts: Array<{ value: string; count: number }>; statusCounts: Array<{ value: string; count: number }> };
  const bookingPage = async (variables: Record<string, unknown>): Promise<BookingPage> => {
    const res = await gql<{ adminBookingPage: BookingPage }>(BOOKING_PAGE, { limit: 50, ...variables });
    expect(res.errors).toBeUndefined();
    return res.data!.adminBookingPage;
  };
  const ids = async (variables: Record<string, unknown>) => (await bookingPage(variables)).items.map((b) => b.id).sort();

  describe('paging by cursor', () => {
    it('covers every booking once, newest first, ties on created_at by id, while bookings are added between pages', async () => {
      const workshopId = 'olympic-coast-rainforest';
      const tie = at(30);
      const rows = await Promise.all([
        ...Array.from({ length: 7 }, () => insertBooking(s.services.db, { workshopId, createdAt: tie })),
        insertBooking(s.services.db, { workshopId, createdAt: at(10) }),
        insertBooking(s.services.db, { workshopId, createdAt: at(20) }),
        insertBooking(s.services.db, { workshopId, createdAt: at(40) }),
      ]);
      const expected = [...rows].sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime() || (a.id < b.id ? 1 : -1)).map((b) => b.id);

      const seen: string[] = [];
      let cursor: string | null = null;
      let pages = 0;
      do {
        const page = await bookingPage({ workshopId, limit: 3, cursor });
        seen.push(...page.items.map((b) => b.id));
        cursor = page.nextCursor;
        expect(page.hasMore).toBe(cursor !== null);
        // Between pages: a newer booking (before the cursor: not in the rest of this walk) and one more on the tie.
        await insertBooking(s.services.db, { workshopId, createdAt: at(60 + pages) });
        await insertBooking(s.services.db, { workshopId, createdAt: tie });
        pages += 1;
      } while (cursor);

      expect(new Set(seen).size).toBe(seen.length);
      expect(seen.filter((id) => expected.includes(id))).toEqual(expected);
      expect(pages).toBeGreaterThanOrEqual(4);
    });

    it('refuses a cursor it did not write and a page size out of range, naming them', async () => {
      for (const [variables, field] of [
        [{ cursor: 'nonsense' }, 'cursor'],
        [{ limit: 0 }, 'limit'],
        [{ limit: 201 }, 'limit'],
      ] as const) {
        const res = await gql(BOOKING_PAGE, { limit: 50, ...variables });
        expect(res.errors?.[0].extensions).toMatchObject({ code: 'BAD_USER_INPUT', fields: [expect.objectContaining({ field })] });
      }
    });
  });

  describe('sorted on the server (docs/decisions/079)', () => {
    const SORTED = `query($workshopId: ID, $paymentStatus: PaymentStatus, $sortBy: BookingSortField, $direction: SortDirection, $limit: Int!, $cursor: String) {
      adminBookingPage(workshopId: $workshopId, paymentStatus: $paymentStatus, sortBy: $sortBy, direction: $direction, limit: $limit, cursor: $cursor) { items { id } nextCursor hasMore }
    }`;
    /** Every page of a sort, `limit` at a time, following the cursors. */
    const walk = async (variables: Record<string, unknown>, limit: number, between?: () => Promise<unknown>) => {
      const seen: string[] = [];
      let cursor: string | null = null;
      do {
        const res: { data?: { adminBookingPage: Page } | null; errors?: unknown } = await gql<{ adminBookingPage: Page }>(SORTED, { ...variables, limit, cursor });
        expect(res.errors).toBeUndefined();
        seen.push(...res.data!.adminBookingPage.items.map((b) => b.id));
        cursor = res.data!.adminBookingPage.nextCursor;
        await between?.();
      } while (cursor);
      return seen;
    };

    it('by every column, both ways, ties by id: the pages follow the sort without gaps or repeats, also with a filter and rows added between pages', async () => {
      const workshopId = 'great-plains-supercells';
      // Names in one case (SQLite compares bytes, MariaDB its collation: the same order for these), with ties on every column.
      const spec: BookingOverrides[] = [
        { customerName: 'Carla Diaz', numParticipants: 2, amountPaidCents: 50000, paymentStatus: 'deposit_paid', workshopName: 'Death Valley Dunes' },
        { customerName: 'Abel Moss', numParticipants: 1, amountPaidCents: 0, paymentStatus: 'pending', status: 'held', workshopName: 'Death Valley Dunes' },
        { customerName: 'Bea Lund', numParticipants: 2, amountPaidCents: 1099000, paymentStatus: 'paid', workshopName: 'Death Valley Dunes' },
        { customerName: 'Bea Lund', numParticipants: 3, amountPaidCents: 50000, paymentStatus: 'deposit_paid', workshopName: 'Death Valley Dunes' },
        { customerName: 'Dan Ortiz', numParticipants: 1, amountPaidCents: 1099000, paymentStatus: 'paid', workshopName: 'Death Valley Dunes' },
        { customerName: 'Abel Moss', numParticipants: 2, amountPaidCents: 0, paymentStatus: 'pending', status: 'held', workshopName: 'Death Valley Dunes' },
        { customerName: 'Eve Park', numParticipants: 1, amountPaidCents: 50000, paymentStatus: 'deposit_paid', workshopName: 'Death Valley Dunes' },
      ];
      const rows = [];
      for (const [i, o] of spec.entries()) rows.push(await insertBooking(s.services.db, { workshopId, createdAt: at(100 + (i % 3)), ...o }));
      const key: Record<string, (b: Booking) => string | number> = {
        name: (b) => b.customerName,
        spots: (b) => b.numParticipants,
        paid: (b) => b.amountPaidCents,
        status: (b) => b.paymentStatus,
        created: (b) => b.createdAt.getTime(),
      };
      const cmp = (a: string | number, b: string | number) => (a < b ? -1 : a > b ? 1 : 0);
      for (const [sortBy, of] of Object.entries(key)) {
        for (const direction of ['asc', 'desc'] as const) {
          const sign = direction === 'asc' ? 1 : -1;
          const expected = [...rows].sort((a, b) => sign * (cmp(of(a), of(b)) || cmp(a.id, b.id))).map((b) => b.id);
          expect({ sortBy, direction, ids: await walk({ workshopId, sortBy, direction }, 2) }).toEqual({ sortBy, direction, ids: expected });
          expect(await walk({ workshopId, sortBy, direction }, 50)).toEqual(expected);
        }
      }
      // With a filter: the paid ones by amount; a row added between pages after the cursor is read once, none repeats.
      const paidDesc = await walk({ workshopId, paymentStatus: 'deposit_paid', sortBy: 'name', direction: 'asc' }, 1);
      expect(paidDesc).toEqual(rows.filter((b) => b.paymentStatus === 'deposit_paid').sort((a, b) => cmp(a.customerName, b.customerName) || cmp(a.id, b.id)).map((b) => b.id));
      let added = 0;
      const seen = await walk({ workshopId, sortBy: 'name', direction: 'asc' }, 2, async () => {
        if (added++ < 3) await insertBooking(s.services.db, { workshopId, customerName: 'Zed Young', createdAt: at(200) });
      });
      expect(new Set(seen).size).toBe(seen.length);
      expect(seen.slice(0, rows.length)).toEqual([...rows].sort((a, b) => cmp(a.customerName, b.customerName) || cmp(a.id, b.id)).map((b) => b.id));
      expect(seen).toHaveLength(rows.length + 3);
    });

    it('refuses a cursor of another sort, a sort it does not know, and reads a sorted page on its index', async () => {
      const workshopId = 'arizona-monsoon-lightning';
      for (let i = 0; i < 3; i++) await insertBooking(s.services.db, { workshopId, customerName: `Sorted ${i}` });
      const byName = await gql<{ adminBookingPage: Page }>(SORTED, { workshopId, sortBy: 'name', direction: 'asc', limit: 1 });
      const nameCursor = byName.data!.adminBookingPage.nextCursor;
      const byCreated = await gql<{ adminBookingPage: Page }>(SORTED, { workshopId, limit: 1 });
      const createdCursor = byCreated.data!.adminBookingPage.nextCursor;
      for (const variables of [
        { sortBy: 'created', cursor: nameCursor },
        { sortBy: 'name', direction: 'desc', cursor: nameCursor },
        { sortBy: 'paid', cursor: nameCursor },
        { sortBy: 'name', direction: 'asc', cursor: createdCursor },
      ]) {
        const res = await gql(SORTED, { workshopId, limit: 1, ...variables });
        expect(res.errors?.[0].extensions).toMatchObject({ code: 'BAD_USER_INPUT', fields: [{ field: 'cursor', message: 'cursor is not a cursor returned by this API' }] });
      }
      expect((await gql(SORTED, { limit: 1, sortBy: 'email' })).errors?.[0].message).toMatch(/BookingSortField/);

      // The plan of a sorted first page uses the sort's index (no temporary sort of every booking).
      const plan = kind === 'sqlite'
        ? await s.services.db.manager.query('EXPLAIN QUERY PLAN SELECT id FROM bookings ORDER BY customer_name ASC, id ASC LIMIT 51')
        : await s.services.db.manager.query('EXPLAIN SELECT id FROM bookings ORDER BY customer_name ASC, id ASC LIMIT 51');
      expect(JSON.stringify(plan)).toContain('idx_bookings_name_id');
    });
  });

  describe('filters and counts in SQL', () => {
    it('filter by workshop, status, payment status and created range; count the whole filter and each payment status and status', async () => {
      const workshopId = 'grand-teton-autumn';
      const paid = await insertBooking(s.services.db, { workshopId, status: 'confirmed', paymentStatus: 'paid', createdAt: at(1) });
      const deposit = await insertBooking(s.services.db, { workshopId, status: 'confirmed', paymentStatus: 'deposit_paid', createdAt: at(2) });
      const held = await insertBooking(s.services.db, { workshopId, status: 'held', paymentStatus: 'pending', amountPaidCents: 0, createdAt: at(3) });
      const cancelled = await insertBooking(s.services.db, { workshopId, status: 'cancelled', paymentStatus: 'refunded', createdAt: at(4) });

      const all = await bookingPage({ workshopId });
      expect(all.items.map((b) => b.id)).toEqual([cancelled.id, held.id, deposit.id, paid.id]);
      expect(all.totalCount).toBe(4);
      expect(all.paymentStatusCounts).toEqual(
        expect.arrayContaining([
          { value: 'paid', count: 1 },
          { value: 'deposit_paid', count: 1 },
          { value: 'pending', count: 1 },
          { value: 'refunded', count: 1 },
        ]),
      );
      expect(all.statusCounts).toEqual([
        { value: 'confirmed', count: 2 },
        { value: 'cancelled', count: 1 },
        { value: 'held', count: 1 },
      ]);

      // A payment status: its rows and count; the payment status counts still show every choice.
      const onlyPaid = await bookingPage({ workshopId, paymentStatus: 'paid' });
      expect(onlyPaid.items.map((b) => b.id)).toEqual([paid.id]);
      expect(onlyPaid.totalCount).toBe(1);
      expect(onlyPaid.paymentStatusCounts).toHaveLength(4);
      expect(onlyPaid.statusCounts).toEqual([{ value: 'confirmed', count: 1 }]);

      expect((await bookingPage({ workshopId, status: 'confirmed' })).items.map((b) => b.id)).toEqual([deposit.id, paid.id]);
      expect((await bookingPage({ workshopId, from: at(2).toISOString(), to: at(4).toISOString() })).items.map((b) => b.id)).toEqual([held.id, deposit.id]);
      expect((await bookingPage({ workshopId: 'no-such-workshop' })).totalCount).toBe(0);
    });

    it('counts the lists for the tab labels without reading them', async () => {
      const res = await gql<{ adminCounts: { bookings: number; messages: number } }>('{ adminCounts { bookings messages } }');
      expect(res.data!.adminCounts).toEqual({ bookings: await s.services.db.manager.count(Booking), messages: await s.services.db.manager.count(CommunityMessage) });
      expect((await s.gql('{ adminCounts { bookings } }')).errors?.[0].extensions?.code).toBe('UNAUTHENTICATED');
    });

    it('messages: every board newest first with the workshop name, by workshop, topic and range, with counts per topic', async () => {
      const workshopId = 'canyonlands-arches-backcountry';
      const a = await insertMessage(s.services.db, { workshopId, topic: MessageTopic.general, createdAt: at(1) });
      const b = await insertMessage(s.services.db, { workshopId, topic: MessageTopic.questions, createdAt: at(2) });
      const c = await insertMessage(s.services.db, { workshopId, topic: MessageTopic.questions, createdAt: at(3) });
      type MessagePage = Page & { items: Array<{ id: string; workshopName: string }>; totalCount: number; topicCounts: Array<{ value: string; count: number }> };
      const page = async (variables: Record<string, unknown>) =>
        (
          await gql<{ adminMessagePage: MessagePage }>(
            `query($workshopId: ID, $topic: MessageTopic, $from: DateTimeISO, $limit: Int!, $cursor: String) {
              adminMessagePage(workshopId: $workshopId, topic: $topic, from: $from, limit: $limit, cursor: $cursor) { items { id workshopName } nextCursor hasMore totalCount topicCounts { value count } }
            }`,
            { limit: 50, workshopId, ...variables },
          )
        ).data!.adminMessagePage;
      const all = await page({});
      expect(all.items).toEqual([
        { id: c.id, workshopName: 'Canyonlands & Arches Backcountry' },
        { id: b.id, workshopName: 'Canyonlands & Arches Backcountry' },
        { id: a.id, workshopName: 'Canyonlands & Arches Backcountry' },
      ]);
      expect(all).toMatchObject({ totalCount: 3, topicCounts: [{ value: 'questions', count: 2 }, { value: 'general', count: 1 }] });
      const questions = await page({ topic: 'questions', limit: 1 });
      expect(questions).toMatchObject({ items: [{ id: c.id }], hasMore: true, totalCount: 2 });
      expect((await page({ topic: 'questions', limit: 1, cursor: questions.nextCursor })).items.map((m) => m.id)).toEqual([b.id]);
      expect((await page({ from: at(2).toISOString() })).items.map((m) => m.id)).toEqual([c.id, b.id]);
    });
  });

  describe('search on the full-text index (the same answers on SQLite and MariaDB)', () => {
    const workshopId = 'everglades-wading-birds';
    const people: Record<string, Booking> = {};
    beforeAll(async () => {
      const make = async (key: string, o: BookingOverrides) => (people[key] = await insertBooking(s.services.db, { workshopId, workshopName: 'Everglades Wading Birds', emergencyContactName: 'Nobody Special', ...o }));
      await make('grace', { customerName: 'Grace Hopper', customerEmail: 'grace.hopper@example.com', customerPhone: '+1 555 0100', cameraBody: 'Canon EOS_R5' });
      await make('sean', { customerName: "Sean O'Brien", customerEmail: 'sob@example.org', customerPhone: '+1 444 0101', emergencyContactName: 'Mary Jr' });
      await make('zoe', { customerName: 'Zoë Ångström', customerEmail: 'zoe@example.net', customerPhone: '+1 444 0102' });
      await make('middle', { customerName: 'Middle Person', customerEmail: 'middle@example.com', customerPhone: '+1 444 0103', cameraBody: 'Leica for the win' });
    });
    const found = async (text: string) => (await ids({ workshopId, text, limit: 50 })).map((id) => Object.keys(people).find((k) => people[k].id === id)).sort();

    it.each([
      ['grace', ['grace']],
      ['GRA', ['grace']],
      ['hopper grace', ['grace']],
      ['grace brien', []],
      ['middle@example', ['middle']],
      ['example', ['grace', 'middle', 'sean', 'zoe']],
      ['brien', ['sean']],
      ["o'brien", ['sean']],
      ['zoe', ['zoe']],
      ['angstrom', ['zoe']],
      ['eos_r5', ['grace']],
      ['eos', ['grace']],
      ['r5', ['grace']],
      ['555 0100', ['grace']],
      ['+1 444', ['middle', 'sean', 'zoe']],
      ['jr', ['sean']],
      ['the', ['middle']],
      ['everglades wading', ['grace', 'middle', 'sean', 'zoe']],
      ['%', []],
      ['nobody-here', []],
    ])('"%s" finds %j', async (text, expected) => {
      expect(await found(text)).toEqual(expected);
    });

    it('finds a booking by the short reference a customer quotes, however it is typed (issue 24)', async () => {
      const ref = people.sean.reference!;
      expect(await found(ref)).toEqual(['sean']);
      expect(await found(` ${ref.toLowerCase()} `)).toEqual(['sean']);
      expect(await found(ref.replace('-', ' '))).toEqual(['sean']);
      expect(await found('WL-22222')).toEqual(ref === 'WL-22222' ? ['sean'] : []);
    });

    it('finds a booking by its id, whole or by a part', async () => {
      expect(await found(people.zoe.id)).toEqual(['zoe']);
      expect(await found(people.zoe.id.slice(0, 8))).toEqual(['zoe']);
    });

    it('follows changes to the searched columns and deletions (kept in step by the database)', async () => {
      const extra = await insertBooking(s.services.db, { workshopId, customerName: 'Temporary Quokka', customerPhone: '+1 444 0199' });
      expect(await ids({ workshopId, text: 'quokka' })).toEqual([extra.id]);
      await s.services.db.manager.update(Booking, { id: extra.id }, { customerName: 'Renamed Wombat', workshopName: 'Moved Elsewhere' });
      expect(await ids({ workshopId, text: 'quokka' })).toEqual([]);
      expect(await ids({ workshopId, text: 'wombat elsewhere' })).toEqual([extra.id]);
      // A payment does not touch the index (and the booking stays found).
      await s.services.db.manager.update(Booking, { id: extra.id }, { amountPaidCents: 100 });
      expect(await ids({ workshopId, text: 'wombat' })).toEqual([extra.id]);
      await s.services.db.manager.delete(Booking, { id: extra.id });
      expect(await ids({ workshopId, text: 'wombat' })).toEqual([]);
    });

    it('the activity log searches its index the same way', async () => {
      await s.services.audit.recordAlone({ actorType: 'customer', actor: 'grace.hopper@example.com', action: 'credit.used', detail: "Credit used by Sean O'Brien", after: { note: 'ride_sharing' } });
      const actions = async (text: string) => (await s.services.audit.search({ text, limit: 200 })).entries.map((e) => e.detail);
      expect(await actions('GRACE.hopper')).toEqual(["Credit used by Sean O'Brien"]);
      expect(await actions('brie')).toEqual(["Credit used by Sean O'Brien"]);
      expect(await actions("o'brien credit")).toEqual(["Credit used by Sean O'Brien"]);
      expect(await actions('ride_sharing')).toEqual(["Credit used by Sean O'Brien"]);
      expect(await actions('sharing')).toEqual([]);
      expect(await actions('credit.used used')).toEqual(["Credit used by Sean O'Brien"]);
    });
  });

  describe('REST: the spec\'s arrays, streamed', () => {
    beforeAll(async () => {
      // More than two read batches of each list.
      await inTransaction(async (m) => {
        for (let i = 0; i < 2 * STREAM_BATCH + 37; i++) await insertBooking(m, { workshopId: 'nyc-portrait-posing', customerName: i === 2 * STREAM_BATCH + 12 ? 'Bulk Zebedee' : `Bulk ${i}`, createdAt: at(100 + (i % 50)) });
      });
      const workshops = await s.services.db.manager.find(Workshop, { select: { id: true } });
      for (let i = 0; i < STREAM_BATCH + 11; i++) await insertMessage(s.services.db, { workshopId: workshops[i % workshops.length].id, createdAt: at(200 + (i % 40)) });
    });

    it('GET /api/admin/bookings answers the same bytes as the whole array built in memory did, read in batches', async () => {
      const before = await s.services.db.manager.find(Booking, { order: { createdAt: 'DESC', id: 'DESC' } });
      const res = await get('/admin/bookings');
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('application/json; charset=utf-8');
      expect(await res.text()).toBe(JSON.stringify(before.map(adminBookingJson)));

      const batches: number[] = [];
      for await (const batch of s.services.adminLists.bookingBatchesOrThrow()) batches.push(batch.length);
      expect(batches.length).toBeGreaterThanOrEqual(3);
      expect(Math.max(...batches)).toBe(STREAM_BATCH);
      expect(batches.reduce((a, b) => a + b, 0)).toBe(before.length);
    });

    it('GET /api/admin/messages answers the same bytes as before, workshop names included', async () => {
      const before = await s.services.db.manager.find(CommunityMessage, { relations: { workshop: true }, order: { createdAt: 'DESC', id: 'DESC' } });
      const res = await get('/admin/messages');
      expect(res.status).toBe(200);
      expect(await res.text()).toBe(JSON.stringify(before.map(adminMessageJson)));
    });

    it('with limit: pages whose Link and X-Next-Cursor lead through the same list; filters apply', async () => {
      const whole = (await (await get('/admin/bookings?payment_status=deposit_paid')).json()) as Array<{ id: string; payment_status: string }>;
      expect(whole.length).toBeGreaterThan(STREAM_BATCH);
      expect(whole.every((b) => b.payment_status === 'deposit_paid')).toBe(true);
      const paged: Array<{ id: string }> = [];
      let next: string | null = '/api/admin/bookings?payment_status=deposit_paid&limit=200';
      while (next) {
        const res: Response = await fetch(`${s.url}${next}`, { headers: { authorization: RIGHT } });
        expect(res.status).toBe(200);
        const page = (await res.json()) as Array<{ id: string }>;
        expect(page.length).toBeLessThanOrEqual(200);
        paged.push(...page);
        const cursor = res.headers.get('x-next-cursor');
        next = /^<([^>]+)>; rel="next"$/.exec(res.headers.get('link') ?? '')?.[1] ?? null;
        expect(next === null).toBe(cursor === null);
      }
      expect(paged.map((b) => b.id)).toEqual(whole.map((b) => b.id));

      const text = (await (await get(`/admin/bookings?text=${encodeURIComponent('bulk zebe')}&workshop_id=nyc-portrait-posing`)).json()) as Array<{ customer_name: string }>;
      expect(text.map((b) => b.customer_name)).toEqual(['Bulk Zebedee']);
      // A word with a part under 3 characters is found anywhere (LIKE): "Bulk 12", "Bulk 112", "Bulk 120"...
      type Row = Record<'id' | 'customer_name' | 'customer_email' | 'customer_phone' | 'workshop_name' | 'emergency_contact_name' | 'camera_body', string>;
      const short = (await (await get('/admin/bookings?text=12&workshop_id=nyc-portrait-posing')).json()) as Row[];
      const everyNyc = (await (await get('/admin/bookings?workshop_id=nyc-portrait-posing')).json()) as Row[];
      const searched = (b: Row) => [b.id, b.customer_name, b.customer_email, b.customer_phone, b.workshop_name, b.emergency_contact_name, b.camera_body].join(' ');
      expect(short.length).toBeGreaterThan(10);
      expect(short.map((b) => b.id)).toEqual(everyNyc.filter((b) => searched(b).includes('12')).map((b) => b.id));
      const topic = (await (await get('/admin/messages?topic=ride_sharing&limit=5')).json()) as Array<{ topic: string }>;
      expect(topic).toHaveLength(5);
    });

    /** Every page of a REST list (`limit` set), following its Link headers: read through the ORM and written by Fastify's schema. */
    const restPages = async (path: string): Promise<Array<Record<string, unknown>>> => {
      const rows: Array<Record<string, unknown>> = [];
      let next: string | null = `/api${path}${path.includes('?') ? '&' : '?'}limit=200`;
      while (next) {
        const res: Response = await fetch(`${s.url}${next}`, { headers: { authorization: RIGHT } });
        expect(res.status).toBe(200);
        rows.push(...((await res.json()) as Array<Record<string, unknown>>));
        next = /^<([^>]+)>; rel="next"$/.exec(res.headers.get('link') ?? '')?.[1] ?? null;
      }
      return rows;
    };
    const wholeList = async (path: string) => {
      const res = await get(path);
      expect({ path, status: res.status }).toEqual({ path, status: 200 });
      const text = await res.text();
      expect(text).toBe(JSON.stringify(JSON.parse(text)));
      return JSON.parse(text) as Array<Record<string, unknown>>;
    };

    it('the whole lists, read as raw rows past the ORM, answer field by field what the ORM-read pages answer, in every sort (docs/decisions/082)', async () => {
      const workshopId = 'nyc-portrait-posing';
      // Every kind of value: nulls, a hold, refunds and fees, a cancelled booking (no balance), a row without a reference, quotes, accents, new lines.
      const odd = [
        await insertBooking(s.services.db, { workshopId, customerName: 'Zoë "Quote" O\'Neil', reference: null, installments: 5, paymentOption: 'payment_plan' as never, specialRequests: 'Line\nbreak', age: null, holdExpiresAt: new Date(at(999).getTime() + 7), status: 'held', paymentStatus: 'pending', amountPaidCents: 0, createdAt: new Date(at(120).getTime() + 5) }),
        await insertBooking(s.services.db, { workshopId, customerName: 'Ångström Ünïcode', amountPaidCents: 289_500, amountRefundedCents: 12_345, feeCents: 7_500, status: 'cancelled', paymentStatus: 'paid', otherEquipment: 'Drone 📷', healthConcerns: 'None', dietaryRestrictions: 'Vegan', createdAt: at(120) }),
        await insertBooking(s.services.db, { workshopId, customerName: 'Bulk 12', numParticipants: 3, numSpouses: 2, amountPaidCents: 100_001, createdAt: at(120) }),
      ];
      const ADMIN_KEYS = Object.keys(adminBookingJson(odd[0]));
      const whole = await wholeList('/admin/bookings');
      expect(whole.length).toBeGreaterThan(2 * STREAM_BATCH);
      for (const row of whole) expect(Object.keys(row)).toEqual(ADMIN_KEYS);
      expect(whole).toEqual(await restPages('/admin/bookings'));
      const byId = new Map(whole.map((b) => [b.id, b]));
      expect(byId.get(odd[0].id)).toMatchObject({ reference: null, hold_expires_at: new Date(at(999).getTime() + 7).toISOString(), installments: 5, age: null, special_requests: 'Line\nbreak', status: 'held', balance: 2895 });
      expect(byId.get(odd[1].id)).toMatchObject({ reference: odd[1].reference, customer_name: 'Ångström Ünïcode', balance: 0, amount_refunded: 123.45, fees: 75, other_equipment: 'Drone 📷' });
      expect(byId.get(odd[2].id)).toMatchObject({ reference: expect.stringMatching(/^WL-/), num_spouses: 2, amount_paid: 1000.01, balance: 1894.99 });

      for (const sortBy of ['created', 'name', 'workshop', 'spots', 'paid', 'status']) {
        for (const direction of ['asc', 'desc']) {
          const query = `sort_by=${sortBy}&direction=${direction}`;
          const sorted = await wholeList(`/admin/bookings?${query}`);
          expect({ query, ids: sorted.map((b) => b.id) }).toEqual({ query, ids: (await restPages(`/admin/bookings?${query}`)).map((b) => b.id) });
          expect(sorted).toHaveLength(whole.length);
        }
      }
      // With a filter and a sort: the same rows as the pages, field by field.
      expect(await wholeList(`/admin/bookings?workshop_id=${workshopId}&sort_by=name&direction=asc`)).toEqual(await restPages(`/admin/bookings?workshop_id=${workshopId}&sort_by=name&direction=asc`));

      for (const direction of ['', '?direction=asc', '?direction=desc']) {
        const messages = await wholeList(`/admin/messages${direction}`);
        expect(messages.length).toBeGreaterThan(STREAM_BATCH);
        expect(messages).toEqual(await restPages(`/admin/messages${direction}`));
        expect(messages.every((m) => typeof m.workshop_name === 'string' && m.workshop_name !== '')).toBe(true);
      }
      const asc = await wholeList('/admin/messages?direction=asc');
      expect(asc.map((m) => m.id)).toEqual((await wholeList('/admin/messages')).map((m) => m.id).reverse());

      // Overdue: a few past-due balances (Yellowstone starts Feb 2: its balance was due Dec 3), removed again after.
      const late = await Promise.all([0, 1, 2].map((i) => insertBooking(s.services.db, { workshopId: 'yellowstone-winter-wildlife', status: 'confirmed', paymentStatus: 'deposit_paid', feeCents: i * 100, createdAt: at(-50 + i) })));
      try {
        const overdue = await wholeList('/admin/overdue');
        expect(overdue.map((b) => b.id)).toEqual(expect.arrayContaining(late.map((b) => b.id)));
        expect(overdue).toEqual(await restPages('/admin/overdue'));
      } finally {
        await s.services.db.manager.delete(Booking, late.map((b) => b.id));
      }
      await s.services.db.manager.delete(Booking, odd.map((b) => b.id));
    });

    it('writes each whole list straight from its raw rows in the very bytes of the entities\' JSON, in every sort and direction, filtered and after a cursor (docs/decisions/110)', async () => {
      const workshopId = 'nyc-portrait-posing';
      // Every kind of value the writer converts: nulls, a hold with milliseconds, money with cents, refunds, fees and a
      // promo discount, a released booking (no balance), a row without a reference, quotes, accents, emoji, new lines.
      const odd = [
        await insertBooking(s.services.db, { workshopId, customerName: 'Zoë "Quote" O\'Neil', reference: null, installments: 5, paymentOption: 'payment_plan' as never, specialRequests: 'Line\nbreak\ttab \\ back', age: null, holdExpiresAt: new Date(at(999).getTime() + 7), status: 'held', paymentStatus: 'pending', amountPaidCents: 0, createdAt: new Date(at(130).getTime() + 999) }),
        await insertBooking(s.services.db, { workshopId, customerName: 'Ångström Ünïcode', amountPaidCents: 289_501, amountRefundedCents: 12_345, feeCents: 7_505, status: 'cancelled', paymentStatus: 'paid', otherEquipment: 'Drone 📷 \u2028', healthConcerns: 'None', dietaryRestrictions: 'Vegan', promoCode: 'SPRING10', discountCents: 28_950, createdAt: at(130) }),
        await insertBooking(s.services.db, { workshopId, customerName: 'Bulk 12', numParticipants: 3, numSpouses: 2, amountPaidCents: 100_001, totalCents: 868_533, createdAt: new Date(at(130).getTime() + 1) }),
      ];
      const messages = [await insertMessage(s.services.db, { workshopId, authorName: 'Émile "E" <b>', message: 'Line\nbreak 📷 \u2028 \\', createdAt: new Date(at(230).getTime() + 123) })];
      const lists = s.services.adminLists;
      const bookingsAsEntities = async (args: Parameters<typeof lists.bookingBatchesOrThrow>[0], cursor: string | null = null) => {
        const all: Booking[] = [];
        for await (const batch of lists.bookingBatchesOrThrow(args, cursor)) all.push(...batch);
        return JSON.stringify(all.map(adminBookingJson));
      };
      const messagesAsEntities = async (args: Parameters<typeof lists.messageBatchesOrThrow>[0], cursor: string | null = null) => {
        const all: CommunityMessage[] = [];
        for await (const batch of lists.messageBatchesOrThrow(args, cursor)) all.push(...batch);
        return JSON.stringify(all.map(adminMessageJson));
      };
      const text = async (path: string) => {
        const res = await get(path);
        expect({ path, status: res.status }).toEqual({ path, status: 200 });
        return res.text();
      };
      const cursorOf = async (path: string) => (await get(`${path}${path.includes('?') ? '&' : '?'}limit=3`)).headers.get('x-next-cursor')!;
      try {
        for (const sortBy of ['created', 'name', 'workshop', 'spots', 'paid', 'status'] as const) {
          for (const direction of ['asc', 'desc'] as const) {
            const query = `sort_by=${sortBy}&direction=${direction}`;
            const whole = await text(`/admin/bookings?${query}`);
            expect(whole.length).toBeGreaterThan(2 * STREAM_BATCH * 500);
            expect({ query, same: whole === (await bookingsAsEntities({ sortBy: sortBy as never, direction: direction as never })) }).toEqual({ query, same: true });
            const cursor = await cursorOf(`/admin/bookings?${query}`);
            const after = await text(`/admin/bookings?${query}&cursor=${encodeURIComponent(cursor)}`);
            expect({ query, after: after === (await bookingsAsEntities({ sortBy: sortBy as never, direction: direction as never }, cursor)) }).toEqual({ query, after: true });
          }
        }
        const filtered: Array<[string, Parameters<typeof lists.bookingBatchesOrThrow>[0]]> = [
          [`workshop_id=${workshopId}&sort_by=name&direction=asc`, { workshopId, sortBy: 'name' as never, direction: 'asc' as never }],
          ['status=cancelled', { status: 'cancelled' as never }],
          ['payment_status=pending&sort_by=paid', { paymentStatus: 'pending' as never, sortBy: 'paid' as never }],
          [`from=${at(130).toISOString()}&to=${at(131).toISOString()}`, { from: at(130), to: at(131) }],
          ['text=zebedee', { text: 'zebedee' }],
        ];
        for (const [query, args] of filtered) {
          const whole = await text(`/admin/bookings?${query}`);
          expect(whole.length).toBeGreaterThan(2);
          expect({ query, same: whole === (await bookingsAsEntities(args)) }).toEqual({ query, same: true });
        }
        for (const [query, args] of [
          ['', {}],
          ['?direction=asc', { direction: 'asc' as never }],
          [`?workshop_id=${workshopId}`, { workshopId }],
          ['?topic=ride_sharing&direction=asc', { topic: 'ride_sharing' as never, direction: 'asc' as never }],
        ] as const) {
          const whole = await text(`/admin/messages${query}`);
          expect(whole).toContain(messages[0].id);
          expect({ query, same: whole === (await messagesAsEntities(args)) }).toEqual({ query, same: true });
          const cursor = await cursorOf(`/admin/messages${query}`);
          const after = await text(`/admin/messages${query}${query ? '&' : '?'}cursor=${encodeURIComponent(cursor)}`);
          expect({ query, after: after === (await messagesAsEntities(args, cursor)) }).toEqual({ query, after: true });
        }
      } finally {
        await s.services.db.manager.delete(Booking, odd.map((b) => b.id));
        await s.services.db.manager.delete(CommunityMessage, messages.map((m) => m.id));
      }
    });

    it('sorts over REST as the GraphQL list does, and refuses a bad sort or a cursor of another sort with a 400 naming it', async () => {
      const SORTED = `query($sortBy: BookingSortField, $direction: SortDirection, $limit: Int!, $cursor: String) {
        adminBookingPage(sortBy: $sortBy, direction: $direction, limit: $limit, cursor: $cursor) { items { id } nextCursor }
      }`;
      const graphqlIds = async (sortBy: string, direction: string) => {
        const ids: string[] = [];
        let cursor: string | null = null;
        do {
          const res: { data?: { adminBookingPage: { items: Array<{ id: string }>; nextCursor: string | null } } | null } = await gql(SORTED, { sortBy, direction, limit: 200, cursor });
          ids.push(...res.data!.adminBookingPage.items.map((b) => b.id));
          cursor = res.data!.adminBookingPage.nextCursor;
        } while (cursor);
        return ids;
      };
      for (const [sortBy, direction] of [['paid', 'desc'], ['name', 'asc']]) {
        expect((await wholeList(`/admin/bookings?sort_by=${sortBy}&direction=${direction}`)).map((b) => b.id)).toEqual(await graphqlIds(sortBy, direction));
      }
      const byName = await get('/admin/bookings?sort_by=name&limit=2');
      const nameCursor = byName.headers.get('x-next-cursor')!;
      expect(byName.headers.get('link')).toContain('sort_by=name');
      const second = (await (await get(`/admin/bookings?sort_by=name&limit=2&cursor=${nameCursor}`)).json()) as Array<{ id: string }>;
      expect(second.map((b) => b.id)).toEqual((await wholeList('/admin/bookings?sort_by=name')).slice(2, 4).map((b) => b.id));
      // The whole list after a cursor of its sort.
      expect((await wholeList(`/admin/bookings?sort_by=name&cursor=${nameCursor}`)).map((b) => b.id)).toEqual((await wholeList('/admin/bookings?sort_by=name')).slice(2).map((b) => b.id));
      const createdCursor = (await get('/admin/bookings?limit=1')).headers.get('x-next-cursor')!;
      for (const [path, field] of [
        ['/admin/bookings?sort_by=email', 'sort_by'],
        ['/admin/bookings?direction=up', 'direction'],
        [`/admin/bookings?sort_by=name&cursor=${createdCursor}`, 'cursor'],
        [`/admin/bookings?cursor=${nameCursor}`, 'cursor'],
        [`/admin/bookings?sort_by=name&direction=asc&limit=5&cursor=${createdCursor}`, 'cursor'],
        ['/admin/messages?direction=sideways', 'direction'],
      ]) {
        const res = await get(path);
        expect({ path, status: res.status }).toEqual({ path, status: 400 });
        const body = (await res.json()) as { code: string; errors: Array<{ field: string; message: string }> };
        expect({ path, code: body.code, field: body.errors[0].field }).toEqual({ path, code: 'BAD_REQUEST', field });
      }
    });

    it('writes at most EXPORTS_AT_ONCE whole lists at once (the others wait their turn) and frees the place of an export the client cut off', async () => {
      const expected = await (await get('/admin/messages')).text();
      // A client that reads the first bytes and goes away.
      for (let i = 0; i < EXPORTS_AT_ONCE + 1; i++) {
        const abort = new AbortController();
        const res = await fetch(`${s.url}/api/admin/bookings`, { headers: { authorization: RIGHT }, signal: abort.signal });
        await res.body!.getReader().read();
        abort.abort();
      }
      for (let i = 0; i < 50 && exportGate.load.active > 0; i++) await new Promise((r) => setTimeout(r, 20));
      expect(exportGate.load).toEqual({ active: 0, waiting: 0 });
      // More exports than places at once: all answer in full.
      const texts = await Promise.all(Array.from({ length: EXPORTS_AT_ONCE + 2 }, async () => (await get('/admin/messages')).text()));
      expect(texts.every((t) => t === expected)).toBe(true);
      expect(exportGate.load).toEqual({ active: 0, waiting: 0 });
    });

    it('a database error midway cuts the answer short (it never closes its array) and frees the export\'s place; the next export answers in full', async () => {
      const db = s.services.db;
      const expected = await (await get('/admin/bookings')).text();
      const failure = Object.assign(new Error('Lost connection to the database during query'), { code: 'PROTOCOL_CONNECTION_LOST' });
      if (kind === 'mysql') {
        // The real streamed query, failing after its first batch (stream-rows.test.ts fails one in MariaDB itself).
        const real = db.streamRows.bind(db);
        jest.spyOn(db, 'streamRows').mockImplementationOnce(async function* (sql: string, values: readonly unknown[], batch: number) {
          const rows = real(sql, values, batch);
          try {
            yield (await rows.next()).value as Array<Record<string, unknown>>;
            throw failure;
          } finally {
            await rows.return(undefined);
          }
        });
      } else {
        const real = db.selectRows.bind(db);
        let reads = 0;
        jest.spyOn(db, 'selectRows').mockImplementation(async (sql, values) => {
          if (/FROM "bookings"/.test(sql) && ++reads === 2) throw failure;
          return real(sql, values);
        });
      }
      try {
        const res = await get('/admin/bookings');
        expect(res.status).toBe(200);
        const body = await res.text().catch(() => null);
        expect(body === null || !body.endsWith(']')).toBe(true);
      } finally {
        jest.restoreAllMocks();
      }
      for (let i = 0; i < 50 && exportGate.load.active > 0; i++) await new Promise((r) => setTimeout(r, 20));
      expect(exportGate.load).toEqual({ active: 0, waiting: 0 });
      expect(await (await get('/admin/bookings')).text()).toBe(expected);
    });

    it('refuses a bad parameter with a 400 naming it, on every list', async () => {
      for (const [path, field] of [
        ['/admin/bookings?limit=0', 'limit'],
        ['/admin/bookings?limit=abc', 'limit'],
        ['/admin/bookings?limit=201', 'limit'],
        ['/admin/bookings?cursor=nonsense', 'cursor'],
        ['/admin/bookings?status=exploded', 'status'],
        ['/admin/bookings?payment_status=maybe', 'payment_status'],
        ['/admin/bookings?from=yesterday', 'from'],
        [`/admin/bookings?text=${'x'.repeat(201)}`, 'text'],
        ['/admin/messages?topic=gear', 'topic'],
        ['/admin/messages?to=soon', 'to'],
        ['/admin/messages?limit=-1', 'limit'],
        ['/admin/workshops/zion-canyon-light/waitlist?state=sleeping', 'state'],
        ['/admin/workshops/zion-canyon-light/waitlist?cursor=x', 'cursor'],
        ['/admin/overdue?limit=1000', 'limit'],
      ]) {
        const res = await get(path);
        expect({ path, status: res.status }).toEqual({ path, status: 400 });
        const body = (await res.json()) as { code: string; errors: Array<{ field: string }> };
        expect({ path, code: body.code, field: body.errors[0].field }).toEqual({ path, code: 'BAD_REQUEST', field });
      }
      expect((await get('/admin/workshops/no-such-workshop/waitlist')).status).toBe(404);
      expect((await fetch(`${s.url}/api/admin/bookings`)).status).toBe(401);
    });
  });

  describe('waiting lists', () => {
    it('a page of a workshop\'s entries, oldest first, with the counts per state; over REST whole or paged', async () => {
      const workshopId = 'alaska-bears-glaciers';
      const states = [WaitlistState.waiting, WaitlistState.offered, WaitlistState.waiting, WaitlistState.removed, WaitlistState.pending];
      const entries = states.map((state, i) =>
        s.services.db.manager.create(WaitlistEntry, { id: crypto.randomUUID(), workshopId, name: `Person ${i}`, email: `p${i}@example.com`, spots: 2, state, offerTokenHash: null, offeredAt: null, offerExpiresAt: null, bookingId: null, createdAt: at(i < 2 ? 5 : i), confirmedAt: at(i), clientKeyHash: null }),
      );
      await s.services.db.manager.insert(WaitlistEntry, entries);
      const expected = [...entries].sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime() || (a.id < b.id ? -1 : 1)).map((e) => e.id);

      type WaitlistPage = Page & { totalCount: number; stateCounts: Array<{ value: string; count: number }> };
      const page = async (variables: Record<string, unknown>) => {
        const res = await gql<{ adminWaitlistPage: WaitlistPage }>(
          'query($w: ID!, $state: WaitlistState, $limit: Int!, $cursor: String) { adminWaitlistPage(workshopId: $w, state: $state, limit: $limit, cursor: $cursor) { items { id } nextCursor hasMore totalCount stateCounts { value count } } }',
          { w: workshopId, limit: 2, ...variables },
        );
        return res.data!.adminWaitlistPage;
      };
      const seen: string[] = [];
      let cursor: string | null = null;
      do {
        const p: WaitlistPage = await page({ cursor });
        expect(p.totalCount).toBe(5);
        seen.push(...p.items.map((e) => e.id));
        cursor = p.nextCursor;
      } while (cursor);
      expect(seen).toEqual(expected);

      const waiting = await page({ state: 'waiting', limit: 50 });
      expect(waiting).toMatchObject({ totalCount: 2, hasMore: false, stateCounts: [{ value: 'offered', count: 1 }, { value: 'pending', count: 1 }, { value: 'removed', count: 1 }, { value: 'waiting', count: 2 }] });

      const whole = await get(`/admin/workshops/${workshopId}/waitlist`);
      const stored = await s.services.db.manager.find(WaitlistEntry, { where: { workshopId }, order: { createdAt: 'ASC', id: 'ASC' } });
      expect(await whole.text()).toBe(JSON.stringify(stored.map(adminWaitlistEntryJson)));
      const first = await get(`/admin/workshops/${workshopId}/waitlist?limit=3`);
      expect(((await first.json()) as Array<{ id: string }>).map((e) => e.id)).toEqual(expected.slice(0, 3));
      const rest = await get(`/admin/workshops/${workshopId}/waitlist?limit=3&cursor=${first.headers.get('x-next-cursor')}`);
      expect(((await rest.json()) as Array<{ id: string }>).map((e) => e.id)).toEqual(expected.slice(3));
      expect(rest.headers.get('x-next-cursor')).toBeNull();

      const unknown = await gql('{ adminWaitlistPage(workshopId: "nope") { totalCount } }');
      expect(unknown.errors?.[0].extensions?.code).toBe('NOT_FOUND');
    });
  });

  describe('overdue balances in SQL', () => {
    it('lists what the rule in JavaScript listed, in each workshop\'s time zone, paged', async () => {
      const confirmed = { status: 'confirmed', paymentStatus: 'deposit_paid', totalCents: 300_000, amountPaidCents: 90_000 } as const;
      // Yellowstone (Feb 2): its balance was due on Dec 3. Zion (Apr 13, Denver): due Feb 12.
      const yellowstone = await insertBooking(s.services.db, { ...confirmed, workshopId: 'yellowstone-winter-wildlife', createdAt: at(-3) });
      const zion = await insertBooking(s.services.db, { ...confirmed, workshopId: 'zion-canyon-light', createdAt: at(-2) });
      await insertBooking(s.services.db, { ...confirmed, workshopId: 'yellowstone-winter-wildlife', amountPaidCents: 300_000, paymentStatus: 'paid', createdAt: at(-1) });
      await insertBooking(s.services.db, { ...confirmed, workshopId: 'yellowstone-winter-wildlife', status: 'cancelled', createdAt: at(-1) });
      const plan = (o: BookingOverrides) => insertBooking(s.services.db, { ...confirmed, paymentOption: 'payment_plan' as never, workshopId: 'new-orleans-portrait-light', ...o });
      const failed = await plan({ createdAt: at(-4) });
      const lateInstallment = await plan({ createdAt: at(-5) });
      const onTime = await plan({ createdAt: at(-6) });
      const installment = (bookingId: string, number: number, dueDate: string, state: InstallmentState) =>
        s.services.db.manager.insert(BookingInstallment, { id: crypto.randomUUID(), bookingId, number, dueDate, amountCents: 50_000, state, failedAttempts: 0, lastError: null, paidAt: null });
      await installment(failed.id, 2, '2026-06-01', InstallmentState.failed);
      await installment(lateInstallment.id, 2, '2026-02-10', InstallmentState.scheduled);
      await installment(onTime.id, 2, '2026-03-10', InstallmentState.scheduled);

      type Overdue = Page & { totalCount: number };
      const overdue = async (limit = 50, cursor: string | null = null) =>
        (await gql<{ adminOverduePage: Overdue }>('query($limit: Int!, $cursor: String) { adminOverduePage(limit: $limit, cursor: $cursor) { items { id } nextCursor hasMore totalCount } }', { limit, cursor })).data!.adminOverduePage;

      // Feb 13, 03:00 UTC: still Feb 12 in Denver (Zion's balance not late yet there); the Feb 10 installment is late.
      now = new Date('2026-02-13T03:00:00.000Z');
      let page = await overdue();
      expect(page.items.map((b) => b.id)).toEqual(await overdueAsBefore(s, now));
      expect(page.items.map((b) => b.id)).toEqual([lateInstallment.id, failed.id, yellowstone.id]);
      // Feb 13, 08:00 UTC: Feb 13 in Denver too.
      now = new Date('2026-02-13T08:00:00.000Z');
      page = await overdue();
      expect(page.items.map((b) => b.id)).toEqual(await overdueAsBefore(s, now));
      expect(page.items.map((b) => b.id)).toEqual([lateInstallment.id, failed.id, yellowstone.id, zion.id]);
      expect(page.totalCount).toBe(4);

      const first = await overdue(3);
      expect(first).toMatchObject({ hasMore: true, totalCount: 4 });
      expect((await overdue(3, first.nextCursor)).items.map((b) => b.id)).toEqual([zion.id]);
      const rest = await get('/admin/overdue');
      expect(((await rest.json()) as Array<{ id: string }>).map((b) => b.id)).toEqual(page.items.map((b) => b.id));
      now = new Date('2026-01-15T12:00:00.000Z');
    });
  });
});
