import { Booking } from '../../booking/booking.entity';
import { CommunityMessage } from '../../community/community-message.entity';
import { createTestDb, DB_KINDS, type TestDb } from '../../test/db';
import { insertBooking, insertMessage } from '../../test/rows';
import { encodeCursor, readAll, type KeysetOrder } from './keyset';
import { hydrateInPlace, readRawBatches, rowHydrator, streamedQuery } from './raw-batches';

const T0 = new Date('2026-02-01T08:00:00.000Z');
const at = (minutes: number, ms = 0) => new Date(T0.getTime() + minutes * 60_000 + ms);

describe.each(DB_KINDS)('readRawBatches and rowHydrator on %s', (kind) => {
  let t: TestDb;
  beforeAll(async () => {
    t = await createTestDb(kind);
    // Ties on created_at (told apart by id), milliseconds, nulls and non-ASCII text, across several batches.
    for (let i = 0; i < 23; i++) {
      await insertBooking(t.db, {
        customerName: `Zoë O'Brien "${i}" — ünïcödé`,
        createdAt: at(i % 7, i % 3),
        holdExpiresAt: i % 4 === 0 ? at(60, 123) : null,
        installments: i % 5 === 0 ? 4 : null,
        specialRequests: i % 2 ? 'A ground-floor room\nplease' : null,
        age: i % 6 === 0 ? null : 30 + i,
        ...(i === 3 ? { reference: null } : {}),
        amountRefundedCents: i % 3 === 0 ? 1_050 : 0,
        feeCents: i % 8 === 0 ? 7_500 : 0,
        refundCapCents: i === 5 ? 10_000 : null,
        numParticipants: 1 + (i % 3),
      });
    }
    for (let i = 0; i < 9; i++) await insertMessage(t.db, { createdAt: at(i % 4), message: `Message ${i} with "quotes" and émojis 📷` });
  });
  afterAll(() => t?.drop());

  const ORDERS: KeysetOrder[] = [
    { alias: 'b', time: 'createdAt', id: 'id', direction: 'DESC' },
    { alias: 'b', time: 'createdAt', id: 'id', direction: 'ASC' },
    { alias: 'b', time: 'customerName', id: 'id', direction: 'ASC', kind: 'text', name: 'name-ASC' },
    { alias: 'b', time: 'numParticipants', id: 'id', direction: 'DESC', kind: 'int', name: 'spots-DESC' },
  ];

  it.each(ORDERS.map((o) => [`${o.time} ${o.direction}`, o] as const))('reads every row once in the order %s, in batches, the same entities as getMany', async (_name, order) => {
    const build = () => t.db.manager.createQueryBuilder(Booking, 'b');
    const expected: Booking[] = [];
    for await (const batch of readAll(build, order, null, 1000)) expected.push(...batch);
    expect(expected).toHaveLength(23);
    const hydrate = rowHydrator(t.db, Booking, 'b');
    const batches: Booking[][] = [];
    for await (const rows of readRawBatches(t.db, build, order, null, 5)) batches.push(rows.map(hydrate));
    expect(batches.map((b) => b.length)).toEqual([5, 5, 5, 5, 3]);
    const got = batches.flat();
    expect(got[0]).toBeInstanceOf(Booking);
    // Every column, each value converted as TypeORM's hydration converts it (dates, nulls, numbers).
    expect(got).toEqual(expected);
  });

  it('lets the caller make each batch into entities in place and empty it before the next is read (the exports drop their rows: decision 106)', async () => {
    const order = ORDERS[1];
    const build = () => t.db.manager.createQueryBuilder(Booking, 'b');
    const expected = (await build().orderBy('b.createdAt', 'ASC').addOrderBy('b.id', 'ASC').getMany()).map((b) => b.id);
    const hydrate = rowHydrator(t.db, Booking, 'b');
    const ids: string[] = [];
    for await (const rows of readRawBatches(t.db, build, order, null, 5)) {
      const raw = rows.slice();
      const entities = hydrateInPlace(rows, hydrate);
      // The same array, now of the entities the rows make.
      expect(entities).toBe(rows);
      expect(entities).toEqual(raw.map(hydrate));
      ids.push(...entities.map((b) => b.id));
      entities.length = 0;
    }
    expect(ids).toEqual(expected);
  });

  it('starts after a cursor, applies the filters of the query, and stops on an exact multiple of the batch', async () => {
    const order = ORDERS[0];
    const build = () => t.db.manager.createQueryBuilder(Booking, 'b').where('b.numParticipants = :n', { n: 2 });
    const all = await build().orderBy('b.createdAt', 'DESC').addOrderBy('b.id', 'DESC').getMany();
    const hydrate = rowHydrator(t.db, Booking, 'b');
    const read = async (from: Booking | null, batch: number) => {
      const out: string[] = [];
      const cursor = from ? { at: from.createdAt, id: from.id } : null;
      for await (const rows of readRawBatches(t.db, build, order, cursor, batch)) out.push(...rows.map((r) => hydrate(r).id));
      return out;
    };
    expect(await read(null, all.length)).toEqual(all.map((b) => b.id));
    expect(await read(all[2], 2)).toEqual(all.slice(3).map((b) => b.id));
    expect(encodeCursor(all[2].createdAt, all[2].id)).toBeTruthy();
  });

  (kind === 'mysql' ? it : it.skip)('on MySQL/MariaDB reads an unfiltered list on its order\'s index, from the first row (no filesort), and leaves a filtered one to the optimizer (decision 108)', async () => {
    const order: KeysetOrder = { alias: 'b', time: 'createdAt', id: 'id', direction: 'DESC', index: 'idx_bookings_created' };
    const build = () => t.db.manager.createQueryBuilder(Booking, 'b');
    const [sql, values] = streamedQuery(build(), order, null);
    expect(sql).toContain('FORCE INDEX (`idx_bookings_created`)');
    expect(sql).not.toMatch(/LIMIT/);
    const plan = (await t.db.manager.query(`EXPLAIN ${sql}`, values)) as Array<{ key: string | null; Extra: string | null }>;
    expect(plan[0].key).toBe('idx_bookings_created');
    expect(plan[0].Extra ?? '').not.toMatch(/filesort/);
    // After a cursor: the same index, from the cursor's position.
    const [afterSql] = streamedQuery(build(), order, { at: at(3), id: 'm' });
    expect(afterSql).toContain('FORCE INDEX (`idx_bookings_created`)');
    // A filter keeps the optimizer's own plan, and so does a query that names its index.
    expect(streamedQuery(build().where('b.numParticipants = :n', { n: 2 }), order, null)[0]).not.toMatch(/INDEX/);
    expect(streamedQuery(build().useIndex('idx_bookings_status_created'), order, null)[0]).toContain('USE INDEX (`idx_bookings_status_created`)');
  });

  it('hydrates a joined query\'s main entity, leaving the joined columns in the raw row', async () => {
    const order: KeysetOrder = { alias: 'm', time: 'createdAt', id: 'id', direction: 'DESC' };
    const build = () => t.db.manager.createQueryBuilder(CommunityMessage, 'm').leftJoin('m.workshop', 'w').addSelect(['w.id', 'w.name']);
    const expected = await build().orderBy('m.createdAt', 'DESC').addOrderBy('m.id', 'DESC').getMany();
    const hydrate = rowHydrator(t.db, CommunityMessage, 'm');
    const got: CommunityMessage[] = [];
    const names: unknown[] = [];
    for await (const rows of readRawBatches(t.db, build, order, null, 4)) {
      got.push(...rows.map(hydrate));
      names.push(...rows.map((r) => r.w_name));
    }
    expect(got.map((m) => ({ ...m }))).toEqual(expected.map(({ workshop: _w, ...m }) => m));
    expect(names).toEqual(expected.map((m) => m.workshop?.name));
  });
});
