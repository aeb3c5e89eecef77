import crypto from 'node:crypto';
import { LessThanOrEqual, type EntityManager } from 'typeorm';
import type { Challenge, Payload } from 'altcha-lib' with { 'resolution-mode': 'import' };
import type { Database } from '../db/data-source';
import { isDuplicateKey } from '../db-errors';
import { AppError, ErrorCode } from '../errors';
import { UsedChallenge } from './used-challenge.entity';

// altcha-lib ships CommonJS builds under its "require" export, but its type declarations are
// ES-module ones, which TypeScript will not let this CommonJS file import; so: require + import types.
/* eslint-disable @typescript-eslint/no-require-imports */
const { createChallenge, randomInt, verifySolution }: typeof import('altcha-lib', { with: { 'resolution-mode': 'import' } }) = require('altcha-lib');
const { deriveKey }: typeof import('altcha-lib/algorithms/pbkdf2', { with: { 'resolution-mode': 'import' } }) = require('altcha-lib/algorithms/pbkdf2');
/* eslint-enable @typescript-eslint/no-require-imports */

export type { Challenge };

export interface ProofOfWorkOptions {
  /** PBKDF2 iterations per attempt. */
  cost: number;
  /** The counter the solver must find is drawn from this range: the expected work is its middle. */
  counterMin: number;
  counterMax: number;
  /** How long a challenge may be solved and redeemed. */
  lifetimeMs: number;
}

/**
 * About a second of work in a browser (a few thousand PBKDF2 attempts of 1,000
 * iterations, spread over the widget's workers); a script pays the same for
 * every booking it makes beyond the free ones (docs/decisions/056).
 */
export const DEFAULT_PROOF_OF_WORK: ProofOfWorkOptions = { cost: 1_000, counterMin: 1_000, counterMax: 5_000, lifetimeMs: 10 * 60_000 };

const ALGORITHM = 'PBKDF2/SHA-256';
const FIELD = 'altcha';

/**
 * Self-hosted ALTCHA proof of work: challenges signed with our HMAC secret,
 * solved in the visitor's browser, verified here without any third party, and
 * each solution redeemable once on every app instance (its nonce is a primary
 * key in `used_challenges`). Expiry follows the injected clock.
 */
export class ProofOfWork {
  private readonly signatureSecret: string;
  private readonly keySignatureSecret: string;

  constructor(
    private readonly db: Database,
    private readonly clock: () => Date,
    secret: string,
    private readonly options: ProofOfWorkOptions = DEFAULT_PROOF_OF_WORK,
  ) {
    // Separate keys for separate uses of the one configured secret.
    this.signatureSecret = derive(secret, 'altcha-challenge');
    this.keySignatureSecret = derive(secret, 'altcha-key');
  }

  /** A new challenge, in the JSON shape the `altcha` widget fetches. */
  async createChallenge(): Promise<Challenge> {
    await this.forgetExpired();
    return createChallenge({
      algorithm: ALGORITHM,
      cost: this.options.cost,
      // Deterministic mode: we know the answer's key signature, so verifying costs one HMAC.
      counter: randomInt(this.options.counterMax, this.options.counterMin),
      deriveKey,
      hmacSignatureSecret: this.signatureSecret,
      hmacKeySignatureSecret: this.keySignatureSecret,
      // Signed with the parameters, checked against our clock (the library's own expiry reads the wall clock).
      data: { expires: this.clock().getTime() + this.options.lifetimeMs },
    });
  }

  /**
   * Drop the used nonces past their expiry, in a transaction of its own: inside a
   * booking's, a range delete next to the inserts of concurrent bookings could deadlock.
   */
  private async forgetExpired(): Promise<void> {
    const now = this.clock();
    await this.db.transaction((m) => m.delete(UsedChallenge, { expiresAt: LessThanOrEqual(now) })).catch(() => undefined);
  }

  /**
   * Check a solution (the widget's base64 JSON payload) and mark it used, in the
   * caller's transaction. Throws CHALLENGE_REQUIRED naming the field when it is
   * missing, malformed, forged, expired or already used.
   */
  async redeemOrThrow(m: EntityManager, payload: string | null | undefined, reasonIfMissing: string): Promise<void> {
    if (!payload) throw challengeError(reasonIfMissing, 'is required');
    const parsed = parsePayload(payload);
    if (!parsed) throw challengeError('The challenge solution could not be read', 'must be the solved challenge');
    const now = this.clock().getTime();
    const expires = Number(parsed.challenge.parameters.data?.expires);
    const result = await verifySolution({
      challenge: parsed.challenge,
      solution: parsed.solution,
      deriveKey,
      hmacSignatureSecret: this.signatureSecret,
      hmacKeySignatureSecret: this.keySignatureSecret,
    }).catch(() => null);
    if (!result?.verified) throw challengeError('The challenge solution is not valid', 'is not a valid solution');
    if (!Number.isFinite(expires) || expires <= now) throw challengeError('The challenge expired', 'has expired');
    try {
      await m.insert(UsedChallenge, { id: parsed.challenge.parameters.nonce, expiresAt: new Date(expires) });
    } catch (e) {
      if (isDuplicateKey(e)) throw challengeError('This challenge was already used', 'was already used');
      throw e;
    }
  }
}

function derive(secret: string, purpose: string): string {
  return crypto.createHmac('sha256', secret).update(purpose).digest('hex');
}

function challengeError(reason: string, fieldMessage: string): AppError {
  return new AppError(ErrorCode.CHALLENGE_REQUIRED, `${reason}: solve a new challenge (GET /api/altcha/challenge) and send it again`, [
    { field: FIELD, message: `${FIELD} ${fieldMessage}` },
  ]);
}

/** The widget's payload: base64 of JSON {challenge, solution}; anything else is null. */
function parsePayload(payload: string): Payload | null {
  try {
    const value = JSON.parse(Buffer.from(payload, 'base64').toString('utf8')) as Payload;
    const p = value?.challenge?.parameters;
    if (typeof p?.nonce !== 'string' || !/^[0-9a-f]{16,64}$/.test(p.nonce) || typeof value.challenge.signature !== 'string') return null;
    if (typeof value.solution !== 'object' || value.solution === null) return null;
    return value;
  } catch {
    return null;
  }
}
