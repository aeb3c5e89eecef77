import { ENTITIES } from '../../entities';
import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import { createApp, type App } from '../../transport/app';
import { loadConfig } from '../config/env';
import { createLogger } from '../logger';
import { createServices, type Services } from '../../composition-root';
import { aBookingBody } from '../../test/builders';
import { createTestDb, type TestDb } from '../../test/db';
import { seasonClock } from '../../test/app';
import { TcpProxy } from '../../test/tcp-proxy';
import { openDatabase, type Database } from './data-source';

// MySQL/MariaDB only: the embedded SQLite file cannot be "down". CI sets TEST_MYSQL_URL.
const describeMysql = process.env.TEST_MYSQL_URL ? describe : describe.skip;

describeMysql('database outage (MariaDB behind a TCP proxy that is cut and restored)', () => {
  let testDb: TestDb;
  let proxy: TcpProxy;
  let db: Database;
  let app: App;
  let services: Services;
  let server: Server;
  let url: string;

  beforeAll(async () => {
    testDb = await createTestDb('mysql'); // migrated and seeded directly
    const direct = new URL((testDb.config as { url: string }).url);
    proxy = await new TcpProxy({ host: direct.hostname, port: Number(direct.port || 3306) }).start();
    const viaProxy = new URL(direct);
    viaProxy.hostname = '127.0.0.1';
    viaProxy.port = String(proxy.port);
    db = await openDatabase({ kind: 'mysql', url: viaProxy.toString() }, { entities: ENTITIES });
    const config = loadConfig({ NODE_ENV: 'test', ADMIN_PASSWORD: 'correct-horse-battery' });
    services = createServices(config, db, createLogger(process.env.TEST_LOG_LEVEL ?? 'silent'), seasonClock);
    app = await createApp(services);
    server = await app.listen(0, '127.0.0.1');
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });

  afterAll(async () => {
    server?.closeAllConnections();
    await new Promise<void>((r) => (server ? server.close(() => r()) : r()));
    await app?.stop();
    await db?.close().catch(() => undefined);
    await proxy?.close();
    await testDb?.drop();
  });

  const timed = async (path: string, init?: RequestInit) => {
    const start = Date.now();
    const res = await fetch(`${url}${path}`, init);
    return { res, ms: Date.now() - start, body: await res.json() };
  };

  it('answers 503 quickly while the database is down, says so in /api/health, and recovers by itself', async () => {
    expect((await timed('/api/workshops')).res.status).toBe(200);

    await proxy.cut();

    // The workshop catalog is held in memory (workshop/workshop-catalog.ts): a warm catalog
    // keeps answering while the database is away (no booking can change it meanwhile)...
    expect((await timed('/api/workshops')).res.status).toBe(200);
    // The board and the participants panel read the database itself (Database.selectRows,
    // past TypeORM's query runner): a clear 503 as well.
    const board = await timed('/api/workshops/zion-canyon-light/messages');
    expect(board.res.status).toBe(503);
    expect(board.body).toMatchObject({ code: 'SERVICE_UNAVAILABLE' });
    const panel = await timed('/graphql', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ query: 'query ($w: ID!) { participants(workshopId: $w) { totalParticipants } }', variables: { w: 'zion-canyon-light' } }),
    });
    expect(panel.res.status).toBe(503);
    expect(panel.body.errors[0].extensions.code).toBe('SERVICE_UNAVAILABLE');
    // ...until it expires or is invalidated; then the read needs the database and fails fast.
    services.workshops.catalog.invalidate();
    const list = await timed('/api/workshops');
    expect(list.res.status).toBe(503);
    expect(list.body).toMatchObject({ code: 'SERVICE_UNAVAILABLE', detail: 'The database is unavailable. Please try again shortly.' });
    expect(list.ms).toBeLessThan(6000);

    const health = await timed('/api/health');
    expect(health.res.status).toBe(503);
    expect(health.body).toEqual({ status: 'degraded', database: 'down' });

    const booking = await timed('/api/bookings', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(aBookingBody()) });
    expect(booking.res.status).toBe(503);
    expect(booking.ms).toBeLessThan(6000);

    const gql = await timed('/graphql', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ query: '{ workshops { id } }' }) });
    expect(gql.res.status).toBe(503);
    expect(gql.body.errors[0].extensions.code).toBe('SERVICE_UNAVAILABLE');

    await proxy.restore();

    // No restart: the pool reconnects on the next requests.
    let status = 0;
    for (let i = 0; i < 50 && status !== 200; i++) {
      status = (await fetch(`${url}/api/workshops`)).status;
      if (status !== 200) await new Promise((r) => setTimeout(r, 200));
    }
    expect(status).toBe(200);
    expect((await timed('/api/health')).body).toEqual({ status: 'ok', database: 'up' });
    const again = await timed('/api/bookings', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(aBookingBody()) });
    expect(again.res.status).toBe(201);
  });
});
