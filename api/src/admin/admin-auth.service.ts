import crypto from 'node:crypto';
import type { Config } from '../infrastructure/config/env';
import { AppError, ErrorCode } from '../infrastructure/errors';
import { BackoffThrottle, MemoryRateLimitStore, type BackoffRule, type RateLimitStore } from '../infrastructure/rate-limit';
import { hashPasswordSync, parsePasswordHash, verifyPassword, type PasswordHash } from '../infrastructure/password-hash';

/**
 * Throttling of wrong admin passwords per client (docs/decisions/020): three
 * free failures, then waits of 2, 4, 8... seconds, never more than a minute;
 * failures are forgotten after 15 minutes or at the first success.
 */
export const ADMIN_THROTTLE: BackoffRule = {
  name: 'failed admin sign-in attempts',
  // Ten free failures: a person mistyping (or a test suite checking the error) is never slowed;
  // a guesser is, to about one guess a minute once the wait has grown.
  freeFailures: 10,
  baseDelayMs: 1_000,
  maxDelayMs: 60_000,
  windowMs: 15 * 60_000,
};

/** Longer candidates are refused without hashing them (no one types a 1 KB password). */
const MAX_PASSWORD_LENGTH = 1024;
/** A credential that passed scrypt is remembered this long (see rememberVerified). */
const VERIFIED_TTL_MS = 10 * 60_000;
const VERIFIED_MAX = 4;

export const INVALID_PASSWORD = 'Invalid password';
export const INVALID_CREDENTIAL = 'Invalid admin credential';
export const CREDENTIAL_REQUIRED = 'Admin authentication required';

export function unauthenticated(message = CREDENTIAL_REQUIRED): AppError {
  return new AppError(ErrorCode.UNAUTHENTICATED, message);
}

/** The password part of `Authorization: Basic base64(user ":" password)`; null when the header is not that. */
export function parseBasicPassword(header: string): string | null {
  const m = /^Basic[ ]+([A-Za-z0-9+/]+={0,2})[ ]*$/i.exec(header);
  if (!m) return null;
  const decoded = Buffer.from(m[1], 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  // RFC 7617: the user id cannot contain a colon, the password can. Only the password is checked.
  return colon < 0 ? null : decoded.slice(colon + 1);
}

/**
 * The single admin password: checks a login password or an Authorization
 * header against one hash (scrypt, made at start-up from ADMIN_PASSWORD; or
 * ADMIN_PASSWORD_HASH, scrypt or argon2), in constant time, with per-client throttling
 * of failures. REST routes, the GraphQL context and adminLogin all go through it.
 */
export class AdminAuthService {
  private readonly hash: PasswordHash;
  private readonly throttle: BackoffThrottle;
  /** Per-process key of the verified-credential memo; never leaves memory. */
  private readonly memoKey = crypto.randomBytes(32);
  private verified: Array<{ digest: Buffer; expiresAt: number }> = [];

  constructor(
    admin: Config['admin'],
    private readonly clock: () => Date,
    store: RateLimitStore = new MemoryRateLimitStore(),
  ) {
    if (admin.passwordHash) {
      const parsed = parsePasswordHash(admin.passwordHash);
      if (!parsed) throw new Error('ADMIN_PASSWORD_HASH is not a valid scrypt or argon2 hash');
      this.hash = parsed;
    } else if (admin.password) {
      this.hash = hashPasswordSync(admin.password);
    } else {
      throw new Error('No admin password configured');
    }
    this.throttle = new BackoffThrottle(ADMIN_THROTTLE, store, () => this.clock().getTime());
  }

  /** POST /api/admin/login and adminLogin. Throws UNAUTHENTICATED "Invalid password" or RATE_LIMITED. */
  async loginOrThrow(password: string, client: string): Promise<void> {
    await this.checkOrThrow(password, client, INVALID_PASSWORD);
  }

  /**
   * An admin request: throws UNAUTHENTICATED without a credential (not counted
   * as a failure) or with a wrong one (counted), RATE_LIMITED while throttled.
   */
  async authenticateOrThrow(authorization: string | undefined, client: string): Promise<void> {
    if (!authorization) throw unauthenticated(CREDENTIAL_REQUIRED);
    await this.checkOrThrow(parseBasicPassword(authorization), client, INVALID_CREDENTIAL);
  }

  private async checkOrThrow(password: string | null, client: string, failure: string): Promise<void> {
    await this.throttle.attemptOrThrow(client);
    if (password === null || password.length === 0 || password.length > MAX_PASSWORD_LENGTH || !(await this.matches(password))) {
      throw unauthenticated(failure);
    }
    await this.throttle.succeeded(client);
  }

  private async matches(password: string): Promise<boolean> {
    if (this.wasVerified(password)) return true;
    const ok = await verifyPassword(password, this.hash);
    if (ok) this.rememberVerified(password);
    return ok;
  }

  /**
   * The dashboard sends the credential with every call; running scrypt for each
   * one would cost tens of milliseconds of CPU per request. A credential that
   * passed scrypt is remembered for a few minutes as an HMAC under a random
   * per-process key, compared in constant time. Wrong guesses always pay scrypt.
   */
  private wasVerified(password: string): boolean {
    const now = this.clock().getTime();
    this.verified = this.verified.filter((v) => v.expiresAt > now);
    const digest = this.digest(password);
    let found = false;
    for (const v of this.verified) found = crypto.timingSafeEqual(v.digest, digest) || found;
    return found;
  }

  private rememberVerified(password: string): void {
    const digest = this.digest(password);
    this.verified = [{ digest, expiresAt: this.clock().getTime() + VERIFIED_TTL_MS }, ...this.verified].slice(0, VERIFIED_MAX);
  }

  private digest(password: string): Buffer {
    return crypto.createHmac('sha256', this.memoKey).update(password.normalize('NFC')).digest();
  }
}
