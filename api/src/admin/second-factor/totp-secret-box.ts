import crypto from 'node:crypto';

/**
 * The admin's TOTP secret at rest (issue 26, docs/decisions/091 amendment, docs/security.md row 74):
 * AES-256-GCM (node:crypto) under a key derived with HKDF-SHA256, under its own label, from
 * BOOKING_LINK_SECRET, a random secret every instance already has (required in production).
 * No new variable: a database dump alone no longer yields codes.
 *
 * Stored form: `v1.` + base64url(iv ‖ tag ‖ ciphertext). The factor's id is the additional
 * authenticated data, so a sealed secret copied onto another factor's row does not open.
 * A wrong key (the secret changed) or a changed value fails closed: `open` throws and the
 * code is refused; the admin signs in with a passkey or a recovery code and enrols again.
 */
const VERSION = 'v1.';
const IV_BYTES = 12;
const TAG_BYTES = 16;

/** The 32-byte key of the TOTP secrets, derived from `secret` (BOOKING_LINK_SECRET) for this purpose only. */
export function totpKeyFrom(secret: string): Buffer {
  return Buffer.from(crypto.hkdfSync('sha256', Buffer.from(secret, 'utf8'), Buffer.alloc(0), 'wildlight admin totp secret at rest v1', 32));
}

/** True for a value this box sealed (a base32 secret never contains a dot or a lower-case letter). */
export function isSealed(stored: string): boolean {
  return stored.startsWith(VERSION);
}

export class TotpSecretBox {
  constructor(private readonly key: Buffer) {
    if (key.length !== 32) throw new Error('The TOTP secret key must be 32 bytes');
  }

  /** Encrypts a base32 secret for the factor `factorId`. */
  seal(factorId: string, secret: string): string {
    const iv = crypto.randomBytes(IV_BYTES);
    const cipher = crypto.createCipheriv('aes-256-gcm', this.key, iv);
    cipher.setAAD(Buffer.from(`admin_factors:${factorId}`, 'utf8'));
    const ciphertext = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()]);
    return VERSION + Buffer.concat([iv, cipher.getAuthTag(), ciphertext]).toString('base64url');
  }

  /** The base32 secret; throws when the value was not sealed by this key for this factor. */
  open(factorId: string, stored: string): string {
    if (!isSealed(stored)) throw new Error('Not a sealed TOTP secret');
    const bytes = Buffer.from(stored.slice(VERSION.length), 'base64url');
    if (bytes.length <= IV_BYTES + TAG_BYTES) throw new Error('Not a sealed TOTP secret');
    const decipher = crypto.createDecipheriv('aes-256-gcm', this.key, bytes.subarray(0, IV_BYTES));
    decipher.setAAD(Buffer.from(`admin_factors:${factorId}`, 'utf8'));
    decipher.setAuthTag(bytes.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
    return Buffer.concat([decipher.update(bytes.subarray(IV_BYTES + TAG_BYTES)), decipher.final()]).toString('utf8');
  }
}
