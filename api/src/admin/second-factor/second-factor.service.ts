import crypto, { randomUUID } from 'node:crypto';
import { IsNull, LessThan, MoreThan, Not, type EntityManager } from 'typeorm';
import { Secret, TOTP } from 'otpauth';
import QRCode from 'qrcode';
import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
  type AuthenticationResponseJSON,
  type PublicKeyCredentialCreationOptionsJSON,
  type PublicKeyCredentialRequestOptionsJSON,
  type RegistrationResponseJSON,
} from '@simplewebauthn/server';
import type { Database } from '../../infrastructure/db/data-source';
import { AppError, ErrorCode } from '../../infrastructure/errors';
import { BackoffThrottle, type BackoffRule, type RateLimitStore } from '../../infrastructure/rate-limit';
import { ADMIN_ACTOR, type AuditLog } from '../../audit/audit-log.service';
import { AdminFactor, AdminRecoveryCode, AdminSession, AdminWebauthnChallenge, type FactorKind } from './second-factor.entities';
import { isSealed, TotpSecretBox } from './totp-secret-box';

/** The answer to a request with the right password but no valid second-factor session (docs/decisions/092). */
export const SECOND_FACTOR_REQUIRED = 'A second factor is required: sign in with your passkey, an authenticator code or a recovery code';

/** Failed second-factor attempts per client: five free, then waits that double up to a minute (docs/decisions/091). */
export const SECOND_FACTOR_THROTTLE: BackoffRule = {
  name: 'failed second-factor attempts',
  freeFailures: 5,
  baseDelayMs: 1_000,
  maxDelayMs: 60_000,
  windowMs: 15 * 60_000,
};

/** A session opened with both factors lasts 12 hours; then the admin signs in again. */
export const SESSION_TTL_MS = 12 * 3600_000;
/** ... and is refused once unused this long (ADMIN_SESSION_IDLE_MINUTES; docs/decisions/092 amendment). */
export const DEFAULT_IDLE_TIMEOUT_MS = 30 * 60_000;
/**
 * Enrolment, removal and new recovery codes run one at a time on every instance (a MariaDB named
 * lock; SQLite runs one write transaction at a time): two first enrolments at once must not both
 * count "no factor yet" and each make, and show, a set of recovery codes (docs/decisions/102).
 */
const FACTORS_LOCK = 'admin:second-factor:factors';
/** lastSeenAt is written at most this often (not on every admin request). */
const SEEN_EVERY_MS = 60_000;
const CHALLENGE_TTL_MS = 5 * 60_000;
export const RECOVERY_CODE_COUNT = 10;
const TOTP_PERIOD_S = 30;
const ISSUER = 'Wild Light admin';

/** Where WebAuthn runs: the relying party is PUBLIC_ORIGIN's host (docs/decisions/091). */
export interface RelyingParty {
  id: string;
  origin: string;
  name: string;
}

export function relyingPartyFrom(publicOrigin: string): RelyingParty {
  const url = new URL(publicOrigin);
  return { id: url.hostname, origin: url.origin, name: 'Wild Light Photography admin' };
}

export interface SecondFactorOptions {
  /** The key of the TOTP secrets at rest (totpKeyFrom(BOOKING_LINK_SECRET); docs/decisions/091 amendment). */
  totpKey: Buffer;
  /** An open session unused this long is refused (default 30 minutes). */
  idleTimeoutMs?: number;
}

/** Who completes a second factor: for the session list and the audit log. */
export interface SecondFactorClient {
  ip: string;
  userAgent?: string;
}

/** A session just opened: the token goes to the client once (cookie and answer), only its hash is kept. */
export interface OpenedSession {
  token: string;
  session: AdminSession;
}

export interface FactorView {
  id: string;
  kind: FactorKind;
  label: string;
  createdAt: Date;
  lastUsedAt: Date | null;
}

export interface SecurityOverview {
  /** True once a confirmed factor exists: the password alone no longer opens the admin. */
  required: boolean;
  factors: FactorView[];
  recoveryCodesLeft: number;
}

export interface TotpEnrolment {
  factorId: string;
  /** Base32, for typing into an authenticator app by hand. */
  secret: string;
  /** The otpauth:// URI the QR code holds. */
  uri: string;
  /** The QR code as a PNG data: URL. */
  qrCode: string;
}

export interface EnrolmentResult {
  factor: FactorView;
  /** Shown once: the first factor's enrolment makes ten; later ones none (null). */
  recoveryCodes: string[] | null;
  /** A session opened by this enrolment (both factors were just proven), so the dashboard stays open. */
  opened: OpenedSession;
}

const sha256 = (text: string) => crypto.createHash('sha256').update(text).digest('hex');
/** The stored form of a session token. */
export const sessionHash = sha256;
const view = (f: AdminFactor): FactorView => ({ id: f.id, kind: f.kind, label: f.label, createdAt: f.createdAt, lastUsedAt: f.lastUsedAt });
/** Recovery codes are typed by people: case, spaces and dashes do not matter. */
const normalizeRecoveryCode = (code: string) => code.toLowerCase().replace(/[^a-z0-9]/g, '');
const RECOVERY_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';

function newRecoveryCode(): string {
  const chars = Array.from({ length: 12 }, () => RECOVERY_ALPHABET[crypto.randomInt(RECOVERY_ALPHABET.length)]).join('');
  return `${chars.slice(0, 4)}-${chars.slice(4, 8)}-${chars.slice(8)}`;
}

function invalid(field: string, message: string): AppError {
  return AppError.invalid([{ field, message }]);
}

/**
 * The admin's second factor (issue 26, docs/decisions/091-093): passkeys
 * (SimpleWebAuthn), TOTP (otpauth) as the fallback and one-time recovery codes;
 * the sessions they open, kept in the database so every instance agrees.
 * The password is checked before any of this by AdminAuthService.
 */
export class SecondFactorService {
  private readonly throttle: BackoffThrottle;
  private readonly secrets: TotpSecretBox;
  private readonly idleTimeoutMs: number;

  constructor(
    private readonly db: Database,
    private readonly clock: () => Date,
    private readonly audit: AuditLog,
    private readonly rp: RelyingParty,
    store: RateLimitStore,
    options: SecondFactorOptions,
  ) {
    this.throttle = new BackoffThrottle(SECOND_FACTOR_THROTTLE, store, () => this.clock().getTime());
    this.secrets = new TotpSecretBox(options.totpKey);
    this.idleTimeoutMs = options.idleTimeoutMs ?? DEFAULT_IDLE_TIMEOUT_MS;
  }

  /** The conditions of an open session at `now`: not ended, not past its 12 hours, used within the idle timeout. */
  private openAt(now: Date) {
    return { endedAt: IsNull(), expiresAt: MoreThan(now), lastSeenAt: MoreThan(new Date(now.getTime() - this.idleTimeoutMs)) };
  }

  private get factors() {
    return this.db.dataSource.getRepository(AdminFactor);
  }

  private get sessionsRepo() {
    return this.db.dataSource.getRepository(AdminSession);
  }

  private get codes() {
    return this.db.dataSource.getRepository(AdminRecoveryCode);
  }

  /** True once a confirmed factor exists. */
  async isRequired(): Promise<boolean> {
    return (await this.factors.count({ where: { confirmedAt: Not(IsNull()) } })) > 0;
  }

  /** Which ways of completing the sign-in exist (empty: the password is enough). */
  async methods(): Promise<Array<FactorKind | 'recovery'>> {
    const kinds = new Set((await this.confirmedFactors()).map((f) => f.kind));
    const methods: Array<FactorKind | 'recovery'> = [];
    if (kinds.has('passkey')) methods.push('passkey');
    if (kinds.has('totp')) methods.push('totp');
    if (methods.length > 0 && (await this.recoveryCodesLeft()) > 0) methods.push('recovery');
    return methods;
  }

  /**
   * Every admin request after the password: passes when no factor is enrolled,
   * or when the token names a session that is open (not ended, not past its 12
   * hours, and used within the idle timeout: `last_seen_at`, written at most once
   * a minute, so the session may close up to a minute before the timeout after
   * its last use). Throws SECOND_FACTOR_REQUIRED (401) otherwise. One query with
   * a token; the database alone decides, so every instance agrees.
   */
  async checkSessionOrThrow(token: string | undefined): Promise<AdminSession | null> {
    if (token && token.length <= 100) {
      const now = this.clock();
      const session = await this.sessionsRepo.findOne({ where: { tokenHash: sha256(token), ...this.openAt(now) } });
      if (session) {
        if (now.getTime() - session.lastSeenAt.getTime() > SEEN_EVERY_MS) {
          await this.sessionsRepo.update({ id: session.id }, { lastSeenAt: now });
        }
        return session;
      }
    }
    if (await this.isRequired()) throw new AppError(ErrorCode.SECOND_FACTOR_REQUIRED, SECOND_FACTOR_REQUIRED);
    return null;
  }

  // ---- completing the sign-in -------------------------------------------------------------------

  /** A code from the admin's authenticator app: opens a session; a code is accepted once (replay refused). */
  async verifyTotpOrThrow(code: string, client: SecondFactorClient): Promise<OpenedSession> {
    return this.attemptOrThrow(client, 'totp', 'code', async () => {
      for (const factor of await this.confirmedFactors('totp')) {
        if (await this.acceptTotp(factor, code)) return factor;
      }
      return null;
    });
  }

  /** A recovery code: used once, even by two requests at the same moment (compare-and-set). */
  async verifyRecoveryCodeOrThrow(code: string, client: SecondFactorClient): Promise<OpenedSession> {
    return this.attemptOrThrow(client, 'recovery', 'code', async () => {
      if (!(await this.isRequired())) return null;
      const now = this.clock();
      const result = await this.codes.update({ codeHash: sha256(normalizeRecoveryCode(code)), usedAt: IsNull() }, { usedAt: now });
      return (result.affected ?? 0) === 1 ? 'recovery code' : null;
    });
  }

  /** The options for navigator.credentials.get: a fresh challenge, the passkeys enrolled. */
  async passkeyLoginOptions(): Promise<PublicKeyCredentialRequestOptionsJSON> {
    const passkeys = await this.confirmedFactors('passkey');
    if (passkeys.length === 0) throw new AppError(ErrorCode.CONFLICT, 'No passkey is enrolled');
    const options = await generateAuthenticationOptions({
      rpID: this.rp.id,
      userVerification: 'preferred',
      allowCredentials: passkeys.map((p) => ({ id: p.credentialId!, transports: p.transports ? p.transports.split(',') : undefined })),
    });
    await this.keepChallenge(options.challenge, 'login');
    return options;
  }

  /** The browser's answer to passkeyLoginOptions (SimpleWebAuthn's AuthenticationResponseJSON). */
  async verifyPasskeyOrThrow(response: unknown, client: SecondFactorClient): Promise<OpenedSession> {
    const parsed = parseCredentialJson<AuthenticationResponseJSON>(response, 'response');
    return this.attemptOrThrow(client, 'passkey', 'response', async () => {
      const factor = await this.factors.findOne({ where: { kind: 'passkey', credentialId: parsed.id, confirmedAt: Not(IsNull()) } });
      if (!factor) return null;
      let verification;
      try {
        verification = await verifyAuthenticationResponse({
          response: parsed,
          expectedChallenge: (challenge) => this.useChallenge(challenge, 'login'),
          expectedOrigin: this.rp.origin,
          expectedRPID: this.rp.id,
          requireUserVerification: false,
          credential: { id: factor.credentialId!, publicKey: Buffer.from(factor.publicKey!, 'base64url'), counter: factor.signCount },
        });
      } catch {
        return null;
      }
      if (!verification.verified) return null;
      await this.factors.update({ id: factor.id }, { signCount: verification.authenticationInfo.newCounter, lastUsedAt: this.clock() });
      return factor;
    });
  }

  // ---- enrolment (behind both factors once one exists) -----------------------------------------

  async overview(): Promise<SecurityOverview> {
    const factors = await this.confirmedFactors();
    return { required: factors.length > 0, factors: factors.map(view), recoveryCodesLeft: await this.recoveryCodesLeft() };
  }

  /** Starts a TOTP enrolment: a new secret, pending until confirmTotpOrThrow gets a code from it. */
  async startTotp(label: string): Promise<TotpEnrolment> {
    const now = this.clock();
    // Pending enrolments older than an hour are dropped: a half-done enrolment is no factor.
    const stale = await this.factors.find({ where: { kind: 'totp', confirmedAt: IsNull() } });
    const old = stale.filter((f) => now.getTime() - f.createdAt.getTime() > 3600_000);
    if (old.length > 0) await this.factors.delete(old.map((f) => f.id));
    const secret = new Secret({ size: 20 });
    const id = randomUUID();
    // Stored encrypted (docs/security.md row 74); the admin sees the plain secret once, in this answer.
    const factor = this.factors.create({ id, kind: 'totp', label, credentialId: null, publicKey: null, signCount: 0, transports: null, totpSecret: this.secrets.seal(id, secret.base32), totpLastStep: null, createdAt: now, confirmedAt: null, lastUsedAt: null });
    await this.factors.insert(factor);
    const uri = this.totp(secret.base32, label).toString();
    return { factorId: factor.id, secret: secret.base32, uri, qrCode: await QRCode.toDataURL(uri, { margin: 2, width: 240 }) };
  }

  /** The first code from the new authenticator: confirms it (and opens a session with it). */
  async confirmTotpOrThrow(factorId: string, code: string, client: SecondFactorClient): Promise<EnrolmentResult> {
    const factor = await this.factors.findOne({ where: { id: factorId, kind: 'totp', confirmedAt: IsNull() } });
    if (!factor) throw invalid('factorId', 'factorId is not a TOTP enrolment waiting for its first code');
    await this.throttle.attemptOrThrow(client.ip);
    if (!(await this.acceptTotp(factor, code))) {
      await this.audit.recordAlone({ ...ADMIN_ACTOR, action: 'admin.second_factor_failed', detail: `Wrong first code for the new authenticator "${factor.label}" from ${client.ip}` });
      throw invalid('code', 'code is not the current code of this authenticator');
    }
    await this.throttle.succeeded(client.ip);
    return this.confirmFactor(factor, 'totp', client);
  }

  /** The options for navigator.credentials.create: a fresh challenge; passkeys already enrolled are excluded. */
  async passkeyRegistrationOptions(): Promise<PublicKeyCredentialCreationOptionsJSON> {
    const existing = await this.confirmedFactors('passkey');
    const options = await generateRegistrationOptions({
      rpName: this.rp.name,
      rpID: this.rp.id,
      userName: 'admin',
      userDisplayName: 'Wild Light admin',
      userID: new TextEncoder().encode('wild-light-admin'),
      attestationType: 'none',
      excludeCredentials: existing.map((p) => ({ id: p.credentialId!, transports: p.transports ? p.transports.split(',') : undefined })),
      authenticatorSelection: { residentKey: 'preferred', userVerification: 'preferred' },
    });
    await this.keepChallenge(options.challenge, 'register');
    return options;
  }

  /** The browser's answer to passkeyRegistrationOptions (RegistrationResponseJSON): a new passkey. */
  async registerPasskeyOrThrow(response: unknown, label: string, client: SecondFactorClient): Promise<EnrolmentResult> {
    const parsed = parseCredentialJson<RegistrationResponseJSON>(response, 'response');
    let verification;
    try {
      verification = await verifyRegistrationResponse({
        response: parsed,
        expectedChallenge: (challenge) => this.useChallenge(challenge, 'register'),
        expectedOrigin: this.rp.origin,
        expectedRPID: this.rp.id,
        requireUserVerification: false,
      });
    } catch (e) {
      throw invalid('response', `response is not a valid passkey registration: ${(e as Error).message}`);
    }
    if (!verification.verified) throw invalid('response', 'response is not a valid passkey registration');
    const { credential } = verification.registrationInfo;
    if (await this.factors.exists({ where: { credentialId: credential.id } })) throw invalid('response', 'response is a passkey enrolled already');
    const factor = this.factors.create({
      id: randomUUID(),
      kind: 'passkey',
      label,
      credentialId: credential.id,
      publicKey: Buffer.from(credential.publicKey).toString('base64url'),
      signCount: credential.counter,
      transports: credential.transports?.join(',') ?? null,
      totpSecret: null,
      totpLastStep: null,
      createdAt: this.clock(),
      confirmedAt: null,
      lastUsedAt: null,
    });
    await this.factors.insert(factor);
    return this.confirmFactor(factor, 'passkey', client);
  }

  /** Removes a factor; removing the last one removes the recovery codes (the password alone opens the admin again). */
  async removeFactorOrThrow(id: string): Promise<SecurityOverview> {
    const factor = await this.factors.findOne({ where: { id, confirmedAt: Not(IsNull()) } });
    if (!factor) throw AppError.notFound('Factor');
    await this.db.lockedTransaction([FACTORS_LOCK], async (m) => {
      await m.delete(AdminFactor, { id });
      const left = await m.count(AdminFactor, { where: { confirmedAt: Not(IsNull()) } });
      if (left === 0) await m.createQueryBuilder().delete().from(AdminRecoveryCode).execute();
      await this.audit.record(m, {
        ...ADMIN_ACTOR,
        action: 'admin.factor_removed',
        detail: `${factor.kind === 'passkey' ? 'Passkey' : 'Authenticator app'} "${factor.label}" removed${left === 0 ? '; no second factor is left, the password alone signs in' : ''}`,
      });
    });
    return this.overview();
  }

  /** Ten new recovery codes (shown once); the old ones stop working. */
  async newRecoveryCodesOrThrow(): Promise<string[]> {
    if (!(await this.isRequired())) throw new AppError(ErrorCode.CONFLICT, 'Enrol a passkey or an authenticator app first');
    return this.db.lockedTransaction([FACTORS_LOCK], async (m) => {
      const codes = await this.replaceRecoveryCodes(m);
      await this.audit.record(m, { ...ADMIN_ACTOR, action: 'admin.recovery_codes_created', detail: `${codes.length} new recovery codes; the earlier ones no longer work` });
      return codes;
    });
  }

  // ---- sessions ----------------------------------------------------------------------------------

  /** Open sessions, newest first. */
  async sessions(): Promise<AdminSession[]> {
    return this.sessionsRepo.find({ where: this.openAt(this.clock()), order: { createdAt: 'DESC' } });
  }

  /** Ends a session: its token is refused from now on, on every instance (the check reads this row). */
  async endSessionOrThrow(id: string, how = 'Session ended by the admin'): Promise<AdminSession> {
    const now = this.clock();
    const result = await this.sessionsRepo.update({ id, endedAt: IsNull() }, { endedAt: now });
    if ((result.affected ?? 0) !== 1) throw AppError.notFound('Session');
    const session = (await this.sessionsRepo.findOneBy({ id }))!;
    await this.audit.recordAlone({ ...ADMIN_ACTOR, action: 'admin.session_ended', detail: `${how} (opened ${session.createdAt.toISOString()} from ${session.ip} with ${session.factor})` });
    return session;
  }

  /** Logout: ends the session the token names, if any. */
  async endSessionByToken(token: string | undefined): Promise<boolean> {
    if (!token || token.length > 100) return false;
    const session = await this.sessionsRepo.findOne({ where: { tokenHash: sha256(token), endedAt: IsNull() } });
    if (!session) return false;
    await this.endSessionOrThrow(session.id, 'Signed out');
    return true;
  }

  // ---- internals ---------------------------------------------------------------------------------

  private async confirmedFactors(kind?: FactorKind): Promise<AdminFactor[]> {
    const factors = await this.factors.find({ where: { ...(kind ? { kind } : {}), confirmedAt: Not(IsNull()) }, order: { createdAt: 'ASC' } });
    for (const f of factors) await this.sealIfPlain(f);
    return factors;
  }

  /**
   * A TOTP secret stored in the clear before encryption at rest (decision 091's first version) is
   * encrypted the first time it is read: every sign-in reads the confirmed factors (methods()), so
   * the first sign-in after the upgrade seals them all. Compare-and-set on the plain value: two
   * instances doing it at once write one of two equivalent ciphertexts.
   */
  private async sealIfPlain(factor: AdminFactor): Promise<void> {
    if (factor.kind !== 'totp' || !factor.totpSecret || isSealed(factor.totpSecret)) return;
    const sealed = this.secrets.seal(factor.id, factor.totpSecret);
    await this.factors.update({ id: factor.id, totpSecret: factor.totpSecret }, { totpSecret: sealed });
    factor.totpSecret = sealed;
  }

  /** The factor's base32 secret; null when it does not open with this key (fails closed: no code is accepted). */
  private totpSecretOf(factor: AdminFactor): string | null {
    if (!factor.totpSecret) return null;
    try {
      return this.secrets.open(factor.id, factor.totpSecret);
    } catch {
      return null;
    }
  }

  private async recoveryCodesLeft(): Promise<number> {
    return this.codes.count({ where: { usedAt: IsNull() } });
  }

  private totp(secret: string, label = 'admin'): TOTP {
    return new TOTP({ issuer: ISSUER, label, algorithm: 'SHA1', digits: 6, period: TOTP_PERIOD_S, secret: Secret.fromBase32(secret) });
  }

  /**
   * Accepts a code of the current step or the one before or after (clock drift),
   * once: the step is stored by compare-and-set, so the same code (or an older
   * one) is refused afterwards, even by a concurrent request.
   */
  private async acceptTotp(factor: AdminFactor, code: string): Promise<boolean> {
    if (!/^\d{6}$/.test(code)) return false;
    await this.sealIfPlain(factor);
    const secret = this.totpSecretOf(factor);
    if (!secret) return false;
    const timestamp = this.clock().getTime();
    const delta = this.totp(secret).validate({ token: code, timestamp, window: 1 });
    if (delta === null) return false;
    const step = Math.floor(timestamp / 1000 / TOTP_PERIOD_S) + delta;
    const qb = this.factors
      .createQueryBuilder()
      .update(AdminFactor)
      .set({ totpLastStep: step, lastUsedAt: this.clock() })
      .where('id = :id', { id: factor.id })
      .andWhere('(totp_last_step IS NULL OR totp_last_step < :step)', { step });
    const result = await qb.execute();
    return (result.affected ?? 0) === 1;
  }

  /**
   * One attempt at the second factor: throttled per client (recorded before
   * the check), audited either way, and a session opened when it passes.
   */
  private async attemptOrThrow(client: SecondFactorClient, factor: 'passkey' | 'totp' | 'recovery', field: string, check: () => Promise<AdminFactor | string | null>): Promise<OpenedSession> {
    await this.throttle.attemptOrThrow(client.ip);
    const passed = await check();
    const name = factor === 'passkey' ? 'passkey' : factor === 'totp' ? 'authenticator code' : 'recovery code';
    if (!passed) {
      await this.audit.recordAlone({ ...ADMIN_ACTOR, action: 'admin.second_factor_failed', detail: `Wrong ${name} from ${client.ip}` });
      throw new AppError(ErrorCode.UNAUTHENTICATED, `Invalid ${name}`, [{ field, message: `${field} was not accepted` }]);
    }
    await this.throttle.succeeded(client.ip);
    return this.db.transaction(async (m) => {
      const opened = await this.openSession(m, factor, client);
      const which = typeof passed === 'string' ? passed : `${name} "${passed.label}"`;
      await this.audit.record(m, { ...ADMIN_ACTOR, action: 'admin.second_factor_succeeded', detail: `Signed in with the password and a ${which} from ${client.ip}` });
      return opened;
    });
  }

  /**
   * Confirms an enrolment under the factors' lock (docs/decisions/102): the first confirmed factor
   * makes the recovery codes, and only one enrolment can be the first, even when two run at the
   * same moment on two instances; the other gets no codes, so the admin never holds codes that were
   * replaced, nor two sets. The factor itself is confirmed by compare-and-set (once).
   */
  private async confirmFactor(factor: AdminFactor, kind: FactorKind, client: SecondFactorClient): Promise<EnrolmentResult> {
    return this.db.lockedTransaction([FACTORS_LOCK], async (m) => {
      const first = (await m.count(AdminFactor, { where: { confirmedAt: Not(IsNull()) } })) === 0;
      const now = this.clock();
      const claimed = await m.update(AdminFactor, { id: factor.id, confirmedAt: IsNull() }, { confirmedAt: now, lastUsedAt: now });
      if ((claimed.affected ?? 0) !== 1) throw new AppError(ErrorCode.CONFLICT, 'This factor is enrolled already');
      factor.confirmedAt = now;
      factor.lastUsedAt = now;
      const recoveryCodes = first ? await this.replaceRecoveryCodes(m) : null;
      await this.audit.record(m, {
        ...ADMIN_ACTOR,
        action: 'admin.factor_enrolled',
        detail: `${kind === 'passkey' ? 'Passkey' : 'Authenticator app'} "${factor.label}" enrolled from ${client.ip}${first ? '; a second factor is now required, 10 recovery codes made' : ''}`,
      });
      const opened = await this.openSession(m, kind, client);
      return { factor: view(factor), recoveryCodes, opened };
    });
  }

  private async replaceRecoveryCodes(m: EntityManager): Promise<string[]> {
    await m.createQueryBuilder().delete().from(AdminRecoveryCode).execute();
    const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
    const now = this.clock();
    await m.insert(
      AdminRecoveryCode,
      codes.map((c) => ({ codeHash: sha256(normalizeRecoveryCode(c)), createdAt: now, usedAt: null })),
    );
    return codes;
  }

  private async openSession(m: EntityManager, factor: string, client: SecondFactorClient): Promise<OpenedSession> {
    const token = crypto.randomBytes(32).toString('base64url');
    const now = this.clock();
    const session = m.create(AdminSession, {
      id: randomUUID(),
      tokenHash: sha256(token),
      factor,
      ip: client.ip.slice(0, 64),
      userAgent: (client.userAgent ?? '').slice(0, 200),
      createdAt: now,
      lastSeenAt: now,
      expiresAt: new Date(now.getTime() + SESSION_TTL_MS),
      endedAt: null,
    });
    await m.insert(AdminSession, session);
    return { token, session };
  }

  private async keepChallenge(challenge: string, purpose: 'register' | 'login'): Promise<void> {
    const now = this.clock();
    const repo = this.db.dataSource.getRepository(AdminWebauthnChallenge);
    await repo.delete({ expiresAt: LessThan(now) });
    await repo.insert({ challenge, purpose, expiresAt: new Date(now.getTime() + CHALLENGE_TTL_MS), usedAt: null });
  }

  /** A challenge we handed out for this purpose, not expired, used once (compare-and-set). */
  private async useChallenge(challenge: string, purpose: 'register' | 'login'): Promise<boolean> {
    if (challenge.length > 128) return false;
    const now = this.clock();
    const result = await this.db.dataSource
      .getRepository(AdminWebauthnChallenge)
      .update({ challenge, purpose, usedAt: IsNull(), expiresAt: MoreThan(now) }, { usedAt: now });
    return (result.affected ?? 0) === 1;
  }
}

/** The browser's credential answer: an object (REST) or its JSON text (GraphQL), with an id and a response. */
function parseCredentialJson<T>(value: unknown, field: string): T {
  let parsed: unknown = value;
  if (typeof value === 'string') {
    try {
      parsed = JSON.parse(value);
    } catch {
      throw invalid(field, `${field} must be the JSON of a WebAuthn credential`);
    }
  }
  const r = parsed as { id?: unknown; response?: unknown; type?: unknown } | null;
  if (!r || typeof r !== 'object' || typeof r.id !== 'string' || r.id.length > 255 || typeof r.response !== 'object' || r.response === null) {
    throw invalid(field, `${field} must be a WebAuthn credential (an object with id and response)`);
  }
  return parsed as T;
}
