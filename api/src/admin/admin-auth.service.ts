import crypto from 'node:crypto';
import type { Config } from '../infrastructure/config/env';
import { AppError, ErrorCode } from '../infrastructure/errors';
import { BackoffThrottle, GlobalSlowdown, MemoryRateLimitStore, type BackoffRule, type RateLimitStore, type SlowdownRule } from '../infrastructure/rate-limit';
import { ADMIN_ACTOR, type AuditLog } from '../audit/audit-log.service';
import { hasControlChars } from '../infrastructure/text';
import { hashPasswordSync, parsePasswordHash, verifyPassword, type PasswordHash } from '../infrastructure/password-hash';

/**
 * Throttling of wrong admin passwords per client (docs/decisions/020, 057): a
 * client is an IP, or a known device; ten free failures, then waits that
 * double, never more than a minute; failures are forgotten after 15 minutes
 * or at the first success.
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

/**
 * The cap on failures of all clients together (docs/decisions/057): past 50 in
 * 15 minutes, clients without a known-device cookie get one password check
 * every 5 seconds between them. Known devices are never slowed by it.
 */
export const ADMIN_GLOBAL_SLOWDOWN: SlowdownRule = {
  name: 'failed admin sign-in attempts on this site',
  failures: 50,
  windowMs: 15 * 60_000,
  intervalMs: 5_000,
};

/** Who is asking: the client IP, and the known-device token the request carries (its cookie), if any. */
export interface AdminClient {
  ip: string;
  device?: string;
  /** The second-factor session token the request carries (cookie or X-Admin-Session header), if any. */
  session?: string;
}

/** The second-factor check made after the password on every admin request (second-factor/, docs/decisions/092). */
export interface SecondFactorGate {
  /** Passes (no factor enrolled, or an open session); throws SECOND_FACTOR_REQUIRED otherwise. */
  checkSessionOrThrow(token: string | undefined): Promise<unknown>;
  /** How the sign-in can be completed: empty when the password is enough. */
  methods(): Promise<string[]>;
}

/** What a successful check gives back: the known-device token to (re)set on the client. */
export interface AdminAccess {
  deviceToken: string;
}

/** What a right password at login gives back: also how the sign-in must be completed (empty: it is complete). */
export interface AdminLoginAccess extends AdminAccess {
  secondFactorMethods: string[];
}

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
 * of failures, a global slow-down, and known-device tokens that let the admin
 * through both (docs/decisions/057). REST routes, the GraphQL context and
 * adminLogin all go through it.
 */
export class AdminAuthService {
  private readonly hash: PasswordHash;
  private readonly throttle: BackoffThrottle;
  private readonly slowdown: GlobalSlowdown;
  /**
   * Signs known-device tokens. Derived from the configured password (through
   * scrypt, so a token cannot be used to test password guesses quickly) or from
   * the configured hash: every instance derives the same key, and changing the
   * password revokes every device.
   */
  private readonly deviceKey: Buffer;
  /** Per-process key of the verified-credential memo; never leaves memory. */
  private readonly memoKey = crypto.randomBytes(32);
  private verified: Array<{ digest: Buffer; expiresAt: number }> = [];

  constructor(
    admin: Config['admin'],
    private readonly clock: () => Date,
    store: RateLimitStore = new MemoryRateLimitStore(),
    /** Sign-ins (not every authenticated request) are recorded here (docs/decisions/060). */
    private readonly audit: AuditLog | null = null,
    /** Once a second factor is enrolled, the password alone opens nothing (docs/decisions/092). */
    private readonly secondFactor: SecondFactorGate | null = null,
  ) {
    let secret: Buffer;
    if (admin.passwordHash) {
      const parsed = parsePasswordHash(admin.passwordHash);
      if (!parsed) throw new Error('ADMIN_PASSWORD_HASH is not a valid scrypt or argon2 hash');
      this.hash = parsed;
      secret = Buffer.from(admin.passwordHash, 'utf8');
    } else if (admin.password) {
      if (hasControlChars(admin.password)) throw new Error('ADMIN_PASSWORD must not contain control characters');
      this.hash = hashPasswordSync(admin.password);
      secret = crypto.scryptSync(admin.password.normalize('NFC'), 'wildlight admin device key', 32);
    } else {
      throw new Error('No admin password configured');
    }
    this.deviceKey = Buffer.from(crypto.hkdfSync('sha256', secret, Buffer.alloc(0), 'admin known-device token v1', 32));
    const now = () => this.clock().getTime();
    this.throttle = new BackoffThrottle(ADMIN_THROTTLE, store, now);
    this.slowdown = new GlobalSlowdown(ADMIN_GLOBAL_SLOWDOWN, store, now);
  }

  /**
   * POST /api/admin/login and adminLogin. Throws UNAUTHENTICATED "Invalid password" or RATE_LIMITED.
   * `client` is the client IP alone, or with the device token the request carries.
   */
  async loginOrThrow(password: string, client: string | AdminClient): Promise<AdminLoginAccess> {
    const ip = typeof client === 'string' ? client : client.ip;
    let access: AdminAccess;
    try {
      access = await this.checkOrThrow(password, client, INVALID_PASSWORD);
    } catch (e) {
      // A wrong password is recorded (never the password itself); a throttled attempt checked nothing and is not.
      if (e instanceof AppError && e.code === ErrorCode.UNAUTHENTICATED) {
        await this.audit?.recordAlone({ ...ADMIN_ACTOR, action: 'admin.login_failed', detail: `Wrong password from ${ip}` });
      }
      throw e;
    }
    const secondFactorMethods = (await this.secondFactor?.methods()) ?? [];
    const detail = secondFactorMethods.length > 0 ? `Password accepted from ${ip}; a second factor is required` : `Signed in from ${ip}`;
    await this.audit?.recordAlone({ ...ADMIN_ACTOR, action: 'admin.login_succeeded', detail });
    return { ...access, secondFactorMethods };
  }

  /**
   * An admin request: throws UNAUTHENTICATED without a credential (not counted
   * as a failure) or with a wrong one (counted), RATE_LIMITED while throttled.
   */
  async authenticateOrThrow(authorization: string | undefined, client: string | AdminClient): Promise<AdminAccess> {
    const access = await this.authenticatePasswordOrThrow(authorization, client);
    // The password first (its 401 unchanged), then the second factor's session, once one is enrolled.
    await this.secondFactor?.checkSessionOrThrow(typeof client === 'string' ? undefined : client.session);
    return access;
  }

  /**
   * The password only (the first factor): the calls that complete the second
   * factor use it; every other admin call uses authenticateOrThrow.
   */
  async authenticatePasswordOrThrow(authorization: string | undefined, client: string | AdminClient): Promise<AdminAccess> {
    if (!authorization) throw unauthenticated(CREDENTIAL_REQUIRED);
    return this.checkOrThrow(parseBasicPassword(authorization), client, INVALID_CREDENTIAL);
  }

  /**
   * A request from a known device (a valid token, given at a successful check)
   * is throttled by that device's own failures only: an attacker sharing the
   * admin's IP, or guessing from many IPs, cannot keep the admin out. Any other
   * request is throttled per IP and by the global slow-down.
   */
  private async checkOrThrow(password: string | null, client: string | AdminClient, failure: string): Promise<AdminAccess> {
    const { ip, device } = typeof client === 'string' ? { ip: client, device: undefined } : client;
    const deviceId = this.deviceIdOf(device);
    const throttleKey = deviceId ? `device:${deviceId}` : ip;
    await this.throttle.attemptOrThrow(throttleKey);
    if (!deviceId) await this.slowdown.attemptOrThrow();
    if (!this.acceptable(password) || !(await this.matches(password))) {
      if (!deviceId) await this.slowdown.failed();
      throw unauthenticated(failure);
    }
    await this.throttle.succeeded(throttleKey);
    return { deviceToken: deviceId ? device! : this.newDeviceToken() };
  }

  /**
   * A candidate worth hashing: not empty, not absurdly long, and no control
   * characters. scrypt (PBKDF2's HMAC) pads a short password with zero bytes, so
   * "password\0" hashed like "password" (issue 21 finding 12); no one types a
   * NUL, so any control character is refused before hashing.
   */
  private acceptable(password: string | null): password is string {
    return password !== null && password.length > 0 && password.length <= MAX_PASSWORD_LENGTH && !hasControlChars(password);
  }

  /** A new known-device token: a random id and its signature. */
  private newDeviceToken(): string {
    const id = crypto.randomBytes(18).toString('base64url');
    return `${id}.${this.sign(id)}`;
  }

  /** The device id of a token this password signed; null for anything else. */
  private deviceIdOf(token: string | undefined): string | null {
    const m = token === undefined ? null : /^([A-Za-z0-9_-]{24})\.([A-Za-z0-9_-]{43})$/.exec(token);
    if (!m) return null;
    const expected = Buffer.from(this.sign(m[1]), 'utf8');
    return crypto.timingSafeEqual(expected, Buffer.from(m[2], 'utf8')) ? m[1] : null;
  }

  private sign(id: string): string {
    return crypto.createHmac('sha256', this.deviceKey).update(`admin-device:${id}`).digest('base64url');
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
