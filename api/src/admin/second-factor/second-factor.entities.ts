import { Column, Entity, Index, PrimaryColumn, PrimaryGeneratedColumn } from 'typeorm';

/** What a second factor is (docs/decisions/091). */
export type FactorKind = 'passkey' | 'totp';

/**
 * One of the admin's second factors: a passkey (a WebAuthn credential: its id,
 * public key and signature counter) or a TOTP authenticator (its secret, and
 * the last time step a code was accepted for, so a code is never accepted
 * twice). A TOTP factor is pending (`confirmedAt` null) until the admin types
 * a first code from it; only confirmed factors are required at sign-in.
 */
@Entity({ name: 'admin_factors' })
@Index('idx_admin_factors_credential', ['credentialId'], { unique: true })
export class AdminFactor {
  @PrimaryColumn({ type: 'varchar', length: 36 })
  id: string;

  @Column({ type: 'varchar', length: 16 })
  kind: FactorKind;

  @Column({ type: 'varchar', length: 60 })
  label: string;

  /** The passkey's credential id (base64url); null for TOTP. */
  @Column({ type: 'varchar', length: 255, nullable: true })
  credentialId: string | null;

  /** The passkey's COSE public key (base64url). */
  @Column({ type: 'text', nullable: true })
  publicKey: string | null;

  @Column({ type: 'int', default: 0 })
  signCount: number;

  /** The passkey's transports, comma separated (hints for the browser). */
  @Column({ type: 'varchar', length: 100, nullable: true })
  transports: string | null;

  /**
   * The TOTP secret, encrypted (AES-256-GCM, `v1.` + base64url; totp-secret-box.ts). Needed to check
   * codes, so it cannot be hashed (docs/security.md row 74); a row from before the encryption holds
   * the base32 secret until its first read seals it.
   */
  @Column({ type: 'varchar', length: 255, nullable: true })
  totpSecret: string | null;

  /** The last TOTP time step accepted: codes of this step or earlier are refused (replay). */
  @Column({ type: 'int', nullable: true })
  totpLastStep: number | null;

  @Column({ type: 'datetime', precision: 3 })
  createdAt: Date;

  /** Null while a TOTP enrolment waits for its first code. */
  @Column({ type: 'datetime', precision: 3, nullable: true })
  confirmedAt: Date | null;

  @Column({ type: 'datetime', precision: 3, nullable: true })
  lastUsedAt: Date | null;
}

/** A one-time recovery code, kept as its SHA-256 (the codes are random, 50 bits and more). */
@Entity({ name: 'admin_recovery_codes' })
@Index('idx_admin_recovery_codes_hash', ['codeHash'], { unique: true })
export class AdminRecoveryCode {
  @PrimaryGeneratedColumn({ type: 'int' })
  id: number;

  @Column({ type: 'varchar', length: 64 })
  codeHash: string;

  @Column({ type: 'datetime', precision: 3 })
  createdAt: Date;

  /** Set once, by a compare-and-set: a code opens one session only. */
  @Column({ type: 'datetime', precision: 3, nullable: true })
  usedAt: Date | null;
}

/**
 * A session opened with both factors (docs/decisions/092): the token's SHA-256
 * (the token itself is only in the admin's cookie or the API client's header).
 * Every instance reads it from here, so ending it refuses it everywhere at once.
 */
@Entity({ name: 'admin_sessions' })
@Index('idx_admin_sessions_token', ['tokenHash'], { unique: true })
export class AdminSession {
  @PrimaryColumn({ type: 'varchar', length: 36 })
  id: string;

  @Column({ type: 'varchar', length: 64 })
  tokenHash: string;

  /** passkey, totp or recovery: the second factor that opened it. */
  @Column({ type: 'varchar', length: 16 })
  factor: string;

  @Column({ type: 'varchar', length: 64 })
  ip: string;

  @Column({ type: 'varchar', length: 200, default: '' })
  userAgent: string;

  @Column({ type: 'datetime', precision: 3 })
  createdAt: Date;

  @Column({ type: 'datetime', precision: 3 })
  lastSeenAt: Date;

  @Column({ type: 'datetime', precision: 3 })
  expiresAt: Date;

  @Column({ type: 'datetime', precision: 3, nullable: true })
  endedAt: Date | null;
}

/** A WebAuthn challenge handed out (registration or sign-in), used once, within five minutes. */
@Entity({ name: 'admin_webauthn_challenges' })
@Index('idx_admin_webauthn_challenges_challenge', ['challenge'], { unique: true })
export class AdminWebauthnChallenge {
  @PrimaryGeneratedColumn({ type: 'int' })
  id: number;

  @Column({ type: 'varchar', length: 128 })
  challenge: string;

  /** register or login. */
  @Column({ type: 'varchar', length: 16 })
  purpose: string;

  @Column({ type: 'datetime', precision: 3 })
  expiresAt: Date;

  @Column({ type: 'datetime', precision: 3, nullable: true })
  usedAt: Date | null;
}
