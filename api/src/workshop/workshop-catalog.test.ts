import http from 'node:http';
import crypto from 'node:crypto';
import { startTestServer, type TestServer } from '../test/app';
import { DB_KINDS } from '../test/db';
import { aBookingBody } from '../test/builders';
import { countQueries } from '../test/query-counter';
import { copyRowInSql } from '../test/rows';
import { BookingStatus } from '../booking/booking.types';
import { CommunityMessage } from '../community/community-message.entity';
import { MessageTopic } from '../community/community.types';
import { Workshop } from './workshop.entity';

/** The catalog's read of its window: the runs by their last day. */
const WINDOW_READ = /end_date[`"]?\s*>=/;

const ADMIN = `Basic ${Buffer.from('admin:correct-horse-battery').toString('base64')}`; // startTestServer's password

/** The `workshops` query with every field a page asks for. */
const ALL_WORKSHOP_FIELDS = `{ workshops { id name description location state dates startDate endDate timeZone durationDays price
  priceCents capacity spotsClaimed availableSpots difficultyLevel workshopType imageUrl highlights itinerary privateRoomSupplement } }`;

describe.each(DB_KINDS)('workshop catalog cache and read path on %s', (kind) => {
  let s: TestServer;
  const spotsOf = async (id: string) => {
    const list = (await (await fetch(`${s.url}/api/workshops`)).json()) as Array<{ id: string; available_spots: number; image_url: string }>;
    return list.find((w) => w.id === id)!;
  };
  const gqlSpots = async (id: string) => {
    const res = await s.gql<{ workshop: { availableSpots: number } }>(`query($id: ID!) { workshop(id: $id) { availableSpots } }`, { id });
    return res.data!.workshop.availableSpots;
  };

  beforeAll(async () => {
    s = await startTestServer(kind);
  });
  afterAll(() => s?.close());

  it('serves repeated reads of the catalog from memory: no SQL after the first', async () => {
    const counter = countQueries(s.services.db);
    try {
      s.services.workshops.catalog.invalidate();
      await fetch(`${s.url}/api/workshops`);
      expect(counter.queries.filter((q) => /workshops/i.test(q))).toHaveLength(1);
      counter.reset();
      await fetch(`${s.url}/api/workshops`);
      await fetch(`${s.url}/api/workshops/zion-canyon-light`);
      await s.gql(ALL_WORKSHOP_FIELDS);
      expect(counter.queries).toEqual([]);
    } finally {
      counter.restore();
    }
  });

  it('the workshops query with all its fields is one SQL statement cold and none warm (no N+1)', async () => {
    const counter = countQueries(s.services.db);
    try {
      s.services.workshops.catalog.invalidate();
      const cold = await s.gql<{ workshops: unknown[] }>(ALL_WORKSHOP_FIELDS);
      expect(cold.errors).toBeUndefined();
      expect(cold.data!.workshops).toHaveLength(11);
      expect(counter.queries).toHaveLength(1);
      counter.reset();
      await s.gql(ALL_WORKSHOP_FIELDS);
      expect(counter.queries).toHaveLength(0);
    } finally {
      counter.restore();
    }
  });

  it('a list of messages on many workshops resolves workshopName with one batched catalog read', async () => {
    const workshops = await s.services.db.manager.find(Workshop);
    const now = Date.now();
    await s.services.db.manager.insert(
      CommunityMessage,
      workshops.map((w, i) => ({
        id: crypto.randomUUID(),
        workshopId: w.id,
        authorName: `Poster ${i}`,
        authorEmail: `p${i}@example.com`,
        message: `Hello ${i}`,
        topic: MessageTopic.general,
        createdAt: new Date(now - i * 1000),
      })),
    );
    const load = jest.spyOn(s.services.workshops, 'findByIds');
    const counter = countQueries(s.services.db);
    try {
      s.services.workshops.catalog.invalidate();
      const res = await s.gql<{ adminMessages: Array<{ workshopId: string; workshopName: string }> }>(
        '{ adminMessages { id workshopId workshopName } }',
        {},
        { authorization: ADMIN },
      );
      expect(res.errors).toBeUndefined();
      expect(res.data!.adminMessages.length).toBeGreaterThanOrEqual(11);
      const names = new Map(workshops.map((w) => [w.id, w.name]));
      for (const m of res.data!.adminMessages) expect(m.workshopName).toBe(names.get(m.workshopId));
      // The messages query itself plus at most one catalog read, whatever the number of messages.
      expect(counter.queries.length).toBeLessThanOrEqual(2);
      expect(load.mock.calls.length).toBeLessThanOrEqual(1);
    } finally {
      counter.restore();
      load.mockRestore();
    }
  });

  it('a booking shows at once: GET /api/workshops and GraphQL answer the new available spots', async () => {
    const id = 'grand-teton-autumn';
    const before = (await spotsOf(id)).available_spots; // warms the cache
    expect(await gqlSpots(id)).toBe(before);
    const res = await fetch(`${s.url}/api/bookings`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(aBookingBody({ workshop_id: id, num_participants: 3 })),
    });
    expect(res.status).toBe(201);
    const booking = (await res.json()) as { id: string };
    expect((await spotsOf(id)).available_spots).toBe(before - 3);
    expect(await gqlSpots(id)).toBe(before - 3);
    expect((await (await fetch(`${s.url}/api/workshops/${id}`)).json()).available_spots).toBe(before - 3);

    // Releasing the hold (cancel, expiry) gives the spots back just as fast.
    expect(await s.services.bookings.releaseHold(booking.id, BookingStatus.cancelled)).toBe(true);
    expect((await spotsOf(id)).available_spots).toBe(before);
    expect(await gqlSpots(id)).toBe(before);
  });

  it('a spot claim of the payment path (fulfil after a lapsed hold) shows at once', async () => {
    const id = 'olympic-coast-rainforest';
    const before = (await spotsOf(id)).available_spots;
    await s.services.db.transaction((m) => s.services.bookings.claimSpots(m, id, 2, new Date()));
    expect((await spotsOf(id)).available_spots).toBe(before - 2);
    await s.services.db.transaction((m) => s.services.bookings.releaseSpots(m, id, 2, new Date()));
    expect((await spotsOf(id)).available_spots).toBe(before);
  });

  it('a rolled-back claim changes nothing and leaves the cache correct', async () => {
    const id = 'everglades-wading-birds';
    const before = (await spotsOf(id)).available_spots;
    await expect(
      s.services.db.transaction(async (m) => {
        await s.services.bookings.claimSpots(m, id, 4, new Date());
        throw new Error('abort');
      }),
    ).rejects.toThrow('abort');
    expect((await spotsOf(id)).available_spots).toBe(before);
  });

  it('tells its committed-write listeners (the change bus) after the commit only, never on rollback', async () => {
    const id = 'everglades-wading-birds';
    let told = 0;
    s.services.workshops.catalog.onCommittedWrite(() => told++);
    let toldBeforeCommit = -1;
    await s.services.db.transaction(async (m) => {
      await s.services.bookings.claimSpots(m, id, 1, new Date());
      await s.services.bookings.releaseSpots(m, id, 1, new Date());
      toldBeforeCommit = told;
    });
    expect(toldBeforeCommit).toBe(0);
    expect(told).toBe(1); // once per transaction, however many workshop writes it made
    await expect(
      s.services.db.transaction(async (m) => {
        await s.services.bookings.claimSpots(m, id, 1, new Date());
        throw new Error('abort');
      }),
    ).rejects.toThrow('abort');
    expect(told).toBe(1);
    const res = await fetch(`${s.url}/api/admin/workshops/${id}/photo?image_url=${encodeURIComponent('https://images.example.com/e.jpg')}`, {
      method: 'PUT',
      headers: { authorization: ADMIN },
    });
    expect(res.status).toBe(200);
    expect(told).toBe(2);
  });

  it('a photo update by the admin shows at once', async () => {
    const id = 'zion-canyon-light';
    await spotsOf(id);
    const url = 'https://images.example.com/zion-new.jpg';
    const res = await fetch(`${s.url}/api/admin/workshops/${id}/photo?image_url=${encodeURIComponent(url)}`, {
      method: 'PUT',
      headers: { authorization: ADMIN },
    });
    expect(res.status).toBe(200);
    expect((await spotsOf(id)).image_url).toBe(url);
    const gql = await s.gql<{ workshop: { imageUrl: string } }>('{ workshop(id: "zion-canyon-light") { imageUrl } }');
    expect(gql.data!.workshop.imageUrl).toBe(url);
  });

  it('a write racing a cold read never leaves stale rows in the cache', async () => {
    const id = 'arizona-monsoon-lightning';
    const catalog = s.services.workshops.catalog;
    catalog.invalidate();
    const before = (await catalog.get(id))!.availableSpots;
    catalog.invalidate();
    const racing = catalog.list(); // a read in flight while the write commits
    await s.services.db.transaction((m) => s.services.bookings.claimSpots(m, id, 1, new Date()));
    await racing;
    expect((await catalog.get(id))!.availableSpots).toBe(before - 1);
    await s.services.db.transaction((m) => s.services.bookings.releaseSpots(m, id, 1, new Date()));
    expect((await catalog.get(id))!.availableSpots).toBe(before);
  });

  it('GET /api/workshops has an ETag and answers 304 to a matching If-None-Match', async () => {
    const first = await fetch(`${s.url}/api/workshops`);
    const etag = first.headers.get('etag');
    expect(etag).toMatch(/^W\/"/);
    // node:http, since fetch adds Cache-Control: no-cache to conditional requests.
    const status = await new Promise<number>((resolve, reject) => {
      http.get(`${s.url}/api/workshops`, { headers: { 'if-none-match': etag! } }, (res) => {
        res.resume();
        resolve(res.statusCode!);
      }).on('error', reject);
    });
    expect(status).toBe(304);
  });

  it('a booking refreshes its run in place: one statement reading that run only, the other runs kept as they were', async () => {
    const id = 'grand-teton-autumn';
    const catalog = s.services.workshops.catalog;
    await fetch(`${s.url}/api/workshops`); // warm
    const other = await catalog.get('zion-canyon-light');
    const before = (await spotsOf(id)).available_spots;
    const counter = countQueries(s.services.db);
    try {
      const res = await fetch(`${s.url}/api/bookings`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(aBookingBody({ workshop_id: id, num_participants: 1 })) });
      expect(res.status).toBe(201);
      expect((await spotsOf(id)).available_spots).toBe(before - 1);
      // The booking's own reads of its run, then the catalog's refresh of that run: never the window again.
      const reads = counter.queries.filter((q) => /^SELECT .*FROM [`"]workshops[`"]/is.test(q));
      expect(reads.filter((q) => /IN \(/.test(q))).toHaveLength(1);
      expect(reads.filter((q) => WINDOW_READ.test(q))).toEqual([]);
      // The same frozen object for a run the booking did not touch.
      expect(await catalog.get('zion-canyon-light')).toBe(other);
    } finally {
      counter.restore();
    }
  });

  it('refresh(ids) from another instance reads those runs only; invalidate() reloads the window', async () => {
    const catalog = s.services.workshops.catalog;
    await catalog.list();
    const before = (await catalog.get('alaska-bears-glaciers'))!.spotsClaimed;
    await s.services.db.manager.query(`UPDATE workshops SET spots_claimed = spots_claimed + 1 WHERE id = 'alaska-bears-glaciers'`); // another instance's write, unseen here
    const counter = countQueries(s.services.db);
    try {
      catalog.refresh(['alaska-bears-glaciers']);
      expect((await catalog.get('alaska-bears-glaciers'))!.spotsClaimed).toBe(before + 1);
      expect(counter.queries.filter((q) => /FROM [`"]workshops[`"]/i.test(q))).toHaveLength(1);
      expect(counter.queries[0]).toMatch(/IN \(/);
    } finally {
      counter.restore();
      await s.services.db.manager.query(`UPDATE workshops SET spots_claimed = spots_claimed - 1 WHERE id = 'alaska-bears-glaciers'`);
      catalog.invalidate();
    }
  });

  it('tells its committed-write listeners which runs a spot change touched (the bus carries them to the other instances)', async () => {
    const catalog = s.services.workshops.catalog;
    await catalog.list();
    const told: Array<readonly string[] | undefined> = [];
    catalog.onCommittedWrite((ids) => told.push(ids));
    await s.services.db.transaction((m) => s.services.bookings.claimSpots(m, 'olympic-coast-rainforest', 1, new Date()));
    await s.services.db.transaction((m) => s.services.bookings.releaseSpots(m, 'olympic-coast-rainforest', 1, new Date()));
    expect(told).toEqual([['olympic-coast-rainforest'], ['olympic-coast-rainforest']]);
  });

  it('lists the runs of the window only (upcoming, under way, ended within a year); an older run stays reachable by id', async () => {
    // The server's clock reads 2026-01-15 (seasonClock): a run ended 2024-06-10 is older than a year, one ended 2025-03-05 is not.
    const seed = await s.services.db.manager.findOneByOrFail(Workshop, { id: 'zion-canyon-light' });
    const old = { ...seed, id: 'zion-canyon-light-2024', startDate: '2024-06-05', endDate: '2024-06-10', spotsClaimed: 0 };
    const recent = { ...seed, id: 'zion-canyon-light-2025', startDate: '2025-03-01', endDate: '2025-03-05', spotsClaimed: 0 };
    await s.services.db.manager.insert(Workshop, [old, recent]);
    const counter = countQueries(s.services.db);
    try {
      const list = (await (await fetch(`${s.url}/api/workshops`)).json()) as Array<{ id: string }>;
      expect(list.map((w) => w.id)).toContain('zion-canyon-light-2025');
      expect(list.map((w) => w.id)).not.toContain('zion-canyon-light-2024');
      // The window is read by its last day, never the whole table.
      expect(counter.queries.find((q) => /FROM [`"]workshops[`"]/i.test(q))).toMatch(WINDOW_READ);
    } finally {
      counter.restore();
    }
    const gqlList = await s.gql<{ workshops: Array<{ id: string }> }>('{ workshops { id } }');
    expect(gqlList.data!.workshops.map((w) => w.id)).not.toContain('zion-canyon-light-2024');
    // Reachable by id: REST, GraphQL, and the batched reads (a message's workshopName).
    const one = await fetch(`${s.url}/api/workshops/zion-canyon-light-2024`);
    expect(one.status).toBe(200);
    expect(((await one.json()) as { id: string })).toMatchObject({ id: 'zion-canyon-light-2024' });
    const gqlOne = await s.gql<{ workshop: { id: string; hasEnded: boolean } }>('{ workshop(id: "zion-canyon-light-2024") { id hasEnded } }');
    expect(gqlOne.data!.workshop).toEqual({ id: 'zion-canyon-light-2024', hasEnded: true });
    expect((await s.services.workshops.findByIds(['zion-canyon-light-2024', 'zion-canyon-light', 'nope'])).map((w) => w?.id ?? null)).toEqual(['zion-canyon-light-2024', 'zion-canyon-light', null]);
    expect((await fetch(`${s.url}/api/workshops/no-such-run`)).status).toBe(404);
  });

  it('a spot change of a run outside the window reads nothing and keeps the serialised list', async () => {
    const seed = await s.services.db.manager.findOneByOrFail(Workshop, { id: 'zion-canyon-light' });
    await s.services.db.manager.insert(Workshop, { ...seed, id: 'zion-canyon-light-2022', startDate: '2022-04-13', endDate: '2022-04-18', spotsClaimed: 3 });
    const catalog = s.services.workshops.catalog;
    await fetch(`${s.url}/api/workshops`); // warm: the list is serialised and kept with the snapshot
    const serialised = catalog.peek('rest:/api/workshops');
    expect(serialised).toBeDefined();
    const counter = countQueries(s.services.db);
    try {
      await s.services.db.transaction((m) => s.services.bookings.releaseSpots(m, 'zion-canyon-light-2022', 1, new Date()));
      counter.reset();
      await fetch(`${s.url}/api/workshops`);
      expect(counter.queries.filter((q) => /FROM [`"]workshops[`"]/i.test(q))).toEqual([]);
      expect(catalog.peek('rest:/api/workshops')).toBe(serialised);
      expect((await catalog.get('zion-canyon-light-2022'))!.spotsClaimed).toBe(2);
    } finally {
      counter.restore();
    }
  });

  it('a run the snapshot does not hold (written by another process) shows its spot change at once, not a cached answer (e2e: booking after the admin dashboard)', async () => {
    await fetch(`${s.url}/api/workshops`); // the snapshot, taken before the run exists
    // Written around this app (as another process would: no entity event), a year ahead.
    await copyRowInSql(s.services.db, 'workshops', 'zion-canyon-light', { id: 'zion-canyon-light-elsewhere', start_date: '2027-04-12', end_date: '2027-04-17', spots_claimed: 0 });
    const spots = async () => {
      const res = await fetch(`${s.url}/graphql`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ query: '{ workshop(id: "zion-canyon-light-elsewhere") { availableSpots } }' }) });
      return ((await res.json()) as { data: { workshop: { availableSpots: number } } }).data.workshop.availableSpots;
    };
    expect(await spots()).toBe(12);
    expect(await spots()).toBe(12);
    expect(await spots()).toBe(12); // answered from the cache
    const res = await fetch(`${s.url}/api/bookings`, { method: 'POST', headers: { 'content-type': 'application/json', 'x-forwarded-for': '203.0.113.77' }, body: JSON.stringify(aBookingBody({ workshop_id: 'zion-canyon-light-elsewhere', num_participants: 2 })) });
    expect(res.status).toBe(201);
    expect(await spots()).toBe(10);
  });

  it('hands out frozen objects, so no caller can change the shared snapshot', async () => {
    const w = (await s.services.workshops.findById('zion-canyon-light'))!;
    expect(Object.isFrozen(w)).toBe(true);
    expect(() => {
      (w as { name: string }).name = 'changed';
    }).toThrow(TypeError);
  });
});
