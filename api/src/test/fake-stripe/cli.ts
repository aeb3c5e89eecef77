/**
 * Run the Stripe fake as a process (browser tests, benchmarks, offline development):
 *   FAKE_STRIPE_PORT=12111 FAKE_STRIPE_WEBHOOK_URL=http://127.0.0.1:3000/api/webhook/stripe \
 *   STRIPE_WEBHOOK_SECRET=whsec_dev npm run fake-stripe -w api
 * then start the app with STRIPE_SECRET_KEY=sk_test_anything STRIPE_API_BASE=http://127.0.0.1:12111.
 */
import { FakeStripe } from './fake-stripe';

// FAKE_STRIPE_CLOCK_START (browser tests): the fake's clock reads this instant at start-up, as the app's CLOCK_START.
const clockOffsetMs = process.env.FAKE_STRIPE_CLOCK_START ? Date.parse(process.env.FAKE_STRIPE_CLOCK_START) - Date.now() : 0;

const fake = new FakeStripe({
  port: Number(process.env.FAKE_STRIPE_PORT ?? 12111),
  now: () => Math.floor((Date.now() + clockOffsetMs) / 1000),
  webhookUrl: process.env.FAKE_STRIPE_WEBHOOK_URL,
  webhookSecret: process.env.STRIPE_WEBHOOK_SECRET,
});
fake.start().then(() => console.log(`fake Stripe listening on ${fake.url}`));
const stop = () => fake.close().then(() => process.exit(0));
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
