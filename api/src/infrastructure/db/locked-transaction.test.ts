import { createTestDb, DB_KINDS, type TestDb } from '../../test/db';
import { LockTimeoutError } from './data-source';

// The named locks that serialise one client's and one email's bookings (docs/decisions/056),
// taken in one statement and released in one (MariaDB; SQLite serialises every write anyway).
describe.each(DB_KINDS.filter((k) => k === 'mysql'))('lockedTransaction on %s', (kind) => {
  let t: TestDb;
  beforeAll(async () => {
    t = await createTestDb(kind, { seed: false });
  });
  afterAll(() => t?.drop());

  const held = async (name: string): Promise<boolean> => {
    const [row] = (await t.db.dataSource.query('SELECT IS_USED_LOCK(?) AS owner', [name])) as Array<{ owner: unknown }>;
    return row.owner !== null;
  };

  it('holds every lock while the work runs and none after', async () => {
    const names = [`test:a:${Date.now()}`, `test:b:${Date.now()}`];
    const during = await t.db.lockedTransaction(names, async () => [await held(names[0]), await held(names[1])]);
    expect(during).toEqual([true, true]);
    expect([await held(names[0]), await held(names[1])]).toEqual([false, false]);
  });

  it('a lock another session holds times out with LockTimeoutError naming it, and the locks it did take are given back', async () => {
    const free = `test:free:${Date.now()}`;
    const busy = `test:busy:${Date.now()}`;
    let release!: () => void;
    const blocking = new Promise<void>((r) => (release = r));
    let started!: () => void;
    const isHolding = new Promise<void>((r) => (started = r));
    const holder = t.db.lockedTransaction([busy], async () => {
      started();
      await blocking;
    });
    await isHolding;
    let ran = false;
    const attempt = t.db.lockedTransaction(
      [free, busy],
      async () => {
        ran = true;
      },
      1,
    );
    await expect(attempt).rejects.toEqual(new LockTimeoutError(busy));
    expect(ran).toBe(false);
    expect(await held(free)).toBe(false);
    release();
    await holder;
    expect(await held(busy)).toBe(false);
  });
});
