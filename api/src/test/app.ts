import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import type { Server } from 'node:http';
import { loadConfig, type Config } from '../infrastructure/config/env';
import { createLogger, type Logger } from '../infrastructure/logger';
import { createApp, type App } from '../transport/app';
import { clockStartingAt, createServices, type ServiceOptions, type Services } from '../composition-root';
import { createTestDb, type DbKind, type TestDb } from './db';

/**
 * Where the tests' clock stands unless a test sets its own: mid-January 2026,
 * before every workshop of the seeded season starts (a past workshop takes no
 * bookings, docs/decisions/059), advancing in real time from there. The fake
 * Stripe of a test takes `seasonSeconds` so it sees the same time.
 */
export const SEASON_START = new Date('2026-01-15T12:00:00.000Z');
export const seasonClock: () => Date = clockStartingAt(SEASON_START);
export const seasonSeconds = (): number => Math.floor(seasonClock().getTime() / 1000);

export interface TestServer {
  url: string;
  services: Services;
  testDb: TestDb;
  app: App;
  /** POST a GraphQL operation; returns the parsed JSON answer. */
  gql<T = Record<string, unknown>>(query: string, variables?: Record<string, unknown>, headers?: Record<string, string>): Promise<{ data?: T; errors?: Array<{ message: string; extensions?: Record<string, unknown> }> }>;
  close(): Promise<void>;
}

/** A real app on a real database listening on a free loopback port. */
export async function startTestServer(
  kind: DbKind,
  env: Record<string, string> = {},
  configure?: (c: Config) => void,
  /**
   * holdLimits, waitlistLimits: most API tests book (or join waiting lists) dozens of times as
   * one visitor, so the guards are off unless a test passes the limits it tests (docs/decisions/056, 067).
   */
  options: { logger?: Logger; clock?: () => Date } & ServiceOptions = {},
): Promise<TestServer> {
  const testDb = await createTestDb(kind);
  // Tests tell clients apart by X-Forwarded-For, so the loopback proxy is trusted unless a test says otherwise.
  // Uploaded photographs go to a folder of this server's own, removed with it.
  const photoDir = env.PHOTO_DIR ?? fs.mkdtempSync(path.join(os.tmpdir(), 'photos-'));
  const config = loadConfig({ NODE_ENV: 'test', ADMIN_PASSWORD: 'correct-horse-battery', TRUST_PROXY: 'loopback', PHOTO_DIR: photoDir, ...env });
  configure?.(config);
  const services = createServices(config, testDb.db, options.logger ?? createLogger(process.env.TEST_LOG_LEVEL ?? 'silent'), options.clock ?? seasonClock, {
    catalog: options.catalog,
    holdLimits: options.holdLimits ?? null,
    waitlistLimits: options.waitlistLimits ?? null,
    proofOfWork: options.proofOfWork,
  });
  const app = await createApp(services);
  const server: Server = await app.listen(0, '127.0.0.1');
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    services,
    testDb,
    app,
    async gql(query, variables, headers = {}) {
      const res = await fetch(`${url}/graphql`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...headers },
        body: JSON.stringify({ query, variables }),
      });
      return res.json();
    },
    async close() {
      server.closeAllConnections();
      await app.stop();
      services.mailer.close();
      await services.rateLimitStore.close?.();
      await services.bus?.close();
      await testDb.drop();
      if (!env.PHOTO_DIR) fs.rmSync(photoDir, { recursive: true, force: true });
    },
  };
}

/** A logger at `level` whose JSON lines are kept in `lines`, for tests that read the logs. */
export function capturedLogger(level = 'info'): { logger: Logger; lines: Array<Record<string, unknown>> } {
  const lines: Array<Record<string, unknown>> = [];
  const sink = new Writable({
    write(chunk, _enc, done) {
      for (const line of String(chunk).split('\n').filter(Boolean)) lines.push(JSON.parse(line));
      done();
    },
  });
  return { logger: createLogger(level, sink), lines };
}

/** `batches` × 20 distinct anonymous catalog queries (unknown workshop ids), as the cache-exhaustion probe sent them. */
export async function floodCatalogQueries(s: Pick<TestServer, 'url'>, prefix: string, batches = 30): Promise<void> {
  for (let batch = 0; batch < batches; batch++) {
    await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        fetch(`${s.url}/graphql`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ query: `{ workshop(id: "${prefix}-${batch}-${i}") { id } }` }),
        }).then((r) => r.text()),
      ),
    );
  }
}
