import type { FastifyInstance, FastifyRequest } from 'fastify';
import fastifyRateLimit from '@fastify/rate-limit';
import Redis from 'ioredis';
import { AppError, ErrorCode } from '../infrastructure/errors';
import { clientKey, type RateLimitRule } from '../infrastructure/rate-limit';
import type { Logger } from '../infrastructure/logger';
import { BOOKING_RATE_LIMIT } from '../booking/booking.service';
import { CHECKOUT_RATE_LIMIT } from '../payment/payment.service';
import { MESSAGE_POST_RATE_LIMIT } from '../community/community.types';
import { WAITLIST_JOIN_RATE_LIMIT } from '../waitlist/waitlist.types';
import { PHOTO_UPLOAD_RATE_LIMIT } from '../photo/photo.types';

/**
 * Checks of a secret a client presents: a manage link's token (every manage
 * call, REST and GraphQL) and a credit code entered with a booking. Both are
 * long random values, so this does not make guessing possible without it; it
 * keeps one client from trying thousands a minute (issue 21 finding 12). A
 * person's manage page makes a check per load and per action.
 */
export const SECRET_CHECK_RATE_LIMIT: RateLimitRule = { name: 'booking link and credit code checks', limit: 100, windowMs: 10 * 60_000 };

/** Count one hit of a write for the request's client; throws RATE_LIMITED (429 + Retry-After) past the limit. */
export type WriteLimit = (req: FastifyRequest) => Promise<void>;

/** The write limits, each shared by its REST route and its GraphQL mutation (one count per client). */
export interface WriteLimits {
  booking: WriteLimit;
  checkout: WriteLimit;
  messagePost: WriteLimit;
  waitlistJoin: WriteLimit;
  /** Manage-link token checks and credit-code lookups (SECRET_CHECK_RATE_LIMIT). */
  secretCheck: WriteLimit;
  /** The admin's photo uploads (resizing is CPU work: PHOTO_UPLOAD_RATE_LIMIT). */
  photoUpload: WriteLimit;
}

/**
 * The HTTP write limits with @fastify/rate-limit: counts per client IP in a
 * fixed window, in process memory, or in Redis when RATE_LIMIT_REDIS_URL is set
 * (so several instances share them). A Redis outage fails open (skipOnError):
 * a counter that is down must not take bookings down. The limits are not
 * attached to routes but created with createRateLimit(), so that the REST route
 * and the GraphQL mutation of one write consume the same count.
 */
export async function registerWriteLimits(app: FastifyInstance, options: { redisUrl?: string; logger: Logger }): Promise<WriteLimits> {
  let redis: Redis | undefined;
  if (options.redisUrl) {
    // A short command timeout: a slow or absent Redis must not hold requests up.
    redis = new Redis(options.redisUrl, { maxRetriesPerRequest: 1, connectTimeout: 2000, commandTimeout: 1000 });
    let warned = false;
    redis.on('error', (e: Error) => {
      if (!warned) options.logger.warn({ err: e.message }, 'rate-limit store (Redis) unavailable: limits fail open');
      warned = true;
    });
    app.addHook('onClose', async () => {
      redis?.disconnect();
    });
  }
  await app.register(fastifyRateLimit, { global: false, skipOnError: true, ...(redis ? { redis, nameSpace: 'rl:' } : {}) });

  const limit = (rule: RateLimitRule): WriteLimit => {
    const check = app.createRateLimit({ max: rule.limit, timeWindow: rule.windowMs, keyGenerator: (req) => `${rule.name}:${clientKey(req)}` });
    return async (req) => {
      const result = await check(req);
      if (result.isAllowed || !result.isExceeded) return;
      const retryAfterSeconds = Math.max(1, result.ttlInSeconds);
      throw new AppError(ErrorCode.RATE_LIMITED, `Too many ${rule.name}. Please wait ${retryAfterSeconds} seconds and try again.`, [], retryAfterSeconds);
    };
  };
  return {
    booking: limit(BOOKING_RATE_LIMIT),
    checkout: limit(CHECKOUT_RATE_LIMIT),
    messagePost: limit(MESSAGE_POST_RATE_LIMIT),
    waitlistJoin: limit(WAITLIST_JOIN_RATE_LIMIT),
    secretCheck: limit(SECRET_CHECK_RATE_LIMIT),
    photoUpload: limit(PHOTO_UPLOAD_RATE_LIMIT),
  };
}
