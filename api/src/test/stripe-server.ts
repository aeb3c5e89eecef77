import { startTestServer, type TestServer } from './app';
import type { DbKind } from './db';
import { FakeStripe } from './fake-stripe/fake-stripe';

const WEBHOOK_SECRET = 'whsec_test_server';

/**
 * A test server whose payment provider is the local Stripe fake, on the test's clock:
 * the SDK talks to the fake, the fake's webhooks (signed) go to the server, and the
 * fake's timestamps follow the same clock. Close both after the tests.
 */
export async function startTestServerWithStripe(
  kind: DbKind,
  clock: () => Date,
  options: Omit<NonNullable<Parameters<typeof startTestServer>[3]>, 'clock'> = {},
): Promise<{ server: TestServer; stripe: FakeStripe }> {
  const stripe = await new FakeStripe({ webhookSecret: WEBHOOK_SECRET, now: () => Math.floor(clock().getTime() / 1000) }).start();
  const server = await startTestServer(kind, { STRIPE_SECRET_KEY: 'sk_test_server', STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET, STRIPE_API_BASE: stripe.url }, undefined, { ...options, clock });
  stripe.webhookUrl = `${server.url}/api/webhook/stripe`;
  return { server, stripe };
}
