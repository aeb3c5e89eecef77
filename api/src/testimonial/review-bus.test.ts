import { createServices } from '../composition-root';
import { createLogger } from '../infrastructure/logger';
import { seasonClock, startTestServer, type TestServer } from '../test/app';
import { Testimonial } from './testimonial.entity';

// Needs a Redis server: CI sets TEST_REDIS_URL (and starts Redis if it is stopped).
const url = process.env.TEST_REDIS_URL;
const describeRedis = url ? describe : describe.skip;

describeRedis('a review moderated on one instance (Redis configured)', () => {
  let a: TestServer;
  afterAll(async () => a?.close());

  it('drops the rendered pages kept with the catalog on the other instances too, not only its own', async () => {
    a = await startTestServer('sqlite', { REDIS_URL: url! });
    // Instance B: its own services (and change bus) on the same database.
    const b = createServices(a.services.config, a.services.db, createLogger('silent'), seasonClock);
    try {
      await new Promise((r) => setTimeout(r, 300)); // B's bus subscribes
      const review = (await a.services.db.manager.find(Testimonial, { take: 1 }))[0]!;
      const before = b.workshops.catalog.currentGeneration;
      await a.services.reviews.hideOrThrow(review.id);
      const started = Date.now();
      while (b.workshops.catalog.currentGeneration === before && Date.now() - started < 3000) await new Promise((r) => setTimeout(r, 20));
      expect(b.workshops.catalog.currentGeneration).toBeGreaterThan(before);
    } finally {
      b.mailer.close();
      await b.rateLimitStore.close?.();
      await b.bus?.close();
    }
  }, 60_000);
});
