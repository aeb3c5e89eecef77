import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig, devices } from '@playwright/test';

/**
 * End-to-end tests: Debian's Chromium (never a downloaded browser) against the
 * built app served by real api processes on fresh SQLite databases:
 *   E2E_PORT      the app with no payment provider (bookings stay reserved)
 *   E2E_PORT + 1  the app paying through the local Stripe fake
 *   E2E_PORT + 2  the Stripe fake (hosted payment page + signed webhooks)
 *   E2E_PORT + 3  the app on 2026-11-23, most of the seeded season past (calendar.spec.ts)
 *   E2E_PORT + 4  the app whose admin enrols a second factor (admin-2fa.spec.ts), on the real clock
 *                 (TOTP codes are computed by the test) and at http://localhost (a passkey needs a host name)
 * The first three run on a clock that starts at SEASON_START (mid-January 2026, before every
 * seeded workshop: a workshop that has started takes no bookings, docs/decisions/059).
 */
export const SEASON_START = '2026-01-15T12:00:00Z';
export const CALENDAR_DAY = '2026-11-23T12:00:00Z';
export const E2E_PORT = Number(process.env.E2E_PORT ?? 3107);
export const STRIPE_APP_URL = `http://127.0.0.1:${E2E_PORT + 1}`;
export const CALENDAR_APP_URL = `http://127.0.0.1:${E2E_PORT + 3}`;
export const TWO_FACTOR_APP_URL = `http://localhost:${E2E_PORT + 4}`;
const FAKE_STRIPE_PORT = E2E_PORT + 2;
const WEBHOOK_SECRET = 'whsec_e2e_secret';

const here = path.dirname(fileURLToPath(import.meta.url));
const tmp = path.resolve(here, '.tmp');
const apiRoot = path.resolve(here, '../../api');
const apiDist = path.join(apiRoot, 'dist');
/** The flags production starts node with (api/package.json nodeFlags, docs/decisions/083). */
const nodeFlags = (JSON.parse(fs.readFileSync(path.join(apiRoot, 'package.json'), 'utf8')) as { nodeFlags: string[] }).nodeFlags.join(' ');

/**
 * Playwright starts the web servers before globalSetup runs, so the servers empty their
 * own database before they open it: every run starts from the seed, and tests that add
 * rows next to the seed (manage.spec.ts) reach the very file the server uses.
 */
const freshDb = (db: string) =>
  `node -e "const fs = require('fs'); fs.mkdirSync(process.argv[1], { recursive: true }); for (const s of ['', '-wal', '-shm']) fs.rmSync(process.argv[1] + '/' + process.argv[2] + s, { force: true })" ${tmp} ${db}`;

const appEnv = (port: number, db: string, extra: Record<string, string> = {}) => ({
  NODE_ENV: 'test',
  PORT: String(port),
  DATABASE_URL: `sqlite:${tmp}/${db}`,
  ADMIN_PASSWORD: 'e2e-admin-password',
  LOG_LEVEL: 'warn',
  // Some tests play other visitors with X-Forwarded-For (the hold limits count per client), as if behind a proxy on this host.
  TRUST_PROXY: 'loopback',
  CLOCK_START: SEASON_START,
  // Uploaded photographs of this server, beside its database (docs/decisions/077).
  PHOTO_DIR: `${tmp}/photos-${port}`,
  ...extra,
});

/** The second-factor app: its own database (other specs sign in with the password alone), the real clock. */
function twoFactorEnv(): Record<string, string> {
  const { CLOCK_START: _realClock, ...env } = appEnv(E2E_PORT + 4, 'e2e-2fa.db', { PUBLIC_ORIGIN: TWO_FACTOR_APP_URL });
  return env;
}

export default defineConfig({
  testDir: '.',
  testMatch: '**/*.spec.ts',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list']],
  globalSetup: path.resolve(here, 'global-setup.ts'),
  use: {
    baseURL: `http://127.0.0.1:${E2E_PORT}`,
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'] } }],
  webServer: [
    {
      // The fake is test support: compiled on its own (api/tsconfig.test-support.json), never into api/dist.
      command: `npm --prefix ${apiRoot} run --silent build:test-support && node ${apiRoot}/test-dist/test/fake-stripe/cli.js`,
      port: FAKE_STRIPE_PORT,
      reuseExistingServer: false,
      stdout: 'ignore',
      env: {
        FAKE_STRIPE_PORT: String(FAKE_STRIPE_PORT),
        FAKE_STRIPE_WEBHOOK_URL: `${STRIPE_APP_URL}/api/webhook/stripe`,
        STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
        // The fake checks a session's expiry against its clock: the same season as the app's.
        FAKE_STRIPE_CLOCK_START: SEASON_START,
      },
    },
    {
      command: `${freshDb('e2e.db')} && node ${nodeFlags} ${apiDist}/main.js`,
      url: `http://127.0.0.1:${E2E_PORT}/api/health`,
      reuseExistingServer: false,
      timeout: 60_000,
      stdout: 'ignore',
      stderr: 'pipe',
      env: appEnv(E2E_PORT, 'e2e.db'),
    },
    {
      command: `${freshDb('e2e-stripe.db')} && node ${nodeFlags} ${apiDist}/main.js`,
      url: `${STRIPE_APP_URL}/api/health`,
      reuseExistingServer: false,
      timeout: 60_000,
      stdout: 'ignore',
      stderr: 'pipe',
      env: appEnv(E2E_PORT + 1, 'e2e-stripe.db', {
        STRIPE_SECRET_KEY: 'sk_test_e2e',
        STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
        STRIPE_API_BASE: `http://127.0.0.1:${FAKE_STRIPE_PORT}`,
      }),
    },
    {
      command: `${freshDb('e2e-calendar.db')} && node ${nodeFlags} ${apiDist}/main.js`,
      url: `${CALENDAR_APP_URL}/api/health`,
      reuseExistingServer: false,
      timeout: 60_000,
      stdout: 'ignore',
      stderr: 'pipe',
      env: appEnv(E2E_PORT + 3, 'e2e-calendar.db', { CLOCK_START: CALENDAR_DAY }),
    },
    {
      command: `${freshDb('e2e-2fa.db')} && node ${apiDist}/main.js`,
      url: `http://127.0.0.1:${E2E_PORT + 4}/api/health`,
      reuseExistingServer: false,
      timeout: 60_000,
      stdout: 'ignore',
      stderr: 'pipe',
      env: twoFactorEnv(),
    },
  ],
});
