import crypto from 'node:crypto';
import { BackoffThrottle, GlobalSlowdown } from './rate-limit';
import { RedisRateLimitStore } from './redis-rate-limit-store';
import { startTestServer, type TestServer } from '../test/app';
import { SECRET_CHECK_RATE_LIMIT } from '../transport/rate-limits';
import { MESSAGE_POST_RATE_LIMIT } from '../community/community.types';

// Needs a Redis server: CI sets TEST_REDIS_URL (and starts Redis if it is stopped).
const describeRedis = process.env.TEST_REDIS_URL ? describe : describe.skip;

describeRedis('rate limits shared through Redis (several app instances)', () => {
  it('two login throttles on one Redis store count one client together', async () => {
    const a = new RedisRateLimitStore(process.env.TEST_REDIS_URL!);
    const b = new RedisRateLimitStore(process.env.TEST_REDIS_URL!);
    const rule = { name: `test-${crypto.randomBytes(4).toString('hex')}`, freeFailures: 2, baseDelayMs: 60_000, maxDelayMs: 60_000, windowMs: 600_000 };
    try {
      const instanceA = new BackoffThrottle(rule, a);
      const instanceB = new BackoffThrottle(rule, b);
      // Two free attempts between them, then both refuse.
      await instanceA.attemptOrThrow('203.0.113.9');
      await instanceB.attemptOrThrow('203.0.113.9');
      await expect(instanceB.attemptOrThrow('203.0.113.9')).rejects.toMatchObject({ status: 429 });
      await expect(instanceA.attemptOrThrow('203.0.113.9')).rejects.toMatchObject({ status: 429 });
      await instanceA.succeeded('203.0.113.9');
      await expect(instanceB.attemptOrThrow('203.0.113.9')).resolves.toBeUndefined();
    } finally {
      await a.close();
      await b.close();
    }
  });

  it('two instances share the site-wide slow-down: the failures and the one check per interval', async () => {
    const a = new RedisRateLimitStore(process.env.TEST_REDIS_URL!);
    const b = new RedisRateLimitStore(process.env.TEST_REDIS_URL!);
    const rule = { name: `slow-${crypto.randomBytes(4).toString('hex')}`, failures: 3, windowMs: 600_000, intervalMs: 60_000 };
    let now = 1_000 * 60_000; // the start of an interval
    try {
      const instanceA = new GlobalSlowdown(rule, a, () => now);
      const instanceB = new GlobalSlowdown(rule, b, () => now);
      await instanceA.failed();
      await instanceB.failed();
      await expect(instanceB.attemptOrThrow()).resolves.toBeUndefined(); // 2 failures: not slowed yet
      await instanceA.failed();
      // 3 failures between them: one check in this interval, whichever instance gets it.
      await expect(instanceB.attemptOrThrow()).resolves.toBeUndefined();
      await expect(instanceA.attemptOrThrow()).rejects.toMatchObject({ status: 429, retryAfterSeconds: 60 });
      await expect(instanceB.attemptOrThrow()).rejects.toMatchObject({ status: 429 });
      now += 60_000;
      await expect(instanceA.attemptOrThrow()).resolves.toBeUndefined();
      await expect(instanceB.attemptOrThrow()).rejects.toMatchObject({ status: 429 });
    } finally {
      await a.close();
      await b.close();
    }
  });

  it('fails open (allows, does not crash) when Redis is unreachable', async () => {
    const dead = new RedisRateLimitStore('redis://127.0.0.1:9');
    try {
      const throttle = new BackoffThrottle({ name: 'dead', freeFailures: 0, baseDelayMs: 60_000, maxDelayMs: 60_000, windowMs: 60_000 }, dead);
      for (let i = 0; i < 3; i++) await expect(throttle.attemptOrThrow('x')).resolves.toBeUndefined();
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

    // Issue 21 finding 12: manage-link tokens guessed through several instances count as one client's.
    it('count a client’s manage-link checks across instances', async () => {
      const client = `198.18.${crypto.randomInt(250)}.${crypto.randomInt(250)}`;
      const check = (s: TestServer) =>
        fetch(`${s.url}/api/manage/${crypto.randomUUID()}`, { headers: { 'x-manage-token': 'g'.repeat(43), 'x-forwarded-for': client } });
      for (let i = 0; i < SECRET_CHECK_RATE_LIMIT.limit; i++) expect((await check(i % 2 ? one : two)).status).toBe(404);
      expect((await check(one)).status).toBe(429);
      expect((await check(two)).status).toBe(429);
    });
  });
});
