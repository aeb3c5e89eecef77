import crypto from 'node:crypto';
import Redis from 'ioredis';
import type { Logger } from './logger';
import type { RateLimitStore } from './rate-limit';

/**
 * Rate-limit counts in Redis, shared by every app instance behind a load
 * balancer (set RATE_LIMIT_REDIS_URL). One sorted set per key holds the hit
 * times of the window; each hit is one MULTI (trim, add, read, expire), so
 * concurrent instances see each other's hits.
 *
 * If Redis is unreachable the limiter fails open (the request is allowed and a
 * warning logged): an outage of the counter must not take bookings down.
 */
export class RedisRateLimitStore implements RateLimitStore {
  private readonly redis: Redis;
  private warned = false;

  constructor(
    url: string,
    private readonly logger?: Logger,
    private readonly prefix = 'rl:',
  ) {
    // A short command timeout: a slow or absent Redis must not hold requests up (fail open).
    this.redis = new Redis(url, { maxRetriesPerRequest: 1, connectTimeout: 2000, commandTimeout: 1000 });
    this.redis.on('error', (e) => this.warnOnce(e));
  }

  async hit(key: string, now: number, windowMs: number): Promise<number[]> {
    const k = this.prefix + key;
    try {
      const results = await this.redis
        .multi()
        .zremrangebyscore(k, 0, now - windowMs)
        .zadd(k, now, `${now}:${crypto.randomBytes(6).toString('hex')}`)
        .zrange(k, 0, -1, 'WITHSCORES')
        .pexpire(k, windowMs)
        .exec();
      const flat = (results?.[2]?.[1] ?? []) as string[];
      const times: number[] = [];
      for (let i = 1; i < flat.length; i += 2) times.push(Number(flat[i]));
      return times;
    } catch (e) {
      this.warnOnce(e);
      return [now];
    }
  }

  async count(key: string, now: number, windowMs: number): Promise<number> {
    try {
      return await this.redis.zcount(this.prefix + key, `(${now - windowMs}`, '+inf');
    } catch (e) {
      this.warnOnce(e);
      return 0;
    }
  }

  async reset(key: string): Promise<void> {
    try {
      await this.redis.del(this.prefix + key);
    } catch (e) {
      this.warnOnce(e);
    }
  }

  async close(): Promise<void> {
    this.redis.disconnect();
  }

  private warnOnce(e: unknown): void {
    if (this.warned) return;
    this.warned = true;
    this.logger?.warn({ err: (e as Error).message }, 'rate-limit store (Redis) unavailable: limits fail open');
  }
}
