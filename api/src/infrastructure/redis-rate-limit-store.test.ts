import crypto from 'node:crypto';
import { RateLimiter } from './rate-limit';
import { RedisRateLimitStore } from './redis-rate-limit-store';
import { startTestServer, type TestServer } from '../test/app';
import { MESSAGE_POST_RATE_LIMIT } from '../community/community.types';

// Needs a Redis server: CI sets TEST_REDIS_URL (and starts Redis if it is stopped).
const describeRedis = process.env.TEST_REDIS_URL ? describe : describe.skip;

describeRedis('rate limits shared through Redis (several app instances)', () => {
  it('two limiters on one Redis store enforce one shared limit', async () => {
    const a = new RedisRateLimitStore(process.env.TEST_REDIS_URL!);
    const b = new RedisRateLimitStore(process.env.TEST_REDIS_URL!);
    const rule = { name: `test-${crypto.randomBytes(4).toString('hex')}`, limit: 4, windowMs: 60_000 };
    try {
      const instanceA = new RateLimiter(rule, a);
      const instanceB = new RateLimiter(rule, b);
      await instanceA.consumeOrThrow('203.0.113.9');
      await instanceB.consumeOrThrow('203.0.113.9');
      await instanceA.consumeOrThrow('203.0.113.9');
      await instanceB.consumeOrThrow('203.0.113.9');
      await expect(instanceA.consumeOrThrow('203.0.113.9')).rejects.toMatchObject({ status: 429 });
      await expect(instanceB.consumeOrThrow('203.0.113.9')).rejects.toMatchObject({ status: 429 });
      await instanceA.reset('203.0.113.9');
      await expect(instanceB.consumeOrThrow('203.0.113.9')).resolves.toBeUndefined();
    } finally {
      await a.close();
      await b.close();
    }
  });

  it('fails open (allows, does not crash) when Redis is unreachable', async () => {
    const dead = new RedisRateLimitStore('redis://127.0.0.1:9');
    try {
      const limiter = new RateLimiter({ name: 'dead', limit: 1, windowMs: 60_000 }, dead);
      for (let i = 0; i < 3; i++) await expect(limiter.consumeOrThrow('x')).resolves.toBeUndefined();
    } finally {
      await dead.close();
    }
  });

  describe('two app instances with RATE_LIMIT_REDIS_URL', () => {
    let one: TestServer;
    let two: TestServer;
    beforeAll(async () => {
      one = await startTestServer('sqlite', { RATE_LIMIT_REDIS_URL: process.env.TEST_REDIS_URL! });
      two = await startTestServer('sqlite', { RATE_LIMIT_REDIS_URL: process.env.TEST_REDIS_URL! });
    });
    afterAll(async () => {
      await one?.close();
      await two?.close();
    });

    it('count a client’s posts across instances', async () => {
      const client = `198.18.${crypto.randomInt(250)}.${crypto.randomInt(250)}`;
      const post = (s: TestServer) =>
        fetch(`${s.url}/api/workshops/zion-canyon-light/messages`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-forwarded-for': client },
          body: JSON.stringify({ author_name: 'Ann', author_email: 'ann@example.com', message: 'Hello', topic: 'general' }),
        });
      for (let i = 0; i < MESSAGE_POST_RATE_LIMIT.limit; i++) expect((await post(i % 2 ? one : two)).status).toBe(201);
      expect((await post(one)).status).toBe(429);
      expect((await post(two)).status).toBe(429);
    });
  });
});
