import { BackoffThrottle, MemoryRateLimitStore } from './rate-limit';

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
  it('counts the hits inside the window without recording one', async () => {
    const store = new MemoryRateLimitStore();
    await store.hit('k', 1_000, 10_000);
    await store.hit('k', 5_000, 10_000);
    expect(await store.count('k', 6_000, 10_000)).toBe(2);
    expect(await store.count('k', 6_000, 10_000)).toBe(2);
    expect(await store.count('k', 12_000, 10_000)).toBe(1);
    expect(await store.count('other', 6_000, 10_000)).toBe(0);
  });

  it('keeps a bounded number of hits per key', async () => {
    const store = new MemoryRateLimitStore(10, 5);
    let hits: number[] = [];
    for (let i = 0; i < 100; i++) hits = await store.hit('k', i, 1_000_000);
    expect(hits).toEqual([95, 96, 97, 98, 99]);
  });
});
