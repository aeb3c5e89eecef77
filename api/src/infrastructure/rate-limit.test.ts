import { BackoffThrottle, MemoryRateLimitStore, RateLimiter } from './rate-limit';
import { BOOKING_RATE_LIMIT } from '../booking/booking.service';
import { CHECKOUT_RATE_LIMIT } from '../payment/payment.service';
import { MESSAGE_POST_RATE_LIMIT } from '../community/community.types';

describe('RateLimiter', () => {
  it('allows the limit per window, then refuses with a retry time, then allows again', async () => {
    let now = 1_000_000;
    const limiter = new RateLimiter({ name: 'message posts', limit: 5, windowMs: 60_000 }, undefined, () => now);
    for (let i = 0; i < 5; i++) await limiter.consumeOrThrow('1.2.3.4');
    await expect(limiter.consumeOrThrow('1.2.3.4')).rejects.toMatchObject({
      code: 'RATE_LIMITED',
      status: 429,
      retryAfterSeconds: 60,
      message: expect.stringContaining('Too many message posts'),
    });
    // Another client is not affected.
    await expect(limiter.consumeOrThrow('5.6.7.8')).resolves.toBeUndefined();
    now += 60_001;
    await expect(limiter.consumeOrThrow('1.2.3.4')).resolves.toBeUndefined();
  });

  it('reset forgets a client', async () => {
    const limiter = new RateLimiter({ name: 'logins', limit: 1, windowMs: 60_000 });
    await limiter.consumeOrThrow('a');
    await expect(limiter.consumeOrThrow('a')).rejects.toMatchObject({ status: 429 });
    await limiter.reset('a');
    await expect(limiter.consumeOrThrow('a')).resolves.toBeUndefined();
  });
});

describe('BackoffThrottle', () => {
  const rule = { name: 'failed sign-ins', freeFailures: 2, baseDelayMs: 1_000, maxDelayMs: 8_000, windowMs: 600_000 };

  it('lets the free failures through, then asks for a wait that doubles up to the cap', () => {
    const t = new BackoffThrottle(rule);
    expect([0, 1, 2, 3, 4, 5, 6, 20].map((n) => t.delayMsAfter(n))).toEqual([0, 0, 1_000, 2_000, 4_000, 8_000, 8_000, 8_000]);
  });

  it('refuses an attempt within the wait, with the Retry-After it starts; honouring it lets the client through', async () => {
    let now = 0;
    const t = new BackoffThrottle(rule, undefined, () => now);
    await t.attemptOrThrow('c');
    await t.attemptOrThrow('c');
    await expect(t.attemptOrThrow('c')).rejects.toMatchObject({ status: 429, retryAfterSeconds: 2, message: 'Too many failed sign-ins. Please wait 2 seconds and try again.' });
    now += 2_000;
    await expect(t.attemptOrThrow('c')).resolves.toBeUndefined();
    await t.succeeded('c');
    await expect(t.attemptOrThrow('c')).resolves.toBeUndefined();
    await expect(t.attemptOrThrow('c')).resolves.toBeUndefined();
  });
});

describe('MemoryRateLimitStore', () => {
  it('keeps a bounded number of hits per key', async () => {
    const store = new MemoryRateLimitStore(10, 5);
    let hits: number[] = [];
    for (let i = 0; i < 100; i++) hits = await store.hit('k', i, 1_000_000);
    expect(hits).toEqual([95, 96, 97, 98, 99]);
  });
});

describe('rules and the memory store', () => {
  it('the store keeps enough hits for the largest rule to be enforced', async () => {
    const store = new MemoryRateLimitStore();
    for (const rule of [BOOKING_RATE_LIMIT, CHECKOUT_RATE_LIMIT, MESSAGE_POST_RATE_LIMIT]) {
      const limiter = new RateLimiter(rule, store, () => 1_000_000);
      for (let i = 0; i < rule.limit; i++) await limiter.consumeOrThrow('one-client');
      await expect(limiter.consumeOrThrow('one-client')).rejects.toMatchObject({ status: 429 });
    }
  });
});
