import { createTestDb, type TestDb } from '../../test/db';
import { STREAM_WRITE_TIMEOUT_S, type Database } from './data-source';

// MySQL/MariaDB only: SQLite's exports read synchronously (Database.selectRows). CI sets TEST_MYSQL_URL.
const describeMysql = process.env.TEST_MYSQL_URL ? describe : describe.skip;

/** The mysql2 pool connection streamRows takes, watched: rows it parsed, pauses, resumes, how it ended. */
interface Watched {
  parsed: number;
  pauses: number;
  resumes: number;
  released: number;
  destroyed: number;
  statements: string[];
}

function watchNextConnection(db: Database): Watched {
  const pool = (db.dataSource.driver as unknown as { pool: { getConnection: (cb: (err: Error | null, c: Record<string, (...a: unknown[]) => unknown>) => void) => void } }).pool;
  const watched: Watched = { parsed: 0, pauses: 0, resumes: 0, released: 0, destroyed: 0, statements: [] };
  const original = pool.getConnection.bind(pool);
  jest.spyOn(pool, 'getConnection').mockImplementationOnce((callback) =>
    original((err, c) => {
      if (c) {
        for (const [name, key] of [['pause', 'pauses'], ['resume', 'resumes'], ['release', 'released'], ['destroy', 'destroyed']] as const) {
          const f = c[name].bind(c);
          jest.spyOn(c, name).mockImplementation((...a: unknown[]) => {
            watched[key]++;
            return f(...a);
          });
        }
        const query = c.query.bind(c);
        jest.spyOn(c, 'query').mockImplementation((...a: unknown[]) => {
          const sql = (a[0] as { sql: string }).sql;
          watched.statements.push(sql);
          const q = query(...a) as { on: (e: string, l: () => void) => unknown };
          return sql.startsWith('SELECT') ? q.on('result', () => watched.parsed++) : q;
        });
      }
      callback(err, c);
    }),
  );
  return watched;
}

const ROWS = 3000;
const PAD = 'x'.repeat(2000);

describeMysql('Database.streamRows (MySQL/MariaDB: one query streamed, docs/decisions/108)', () => {
  let t: TestDb;
  beforeAll(async () => {
    t = await createTestDb('mysql', { seed: false });
    await t.db.manager.query('CREATE TABLE stream_probe (n INT PRIMARY KEY, pad TEXT NOT NULL)');
    // About 6 MB: more than the sockets between the server and the app hold.
    for (let from = 0; from < ROWS; from += 500) {
      const ns = Array.from({ length: 500 }, (_, i) => from + i);
      await t.db.manager.query(`INSERT INTO stream_probe (n, pad) VALUES ${ns.map(() => '(?, ?)').join(', ')}`, ns.flatMap((n) => [n, `${n}:${PAD}`]));
    }
  });
  afterEach(() => jest.restoreAllMocks());

  /** Whether the server has no thread running `sql` any more, within two seconds. */
  const queryGone = async (sql: string): Promise<boolean> => {
    for (let i = 0; i < 40; i++) {
      const running = (await t.db.selectRows('SELECT COUNT(*) AS c FROM information_schema.PROCESSLIST WHERE INFO = ?', [sql])) as Array<{ c: number | string }>;
      if (Number(running[0].c) === 0) return true;
      await new Promise((r) => setTimeout(r, 50));
    }
    return false;
  };
  afterAll(() => t?.drop());

  it('gives every row once, in the query\'s order, in arrays of the batch, and gives the connection back to the pool', async () => {
    const watched = watchNextConnection(t.db);
    const sizes: number[] = [];
    const ns: number[] = [];
    for await (const rows of t.db.streamRows('SELECT n, pad FROM stream_probe WHERE n >= ? ORDER BY n DESC', [7], 400)) {
      sizes.push(rows.length);
      for (const row of rows) {
        expect(row.pad).toBe(`${row.n}:${PAD}`);
        ns.push(row.n as number);
      }
    }
    expect(sizes).toEqual([...Array<number>(7).fill(400), ROWS - 7 - 7 * 400]);
    expect(ns).toEqual(Array.from({ length: ROWS - 7 }, (_, i) => ROWS - 1 - i));
    expect(watched).toMatchObject({ parsed: ROWS - 7, released: 1, destroyed: 0 });
    // The server waits on a paused connection longer than its default 60 s (a client reading slowly).
    expect(watched.statements).toEqual(['SET SESSION net_write_timeout = ?', 'SELECT n, pad FROM stream_probe WHERE n >= ? ORDER BY n DESC']);
    expect(STREAM_WRITE_TIMEOUT_S).toBeGreaterThanOrEqual(600);
    expect(await t.db.selectRows('SELECT COUNT(*) AS c FROM stream_probe', [])).toEqual([{ c: String(ROWS) }]);
  });

  it('stops reading while a full batch waits for the caller (backpressure), and reads on when it is taken', async () => {
    const watched = watchNextConnection(t.db);
    const stream = t.db.streamRows('SELECT n, pad FROM stream_probe ORDER BY n', [], 100);
    const first = await stream.next();
    expect(first.value).toHaveLength(100);
    // The caller holds back: the server's rows wait in the sockets, not in the app.
    await new Promise((r) => setTimeout(r, 300));
    expect(watched.pauses).toBeGreaterThanOrEqual(1);
    expect(watched.parsed).toBeLessThanOrEqual(2 * 100);
    let total = 100;
    for (let next = await stream.next(); !next.done; next = await stream.next()) total += next.value.length;
    expect(total).toBe(ROWS);
    expect(watched.resumes).toBeGreaterThanOrEqual(watched.pauses);
    expect(watched).toMatchObject({ parsed: ROWS, released: 1, destroyed: 0 });
  });

  it('a caller that stops early closes the connection (the server drops the query); the pool goes on with others', async () => {
    const watched = watchNextConnection(t.db);
    for await (const rows of t.db.streamRows('SELECT n, pad FROM stream_probe ORDER BY n', [], 50)) {
      expect(rows).toHaveLength(50);
      break;
    }
    expect(watched).toMatchObject({ released: 0, destroyed: 1 });
    expect(watched.parsed).toBeLessThan(ROWS);
    expect(await t.db.selectRows('SELECT COUNT(*) AS c FROM stream_probe', [])).toEqual([{ c: String(ROWS) }]);
    // The server gives the query up at once: it is not left writing to a half-closed connection
    // (mysql2's destroy() alone ends only the app's side) until net_write_timeout, holding its locks.
    await expect(queryGone('SELECT n, pad FROM stream_probe ORDER BY n')).resolves.toBe(true);

    // Through generators wrapping it, as the services' and sendJsonArray's do: `return` reaches it.
    const again = watchNextConnection(t.db);
    async function* wrapped(): AsyncGenerator<number[]> {
      for await (const rows of t.db.streamRows('SELECT n, pad FROM stream_probe ORDER BY n', [], 50)) yield rows.map((r) => r.n as number);
    }
    const outer = wrapped();
    expect((await outer.next()).value).toEqual(Array.from({ length: 50 }, (_, i) => i));
    await outer.return(undefined);
    expect(again).toMatchObject({ released: 0, destroyed: 1 });
    await expect(queryGone('SELECT n, pad FROM stream_probe ORDER BY n')).resolves.toBe(true);
  });

  it('a database error after some rows were sent is thrown by the next read, after the rows before it (the export is then cut short)', async () => {
    const watched = watchNextConnection(t.db);
    // The subquery has two rows from n = 1000 on: MariaDB fails the statement there, mid-result.
    const sql = 'SELECT n, (SELECT 1 UNION ALL SELECT 2 FROM DUAL WHERE p.n >= 1000) AS x FROM stream_probe p ORDER BY n';
    const got: number[] = [];
    let failure: unknown = null;
    try {
      for await (const rows of t.db.streamRows(sql, [], 200)) got.push(...rows.map((r) => r.n as number));
    } catch (err) {
      failure = err;
    }
    expect(failure).toMatchObject({ code: 'ER_SUBQUERY_NO_1_ROW' });
    expect(got).toEqual(Array.from({ length: 1000 }, (_, i) => i));
    expect(watched).toMatchObject({ released: 0, destroyed: 1 });
    expect(await t.db.selectRows('SELECT COUNT(*) AS c FROM stream_probe', [])).toEqual([{ c: String(ROWS) }]);
  });

  it('a failing statement fails the first read', async () => {
    await expect(t.db.streamRows('SELECT nope FROM stream_probe', [], 10).next()).rejects.toMatchObject({ code: 'ER_BAD_FIELD_ERROR' });
  });
});
