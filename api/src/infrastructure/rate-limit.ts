import { AppError, ErrorCode } from './errors';

/**
 * The admin login throttle's counts (BackoffThrottle below), and the rule
 * shape of the HTTP write limits, which @fastify/rate-limit enforces
 * (transport/rate-limits.ts, docs/decisions/050). The store is an interface so
 * that, with more than one app instance, counts can live in Redis instead of
 * process memory (see docs/security.md).
 */
export interface RateLimitStore {
  /** Record a hit at `now` for `key` and return the hit times still inside the window. */
  hit(key: string, now: number, windowMs: number): Promise<number[]>;
  /** How many hits of `key` are inside the window ending at `now`, without recording one. */
  count(key: string, now: number, windowMs: number): Promise<number>;
  /** Forget a key (e.g. after a successful login). */
  reset(key: string): Promise<void>;
  /** Release connections (Redis). */
  close?(): Promise<void>;
}

/** Process-memory store: correct for one instance; bounded so hostile keys cannot exhaust memory. */
export class MemoryRateLimitStore implements RateLimitStore {
  private readonly hits = new Map<string, number[]>();

  constructor(
    private readonly maxKeys = 50_000,
    /** Hits kept per key: more than any rule's limit (the largest is 1000), bounded against a flood from one client. */
    private readonly maxHitsPerKey = 2_000,
  ) {}

  async hit(key: string, now: number, windowMs: number): Promise<number[]> {
    const kept = (this.hits.get(key) ?? []).filter((t) => t > now - windowMs);
    kept.push(now);
    if (kept.length > this.maxHitsPerKey) kept.splice(0, kept.length - this.maxHitsPerKey);
    this.hits.delete(key); // re-insert to keep Map order = least recently used first
    this.hits.set(key, kept);
    if (this.hits.size > this.maxKeys) this.hits.delete(this.hits.keys().next().value!);
    return kept;
  }

  async count(key: string, now: number, windowMs: number): Promise<number> {
    return (this.hits.get(key) ?? []).filter((t) => t > now - windowMs).length;
  }

  async reset(key: string): Promise<void> {
    this.hits.delete(key);
  }
}

/** A write limit: `limit` hits per client in `windowMs`. */
export interface RateLimitRule {
  /** Name used in the error message, e.g. "message posts". */
  name: string;
  /** Hits allowed per window. */
  limit: number;
  windowMs: number;
}

export interface BackoffRule {
  /** Name used in the error message, e.g. "failed admin sign-ins". */
  name: string;
  /** Failures allowed in a row before the client has to wait. */
  freeFailures: number;
  /** Wait after the first failure beyond the free ones; it doubles with each further failure... */
  baseDelayMs: number;
  /** ...up to this cap, so that a legitimate user is never kept out for long. */
  maxDelayMs: number;
  /** Failures older than this are forgotten. */
  windowMs: number;
}

/**
 * Throttling of password guesses: a client may fail a few times freely, then
 * must wait a delay that doubles with each further failure (capped), and any
 * attempt made before the wait is over is refused with 429 + Retry-After
 * without being checked. A success forgets the client's failures.
 *
 * Every attempt is recorded *before* the password is checked (one atomic store
 * hit), so a burst of parallel guesses is throttled like a sequence. An
 * attempt refused while waiting also counts (its Retry-After says so), so
 * hammering keeps a client out, while a client that honours Retry-After is
 * let through.
 */
export class BackoffThrottle {
  constructor(
    readonly rule: BackoffRule,
    private readonly store: RateLimitStore = new MemoryRateLimitStore(),
    private readonly now: () => number = Date.now,
  ) {}

  /** How long (ms) a client with `failures` recorded failures must wait after the last one (0 while free). */
  delayMsAfter(failures: number): number {
    const beyond = failures - this.rule.freeFailures;
    if (beyond < 0) return 0;
    return Math.min(this.rule.maxDelayMs, this.rule.baseDelayMs * 2 ** Math.min(beyond, 30));
  }

  /** Record an attempt; throws RATE_LIMITED (429 + Retry-After) while the client must wait. */
  async attemptOrThrow(key: string): Promise<void> {
    const t = this.now();
    const attempts = await this.store.hit(`${this.rule.name}:${key}`, t, this.rule.windowMs);
    const earlier = attempts.length - 1;
    if (earlier === 0) return;
    const waitUntil = attempts[earlier - 1] + this.delayMsAfter(earlier);
    if (t < waitUntil) {
      // This refused attempt is now the client's latest: the next one is free after the wait it starts.
      const retryAfterSeconds = Math.max(1, Math.ceil(this.delayMsAfter(attempts.length) / 1000));
      throw new AppError(
        ErrorCode.RATE_LIMITED,
        `Too many ${this.rule.name}. Please wait ${retryAfterSeconds} seconds and try again.`,
        [],
        retryAfterSeconds,
      );
    }
  }

  /** The attempt succeeded: forget the client's failures. */
  async succeeded(key: string): Promise<void> {
    await this.store.reset(`${this.rule.name}:${key}`);
  }
}

export interface SlowdownRule {
  /** Name used in the error message, e.g. "failed admin sign-in attempts on this site". */
  name: string;
  /** Failures (of every client together) in the window before the slow-down starts. */
  failures: number;
  windowMs: number;
  /** While slowed down, one attempt per interval is let through, whoever makes it. */
  intervalMs: number;
}

/**
 * A cap on password guesses across all clients, for an attacker with many
 * addresses whom the per-client BackoffThrottle cannot hold: once `failures`
 * failures were recorded in the window, attempts are let through one per
 * `intervalMs` (the first to ask in each interval gets it), the others get 429
 * + Retry-After until the interval ends. A slow-down, not a lock: a person
 * still gets in within seconds, and a refused attempt does not extend it.
 *
 * Counts live in the shared store, so with Redis the cap holds across
 * instances; the interval slots are two keys used in turn, so that
 * nothing grows with time.
 */
export class GlobalSlowdown {
  constructor(
    readonly rule: SlowdownRule,
    private readonly store: RateLimitStore = new MemoryRateLimitStore(),
    private readonly now: () => number = Date.now,
  ) {}

  /** Throws RATE_LIMITED when slowed down and this interval's one attempt is taken. */
  async attemptOrThrow(): Promise<void> {
    const t = this.now();
    if ((await this.store.count(`${this.rule.name}:failures`, t, this.rule.windowMs)) < this.rule.failures) return;
    const slot = Math.floor(t / this.rule.intervalMs);
    // Hits of the slot before last are more than one interval old, so the window drops them.
    const hits = await this.store.hit(`${this.rule.name}:slot:${slot % 2}`, t, this.rule.intervalMs);
    if (hits.length === 1) return;
    const retryAfterSeconds = Math.max(1, Math.ceil(((slot + 1) * this.rule.intervalMs - t) / 1000));
    throw new AppError(
      ErrorCode.RATE_LIMITED,
      `Too many ${this.rule.name}. Please wait ${retryAfterSeconds} seconds and try again.`,
      [],
      retryAfterSeconds,
    );
  }

  /** Record a failed attempt. */
  async failed(): Promise<void> {
    await this.store.hit(`${this.rule.name}:failures`, this.now(), this.rule.windowMs);
  }
}

/** The client a request comes from (the proxy-aware IP: X-Forwarded-For counts only from the proxies TRUST_PROXY names). */
export function clientKey(req: { ip?: string; socket?: { remoteAddress?: string } }): string {
  // Fastify's `ip` walks X-Forwarded-For through proxy-addr on every read: once per request is enough.
  let key = clientKeys.get(req);
  if (key === undefined) {
    key = req.ip || req.socket?.remoteAddress || 'unknown';
    clientKeys.set(req, key);
  }
  return key;
}

const clientKeys = new WeakMap<object, string>();
